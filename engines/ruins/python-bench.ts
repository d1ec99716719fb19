/**
 * The Python-bots part of `koth bench ruins [--original DIR]`: games/s of the K48XMESC
 * tournament (the published seed) with the driver's test bots — as ports, and as Python bots in
 * the Pyodide sandbox (the first games of the same tournament: the same games, proven equal in
 * the tests) — beside the original driver in native CPython, whose runs bench.ts makes (with
 * DIR, a checkout of Beefster09/pcg-general's adventure folder: ruins.py and test_bots/).
 * Without DIR: single games of our own weird bots (tools/oracle/ruins/bots/weird/weird.py)
 * beside their TypeScript twins (a tournament of them crashes the driver in its first game).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BenchContext, BenchFigure } from '../core/game.ts';
import { median, timed } from '../core/bench.ts';
import type { AdventurerClass } from './adventurer.ts';
import { loadPythonRuinsBots, sourceFromFile } from './python-bots.ts';
import { runTournament } from './tournament.ts';
import { Ruins } from './rules.ts';
import { ControllerCrash } from '../core/py/errors.ts';
import { RUINS_VARIANTS } from './variants.ts';
import { WEIRD_BOTS } from './test-adventurers.ts';
import { Drunkard } from '../../transpiled-bots/ruins/index.ts';

const SEED = 'K48XMESC';
class Enough extends Error {}

/** Single games (seeds bench/0, bench/1, ...); a game the driver itself would crash in counts as played up to there. */
function singles(bots: readonly AdventurerClass[], games: number): number {
  for (let i = 0; i < games; i++) {
    try {
      new Ruins(bots, `bench/${i}`).runGame();
    } catch (e) {
      if (!(e instanceof ControllerCrash)) throw e;
    }
  }
  return games;
}

/** Plays the tournament until `limit` games (or its end); returns the games played. */
function play(bots: readonly AdventurerClass[], limit: number): number {
  let n = 0;
  try {
    runTournament(bots, SEED, {
      flags: RUINS_VARIANTS.fixed.flags,
      drunkard: Drunkard,
      onGame: () => {
        if (++n >= limit) throw new Enough();
      },
    });
  } catch (e) {
    if (!(e instanceof Enough)) throw e;
  }
  return n;
}

/** With DIR, what bench.ts measured of the whole K48XMESC tournament in this invocation (ours and ruins.py's), not measured again here. */
export interface WholeTournament {
  games: number;
  portsGamesPerCpuSecond: readonly number[];
  originalCpuSeconds: readonly number[];
}

export function ruinsPythonBench(ctx: BenchContext, whole?: WholeTournament): BenchFigure[] {
  let pyFile: string;
  const twins: readonly AdventurerClass[] = WEIRD_BOTS;
  if (ctx.original) {
    const dir = join(ctx.original, 'test_bots');
    pyFile = join(dir, readdirSync(dir).filter((f) => f.endsWith('.py')).sort()[0]!);
  } else pyFile = 'tools/oracle/ruins/bots/weird/weird.py';
  if (!existsSync(pyFile)) return [{ name: 'ruins, Python bots in Pyodide', value: 0, unit: 'games/s', note: `${pyFile} not found (run from the repository checkout)` }];
  const py = loadPythonRuinsBots([sourceFromFile(pyFile, readFileSync(pyFile, 'utf8'))]).classes;
  const limit = ctx.quick ? 10 : 100;
  const runs = Math.max(1, Math.min(ctx.runs ?? (ctx.quick ? 1 : 3), 3));
  const pyRate: number[] = [];
  const pyCpu: number[] = [];
  const portRate: number[] = [];
  const portCpu: number[] = [];
  const cpy: number[] = [];
  let total = 0;
  for (let r = 0; r < runs; r++) {
    let n = 0;
    const a = timed(() => (n = whole ? play(py, limit) : singles(py, limit)));
    pyRate.push(n / a.seconds);
    pyCpu.push(n / a.cpuSeconds);
    if (whole) continue;
    const b = timed(() => (total = singles(twins, limit)));
    portRate.push(total / b.seconds);
    portCpu.push(total / b.cpuSeconds);
  }
  if (whole) {
    total = whole.games;
    portCpu.push(...whole.portsGamesPerCpuSecond);
    for (const sec of whole.originalCpuSeconds) cpy.push(total / sec);
  }
  const what = ctx.original ? "the driver's test_bots.py" : 'our weird bots';
  const ref = cpy.length ? { reference: { value: median(cpy), source: `ruins.py -s ${SEED} -d test_bots in native CPython, this run (${total} games, CPU time)`, runs: cpy } } : {};
  return [
    { name: `ruins, ports (${ctx.original ? `test bots, tournament ${SEED}` : `twins of our weird bots, ${limit} single games`}): games per CPU-second`, value: median(portCpu), unit: 'games/s', runs: portCpu, ...ref },
    {
      name: `ruins, Python bots in Pyodide (${what}, ${ctx.original ? `the first ${limit} games of tournament ${SEED}` : `the same ${limit} games`}): games per CPU-second`,
      value: median(pyCpu),
      unit: 'games/s',
      runs: pyCpu,
      ...ref,
      note: ctx.original ? undefined : `wall ${median(pyRate).toFixed(1)} games/s; the ports: ${median(portRate).toFixed(0)} games/s wall`,
    },
  ];
}

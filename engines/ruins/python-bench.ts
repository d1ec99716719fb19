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
import { median, timed, timedAsync } from '../core/bench.ts';
import type { AdventurerClass } from './adventurer.ts';
import { sourceFromFile } from './python-bots.ts';
import { runOriginalsJob } from '../core/cli/originals.ts';
import { ruinsOriginals, runRuinsJob } from './originals.ts';
import { BENCH_SEED, singles } from './trials.ts';
import { WEIRD_BOTS } from './test-adventurers.ts';

/** With DIR, what bench.ts measured of the whole K48XMESC tournament in this invocation (ours and ruins.py's), not measured again here. */
export interface WholeTournament {
  games: number;
  portsGamesPerCpuSecond: readonly number[];
  originalCpuSeconds: readonly number[];
}

export async function ruinsPythonBench(ctx: BenchContext, whole?: WholeTournament): Promise<BenchFigure[]> {
  let pyFile: string;
  const twins: readonly AdventurerClass[] = WEIRD_BOTS;
  if (ctx.original) {
    const dir = join(ctx.original, 'test_bots');
    pyFile = join(dir, readdirSync(dir).filter((f) => f.endsWith('.py')).sort()[0]!);
  } else pyFile = 'tools/oracle/ruins/bots/weird/weird.py';
  if (!existsSync(pyFile)) return [{ name: 'ruins, Python bots in Pyodide', value: 0, unit: 'games/s', note: `${pyFile} not found (run from the repository checkout)` }];
  const sources = [sourceFromFile(pyFile, readFileSync(pyFile, 'utf8'))];
  const pool = ctx.kit.sandboxPool('ruins', 1);
  // The Python bots play in a sandbox worker (engine + Pyodide in one thread); Pyodide loads first, untimed.
  const pyRun = async (limit: number) => (await runRuinsJob({ run: (fn, a) => runOriginalsJob(ruinsOriginals, pool, fn, a) }, 'ruinsBenchJob', { sources, whole: !!whole, limit })) as number;
  try {
    await pyRun(1);
    return await measure(ctx, whole, twins, ctx.quick ? 10 : 100, pyRun);
  } finally {
    await pool.destroy();
  }
}

async function measure(ctx: BenchContext, whole: WholeTournament | undefined, twins: readonly AdventurerClass[], limit: number, pyRun: (limit: number) => Promise<number>): Promise<BenchFigure[]> {
  const runs = Math.max(1, Math.min(ctx.runs ?? (ctx.quick ? 1 : 3), 3));
  const pyRate: number[] = [];
  const pyCpu: number[] = [];
  const portRate: number[] = [];
  const portCpu: number[] = [];
  const cpy: number[] = [];
  let total = 0;
  for (let r = 0; r < runs; r++) {
    let n = 0;
    const a = await timedAsync(async () => (n = await pyRun(limit)));
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
  const ref = cpy.length ? { reference: { value: median(cpy), source: `ruins.py -s ${BENCH_SEED} -d test_bots in native CPython, this run (${total} games, CPU time)`, runs: cpy } } : {};
  return [
    { name: `ruins, ports (${ctx.original ? `test bots, tournament ${BENCH_SEED}` : `twins of our weird bots, ${limit} single games`}): games per CPU-second`, value: median(portCpu), unit: 'games/s', runs: portCpu, ...ref },
    {
      name: `ruins, original Python bots in a sandbox worker (${what}, ${ctx.original ? `the first ${limit} games of tournament ${BENCH_SEED}` : `the same ${limit} games`}): games per CPU-second`,
      value: median(pyCpu),
      unit: 'games/s',
      runs: pyCpu,
      ...ref,
      note: ctx.original ? undefined : `wall ${median(pyRate).toFixed(1)} games/s; the ports: ${median(portRate).toFixed(0)} games/s wall`,
    },
  ];
}

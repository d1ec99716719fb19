/**
 * `koth bench dice`: the ORIGINAL Python bots in a sandbox worker (engine + Pyodide in one
 * thread, engines/core/sandbox/pool.ts) beside the same bots as ports (exact mode, one stream, the
 * same seed: the same games), and beside the original controller in native CPython when
 * `--original DIR` is given. Without DIR the Python bots are our own twins of ports
 * (tools/oracle/dice/bots/port_twins.py); with it, the snapshot's auto_bots.py (every official bot
 * the sandbox can run). Per CPU-second of the whole process (all threads), as the original's.
 * Outside --quick: the scaling of 2 sandbox workers over 1 on a sharded run.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BenchContext, BenchFigure } from '../core/game.ts';
import { median, timed, timedAsync } from '../core/bench.ts';
import { runExact } from './tournament.ts';
import { publishedTable } from './published.ts';
import { diceClass } from './ports.ts';
import { trials as diceTrials } from './trials.ts';
import { runOriginalsJob, type OriginalsInspection } from '../core/cli/originals.ts';
import { diceOriginals } from './originals.ts';

export const TWINS_FILE = 'tools/oracle/dice/bots/port_twins.py';
export const TWIN_BOTS = ['ThrowTwiceBot', 'GoToTenBot', 'OneInFiveBot', 'BlessRNG', 'FlipCoinRollDice', 'BringMyOwn_dice', 'KwisatzHaderach', 'QuotaBot', 'GoTo20Bot', 'SlowStart', 'CooperativeSwarmBot'];

export async function dicePythonBench(ctx: BenchContext, original?: (games: number, bots: string[]) => { seconds: number; cpuSeconds: number }): Promise<BenchFigure[]> {
  const file = ctx.original ? join(ctx.original, 'auto_bots.py') : TWINS_FILE;
  if (!existsSync(file)) return [{ name: 'dice, Python bots in Pyodide', value: 0, unit: 'games/s', note: `${file} not found (run from the repository checkout)` }];
  const files = [{ path: file, code: readFileSync(file, 'utf8') }];
  const pool = ctx.kit.sandboxPool('dice', 1);
  try {
    const { classes } = (await runOriginalsJob(diceOriginals, pool, 'diceInspect', { files })) as OriginalsInspection;
    const runnable = new Set(classes.filter((c) => !c.refused).map((c) => c.name));
    const official = publishedTable('official-final').rows.map((r) => r.bot);
    const bots = ctx.original ? official.filter((b) => runnable.has(b) && diceClass(b)) : TWIN_BOTS;
    const refused = ctx.original ? official.filter((b) => !runnable.has(b)) : [];
    const games = ctx.quick ? 200 : 5000;
    const runs = Math.max(1, Math.min(ctx.runs ?? (ctx.quick ? 1 : 3), 5));
    const job = (seed: number, n: number) => runOriginalsJob(diceOriginals, pool, 'diceExact', { files, bots, rules: 'fixed', seed, games: n });
    await job(1, 20); // Pyodide loads (not timed)
    const py: number[] = [];
    const pyCpu: number[] = [];
    const ports: number[] = [];
    const cpy: number[] = [];
    for (let r = 0; r < runs; r++) {
      const a = await timedAsync(() => job(12345 + r, games));
      py.push(games / a.seconds);
      pyCpu.push(games / a.cpuSeconds);
      const b = timed(() => runExact(12345 + r, games, { bots, rules: 'fixed' }, diceClass));
      ports.push(games / b.cpuSeconds);
      if (original) cpy.push(games / original(games, bots).cpuSeconds);
    }
    const what = ctx.original ? `${bots.length} official bots of the 2019-01-07 snapshot${refused.length ? ` (refused in the sandbox: ${refused.join(', ')})` : ''}` : `our ${bots.length} Python twins of ports`;
    const figures: BenchFigure[] = [
      {
        name: `dice exact mode, original Python bots in a sandbox worker (${what}): games per CPU-second`,
        value: median(pyCpu),
        unit: 'games/s',
        runs: pyCpu,
        note: `${median(py).toFixed(0)} games/s wall; the same ${games} games with the ports: ${median(ports).toFixed(0)} games per CPU-second (${(median(ports) / median(pyCpu)).toFixed(0)}× faster)`,
        ...(original ? { reference: { value: median(cpy), source: `the original controller with the same bots in native CPython, this run (${games} games, CPU time); target ≥ 0.3×`, runs: cpy } } : {}),
      },
    ];
    if (!ctx.quick) {
      // Scaling: the same sharded run on 1 and on 2 sandbox workers (Pyodide loaded first, not timed).
      const n = 40_000;
      const wall: number[] = [];
      for (const w of [1, 2]) {
        const p = ctx.kit.sandboxPool('dice', w);
        try {
          await p.warm();
          const t = await timedAsync(() => ctx.kit.runSharded({ game: 'dice', spec: diceTrials, opts: { bots, rules: 'fixed', python: { files } }, seed: 5, trials: n, shardSize: 5000, workers: w, sandbox: p, label: `dice, Python bots, ${w} worker(s)` }));
          wall.push(t.seconds);
        } finally {
          await p.destroy();
        }
      }
      figures.push({ name: `dice, original Python bots: 2 sandbox workers over 1 (${n} games, shards of 5000, wall, Pyodide loaded first)`, value: wall[0]! / wall[1]!, unit: '×', note: `1 worker ${wall[0]!.toFixed(1)} s, 2 workers ${wall[1]!.toFixed(1)} s; target ≥ 1.8× on 2 idle cores` });
    }
    return figures;
  } finally {
    await pool.destroy();
  }
}

import { spawnSync } from 'node:child_process';
import os from 'node:os';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import recordedSpeed from '../../fixtures/dice/goldens/python-speed.json' with { type: 'json' };
import { median, cpuSeconds, oracleFile } from '../core/bench.ts';
import type { BenchContext, BenchFigure } from '../core/game.ts';
import { UserError } from '../core/cli/errors.ts';
import { trials } from './trials.ts';
import { publishedTable } from './published.ts';
import type { DiceStats } from './stats.ts';
import { runExact, type DiceRunOptions } from './tournament.ts';
import { diceClass } from './ports.ts';
import { dicePythonBench } from './python-bench.ts';

/**
 * `koth bench dice [--original DIR]`: the TS engine with the 49 official bots — exact mode
 * (one stream, in this thread), statistical mode on 1 and N workers — and, when DIR holds the
 * original controller and bot snapshot, the original run in the same invocation by our own
 * driver (tools/oracle/dice/bench_original.py, which imports the two files unchanged), run
 * for run, interleaved with ours. Each figure is the median of the runs, with min and max.
 * "Per core" figures are games per CPU-second of the whole process (ours: process.cpuUsage,
 * all threads; the original: time.process_time of its one process), so a busy machine
 * stretches wall time but hardly these; wall-clock figures are shown too.
 */


interface OriginalRun {
  seconds: number;
  cpuSeconds: number;
  maxRssKb: number;
  python: string;
}

function checkOriginalDir(dir: string): void {
  for (const f of ['forty_game_controller.py', 'auto_bots.py']) {
    if (!existsSync(join(dir, f)))
      throw new UserError(
        `--original ${dir}: ${f} not found. Give the folder holding the original forty-game files (maxbergmark/nanopi-cloud ` +
          'forty-game/forty_game_controller.py @ 84d4df6 and forty-game/auto_bots.py @ e7f8d68), checked out outside this repository.',
      );
  }
}

function runOriginal(driver: string, dir: string, games: number, bots: readonly string[]): OriginalRun {
  const res = spawnSync('python3', [driver, '--dir', dir, '--games', String(games), '--seed', '12345', '--bots', bots.join(',')], {
    encoding: 'utf8',
    timeout: 900_000,
  });
  if (res.error) throw new UserError(`could not run python3 for the original dice controller: ${res.error.message}. Install python3 (3.8+) with numpy, or run without --original.`);
  if (res.status !== 0) throw new UserError(`the original dice controller failed (exit ${res.status}):\n${res.stderr.trim()}\nCheck DIR and that numpy is installed, or run without --original.`);
  return JSON.parse(res.stdout.trim().split('\n').pop()!) as OriginalRun;
}



export async function diceBench(ctx: BenchContext): Promise<BenchFigure[]> {
  const bots = publishedTable('official-final').rows.map((r) => r.bot);
  const opts: DiceRunOptions = { bots, rules: 'fixed' };
  const runs = Math.max(1, ctx.runs ?? (ctx.quick ? 2 : 5));
  const exactGames = ctx.quick ? 4000 : 100_000;
  // Large enough that starting worker threads (a fixed cost: a new isolate loads the bundle and
  // warms up its JIT, about 0.3 CPU-seconds each) does not hide the per-game figures.
  const statGames = ctx.quick ? 20_000 : 2_000_000;
  const pyGames = ctx.quick ? 1000 : 20_000;
  const workerCounts = [1, ctx.workers].filter((w, i, a) => a.indexOf(w) === i);

  let driver: string | undefined;
  if (ctx.original) {
    checkOriginalDir(ctx.original);
    driver = oracleFile('dice', 'bench_original.py');
    if (!driver) throw new UserError('tools/oracle/dice/bench_original.py not found next to this installation: run koth from the repository checkout.');
  }

  const orig: OriginalRun[] = [];
  const exactCpu: number[] = [];
  const exactWall: number[] = [];
  const stat: Record<number, { cpu: number[]; wall: number[]; cpuSeconds: number[]; running: number[]; startup: number[] }> = Object.fromEntries(
    workerCounts.map((w) => [w, { cpu: [], wall: [], cpuSeconds: [], running: [], startup: [] }]),
  );
  const shardSize = ctx.quick ? 1000 : 10_000;
  // The cold run: the first exact games of this process, JIT warm-up included (its own figure;
  // the timed runs below are warm, as the original's CPython, which has no JIT, always is).
  // Peak RSS (maxRSS) at a quarter and at all of it, before any worker starts.
  let peakQuarter = 0;
  let done = 0;
  const cc = process.cpuUsage();
  runExact(12344, exactGames, opts, diceClass, (n) => {
    done += n;
    if (peakQuarter === 0 && done >= exactGames / 4) peakQuarter = process.resourceUsage().maxRSS;
  });
  const coldCpu = exactGames / cpuSeconds(cc);
  const peakEnd = process.resourceUsage().maxRSS;
  for (let r = 0; r < runs; r++) {
    if (driver) orig.push(runOriginal(driver, ctx.original!, pyGames, bots));
    // Exact mode: one PyRandom stream, this thread.
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    runExact(12345 + r, exactGames, opts, diceClass);
    exactWall.push(exactGames / ((performance.now() - t0) / 1000));
    exactCpu.push(exactGames / cpuSeconds(c0));
    for (const workers of workerCounts) {
      const c1 = process.cpuUsage();
      const finished: number[] = [];
      const t1 = performance.now();
      const res = await ctx.kit.runSharded<DiceRunOptions, DiceStats>({
        game: 'dice',
        spec: trials,
        opts,
        seed: `bench/${r}`,
        trials: statGames,
        shardSize,
        workers,
        label: `bench dice ×${workers}`,
        onShard: () => finished.push(performance.now()),
      });
      stat[workers]!.wall.push(statGames / (res.elapsedMs / 1000));
      // The running rate: games per second after the first 2 shards per thread (a new thread's
      // start-up and JIT warm-up are over by then), as in a long run; and the time the start
      // cost beyond running at that rate from the first game.
      const skip = 2 * workers;
      const running =
        finished.length > skip + 1
          ? ((finished.length - skip) * shardSize) / ((finished[finished.length - 1]! - finished[skip - 1]!) / 1000)
          : statGames / (res.elapsedMs / 1000);
      stat[workers]!.running.push(running);
      stat[workers]!.startup.push((finished[finished.length - 1]! - t1) / 1000 - statGames / running);
      const spent = cpuSeconds(c1);
      stat[workers]!.cpu.push(statGames / spent);
      stat[workers]!.cpuSeconds.push(spent);
    }
  }

  const rec = recordedSpeed as { gamesPerSecond: number; date?: string; python?: string };
  const py = orig[0]?.python ?? '3';
  const liveCpu = orig.map((o) => pyGames / o.cpuSeconds);
  const liveWall = orig.map((o) => pyGames / o.seconds);
  const refCpu = driver
    ? { value: median(liveCpu), source: `original controller, this run (CPython ${py}, ${pyGames} games × ${runs}, CPU time)`, runs: liveCpu }
    : { value: rec.gamesPerSecond, source: `original NOT measured in this run (no --original DIR): figure recorded ${rec.date ?? ''} (CPython ${rec.python ?? '3'}, wall, 1 core)` };
  const refWall = driver
    ? { value: median(liveWall), source: `original controller, this run (CPython ${py}, ${pyGames} games × ${runs}, wall)`, runs: liveWall }
    : refCpu;
  const fig = (name: string, xs: number[], unit: string, extra: Partial<BenchFigure> = {}): BenchFigure => ({ name, value: median(xs), unit, runs: xs, ...extra });

  // CPU-time figures first: a shared machine stretches wall time far more than CPU time.
  const load = `wall: stretched by machine load, ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores`;
  const figures: BenchFigure[] = [
    fig(`dice exact mode, 49 official bots: games per CPU-second (per core)`, exactCpu, 'games/s', { reference: refCpu }),
    fig(`dice exact mode, cold: the first ${exactGames} games of this process, JIT warm-up included: games per CPU-second`, [coldCpu], 'games/s', {
      reference: refCpu,
      note: 'one run, before the timed ones (which are warm, as CPython always is)',
    }),
    fig(`dice statistical mode, 1 worker: games per CPU-second (per core)`, stat[1]!.cpu, 'games/s', { reference: refCpu }),
    ...workerCounts
      .filter((w) => w > 1)
      .map((w) =>
        fig(`dice statistical mode, ${w} workers: games per CPU-second (all threads)`, stat[w]!.cpu, 'games/s', {
          note: "next to 1 worker's: the parallel overhead (the scaling is then what idle cores allow)",
        }),
      ),
    ...workerCounts
      .filter((w) => w > 1)
      .map((w) =>
        fig(`dice statistical mode: CPU-seconds ${w} workers spend beyond 1 worker on ${statGames} games`, stat[w]!.cpuSeconds.map((v, i) => v - stat[1]!.cpuSeconds[i]!), 's', {
          note: 'starting the threads and warming up their JIT (a fixed cost, about 0.3 s a thread: 1 worker runs in this thread, already warm), plus two threads contending for shared cores',
        }),
      ),
    fig(`dice exact mode, 49 official bots: games/s wall, one thread (${load})`, exactWall, 'games/s', { reference: refWall }),
  ];
  for (const w of workerCounts) {
    const label = `${w} worker${w > 1 ? 's' : ''}`;
    figures.push(fig(`dice statistical mode, ${label}: games/s wall (${load})`, stat[w]!.wall, 'games/s', w === 1 ? { reference: refWall } : {}));
  }
  const wMax = workerCounts[workerCounts.length - 1]!;
  if (wMax > 1) {
    const running = stat[wMax]!.running.map((v, i) => v / stat[1]!.running[i]!);
    figures.push(
      fig(`dice statistical mode: ${wMax} workers / 1 worker (wall), running: after each thread's first 2 shards`, running, '×', {
        note: `target ≥ 1.85 on 2 workers (needs 2 idle cores); what a long run scales by — the new threads' start-up is the row below`,
      }),
    );
    const whole = stat[wMax]!.wall.map((v, i) => v / stat[1]!.wall[i]!);
    figures.push(
      fig(`dice statistical mode: ${wMax} workers / 1 worker (wall), whole run of ${statGames} games`, whole, '×', {
        note: `includes starting ${wMax} new threads and warming up their JIT (1 worker runs in this thread, already warm): ${median(stat[wMax]!.startup).toFixed(2)} s of wall, a fixed cost`,
      }),
    );
  }
  figures.push(
    fig(
      `dice: the official 3×10^8 games on ${wMax} worker${wMax > 1 ? 's' : ''} (projected from wall, this machine as loaded now)`,
      stat[wMax]!.running.map((v, i) => (3e8 / v + Math.max(0, stat[wMax]!.startup[i]!)) / 60),
      'minutes',
      {
        note: 'at the running rate, plus the start-up measured here; the original took 35628.7 s ≈ 594 min (published); target ≤ 20 min on 2 workers',
      },
    ),
    fig(`dice: the official 3×10^8 games on ${wMax} idle core${wMax > 1 ? 's' : ''} (projected from 1-worker CPU time, ×1.85 scaling for 2)`, stat[1]!.cpu.map((v) => 3e8 / (v * (wMax > 1 ? 1.85 * (wMax / 2) : 1)) / 60), 'minutes', {
      note: 'target ≤ 20 min on 2 workers',
    }),
  );
  figures.push({
    name: `dice: peak RSS of this process (maxRSS, all runs)`,
    value: process.resourceUsage().maxRSS / 1024,
    unit: 'MB',
    ...(driver ? { reference: { value: median(orig.map((o) => o.maxRssKb / 1024)), source: 'original controller process (getrusage ru_maxrss)', runs: orig.map((o) => o.maxRssKb / 1024) } } : {}),
  });
  figures.push(...(await dicePythonBench(ctx, driver ? (games, pyBots) => runOriginal(driver!, ctx.original!, games, pyBots) : undefined)));
  figures.push({
    name: `dice exact mode: peak RSS after ${exactGames} games (the cold run, before any worker)`,
    value: peakEnd / 1024,
    unit: 'MB',
    note: `after ${exactGames / 4} games: ${(peakQuarter / 1024).toFixed(1)} MB (flat: nothing is kept per game)`,
  });
  return figures;
}

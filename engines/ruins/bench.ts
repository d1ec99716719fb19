/**
 * `koth bench ruins [--original DIR]`: a whole test-bot tournament (the driver's own
 * `test_bots`, seed K48XMESC: pool rounds and the final series) in this thread, and, when DIR
 * is a checkout of the original driver (GitHub Beefster09/pcg-general @ f83740b), the same
 * tournament on the same seed by `ruins.py -d test_bots -s K48XMESC -o winner`, run by our own
 * driver (tools/oracle/ruins/bench_original.py: ruins.py unchanged, in its own process), run for
 * run and interleaved with ours. Figures: tournaments per CPU-minute (ours: process.cpuUsage;
 * the original: time.process_time), wall time, the winner on both sides (the same tournament
 * was played), peak RSS.
 */
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { median, oracleFile } from '../core/bench.ts';
import type { BenchContext, BenchFigure } from '../core/game.ts';
import { UserError } from '../core/cli/errors.ts';
import { runTournament } from './tournament.ts';
import { ruinsPythonBench } from './python-bench.ts';
import { RUINS_VARIANTS } from './variants.ts';
import { drunkard, testBotClasses } from './ports.ts';

const SEED = 'K48XMESC';

interface OriginalRun {
  seconds: number;
  cpuSeconds: number;
  maxRssKb: number;
  winner: string | null;
  python: string;
}


function runOriginal(driver: string, checkout: string): OriginalRun {
  const res = spawnSync('python3', [driver, '--checkout', checkout, '--seed', SEED], { encoding: 'utf8', timeout: 900_000 });
  if (res.error) throw new UserError(`could not run python3 for the original ruins driver: ${res.error.message}. Install python3 (3.8+), or run without --original.`);
  if (res.status !== 0) throw new UserError(`the original ruins driver failed (exit ${res.status}):\n${res.stderr.trim()}\nCheck DIR, or run without --original.`);
  return JSON.parse(res.stdout.trim().split('\n').pop()!) as OriginalRun;
}


export async function ruinsBench(ctx: BenchContext): Promise<BenchFigure[]> {
  const bots = testBotClasses();
  const flags = RUINS_VARIANTS.fixed.flags;
  const runs = Math.max(1, ctx.runs ?? (ctx.quick ? 2 : 5));
  // Ours is timed over several tournaments per run (one takes a fraction of a second).
  const repeat = ctx.quick ? 1 : 5;
  let driver: string | undefined;
  if (ctx.original) {
    if (!existsSync(join(ctx.original, 'ruins.py')) || !existsSync(join(ctx.original, 'test_bots')))
      throw new UserError(
        `--original ${ctx.original}: ruins.py and test_bots/ not found. Give a checkout of GitHub Beefster09/pcg-general ` + '(ruins.py @ f83740b), made outside this repository.',
      );
    driver = oracleFile('ruins', 'bench_original.py');
    if (!driver) throw new UserError('tools/oracle/ruins/bench_original.py not found next to this installation: run koth from the repository checkout.');
  }
  const orig: OriginalRun[] = [];
  const cpu: number[] = [];
  let games = 0; // games in one tournament
  const wall: number[] = [];
  let winner: string | undefined;
  for (let r = 0; r < runs; r++) {
    if (driver) orig.push(runOriginal(driver, ctx.original!));
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    games = 0;
    for (let i = 0; i < repeat; i++) winner = runTournament(bots, SEED, { flags, drunkard: drunkard(), onGame: () => games++ }).winner;
    games /= repeat;
    const u = process.cpuUsage(c0);
    cpu.push((60 * repeat) / ((u.user + u.system) / 1e6));
    wall.push((60 * repeat) / ((performance.now() - t0) / 1000));
  }
  const py = orig[0]?.python ?? '3';
  // The same tournament on both sides: the winners agree (the goldens prove every score).
  const theirs = [...new Set(orig.map((o) => o.winner))];
  const winnerCheck = theirs.length === 1 && theirs[0] === winner ? `${winner} on both sides` : `DIFFERS: ours ${winner}, original ${theirs.join(' / ')}`;
  const load = `stretched by machine load: ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores`;
  const what = `ruins test-bot tournament (ruins.py -d test_bots -s ${SEED})`;
  const figures: BenchFigure[] = [
    {
      name: `${what}: tournaments per CPU-minute (per core)`,
      value: median(cpu),
      unit: 'tournaments/min',
      runs: cpu,
      ...(driver
        ? { reference: { value: median(orig.map((o) => 60 / o.cpuSeconds)), source: `original ruins.py, this run (CPython ${py}, CPU time); winner ${winnerCheck}`, runs: orig.map((o) => 60 / o.cpuSeconds) } }
        : { note: 'original NOT measured (no --original DIR: a checkout of Beefster09/pcg-general)' }),
    },
    {
      name: `${what}: tournaments per minute, wall (${load})`,
      value: median(wall),
      unit: 'tournaments/min',
      runs: wall,
      ...(driver ? { reference: { value: median(orig.map((o) => 60 / o.seconds)), source: `original ruins.py, this run (CPython ${py}, wall)`, runs: orig.map((o) => 60 / o.seconds) } } : {}),
    },
  ];
  figures.push(
    ...(await ruinsPythonBench(ctx, driver ? { games, portsGamesPerCpuSecond: cpu.map((t) => (t * games) / 60), originalCpuSeconds: orig.map((o) => o.cpuSeconds) } : undefined)),
  );
  figures.push({
    name: `ruins: peak RSS of this process (maxRSS, all runs)`,
    value: process.resourceUsage().maxRSS / 1024,
    unit: 'MB',
    ...(driver ? { reference: { value: median(orig.map((o) => o.maxRssKb / 1024)), source: 'original ruins.py process (getrusage ru_maxrss)' } } : {}),
  });
  return figures;
}

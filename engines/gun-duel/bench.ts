/**
 * `koth bench gun-duel [--original DIR]`: one whole exact tournament (seed 1, 17 players, 100
 * duels per pair and round) in this thread, and statistical tournaments on 1 and 2 workers
 * (one tournament per worker), beside the compiled original (our g++ -O2 build of the original
 * sources, tools/oracle/gun-duel/build.sh) run in the same invocation on the same seed. Both
 * CPU seconds (ours: process.cpuUsage, all threads; the original: getrusage of its process,
 * printed by our driver's --timing) and wall seconds are shown: the machine may be shared, so
 * wall time stretches while CPU time hardly does. The original's scoreboard is compared with
 * ours too (same seed → the same tournament).
 *
 * The build is looked for in DIR, else in $KOTH_GUN_DUEL_ORACLE when set ('' or 'none': nowhere),
 * else in /tmp/gunduel-oracle (build.sh's default output); without one the original is NOT
 * measured and the figure recorded here is shown, labelled as such.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { median, cpuSeconds } from '../core/bench.ts';
import type { BenchContext, BenchFigure } from '../core/game.ts';
import { UserError } from '../core/cli/errors.ts';
import { trials } from './trials.ts';
import { POOL } from '../../transpiled-bots/gun-duel/index.ts';
import { exactSeeds, runTournament } from './tournament.ts';
import type { GunDuelAcc, GunDuelRunOptions } from './trials.ts';

/** CPU seconds of one whole tournament of the g++ -O2 build here (seeds 1, 2: 19.4 s, 15.3 s; recorded 2026-11-23). */
const RECORDED_ORIGINAL_CPU = 19.4;
const BUILD_HINT = 'build it with tools/oracle/gun-duel/build.sh ORIG_TOURNAMENT_DIR OUT_DIR (g++, outside the repository) and pass OUT_DIR';

interface OriginalRun {
  cpuSeconds: number;
  wallSeconds: number;
  rows: { player: string; points: number }[];
}

function findBuild(dir: string | undefined): string | undefined {
  const has = (d: string) => existsSync(join(d, 'gunduel-oracle')) && existsSync(join(d, 'clockshim.so'));
  if (dir !== undefined) {
    if (!has(dir)) {
      const src = existsSync(join(dir, 'GunDuel.hpp')) ? ' (that is the original source folder:' : ' (';
      throw new UserError(`--original ${dir}: no gunduel-oracle and clockshim.so there${src} ${BUILD_HINT}).`);
    }
    return dir;
  }
  // $KOTH_GUN_DUEL_ORACLE, when set, is the only place looked at ('' or 'none': do not measure the original)
  const env = process.env.KOTH_GUN_DUEL_ORACLE;
  const d = env !== undefined ? env : '/tmp/gunduel-oracle';
  return d && d !== 'none' && has(d) ? d : undefined;
}

function runOriginal(dir: string, seed: number, repetition: number): OriginalRun {
  const res = spawnSync(join(dir, 'gunduel-oracle'), ['--repetition', String(repetition), '--timing'], {
    encoding: 'utf8',
    env: { ...process.env, KOTH_CLOCK_NS: String(seed), LD_PRELOAD: join(dir, 'clockshim.so') },
    timeout: 1_800_000,
    maxBuffer: 64 << 20,
  });
  if (res.error) throw new UserError(`could not run ${join(dir, 'gunduel-oracle')}: ${res.error.message}. ${BUILD_HINT}.`);
  if (res.status !== 0) {
    const old = /unknown option --timing/.test(res.stderr) ? ` The build in ${dir} predates our driver's --timing option: rebuild it.` : '';
    throw new UserError(`the compiled original failed (exit ${res.status}):\n${res.stderr.trim()}\n${old} ${BUILD_HINT} (or set KOTH_GUN_DUEL_ORACLE=none to skip it).`);
  }
  const timing = JSON.parse(res.stderr.trim().split('\n').pop()!) as { cpuSeconds: number; wallSeconds: number };
  return { ...timing, rows: (JSON.parse(res.stdout) as { rows: OriginalRun['rows'] }).rows };
}



export async function gunDuelBench(ctx: BenchContext): Promise<BenchFigure[]> {
  const repetition = ctx.quick ? 1 : 100;
  const runs = Math.max(1, ctx.runs ?? 1);
  const seed = 1;
  const build = findBuild(ctx.original);
  const workerCounts = [1, Math.max(2, ctx.workers)];
  const orig: OriginalRun[] = [];
  const exactCpu: number[] = [];
  const exactWall: number[] = [];
  const stat: Record<number, { cpu: number[]; wall: number[] }> = Object.fromEntries(workerCounts.map((w) => [w, { cpu: [], wall: [] }]));
  let same = true;
  for (let r = 0; r < runs; r++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    const ours = runTournament({ players: POOL, seeds: exactSeeds(seed), repetition });
    exactWall.push((performance.now() - t0) / 1000);
    exactCpu.push(cpuSeconds(c0));
    if (build) {
      const o = runOriginal(build, seed, repetition);
      orig.push(o);
      same &&= JSON.stringify(o.rows.map((x) => [x.player, x.points])) === JSON.stringify(ours.rows.map((x) => [x.player, x.points]));
    }
    for (const workers of workerCounts) {
      const c1 = process.cpuUsage();
      const res = await ctx.kit.runSharded<GunDuelRunOptions, GunDuelAcc>({
        game: 'gun-duel',
        spec: trials,
        opts: { variant: 'original', repetition },
        seed: `bench/${r}`,
        trials: workers,
        shardSize: 1,
        workers,
        label: `bench gun-duel ×${workers}`,
      });
      stat[workers]!.wall.push(res.elapsedMs / 1000 / workers);
      stat[workers]!.cpu.push(cpuSeconds(c1) / workers);
    }
  }
  const what = `${repetition} duels/pair/round`;
  const refCpu = build
    ? { value: median(orig.map((o) => o.cpuSeconds)), source: `compiled original (g++ build in ${build}), this run, seed ${seed}, CPU time${same ? '; same scoreboard as ours' : '; SCOREBOARD DIFFERS from ours'}`, runs: orig.map((o) => o.cpuSeconds) }
    : { value: RECORDED_ORIGINAL_CPU * (ctx.quick ? 0.01 : 1), source: `original NOT measured in this run (no build found: --original DIR, $KOTH_GUN_DUEL_ORACLE or /tmp/gunduel-oracle): figure recorded 2026-11-23, CPU time${ctx.quick ? ', scaled to --quick' : ''}` };
  const refWall = build ? { value: median(orig.map((o) => o.wallSeconds)), source: `compiled original, this run, seed ${seed}, wall`, runs: orig.map((o) => o.wallSeconds) } : refCpu;
  const fig = (name: string, xs: number[], unit: string, extra: Partial<BenchFigure> = {}): BenchFigure => ({ name, value: median(xs), unit, runs: xs, ...extra });
  const figures: BenchFigure[] = [
    fig(`gun-duel: one exact tournament (seed ${seed}, ${what}), this thread, CPU`, exactCpu, 's', { reference: refCpu }),
    fig(`gun-duel: one exact tournament (seed ${seed}, ${what}), this thread, wall`, exactWall, 's', { reference: refWall }),
  ];
  for (const w of workerCounts) {
    const label = `${w} worker${w > 1 ? 's' : ''}, ${w} tournament${w > 1 ? 's' : ''} at once`;
    figures.push(fig(`gun-duel: statistical tournaments, ${label}: CPU per tournament`, stat[w]!.cpu, 's', { reference: refCpu }));
    figures.push(fig(`gun-duel: statistical tournaments, ${label}: wall per tournament`, stat[w]!.wall, 's', { reference: refWall }));
  }
  if (build && !same) throw new UserError(`koth bench gun-duel: the compiled original's seed-${seed} scoreboard differs from ours — the build in ${build} is not the one the goldens were made with (see fixtures/gun-duel/README.md).`);
  return figures;
}

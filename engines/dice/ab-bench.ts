/**
 * `koth bench ab`: what `koth ab dice` costs and whether its SPRT stops where the theory says, in
 * one invocation (docs/ab.md, "Reading koth bench ab"):
 *
 *  1. the plain dice replay (statistical mode, the 49 official bots, this thread): games per
 *     CPU-second — the yardstick;
 *  2. a dice A/B with ports (OptFor2X vs GoToTenBot, the official field), this thread: pairs per
 *     CPU-second, the pairs' batches and the SPRT fed pair by pair as `koth ab` does; the ratio
 *     pairs/s ÷ games/s against the goal 0.45 (a pair is two games, so 0.5 would be "a game of a
 *     pair costs what a replay game costs"; the rest is the pair's own generator state, the LLR
 *     after every pair, its draws). 1 and 2 alternate in rounds of 25 ms (the same moments of the machine);
 *     the ratio is the median of the rounds' ratios;
 *  3. a dice A/B with Python answers in a sandbox worker: our own Python twins of ports
 *     (tools/oracle/dice/bots/port_twins.py), or with `--original DIR` the snapshot's auto_bots.py;
 *  4. the SPRT on a known difference (OptFor2X vs GoToTenBot, elo0 0, elo1 5, α = β = 0.05): the
 *     pairs it took, against expectedPairs (engines/core/stats/sprt.ts) at the Elo difference and
 *     pair variance measured on separate pairs (another seed, a fixed number). One run is one draw
 *     of a random stopping time, so "within" is a band: 0.5× to 2× the expectation.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BenchContext, BenchFigure } from '../core/game.ts';
import { cpuSeconds, median } from '../core/bench.ts';
import { runAb } from '../core/ab/run.ts';
import type { AbAcc, AbOptions } from '../core/ab/pairs.ts';
import type { AbGame } from '../core/ab/types.ts';
import { trialsKey, trialsRef } from '../core/runner/trials-ref.ts';
import { Sprt, eloFromScore, expectedPairs, type SprtParams } from '../core/stats/sprt.ts';
import { runOriginalsJob, type OriginalsInspection } from '../core/cli/originals.ts';
import { publishedTable } from './published.ts';
import { trials as diceTrials } from './trials.ts';
import { trials as abTrials } from './ab.ts';
import { diceOriginals } from './originals.ts';
import { TWINS_FILE, TWIN_BOTS } from './python-bench.ts';
import type { DiceRunOptions } from './tournament.ts';
import type { DiceStats } from './stats.ts';
import { UserError } from '../core/cli/errors.ts';

/** The goal of issue 30: pairs/s ≥ this × the plain replay's games/s. */
export const AB_PAIR_GOAL = 0.45;
/** "Within the pairs the theory predicts": this band around expectedPairs (one run is one draw). */
export const AB_STOP_BAND: [number, number] = [0.5, 2];

const CANDIDATE = 'OptFor2X';
const BASELINE = 'GoToTenBot';
const SPRT: SprtParams = { elo0: 0, elo1: 5, alpha: 0.05, beta: 0.05 };

const mark = (ok: boolean) => (ok ? '✓' : '✗');

/** Mean and variance of pair outcomes x = (1 + a − b) / 2. */
export function pairMoments(acc: AbAcc): { pairs: number; mean: number; variance: number } {
  const n = acc.a.length;
  let sum = 0;
  for (let i = 0; i < n; i++) sum += (1 + acc.a[i]! - acc.b[i]!) / 2;
  const mean = n ? sum / n : 0.5;
  let ss = 0;
  for (let i = 0; i < n; i++) ss += ((1 + acc.a[i]! - acc.b[i]!) / 2 - mean) ** 2;
  return { pairs: n, mean, variance: n ? ss / n : 0 };
}

/** The A/B pairs' key of every run here (runs, checkpoints and sandbox pools name them by it). */
const DICE_AB = trialsKey(trialsRef('dice', 'ab'));

/** `koth bench ab` for dice, declared by the game (its `engine.ab.bench`); `ab` is that descriptor (its batch, and runAb's game). */
export async function abBench(ctx: BenchContext, ab: AbGame): Promise<BenchFigure[]> {
  const BATCH = ab.batch;
  if (ctx.original && !existsSync(join(ctx.original, 'auto_bots.py')))
    throw new UserError(`--original ${ctx.original}: auto_bots.py not found. Give the folder holding the original forty-game bots (maxbergmark/nanopi-cloud forty-game/auto_bots.py @ e7f8d68), checked out outside this repository, or leave --original out (our own Python twins of ports are used).`);
  const official = publishedTable('official-final').rows.map((r) => r.bot);
  const runs = Math.max(1, ctx.runs ?? (ctx.quick ? 1 : 3));
  // Per round (see below): replay games, then pairs (one batch), about 25 ms in all; rounds per run.
  const games = 1_000;
  const pairs = BATCH;
  const rounds = ctx.quick ? 4 : 100;
  const field = official.filter((n) => n !== CANDIDATE && n !== BASELINE);
  const abOpts = (first: number): AbOptions => ({ candidate: CANDIDATE, baseline: BASELINE, field, rules: 'fixed', first, batch: BATCH });

  /**
   * One round: `games` replay games (1: the yardstick, one worker, this thread), then `pairs` pairs
   * (2: koth ab's batches, and its SPRT fed pair by pair; a fixed number of pairs, a new test
   * after each verdict).
   * Returns the CPU-seconds of each.
   */
  const round = async (seed: string, first: number, what: string): Promise<[number, number]> => {
    let c0 = process.cpuUsage();
    await ctx.kit.runSharded<DiceRunOptions, DiceStats>({ game: 'dice', spec: diceTrials, opts: { bots: official, rules: 'fixed' }, seed, trials: games, shardSize: 10_000, workers: 1, label: `bench ab: plain dice replay (${what})` });
    const g = cpuSeconds(c0);
    c0 = process.cpuUsage();
    const res = await ctx.kit.runSharded<AbOptions, AbAcc>({ game: DICE_AB, spec: abTrials, opts: abOpts(first), seed, trials: pairs, shardSize: BATCH, workers: 1, label: `bench ab: dice A/B, ports (${what})`, unit: 'pairs' });
    // Every pair goes to a test still running, as in koth ab (which stops at the verdict): a new
    // test after each verdict (a test that has stopped computes no more LLRs).
    let sprt = new Sprt(SPRT);
    for (let i = 0; i < res.acc.a.length; i++) {
      sprt.push((1 + res.acc.a[i]! - res.acc.b[i]!) / 2);
      if (sprt.verdict() !== null) sprt = new Sprt(SPRT);
    }
    return [g, cpuSeconds(c0)];
  };

  // Warm-up (not timed): 20 rounds, so that both paths run compiled from the first timed round on,
  // as in a long run (a warm-up of a few hundred pairs left the first run a tenth slower).
  for (let w = 0; w < (ctx.quick ? 2 : 20); w++) await round(`bench-ab/warm/${w}`, w * pairs, 'warm-up');

  // Replay and A/B alternate in short stretches (rounds), so both see the machine as it is at that
  // moment: on a shared machine the speed of a run drifts by a third from minute to minute, and two
  // long runs one after the other compare two machines. A run's ratio is the median of its rounds'
  // ratios; its rates are its totals. Rounds of 25 ms (1,000 games, 200 pairs): with rounds of a
  // quarter second (10,000 games, 2,000 pairs) the drift within a round still moved single figures
  // of one build by ±5% (0.45–0.48×); at 25 ms, 0.47–0.48×.
  const gamesPerCpu: number[] = [];
  const pairsPerCpu: number[] = [];
  const ratios: number[] = [];
  const allRounds: number[] = [];
  for (let r = 0; r < runs; r++) {
    let gameCpu = 0;
    let pairCpu = 0;
    const roundRatios: number[] = [];
    for (let q = 0; q < rounds; q++) {
      const [g, p] = await round(`bench-ab/${r}/${q}`, q * pairs, `run ${r + 1}/${runs}, round ${q + 1}/${rounds}`);
      gameCpu += g;
      pairCpu += p;
      roundRatios.push(pairs / p / (games / g));
    }
    gamesPerCpu.push((games * rounds) / gameCpu);
    pairsPerCpu.push((pairs * rounds) / pairCpu);
    ratios.push(median(roundRatios));
    allRounds.push(...roundRatios);
  }
  const ratio = median(allRounds);
  const figures: BenchFigure[] = [
    { name: 'ab: plain dice replay (49 official bots, statistical mode, 1 worker): games per CPU-second', value: median(gamesPerCpu), unit: 'games/s', runs: gamesPerCpu, note: `${rounds} rounds of ${games} games a run, alternating with the pairs; the yardstick of the next two rows` },
    {
      name: `ab: dice A/B with ports (${CANDIDATE} vs ${BASELINE}, the official field, 1 worker, SPRT fed each pair): pairs per CPU-second`,
      value: median(pairsPerCpu),
      unit: 'pairs/s',
      runs: pairsPerCpu,
      note: `${rounds} rounds of ${pairs} pairs a run (batches of ${BATCH}), each after a round of replay games; a pair is two games`,
    },
    {
      name: 'ab: dice A/B pairs/s ÷ plain replay games/s (same rounds)',
      value: ratio,
      unit: '×',
      runs: ratios,
      note: `goal ≥ ${AB_PAIR_GOAL}× ${mark(ratio >= AB_PAIR_GOAL)}: the median of ${allRounds.length} rounds' ratios (runs: each run's median). 0.5× would be a game of a pair costing a replay game; a pair also makes its generator's state, draws its opponents and sets the controller up for each game`,
    },
  ];
  figures.push(...(await pythonAb(ctx, official)));
  figures.push(...(await sprtStop(ctx, field, ab)));
  return figures;
}

/** 3. A dice A/B with Python answers in one sandbox worker: pairs per CPU-second (this process, all threads) and wall. */
async function pythonAb(ctx: BenchContext, official: string[]): Promise<BenchFigure[]> {
  const file = ctx.original ? join(ctx.original, 'auto_bots.py') : TWINS_FILE;
  const label = 'ab: dice A/B with Python answers in a sandbox worker';
  if (!existsSync(file)) return [{ name: label, value: 0, unit: 'pairs/s', note: `${file} not found (run from the repository checkout, or give --original DIR holding auto_bots.py)` }];
  const files = [{ path: file, code: readFileSync(file, 'utf8') }];
  const pool = ctx.kit.sandboxPool(DICE_AB, 1);
  try {
    const { classes } = (await runOriginalsJob(diceOriginals, pool, 'diceInspect', { files })) as OriginalsInspection;
    const runnable = new Set(classes.filter((c) => !c.refused).map((c) => c.name));
    const [candidate, baseline] = ctx.original ? [CANDIDATE, BASELINE] : ['GoTo20Bot', 'GoToTenBot'];
    if (!runnable.has(candidate) || !runnable.has(baseline)) return [{ name: label, value: 0, unit: 'pairs/s', note: `${candidate} or ${baseline} cannot run in the sandbox from ${file}: not measured` }];
    const field = (ctx.original ? official : TWIN_BOTS).filter((n) => runnable.has(n) && n !== candidate && n !== baseline);
    const n = ctx.quick ? 10 : 200;
    const batch = ctx.quick ? 5 : 20;
    const opts: AbOptions = { candidate, baseline, field, rules: 'fixed', first: 0, batch, extra: { python: { files } } };
    const run = (seed: string, count: number) => ctx.kit.runSharded<AbOptions, AbAcc>({ game: DICE_AB, spec: abTrials, opts, seed, trials: count, shardSize: batch, workers: 1, sandbox: pool, label: 'bench ab: dice A/B, Python answers', unit: 'pairs' });
    await run('bench-ab/py-warm', batch); // Pyodide loads (not timed)
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    await run('bench-ab/py', n);
    const cpu = n / cpuSeconds(c0);
    const wall = n / ((performance.now() - t0) / 1000);
    const what = ctx.original ? `the snapshot's auto_bots.py, ${field.length + 2} official bots` : `our Python twins of ports, ${field.length + 2} bots`;
    return [{ name: `${label} (${candidate} vs ${baseline}; ${what}): pairs per CPU-second`, value: cpu, unit: 'pairs/s', note: `${n} pairs (batches of ${batch}); ${wall.toFixed(1)} pairs/s wall; every game loads the classes afresh` }];
  } finally {
    await pool.destroy();
  }
}

/** 4. The SPRT on a known difference: pairs taken vs expectedPairs at the measured Elo and pair variance. */
async function sprtStop(ctx: BenchContext, field: string[], game: AbGame): Promise<BenchFigure[]> {
  const BATCH = game.batch;
  const measure = ctx.quick ? 1_000 : 20_000;
  const res = await ctx.kit.runSharded<AbOptions, AbAcc>({
    game: DICE_AB,
    spec: abTrials,
    opts: { candidate: CANDIDATE, baseline: BASELINE, field, rules: 'fixed', first: 0, batch: BATCH },
    seed: 'bench-ab/measure',
    trials: measure,
    shardSize: BATCH,
    workers: ctx.workers,
    label: 'bench ab: measuring the Elo difference',
    unit: 'pairs',
  });
  const m = pairMoments(res.acc);
  const elo = eloFromScore(m.mean);
  const expected = expectedPairs(elo, SPRT, m.variance);
  const ab = await runAb(ctx.kit, {
    game: 'dice',
    ab: game,
    opts: { candidate: CANDIDATE, baseline: BASELINE, field, rules: 'fixed' },
    seed: '1',
    maxPairs: 100_000,
    sprt: SPRT,
    confidence: 0.95,
    workers: ctx.workers,
  });
  const ratio = ab.pairs / expected;
  const inside = ab.verdict !== 'inconclusive' && ratio >= AB_STOP_BAND[0] && ratio <= AB_STOP_BAND[1];
  return [
    {
      name: `ab: SPRT on a known difference (${CANDIDATE} vs ${BASELINE}, elo0 ${SPRT.elo0}, elo1 ${SPRT.elo1}, α = β = ${SPRT.alpha}, seed 1): pairs to the verdict`,
      value: ab.pairs,
      unit: 'pairs',
      reference: {
        value: expected,
        source:
          `theory: expectedPairs at Elo ${elo.toFixed(1)}, pair variance ${m.variance.toFixed(4)} (measured on ${measure} other pairs); ` +
          `verdict ${ab.verdict}, ${ratio.toFixed(2)}× the expectation: within ${AB_STOP_BAND[0]}×–${AB_STOP_BAND[1]}× ${mark(inside)} (one run is one draw of a random stopping time)`,
      },
      note: `verdict ${ab.verdict}; ${ratio.toFixed(2)}× the expectation, band ${AB_STOP_BAND[0]}×–${AB_STOP_BAND[1]}× ${mark(inside)} (one run is one draw of a random stopping time)`,
    },
  ];
}

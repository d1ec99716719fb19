/**
 * Ratings of a field (`koth replay <game> --ratings`) at the scale of a sharded run: a dice
 * replay plays millions of games, so no game is kept. The Bradley–Terry MM fit
 * (bradley-terry.ts) needs only the pairwise scores summed over the games, so every shard sums
 * them into score matrices as it plays, and the fit runs on the merged sums.
 *
 * A game's result, as the fit reads it, is "these rows (bots) took part, these of them won":
 * each winner scores 1 against each loser, tied winners 0.5 against each other, losers nothing
 * among themselves (the Camel Up 2026 leaderboard's convention; a two-player draw is two tied
 * winners: 0.5 each). Each game decides who its winners are (the game's README says).
 *
 * Intervals: a BLOCK bootstrap. The games of a shard are cut, in the order they are played, into
 * blocks of `block` games (the last block of a shard may be shorter; a block never spans two
 * shards); each block keeps its own matrix. A resample draws as many blocks as there are, with
 * replacement, from a seeded core generator, sums them, and refits; the percentile intervals
 * and neighbours' flip shares are those of bootstrapRatings. Blocks, not games, are resampled
 * (games inside a block are not kept apart); with blocks of many games this is the bootstrap
 * of block means, which also covers any dependence between games of one block (a shard's games
 * share one generator stream). The blocks depend only on the seed, the games and the shard
 * size — never on --workers or the queue — and are merged in shard order, so the ratings and
 * their intervals are the same for any number of workers and after --checkpoint resumes.
 *
 * Doubled scores are stored (whole numbers: a checkpoint holds only counts).
 */
import type { Rng } from '../rng/rng.ts';
import { CONVERGED_TOLERANCE, fitScoreMatrix, oneSidedBounds, summariseResamples, type BootstrapResult, type OneSidedBound } from './bradley-terry.ts';
import { complementOf } from './intervals.ts';

/** What a run with ratings adds to its options. */
export interface RatingsOptions {
  /** Trials (games; gun-duel: tournaments) per bootstrap block. */
  block: number;
}

/**
 * One block's sums: its trials (the runner's unit: a game, or a whole tournament of many rated
 * games in gun-duel), its rated games, each row's games played, and twice the score of a over b
 * at [a * n + b].
 */
export interface RatingBlock {
  trials: number;
  games: number;
  played: number[];
  doubled: number[];
}

/** What a run with ratings accumulates beside the game's own statistics. */
export interface RatingsAcc {
  /** The rated rows (bots), in the game's row order. */
  names: string[];
  /** In shard order, then play order. */
  blocks: RatingBlock[];
}

/** Blocks to aim at: enough for a percentile interval, few enough to resample fast. */
export const TARGET_BLOCKS = 64;

/** The block size of a run of `trials` games: about TARGET_BLOCKS blocks (more when shards are smaller than a block). */
export function ratingsBlockSize(trials: number): number {
  return Math.max(1, Math.ceil(trials / TARGET_BLOCKS));
}

export function emptyRatings(names: readonly string[]): RatingsAcc {
  return { names: [...names], blocks: [] };
}

export function mergeRatings(a: RatingsAcc, b: RatingsAcc): RatingsAcc {
  if (a.names.join('\u0000') !== b.names.join('\u0000')) throw new Error('mergeRatings: ratings over different bot lists');
  return { names: a.names, blocks: [...a.blocks, ...b.blocks] };
}

/** The matrices summed over all blocks. */
export function sumBlocks(acc: RatingsAcc, weights?: ArrayLike<number>): { games: number; played: number[]; doubled: number[] } {
  const n = acc.names.length;
  const played = new Array<number>(n).fill(0);
  const doubled = new Array<number>(n * n).fill(0);
  let games = 0;
  acc.blocks.forEach((b, k) => {
    const c = weights ? weights[k]! : 1;
    if (!c) return;
    games += c * b.games;
    for (let i = 0; i < n; i++) played[i]! += c * b.played[i]!;
    for (let i = 0; i < n * n; i++) doubled[i]! += c * b.doubled[i]!;
  });
  return { games, played, doubled };
}

/**
 * What cannot be true of a ratings accumulator read back (a checkpoint, a queue shard): blocks
 * of the wrong size, more games than `games` (the run's count), scores that no games can give.
 * [] when nothing.
 */
export function ratingsProblems(acc: RatingsAcc, names: readonly string[], block: number, games: number): string[] {
  const n = names.length;
  if (acc.names.length !== n || acc.names.some((x, i) => x !== names[i])) return ['results.ratings.names are not this run\'s bots'];
  const out: string[] = [];
  let total = 0;
  acc.blocks.forEach((b, k) => {
    const whole = (x: unknown) => typeof x === 'number' && Number.isSafeInteger(x) && x >= 0;
    if (!b || typeof b !== 'object' || !whole(b.trials) || b.trials < 1 || b.trials > block || !whole(b.games) || !Array.isArray(b.played) || b.played.length !== n || !b.played.every(whole) || !Array.isArray(b.doubled) || b.doubled.length !== n * n || !b.doubled.every(whole)) {
      out.push(`results.ratings.blocks[${k}] is not a block of 1..${block} trials over ${n} bots`);
      return;
    }
    total += b.trials;
    // A game gives each of its players at most 2 (doubled) against each other player.
    for (let i = 0; i < n; i++) {
      if (b.played[i]! > b.games) out.push(`results.ratings.blocks[${k}]: ${names[i]} played ${b.played[i]} of ${b.games} games`);
      for (let j = 0; j < n; j++) {
        const both = b.doubled[i * n + j]! + b.doubled[j * n + i]!;
        if (both > 2 * Math.min(b.played[i]!, b.played[j]!)) out.push(`results.ratings.blocks[${k}]: ${names[i]} and ${names[j]} scored ${both / 2} against each other in at most ${Math.min(b.played[i]!, b.played[j]!)} games`);
      }
    }
  });
  if (total !== games) out.push(`results.ratings has ${total} trials, not ${games}`);
  return out.slice(0, 5);
}

/** Sums the rated games of one shard into blocks of `block` games. */
export class RatingsRecorder {
  readonly acc: RatingsAcc;
  private cur: RatingBlock | undefined;
  private readonly n: number;

  constructor(
    names: readonly string[],
    private readonly block: number,
  ) {
    this.acc = emptyRatings(names);
    this.n = names.length;
  }

  private open(): RatingBlock {
    const n = this.n;
    let b = this.cur;
    if (!b || b.trials === this.block) {
      b = this.cur = { trials: 0, games: 0, played: new Array<number>(n).fill(0), doubled: new Array<number>(n * n).fill(0) };
      this.acc.blocks.push(b);
    }
    return b;
  }

  /** The end of a trial whose games were recorded with `endsTrial` false (a gun-duel tournament). */
  endTrial(): void {
    this.open().trials++;
  }

  /**
   * One game: `rows[seat]` the row index of the bot in that seat, `won(seat)` whether it won.
   * `endsTrial` (default): the game is a whole trial (dice, camel-up); false: more games of
   * the trial follow, and endTrial() closes it.
   */
  game(rows: ArrayLike<number>, won: (seat: number) => boolean, endsTrial = true): void {
    const n = this.n;
    const b = this.open();
    b.games++;
    if (endsTrial) b.trials++;
    const k = rows.length;
    for (let i = 0; i < k; i++) {
      const r = rows[i]!;
      if (!(r >= 0 && r < n)) throw new RangeError(`a rated game's seat ${i} holds row ${r}, outside the ${n} bots`);
      b.played[r]!++;
    }
    for (let i = 0; i < k; i++) {
      if (!won(i)) continue;
      const a = rows[i]!;
      for (let j = 0; j < k; j++) {
        if (j === i) continue;
        const c = rows[j]!;
        b.doubled[a * n + c]! += won(j) ? 1 : 2;
      }
    }
  }
}

let active: RatingsRecorder | undefined;

/**
 * The recorder of the shard being played, when the run rates its bots (the runner's withRatings
 * sets it around the game's own `run`, which is synchronous); undefined otherwise. A game's
 * controller hands it each finished game.
 */
export function ratingsRecorder(): RatingsRecorder | undefined {
  return active;
}

/** Runs `fn` (synchronous) with `rec` as ratingsRecorder(); the previous recorder again after it. */
export function recording<T>(rec: RatingsRecorder, fn: () => T): T {
  const prev = active;
  active = rec;
  try {
    return fn();
  } finally {
    active = prev;
  }
}

export interface BlockBootstrapOptions {
  resamples?: number;
  confidence?: number;
  rng: Rng;
}

/**
 * The fit on all the blocks (to convergence), a block bootstrap (see the file's comment) for
 * intervals and neighbours' order, and the one-sided bounds of the bots that never won or never
 * lost (bradley-terry.ts OneSidedBound: their interval is the bound, at the interval's tail
 * (1 − confidence) / 2; two such bots on the same side are never "settled" against each other).
 */
export function blockBootstrap(acc: RatingsAcc, opts: BlockBootstrapOptions): BootstrapResult & { blocks: number; games: number; bounds: Map<string, OneSidedBound> } {
  const resamples = opts.resamples ?? 1000;
  const confidence = opts.confidence ?? 0.95;
  if (!Number.isInteger(resamples) || resamples < 1) throw new RangeError(`resamples must be a whole number >= 1, got ${resamples}`);
  if (!(confidence > 0 && confidence < 1)) throw new RangeError(`confidence must be in (0, 1), got ${confidence}`);
  const all = sumBlocks(acc);
  const fit = fitScoreMatrix(acc.names, all.doubled, all.played, { iterations: 'converged' });
  // Each resample's Newton steps start from the fit on everything (a few steps away).
  const start = new Map([...fit].map(([name, r]) => [name, r.strength]));
  const names = [...fit.keys()];
  const col = new Map(names.map((x, i) => [x, i]));
  const m = acc.blocks.length;
  const samples = new Float64Array(resamples * names.length).fill(NaN);
  const weights = new Array<number>(m);
  for (let b = 0; b < resamples && m > 0; b++) {
    weights.fill(0);
    for (let k = 0; k < m; k++) weights[opts.rng.randbelow(m)]!++;
    const s = sumBlocks(acc, weights);
    for (const [name, r] of fitScoreMatrix(acc.names, s.doubled, s.played, { iterations: 'converged', start })) samples[b * names.length + col.get(name)!] = r.elo;
  }
  const summary = summariseResamples(fit, samples, resamples, confidence, m);
  const bounds = oneSidedBounds(acc.names, all.doubled, fit, complementOf(confidence) / 2);
  for (const nb of summary.neighbours) {
    const [a, b] = [bounds.get(nb.higher), bounds.get(nb.lower)];
    if (a && b && a.side === b.side) nb.significant = false; // both fits are the anchor's, not the data's
  }
  return { ...summary, blocks: m, games: all.games, bounds };
}

/**
 * A bot's rating in the JSON report: the fit and its percentile interval; for a bot that never won
 * (never lost) `oneSided` with its bound, which is `high` (`low`), the other end null (no bound:
 * the data give none) — its `elo` is the fit's, held by the anchor's half game, not the data's.
 */
export interface ReportedRating {
  elo: number;
  low: number | null;
  high: number | null;
  oneSided?: { side: 'upper' | 'lower'; why: 'never won' | 'never lost'; bound: number; comparisons: number; tail: number };
}

/** What the JSON report carries: `ratings` by bot and the neighbours' order, and how they were made. */
export interface RatingsReport {
  ratings: Record<string, ReportedRating>;
  neighbours: { higher: string; lower: string; flipShare: number; significant: boolean }[];
  ratingsFit: { model: string; games: number; blocks: number; blockTrials: number; resamples: number; confidence: number; seed: string };
}

export function ratingsReport(r: ReturnType<typeof blockBootstrap>, blockTrials: number, seed: string): RatingsReport {
  return {
    ratings: Object.fromEntries(
      r.ratings.map((x): [string, ReportedRating] => {
        const b = r.bounds.get(x.name);
        if (!b) return [x.name, { elo: x.elo, low: x.low, high: x.high }];
        const oneSided = { side: b.side, why: b.side === 'upper' ? ('never won' as const) : ('never lost' as const), bound: b.elo, comparisons: b.comparisons, tail: b.tail };
        return [x.name, b.side === 'upper' ? { elo: x.elo, low: null, high: b.elo, oneSided } : { elo: x.elo, low: b.elo, high: null, oneSided }];
      }),
    ),
    neighbours: r.neighbours.map(({ higher, lower, flipShare, significant }) => ({ higher, lower, flipShare, significant })),
    ratingsFit: {
      model: `Bradley–Terry fitted to convergence (Newton steps until none moves an Elo by more than ${CONVERGED_TOLERANCE.toExponential()}; not the 2026 leaderboard's 100 MM steps), anchor Elo 1500, winners beat losers, tied winners 0.5 each; block bootstrap over blocks of games; a bot that never won (never lost) has a one-sided bound instead of an interval`,
      games: r.games,
      blocks: r.blocks,
      blockTrials,
      resamples: r.resamples,
      confidence: r.confidence,
      seed,
    },
  };
}

/** Rated names of a pool that may name a bot twice: the second entry is "Name#2", the third "Name#3" (the ratings are keyed by name). */
export function ratedNames(pool: readonly string[]): string[] {
  const seen = new Map<string, number>();
  return pool.map((n) => {
    const k = (seen.get(n) ?? 0) + 1;
    seen.set(n, k);
    return k === 1 ? n : `${n}#${k}`;
  });
}

/**
 * Ratings of a run that is one sequential stream, not sharded trials (ruins' tournament): runs
 * `fn` with a recorder over `names` active (blocks of `block` games), returns its result and the sums.
 */
export function recordRatings<T>(names: readonly string[], block: number, fn: () => T): [T, RatingsAcc] {
  const rec = new RatingsRecorder(names, block);
  return [recording(rec, fn), rec.acc];
}

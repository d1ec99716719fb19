/**
 * Bradley–Terry ratings of multi-player games on the Elo scale, as the Camel Up Cup 2026
 * leaderboard computes them (trbarron/Camel_Up_Cup_2K18 at 2dbad1c, lambda/handler.py
 * `_fit_elo`), for any game whose result is "these participants, these winners":
 *
 *  - winner-take-all pairs: each winner beats each loser (score 1 to 0); tied winners score
 *    0.5 each against each other; losers exchange nothing among themselves;
 *  - every rated player also plays a virtual 0.5 / 0.5 against an anchor of strength 1
 *    (which keeps undefeated and winless players finite and fixes the scale);
 *  - the strengths p are fitted by the MM (minorize–maximize) iteration, all players updated
 *    at once from the previous strengths (simultaneous, not Gauss–Seidel), a fixed 100 times,
 *    from p = 1: p ← W / Σ_q n_pq / (p + p_q), with W the player's total score (anchor
 *    included) and n_pq the games' pairwise scores between p and q both ways; p = 1 when the
 *    sum is 0;
 *  - Elo = 1500 + 400 · log10 p (the anchor is Elo 1500).
 *
 * The operations are _fit_elo's, in its order, with one exception that does not matter beyond
 * the last bits: Python sums the denominators over its players in the iteration order of a set
 * of str (it depends on PYTHONHASHSEED); here the players are in order of first appearance and
 * the anchor last. The scores are sums of halves, exact in either order. (CPython ≥ 3.12 also
 * sums floats with compensation.) _fit_elo rounds its answer to 0.1; `elo` here is unrounded.
 *
 * Beyond the leaderboard: `bootstrapRatings` resamples the games with replacement (from a
 * seeded core generator), refits, and gives each rating a percentile interval and each pair of
 * neighbours in the ranking the share of resamples in which their order flips (no order is
 * claimed from fewer than MIN_BOOTSTRAP_UNITS games). `iterations: 'converged'` fits the same
 * model to its maximum (Newton's method; `--ratings` uses it: the leaderboard's 100 MM steps stop
 * far from it on many games), and `oneSidedBounds` bounds the players the data bound on one side
 * only (never won, never lost).
 */
import type { Rng } from '../rng/rng.ts';
import { complementOf } from './intervals.ts';

/** One game: who took part (a seat each; a name may take several seats) and which seats won (indices into `participants`). */
export interface RatedGame {
  participants: readonly string[];
  winners: readonly number[];
}

/** A game from each seat's score, as _fit_elo reads run_game's game log: the seats holding the maximum win. */
export function gameFromScores(entries: readonly (readonly [string, number])[]): RatedGame {
  if (!entries.length) throw new RangeError('gameFromScores: a game needs at least one participant');
  const best = Math.max(...entries.map((e) => e[1]));
  return { participants: entries.map((e) => e[0]), winners: entries.flatMap((e, i) => (e[1] === best ? [i] : [])) };
}

export interface BradleyTerryOptions {
  /**
   * MM iterations (default 100, as _fit_elo: the 2026 leaderboard's model, which stops there), or
   * 'converged': the fit's own maximum — Newton steps until none moves an Elo by more than
   * CONVERGED_TOLERANCE (the MM iteration crawls there: on 25,000 dice games 100 steps leave
   * every bot 62 Elo low, and 100,000 steps still 0.35 off).
   */
  iterations?: number | 'converged';
  /** 'converged' only: the strengths to start from, by name (a bootstrap resample starts at the fit on everything). */
  start?: ReadonlyMap<string, number>;
}

/** 'converged' stops when a Newton step moves no Elo by more than this. */
export const CONVERGED_TOLERANCE = 1e-6;

export interface BradleyTerryRating {
  /** Fitted strength (the anchor has 1). */
  strength: number;
  /** 1500 + 400 · log10(strength), unrounded. */
  elo: number;
}

export const BT_ITERATIONS = 100;
export const ELO_BASE = 1500;
export const ELO_SCALE = 400;

const eloOf = (p: number) => ELO_BASE + ELO_SCALE * Math.log10(p);

/**
 * The fit (see the file's comment). Returns the rated players in order of first appearance;
 * an empty map for no games. Throws on a winner index outside its game.
 */
export function fitBradleyTerry(games: readonly RatedGame[], opts: BradleyTerryOptions = {}): Map<string, BradleyTerryRating> {
  const index = new Map<string, number>();
  for (const g of games) for (const n of g.participants) if (!index.has(n)) index.set(n, index.size);
  const n = index.size;
  const out = new Map<string, BradleyTerryRating>();
  if (!n) return out;
  const size = n + 1; // the anchor is index n
  // w[a * size + b]: pairwise score of a over b (a name seated twice can score against itself, as in _fit_elo).
  const w = new Float64Array(size * size);
  for (const g of games) addGame(w, size, index, g);
  const ps = solve(w, [...index.keys()], opts);
  for (const [name, p] of index) out.set(name, { strength: ps[p]!, elo: eloOf(ps[p]!) });
  return out;
}

/**
 * The fit of a score matrix `w` of the players `names` (n of them) and the anchor (index n, size
 * n + 1; w[a * size + b] the score of a over b), the anchor's virtual games not yet in it (they
 * are added here, in place): the MM iteration, or Newton's method to convergence. Returns the
 * strengths (the anchor's is 1).
 */
function solve(w: Float64Array, names: readonly string[], opts: BradleyTerryOptions): Float64Array {
  const n = names.length;
  const size = n + 1;
  for (let p = 0; p < n; p++) {
    w[p * size + n]! += 0.5;
    w[n * size + p]! += 0.5;
  }
  const iterations = opts.iterations ?? BT_ITERATIONS;
  if (iterations === 'converged') return newtonFit(w, n, names.map((x) => opts.start?.get(x) ?? 1));
  return mmFit(w, n, iterations);
}

/** The MM iteration of fitBradleyTerry (the anchor's games already in `w`). */
function mmFit(w: Float64Array, n: number, iterations: number): Float64Array {
  const size = n + 1;
  const total = new Float64Array(size);
  for (let p = 0; p < n; p++) {
    let s = 0;
    for (let q = 0; q < size; q++) s += w[p * size + q]!;
    total[p] = s;
  }
  let ps = new Float64Array(size).fill(1);
  for (let it = 0; it < iterations; it++) {
    const next = new Float64Array(size);
    for (let p = 0; p < n; p++) {
      let denom = 0;
      for (let q = 0; q < size; q++) {
        if (q === p) continue;
        denom += (w[p * size + q]! + w[q * size + p]!) / (ps[p]! + ps[q]!);
      }
      next[p] = denom > 0 ? total[p]! / denom : 1;
    }
    next[n] = 1; // the anchor: Elo 1500
    ps = next;
  }
  return ps;
}

/**
 * The maximum of the fit's likelihood (the anchor's games already in `w`): the point where every
 * player's score W (anchor included) equals Σ_q n_pq·p/(p + p_q) — MM's fixed point, which MM
 * approaches only slowly when the anchor's half games are few beside the real ones. Newton's
 * method on θ = ln p (the log-likelihood Σ W_p θ_p − Σ_{p<q} n_pq ln(e^θp + e^θq) is concave;
 * its negated Hessian, diagonally dominant through the anchor, is positive definite: a Cholesky
 * solve), each step halved until the likelihood rises; it stops when a step moves no Elo by more
 * than CONVERGED_TOLERANCE (the steps shrink quadratically: the one after would be far smaller),
 * when no step raises the likelihood any more (rounding), or after 200 steps.
 */
function newtonFit(w: Float64Array, n: number, start: readonly number[]): Float64Array {
  const size = n + 1;
  const theta = new Float64Array(size);
  for (let p = 0; p < n; p++) theta[p] = Math.log(start[p]! > 0 && Number.isFinite(start[p]!) ? start[p]! : 1);
  // nn[p * size + q] = n_pq (games between p and q both ways; p ≠ q), score[p] = W_p (self-scores included, as MM's W).
  const nn = new Float64Array(size * size);
  const score = new Float64Array(size);
  for (let p = 0; p < size; p++) {
    for (let q = 0; q < size; q++) {
      score[p]! += w[p * size + q]!;
      if (q !== p) nn[p * size + q] = w[p * size + q]! + w[q * size + p]!;
    }
  }
  const loglik = (t: Float64Array): number => {
    let l = 0;
    for (let p = 0; p < n; p++) l += score[p]! * t[p]!;
    for (let p = 0; p < size; p++) {
      for (let q = p + 1; q < size; q++) {
        const c = nn[p * size + q]!;
        if (!c) continue;
        const hi = Math.max(t[p]!, t[q]!);
        l -= c * (hi + Math.log1p(Math.exp(-Math.abs(t[p]! - t[q]!))));
      }
    }
    return l;
  };
  const grad = new Float64Array(n);
  const hess = new Float64Array(n * n); // −Hessian, then its Cholesky factor (lower)
  const step = new Float64Array(n);
  const trial = new Float64Array(size);
  let current = loglik(theta);
  const tolerance = (CONVERGED_TOLERANCE * Math.LN10) / ELO_SCALE;
  for (let it = 0; it < 200; it++) {
    hess.fill(0);
    for (let p = 0; p < n; p++) {
      let g = score[p]!;
      for (let q = 0; q < size; q++) {
        const c = nn[p * size + q]!;
        if (!c) continue;
        const pq = 1 / (1 + Math.exp(theta[q]! - theta[p]!)); // P(p beats q)
        g -= c * pq;
        const h = c * pq * (1 - pq);
        hess[p * n + p]! += h;
        if (q < n) hess[p * n + q]! -= h;
      }
      grad[p] = g;
    }
    choleskySolve(hess, n, grad, step);
    let biggest = 0;
    let rise = 0; // the rise of the quadratic model: g·step / 2
    for (let p = 0; p < n; p++) {
      biggest = Math.max(biggest, Math.abs(step[p]!));
      rise += (grad[p]! * step[p]!) / 2;
    }
    if (!(biggest > tolerance)) break;
    if (rise < 1e-12 * (1 + Math.abs(current))) {
      // Near the maximum the likelihood's rise is below its rounding: the full step, as Newton's method takes it there.
      for (let p = 0; p < n; p++) theta[p]! += step[p]!;
      current = loglik(theta);
      continue;
    }
    let scale = 1;
    let moved = false;
    for (let half = 0; half < 60 && !moved; half++, scale /= 2) {
      for (let p = 0; p < n; p++) trial[p] = theta[p]! + scale * step[p]!;
      const l = loglik(trial);
      if (l >= current) {
        current = l;
        theta.set(trial.subarray(0, n));
        moved = true;
      }
    }
    if (!moved) break; // no step raises the likelihood: at its maximum to rounding
  }
  const ps = new Float64Array(size);
  for (let p = 0; p < n; p++) ps[p] = Math.exp(theta[p]!);
  ps[n] = 1;
  return ps;
}

/** Solves A x = b for a symmetric positive definite n×n `a` (overwritten by its Cholesky factor). */
function choleskySolve(a: Float64Array, n: number, b: Float64Array, x: Float64Array): void {
  for (let j = 0; j < n; j++) {
    const rj = j * n;
    let d = a[rj + j]!;
    for (let k = 0; k < j; k++) d -= a[rj + k]! ** 2;
    const l = Math.sqrt(d);
    a[rj + j] = l;
    // Four rows at a time: each row's sum still runs over k in order, the same operations as one
    // row at a time (the same bits), with row j's element read once for the four (2.3× faster at n = 200).
    let i = j + 1;
    for (; i + 3 < n; i += 4) {
      const r0 = i * n;
      const r1 = r0 + n;
      const r2 = r1 + n;
      const r3 = r2 + n;
      let v0 = a[r0 + j]!;
      let v1 = a[r1 + j]!;
      let v2 = a[r2 + j]!;
      let v3 = a[r3 + j]!;
      for (let k = 0; k < j; k++) {
        const y = a[rj + k]!;
        v0 -= a[r0 + k]! * y;
        v1 -= a[r1 + k]! * y;
        v2 -= a[r2 + k]! * y;
        v3 -= a[r3 + k]! * y;
      }
      a[r0 + j] = v0 / l;
      a[r1 + j] = v1 / l;
      a[r2 + j] = v2 / l;
      a[r3 + j] = v3 / l;
    }
    for (; i < n; i++) {
      const r = i * n;
      let v = a[r + j]!;
      for (let k = 0; k < j; k++) v -= a[r + k]! * a[rj + k]!;
      a[r + j] = v / l;
    }
  }
  for (let i = 0; i < n; i++) {
    let v = b[i]!;
    for (let k = 0; k < i; k++) v -= a[i * n + k]! * x[k]!;
    x[i] = v / a[i * n + i]!;
  }
  for (let i = n - 1; i >= 0; i--) {
    let v = x[i]!;
    for (let k = i + 1; k < n; k++) v -= a[k * n + i]! * x[k]!;
    x[i] = v / a[i * n + i]!;
  }
}

/**
 * The same fit from pairwise scores already summed (what a sharded run accumulates instead of
 * its games): `names` the players in the order the sums go over them, `doubled[a * names.length + b]`
 * twice the score of a over b (whole numbers: scores are halves), `rated[a]` whether a took part
 * in a game at all (those who did not get no rating, as a name absent from the game list).
 * With the names in order of first appearance it is fitBradleyTerry on the games summed, to the
 * last bit (the same sums in the same order); in another order equal up to rounding.
 */
export function fitScoreMatrix(names: readonly string[], doubled: ArrayLike<number>, rated: ArrayLike<boolean | number>, opts: BradleyTerryOptions = {}): Map<string, BradleyTerryRating> {
  const m = names.length;
  if (doubled.length !== m * m || rated.length !== m) throw new RangeError(`fitScoreMatrix: ${m} names need a ${m}×${m} matrix and ${m} flags`);
  const keep = names.flatMap((_, i) => (rated[i] ? [i] : []));
  const n = keep.length;
  const out = new Map<string, BradleyTerryRating>();
  if (!n) return out;
  const size = n + 1;
  const w = new Float64Array(size * size);
  for (let a = 0; a < n; a++) for (let b = 0; b < n; b++) w[a * size + b] = doubled[keep[a]! * m + keep[b]!]! / 2;
  const ps = solve(w, keep.map((i) => names[i]!), opts);
  keep.forEach((i, p) => out.set(names[i]!, { strength: ps[p]!, elo: eloOf(ps[p]!) }));
  return out;
}

function addGame(w: Float64Array, size: number, index: Map<string, number>, g: RatedGame): void {
  const won = new Set(g.winners);
  for (const i of won) if (!Number.isInteger(i) || i < 0 || i >= g.participants.length) throw new RangeError(`a winner index ${i} outside the game's ${g.participants.length} participants`);
  const seat = (i: number) => index.get(g.participants[i]!)!;
  const winners = g.participants.flatMap((_, i) => (won.has(i) ? [seat(i)] : []));
  const losers = g.participants.flatMap((_, i) => (won.has(i) ? [] : [seat(i)]));
  for (let i = 0; i < winners.length; i++) {
    const a = winners[i]!;
    for (let j = i + 1; j < winners.length; j++) {
      const b = winners[j]!;
      w[a * size + b]! += 0.5;
      w[b * size + a]! += 0.5;
    }
    for (const b of losers) w[a * size + b]! += 1;
  }
}

/**
 * A one-sided bound of a player the data bound on one side only: one that never won a comparison
 * (scored 0 against everyone it met) has no finite maximum-likelihood Elo — its fit is held up only
 * by the anchor's virtual half game and falls as games are added — so the data give an upper
 * bound and no lower one; one that never lost, a lower bound. The bound is the Elo at which that
 * record (no win, or no loss, in its comparisons, the model's independent pairwise outcomes
 * against the others at their fitted strengths, the anchor left out) has the chance `tail`: the
 * "rule of three" of a proportion with no success, for ratings.
 */
export interface OneSidedBound {
  side: 'upper' | 'lower';
  /** The bound (Elo). */
  elo: number;
  /** The player's comparisons (pairwise meetings with a winner or a loser: losers among themselves do not meet). */
  comparisons: number;
  /** The chance of the record at the bound. */
  tail: number;
}

/**
 * The one-sided bounds of a fit from pairwise scores (fitScoreMatrix's `names`, `doubled`,
 * `rated`; `fit` its result): for every rated player that never won or never lost a comparison.
 */
export function oneSidedBounds(names: readonly string[], doubled: ArrayLike<number>, fit: ReadonlyMap<string, BradleyTerryRating>, tail: number): Map<string, OneSidedBound> {
  if (!(tail > 0 && tail < 1)) throw new RangeError(`tail must be in (0, 1), got ${tail}`);
  const m = names.length;
  const out = new Map<string, OneSidedBound>();
  const target = -Math.log(tail);
  for (let a = 0; a < m; a++) {
    if (!fit.has(names[a]!)) continue;
    let won = 0;
    let comparisons = 0;
    const meets: Array<[games: number, strength: number]> = [];
    for (let b = 0; b < m; b++) {
      if (b === a || !fit.has(names[b]!)) continue;
      const games = (doubled[a * m + b]! + doubled[b * m + a]!) / 2;
      if (!games) continue;
      won += doubled[a * m + b]! / 2;
      comparisons += games;
      meets.push([games, fit.get(names[b]!)!.strength]);
    }
    if (!comparisons || (won > 0 && won < comparisons)) continue;
    const side = won === 0 ? 'upper' : 'lower';
    // −ln P(record | ln p = x): Σ games·ln(1 + p/p_q) for no win (rising in x), Σ games·ln(1 + p_q/p) for no loss (falling); bisection on x.
    const cost = (x: number) => meets.reduce((t, [g, q]) => t + g * Math.log1p(side === 'upper' ? Math.exp(x) / q : q / Math.exp(x)), 0);
    let lo = -1000;
    let hi = 1000;
    for (let i = 0; i < 200 && hi - lo > 1e-12; i++) {
      const mid = (lo + hi) / 2;
      if ((cost(mid) < target) === (side === 'upper')) lo = mid;
      else hi = mid;
    }
    out.set(names[a]!, { side, elo: ELO_BASE + (ELO_SCALE * (lo + hi)) / 2 / Math.LN10, comparisons, tail });
  }
  return out;
}

export interface BootstrapOptions extends BradleyTerryOptions {
  /** Resamples of the games (default 1000). */
  resamples?: number;
  /** Level of each interval and of the neighbour test, in (0, 1) (default 0.95). */
  confidence?: number;
  /** The generator drawing the resamples (a seeded core generator: the result is a function of it). */
  rng: Rng;
}

export interface RatingInterval {
  name: string;
  /** The fit on all the games. */
  elo: number;
  strength: number;
  /** Percentile interval of the resampled Elos (type 7 quantiles at (1−c)/2 and (1+c)/2). */
  low: number;
  high: number;
  /** Resamples in which the player took part (an absent player has no rating there). */
  resamples: number;
}

export interface NeighbourOrder {
  /** Higher and lower rated of two neighbours in the ranking by `elo`. */
  higher: string;
  lower: string;
  /** Resamples holding both, and those in which the lower one rated at least as high. */
  compared: number;
  flips: number;
  /** flips / compared (1 when nothing was compared). */
  flipShare: number;
  /** flipShare < (1 − confidence) / 2: zero lies outside the percentile interval of their difference (never from fewer than MIN_BOOTSTRAP_UNITS games or blocks). */
  significant: boolean;
}

export interface BootstrapResult {
  resamples: number;
  confidence: number;
  /** The units resampled (games, or blocks of games): below MIN_BOOTSTRAP_UNITS no order is claimed. */
  units: number;
  /** Highest Elo first (equal Elos: first appearance first). */
  ratings: RatingInterval[];
  /** ratings[i] against ratings[i + 1]. */
  neighbours: NeighbourOrder[];
}

/**
 * The fewest units (games, or blocks of games) a bootstrap claims an order from: with fewer, the
 * resamples are few distinct draws of the same handful (one game: every resample is that game —
 * zero-width intervals and no flip ever), so "flips in fewer than (1 − c)/2" says nothing. The
 * intervals are still given, with the warning `--ratings` has always printed below 10 blocks.
 */
export const MIN_BOOTSTRAP_UNITS = 10;

/** The type-7 quantile (linear between order statistics; R's and numpy's default) of sorted values. */
export function quantileSorted(sorted: readonly number[], q: number): number {
  if (!sorted.length) return NaN;
  const h = (sorted.length - 1) * q;
  const lo = Math.floor(h);
  const hi = Math.min(lo + 1, sorted.length - 1);
  return sorted[lo]! + (h - lo) * (sorted[hi]! - sorted[lo]!);
}

/**
 * Bootstrap over games: `resamples` times, draw as many games as there are, with replacement
 * (index = rng.randbelow(games)), refit, and collect each player's Elo. The intervals are
 * percentile intervals; two neighbours' order is significant when it flips (the lower one
 * rates at least as high) in fewer than (1 − confidence) / 2 of the resamples holding both —
 * a two-sided bootstrap test at level 1 − confidence, one pair at a time (no correction for the
 * several pairs of a table).
 */
export function bootstrapRatings(games: readonly RatedGame[], opts: BootstrapOptions): BootstrapResult {
  const resamples = opts.resamples ?? 1000;
  const confidence = opts.confidence ?? 0.95;
  if (!Number.isInteger(resamples) || resamples < 1) throw new RangeError(`resamples must be a whole number >= 1, got ${resamples}`);
  if (!(confidence > 0 && confidence < 1)) throw new RangeError(`confidence must be in (0, 1), got ${confidence}`);
  const fit = fitBradleyTerry(games, opts);
  const names = [...fit.keys()];
  const col = new Map(names.map((n, i) => [n, i]));
  // samples[b * names + i]: player i's Elo in resample b (NaN: absent).
  const samples = new Float64Array(resamples * names.length).fill(NaN);
  const draw: RatedGame[] = new Array(games.length);
  for (let b = 0; b < resamples; b++) {
    for (let k = 0; k < games.length; k++) draw[k] = games[opts.rng.randbelow(games.length)]!;
    for (const [name, r] of fitBradleyTerry(draw, opts)) samples[b * names.length + col.get(name)!] = r.elo;
  }
  return summariseResamples(fit, samples, resamples, confidence, games.length);
}

/**
 * Intervals and neighbours' order from resampled fits (bootstrapRatings' closing part, shared
 * with the block bootstrap of sharded runs, engines/core/stats/pairwise.ts): `fit` the fit on
 * everything, `samples[b * fit.size + i]` the i-th player's (in fit's order) Elo in resample b,
 * NaN when absent there.
 */
export function summariseResamples(fit: Map<string, BradleyTerryRating>, samples: Float64Array, resamples: number, confidence: number, units: number): BootstrapResult {
  const names = [...fit.keys()];
  // 1 − 0.99 is 0.010000000000000009 in doubles: with the level's own digits, "fewer than 0.5%" means it.
  const alpha = complementOf(confidence);
  const ratings: RatingInterval[] = names.map((name, i) => {
    const xs: number[] = [];
    for (let b = 0; b < resamples; b++) {
      const x = samples[b * names.length + i]!;
      if (!Number.isNaN(x)) xs.push(x);
    }
    xs.sort((x, y) => x - y);
    const r = fit.get(name)!;
    return { name, elo: r.elo, strength: r.strength, low: quantileSorted(xs, alpha / 2), high: quantileSorted(xs, 1 - alpha / 2), resamples: xs.length };
  });
  const order = ratings.map((r, i) => ({ r, i })).sort((x, y) => y.r.elo - x.r.elo || x.i - y.i);
  const neighbours: NeighbourOrder[] = [];
  for (let k = 0; k + 1 < order.length; k++) {
    const hi = order[k]!.i;
    const lo = order[k + 1]!.i;
    let compared = 0;
    let flips = 0;
    for (let b = 0; b < resamples; b++) {
      const x = samples[b * names.length + hi]!;
      const y = samples[b * names.length + lo]!;
      if (Number.isNaN(x) || Number.isNaN(y)) continue;
      compared++;
      if (y >= x) flips++;
    }
    const flipShare = compared ? flips / compared : 1;
    neighbours.push({ higher: names[hi]!, lower: names[lo]!, compared, flips, flipShare, significant: units >= MIN_BOOTSTRAP_UNITS && flipShare < alpha / 2 });
  }
  return { resamples, confidence, units, ratings: order.map((o) => o.r), neighbours };
}

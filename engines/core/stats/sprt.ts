/**
 * Sequential probability ratio test (SPRT) and paired-score statistics for A/B runs
 * (`koth ab`): a candidate A and a baseline B play pairs of games that differ only by A↔B.
 *
 * A pair's outcome is x = (1 + a − b) / 2 in [0, 1], a and b the candidate's and the baseline's
 * results in the pair's two games (each in [0, 1]: 1 a win, ½ a draw or a shared win …). With
 * two-player results in {0, ½, 1}, x takes the five pentanomial values 0, ¼, ½, ¾, 1.
 *
 * The model is fishtest's GSPRT (official-stockfish/fishtest, server/fishtest/stats/LLRcalc.py,
 * `LLR_logistic`): under H0 the expected score is L(elo0), under H1 L(elo1), L the logistic Elo
 * curve; each hypothesis's distribution of outcomes is the maximum-likelihood one with that mean
 * (a reweighting of the observed histogram, found by solving the "secular equation"), and the LLR
 * is N × the mean log ratio of the two. Bins with no observation get fishtest's regulariser, a
 * count of 1e-3. Only logistic Elo is offered (not fishtest's normalized Elo, whose scale depends
 * on the measured variance and which `koth ab` does not need).
 *
 * cutechess-cli's trinomial SPRT (projects/lib/src/sprt.cpp) is a different model — BayesElo
 * with a draw Elo estimated from the sample under a Jeffreys prior (+½ per class), elo0/elo1
 * rescaled by the draw Elo — implemented beside as `llrTrinomialBayesElo` for comparison only;
 * its figures are recorded in fixtures/stats/sprt-reference.json.
 *
 * Everything is deterministic: no randomness; histograms are kept sorted by value.
 */
import erfc from '@stdlib/math-base-special-erfc';
import { zFor } from './intervals.ts';

/** A pair's outcome: x = (1 + a − b) / 2 in [0, 1], a and b the candidate's and the baseline's game results in [0, 1]. */
export interface SprtParams {
  elo0: number;
  elo1: number;
  alpha: number;
  beta: number;
}

/** fishtest's regulariser: a bin of the model (or an end point 0 / 1) without observations counts this much. */
export const REGULARIZER = 1e-3;
/** fishtest's Elo clamp (stat_util.elo): scores are kept in [ε, 1 − ε] before conversion, so |Elo| ≤ 1199.83. */
export const SCORE_EPSILON = 1e-3;

/** The smallest error rate the bounds take: 2^−1022, the smallest normal double (below, a rate is subnormal: it has lost digits, and 1/α overflows). */
export const MIN_ERROR_RATE = 2 ** -1022;

function checkProbability(name: string, v: number): void {
  if (!(v > 0 && v < 1)) throw new RangeError(`${name} must be strictly between 0 and 1, got ${v}`);
  if (v < MIN_ERROR_RATE) throw new RangeError(`${name} must be at least ${MIN_ERROR_RATE} (the smallest normal double), got ${v}`);
}

function checkElo(name: string, v: number): void {
  if (!Number.isFinite(v)) throw new RangeError(`${name} must be a finite Elo difference, got ${v}`);
}

/**
 * The largest |Elo| of a hypothesis the model represents: 400·log10(2^1022) ≈ 123,061.06. A
 * hypothesis is its expected pair score s = L(elo) and 1 − s = L(−elo), both kept as doubles (the
 * smaller one computed directly, not as 1 minus the other); beyond this bound the smaller one
 * leaves the normal doubles (losing its precision) and from 123,301.9 it is 0 — "A always wins
 * (loses)", which no regularised histogram can have as its mean: the secular equation has no root.
 * Up to the bound the LLR equals an 80-digit evaluation of the same formula to 1e-9
 * (fixtures/stats/sprt-extreme.json). fishtest's own solver (brentq from 1e-9 inside the poles)
 * stops at |Elo| 2,890, where that margin falls below an ulp of the pole 1/(1 − s) ≥ 2^24.
 */
export const MAX_HYPOTHESIS_ELO = 400 * 1022 * Math.log10(2);
/** The smallest normal double, 2^−1022. */
const MIN_NORMAL = 2 ** -1022;

/** Why elo0 / elo1 are not two hypotheses the model can test (undefined when they are): not finite, not elo0 < elo1, beyond ±MAX_HYPOTHESIS_ELO (the smaller of L(elo), 1 − L(elo) below 2^−1022), or equal as scores. */
export function hypothesisProblem(elo0: number, elo1: number, names: readonly [string, string] = ['elo0', 'elo1']): string | undefined {
  for (const [name, v] of [[names[0], elo0], [names[1], elo1]] as const) {
    if (!Number.isFinite(v)) return `${name} must be a finite Elo difference, got ${v}`;
    if (scoreFromElo(-Math.abs(v)) < MIN_NORMAL) {
      return `${name} ${v} is beyond ±123,061 Elo, the model's range: there the smaller of the expected score L(elo) and 1 − L(elo), 1/(1 + 10^(|elo|/400)), falls below the smallest normal double, and from ±123,302 it is 0 ("always wins", which no regularised histogram of pair outcomes has as its mean); give a difference within ±123,061 (Elo differences that matter are within ±1,000)`;
    }
  }
  if (!(elo0 < elo1)) return `${names[0]} must be below ${names[1]} (got ${elo0} and ${elo1})`;
  const [h0, h1] = [hypothesis(elo0), hypothesis(elo1)];
  if (h0.s === h1.s && h0.t === h1.t) return `${names[0]} ${elo0} and ${names[1]} ${elo1} are the same hypothesis in double precision (the same expected score): move them apart`;
  return undefined;
}

/** A hypothesis: its expected pair score s = L(elo) and t = 1 − s = L(−elo), each to full relative precision. */
interface Hypothesis {
  s: number;
  t: number;
}

function hypothesis(elo: number): Hypothesis {
  return { s: scoreFromElo(elo), t: scoreFromElo(-elo) };
}

/** v − s for a pair outcome v: below ½ directly, above as (v − 1) + t (v − 1 is exact there), so a score near 1 keeps the digits of 1 − s. */
function offset(v: number, h: Hypothesis): number {
  return v <= 0.5 ? v - h.s : v - 1 + h.t;
}

/** Wald's bounds on the LLR: accept H0 at or below ln(β/(1−α)), H1 at or above ln((1−β)/α). */
export function sprtBounds(alpha: number, beta: number): [lower: number, upper: number] {
  checkProbability('alpha', alpha);
  checkProbability('beta', beta);
  if (!(alpha + beta < 1)) throw new RangeError(`alpha + beta must be below 1 (got ${alpha} + ${beta}): the bounds would cross`);
  // As differences of logs: (1 − β)/α would overflow for α near the smallest normal double.
  return [Math.log(beta) - Math.log1p(-alpha), Math.log1p(-beta) - Math.log(alpha)];
}

/** Logistic Elo of an expected score: −400·log10(1/s − 1) (±Infinity at 0 and 1). */
export function eloFromScore(score: number): number {
  return -400 * Math.log10(1 / score - 1);
}

/** Expected score of a logistic Elo difference: 1 / (1 + 10^(−elo/400)). */
export function scoreFromElo(elo: number): number {
  return 1 / (1 + 10 ** (-elo / 400));
}

/** Standard normal CDF (via @stdlib's erfc: accurate in the tails too). */
export function normalCdf(z: number): number {
  return 0.5 * erfc(-z / Math.SQRT2);
}

type Hist = ReadonlyArray<readonly [number, number]>;

function checkHist(hist: Hist, what: string): void {
  for (const [v, c] of hist) {
    if (!(v >= 0 && v <= 1)) throw new RangeError(`${what}: a pair outcome must be in [0, 1], got ${v}`);
    if (!(c >= 0 && Number.isFinite(c))) throw new RangeError(`${what}: a count must be finite and ≥ 0, got ${c}`);
  }
}

/**
 * Root of the secular equation Σ pᵢ·aᵢ / (1 + x·aᵢ) = 0 on (−1/max a, −1/min a) (min a < 0 <
 * max a): the function is strictly decreasing there, so Newton steps from `start` (from 0 when
 * it lies outside), each kept inside a bracket that shrinks around the root (bisection where a
 * step would leave it), until a step is below ROOT_TOLERANCE of x. The LLR is stationary in x at
 * the root, so an x off by δ moves it by O(δ²): far below the last bit of the LLR.
 */
function secular(a: ArrayLike<number>, p: ArrayLike<number>, k: number = a.length, start = 0): number {
  let lo = -Infinity;
  let hi = Infinity;
  for (let i = 0; i < k; i++) {
    const ai = a[i]!;
    if (ai > 0) lo = Math.max(lo, -1 / ai);
    if (ai < 0) hi = Math.min(hi, -1 / ai);
  }
  if (!(Number.isFinite(lo) && Number.isFinite(hi))) throw new RangeError('secular equation: the outcomes do not straddle the hypothesis score');
  // f(x) = Σ pᵢ·qᵢ and f'(x) = −Σ pᵢ·qᵢ², qᵢ = aᵢ / (1 + x·aᵢ), computed in place (no array per
  // step: Sprt.push solves two of these after every pair).
  // From `start` when it lies in the bracket (Sprt: the last pair's root, a step or two away), else 0.
  let x = start > lo && start < hi ? start : 0;
  // The step before last: a Newton step that does not at least halve it is slow (far from a root
  // next to a pole, f ≈ c/x and Newton only doubles x), so the bracket is halved instead (rtsafe).
  let before = hi - lo;
  let last = before;
  for (let it = 0; it < 200; it++) {
    let fx = 0;
    let dfx = 0;
    for (let i = 0; i < k; i++) {
      const q = a[i]! / (1 + x * a[i]!);
      fx += p[i]! * q;
      dfx -= p[i]! * q * q;
    }
    if (fx === 0) return x;
    if (fx > 0) lo = x;
    else hi = x;
    let next = x - fx / dfx;
    // A step this small is rounding: x is the root to about 14 digits, and the LLR, stationary in
    // x there, to twice as many. (Without this stop a step of an ulp that fell on the bracket's
    // end sent x to the bracket's middle, and it crept back a bit at a time: 16 steps, not 1.)
    if (Math.abs(next - x) <= ROOT_TOLERANCE * Math.max(1, Math.abs(x))) return x;
    if (!(next > lo && next < hi) || Math.abs(next - x) * 2 > Math.abs(before)) next = lo + (hi - lo) / 2;
    if (next === x || next <= lo || next >= hi) return x;
    before = last;
    last = next - x;
    x = next;
  }
  return x;
}

/** secular's stop: a Newton step below this × max(1, |x|). */
const ROOT_TOLERANCE = 1e-14;

/** llrOfHist's working arrays (grown as needed; the histograms are short). */
let scratchP = new Float64Array(16);
let scratchA0 = new Float64Array(16);
let scratchA1 = new Float64Array(16);

/**
 * N × fishtest's LLR for a histogram of outcomes (values in [0, 1] with counts ≥ 0, every count
 * used as given, a zero count replaced by the regulariser), H0 mean h0.s vs H1 mean h1.s.
 */
function llrOfHist(values: readonly number[], counts: readonly number[], h0: Hypothesis, h1: Hypothesis, roots?: [number, number]): number {
  const k = values.length;
  let n = 0;
  for (let i = 0; i < k; i++) n += counts[i] === 0 ? REGULARIZER : counts[i]!;
  if (scratchP.length < k) {
    scratchP = new Float64Array(k * 2);
    scratchA0 = new Float64Array(k * 2);
    scratchA1 = new Float64Array(k * 2);
  }
  const p = scratchP;
  const a0 = scratchA0;
  const a1 = scratchA1;
  for (let i = 0; i < k; i++) {
    p[i] = (counts[i] === 0 ? REGULARIZER : counts[i]!) / n;
    a0[i] = offset(values[i]!, h0);
    a1[i] = offset(values[i]!, h1);
  }
  const x0 = secular(a0, p, k, roots?.[0]);
  const x1 = secular(a1, p, k, roots?.[1]);
  if (roots) {
    roots[0] = x0;
    roots[1] = x1;
  }
  let total = 0;
  for (let i = 0; i < k; i++) total += p[i]! * (Math.log1p(x0 * a0[i]!) - Math.log1p(x1 * a1[i]!));
  return n * total;
}

function hypotheses(elo0: number, elo1: number): [Hypothesis, Hypothesis] {
  const problem = hypothesisProblem(elo0, elo1);
  if (problem) throw new RangeError(problem);
  return [hypothesis(elo0), hypothesis(elo1)];
}

function scores(elo0: number, elo1: number): [number, number] {
  const [h0, h1] = hypotheses(elo0, elo1);
  return [h0.s, h1.s];
}

function checkCounts(counts: readonly number[], what: string): void {
  for (const c of counts) if (!(c >= 0 && Number.isFinite(c))) throw new RangeError(`${what}: counts must be finite and ≥ 0, got ${counts.join(', ')}`);
}

/** fishtest's LLR_logistic for game counts [losses, draws, wins]. */
export function llrTrinomial(counts: readonly [losses: number, draws: number, wins: number], elo0: number, elo1: number): number {
  checkCounts(counts, 'llrTrinomial');
  const [h0, h1] = hypotheses(elo0, elo1);
  return llrOfHist([0, 0.5, 1], counts, h0, h1);
}

/** fishtest's LLR_logistic for pair counts [LL, LD+DL, LW+DD+WL, DW+WD, WW] (x = 0, ¼, ½, ¾, 1). */
export function llrPentanomial(counts: readonly [number, number, number, number, number], elo0: number, elo1: number): number {
  checkCounts(counts, 'llrPentanomial');
  const [h0, h1] = hypotheses(elo0, elo1);
  return llrOfHist([0, 0.25, 0.5, 0.75, 1], counts, h0, h1);
}

/**
 * Any discrete outcomes (values in [0,1] with counts) — pairs of multi-player games with shared wins give values other than k/4.
 * fishtest's GSPRT on the histogram as given (equal values merged, zero counts regularised), with
 * the end points 0 and 1 added at the regulariser's count when absent — so the support always
 * straddles both hypotheses' scores, as fishtest's regularised trinomial/pentanomial bins do.
 * With values exactly {0, ¼, ½, ¾, 1} (each listed) it equals llrPentanomial.
 */
export function llrScores(hist: ReadonlyArray<readonly [value: number, count: number]>, elo0: number, elo1: number): number {
  checkHist(hist, 'llrScores');
  const [h0, h1] = hypotheses(elo0, elo1);
  const merged = new Map<number, number>();
  for (const [v, c] of hist) merged.set(v, (merged.get(v) ?? 0) + c);
  if (!merged.has(0)) merged.set(0, 0);
  if (!merged.has(1)) merged.set(1, 0);
  const values = [...merged.keys()].sort((x, y) => x - y);
  return llrOfHist(values, values.map((v) => merged.get(v) as number), h0, h1);
}

/**
 * cutechess-cli's trinomial LLR (BayesElo model, for comparison; not used by Sprt): +½ to each
 * of wins, losses, draws; draw Elo and its scale from those frequencies; elo0/elo1 divided by the
 * scale give BayesElo hypotheses with the same draw Elo; LLR = Σ count·ln(P1/P0) on the +½ counts.
 */
export function llrTrinomialBayesElo(counts: readonly [losses: number, draws: number, wins: number], elo0: number, elo1: number): number {
  checkCounts(counts, 'llrTrinomialBayesElo');
  checkElo('elo0', elo0);
  checkElo('elo1', elo1);
  const [l, d, w] = counts.map((c) => c + 0.5);
  const n = l + d + w;
  const pw = w / n;
  const pl = l / n;
  const drawElo = 200 * Math.log10(((1 - pl) / pl) * ((1 - pw) / pw));
  const k = 10 ** (-drawElo / 400);
  const scale = (4 * k) / ((1 + k) * (1 + k));
  const probs = (bayesElo: number): [number, number, number] => {
    const win = 1 / (1 + 10 ** ((drawElo - bayesElo) / 400));
    const loss = 1 / (1 + 10 ** ((drawElo + bayesElo) / 400));
    return [loss, 1 - win - loss, win];
  };
  const p0 = probs(elo0 / scale);
  const p1 = probs(elo1 / scale);
  return w * Math.log(p1[2] / p0[2]) + l * Math.log(p1[0] / p0[0]) + d * Math.log(p1[1] / p0[1]);
}

export interface PairSummary {
  /** Number of pairs (the sum of the counts). */
  pairs: number;
  /** Mean pair outcome x̄ (½ = no difference). */
  mean: number;
  /** Variance of one pair's outcome, divided by the number of pairs (as fishtest's get_elo). */
  variance: number;
  /** Normal interval for the mean: x̄ ± z·√(variance / pairs), clamped to [0, 1]. */
  low: number;
  high: number;
  /** Logistic Elo of the mean and of the interval's ends (scores clamped to [1e-3, 1 − 1e-3]); error = (high − low) / 2, the "±" that fishtest and cutechess print. */
  elo: { diff: number; low: number; high: number; error: number };
  /** Likelihood of superiority: Φ((x̄ − ½) / √(variance / pairs)); ½ when the variance is 0 and x̄ = ½. */
  los: number;
}

function clampedElo(s: number): number {
  return eloFromScore(Math.min(1 - SCORE_EPSILON, Math.max(SCORE_EPSILON, s))) + 0; // + 0: no −0 for an even score
}

/**
 * Mean, variance, interval, Elo difference and LOS of pair outcomes, as fishtest's
 * stat_util.get_elo computes them (there on regularised counts and at 95%; here on the counts as
 * given — pass fractional counts to reproduce the regularisation — and at any confidence).
 * A trinomial [L, D, W] given as [[0, L], [½, D], [1, W]] gives the per-game figures.
 */
export function summarizePairs(hist: ReadonlyArray<readonly [number, number]>, confidence: number): PairSummary {
  checkHist(hist, 'summarizePairs');
  const z = zFor(confidence);
  let n = 0;
  let sum = 0;
  for (const [v, c] of hist) {
    n += c;
    sum += v * c;
  }
  if (n === 0) {
    const e = clampedElo(0);
    return { pairs: 0, mean: 0.5, variance: 0, low: 0, high: 1, elo: { diff: 0, low: e, high: -e, error: -e }, los: 0.5 };
  }
  const mean = sum / n;
  let ss = 0;
  for (const [v, c] of hist) ss += c * (v - mean) ** 2;
  const variance = ss / n;
  const se = Math.sqrt(variance / n);
  const low = Math.max(0, mean - z * se);
  const high = Math.min(1, mean + z * se);
  const elo = { diff: clampedElo(mean), low: clampedElo(low), high: clampedElo(high), error: 0 };
  elo.error = (elo.high - elo.low) / 2;
  const los = se > 0 ? normalCdf((mean - 0.5) / se) : mean > 0.5 ? 1 : mean < 0.5 ? 0 : 0.5;
  return { pairs: n, mean, variance, low, high, elo, los };
}

const PENTANOMIAL_VALUES = [0, 0.25, 0.5, 0.75, 1] as const;

/**
 * Incremental: push pair outcomes in pair order; verdict once a bound is crossed ('H1' | 'H0'), else null.
 * The LLR is llrScores of the outcomes so far, with the pentanomial values 0, ¼, ½, ¾, 1 always
 * present as bins (so two-player pairs give exactly llrPentanomial of their counts). The verdict
 * is the first crossing (LLR ≥ upper: H1; ≤ lower: H0) and stays once reached; pushing more pairs
 * after it changes llr() but not verdict(). No pairs: LLR 0.
 * Differences from fishtest's update_SPRT, on purpose: a bound reached exactly counts as crossed
 * (fishtest: strictly beyond; cutechess: reached, as here), and there is no dynamic overshoot
 * correction of the bounds (fishtest's, for its batches of games) — the LLR is evaluated after
 * every pair, so the overshoot is at most one pair's jump.
 */
export class Sprt {
  /** Outcome values, ascending (always holding the pentanomial values), and their counts. */
  private readonly values: number[] = [...PENTANOMIAL_VALUES];
  private readonly counts: number[] = PENTANOMIAL_VALUES.map(() => 0);
  private readonly h0: Hypothesis;
  private readonly h1: Hypothesis;
  private n = 0;
  private current = 0;
  private stopped: { verdict: 'H1' | 'H0'; pairs: number; llr: number } | null = null;
  private readonly bnds: [number, number];
  /** The last push's roots of the two secular equations: the next push's Newton steps start there. */
  private readonly roots: [number, number] = [0, 0];

  constructor(readonly p: SprtParams) {
    this.bnds = sprtBounds(p.alpha, p.beta);
    [this.h0, this.h1] = hypotheses(p.elo0, p.elo1);
  }

  push(x: number): void {
    if (!(x >= 0 && x <= 1)) throw new RangeError(`Sprt.push: a pair outcome must be in [0, 1], got ${x}`);
    let lo = 0;
    let hi = this.values.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.values[mid] < x) lo = mid + 1;
      else hi = mid;
    }
    if (this.values[lo] === x) this.counts[lo]++;
    else {
      this.values.splice(lo, 0, x);
      this.counts.splice(lo, 0, 1);
    }
    this.n++;
    this.current = llrOfHist(this.values, this.counts, this.h0, this.h1, this.roots);
    if (this.stopped === null) {
      if (this.current >= this.bnds[1]) this.stopped = { verdict: 'H1', pairs: this.n, llr: this.current };
      else if (this.current <= this.bnds[0]) this.stopped = { verdict: 'H0', pairs: this.n, llr: this.current };
    }
  }

  /** The LLR of every pair pushed so far (0 before the first). */
  llr(): number {
    return this.current;
  }

  bounds(): [number, number] {
    return [this.bnds[0], this.bnds[1]];
  }

  verdict(): 'H1' | 'H0' | null {
    return this.stopped?.verdict ?? null;
  }

  /** Pairs pushed so far. */
  pairs(): number {
    return this.n;
  }

  /** The pair count and LLR at which the verdict was reached (null before). */
  stoppedAt(): { pairs: number; llr: number } | null {
    return this.stopped && { pairs: this.stopped.pairs, llr: this.stopped.llr };
  }

  /** Observed outcomes [value, count], ascending by value, only values seen at least once. */
  hist(): Array<[number, number]> {
    const out: Array<[number, number]> = [];
    for (let i = 0; i < this.values.length; i++) if (this.counts[i] > 0) out.push([this.values[i], this.counts[i]]);
    return out;
  }
}

/**
 * Default variance of one pair's outcome: two independent games without draws at score ½
 * (x = 0, ½, 1 with probabilities ¼, ½, ¼) → 1/8.
 */
export const DEFAULT_PAIR_VARIANCE = 1 / 8;

/**
 * The theory's expected run length in pairs at a true Elo difference: the LLR approximated as a
 * Brownian motion (fishtest's LLR_drift_variance_alt2: drift (s − (s0+s1)/2)(s1 − s0)/v and
 * variance (s1 − s0)²/v per pair, v the variance of one pair's outcome), and Wald's expected
 * exit time from (lower, upper) — without overshoot, so real runs take slightly longer.
 */
export function expectedPairs(trueElo: number, p: SprtParams, pairVariance: number = DEFAULT_PAIR_VARIANCE): number {
  checkElo('trueElo', trueElo);
  if (!(pairVariance > 0 && Number.isFinite(pairVariance))) throw new RangeError(`pairVariance must be > 0, got ${pairVariance}`);
  const [s0, s1] = scores(p.elo0, p.elo1);
  const [a, b] = sprtBounds(p.alpha, p.beta);
  const s = scoreFromElo(trueElo);
  const mu = ((s - (s0 + s1) / 2) * (s1 - s0)) / pairVariance;
  const sigma2 = (s1 - s0) ** 2 / pairVariance;
  const g = (2 * mu) / sigma2;
  if (Math.abs(g * (b - a)) < 1e-9) return (-a * b) / sigma2;
  // P(exit at b) for drift mu: (1 − e^{−g·a}) / (e^{−g·b} − e^{−g·a}), g = 2·mu/sigma², written
  // with non-positive exponents only (no overflow); E[T] = (P·b + (1 − P)·a) / mu
  const pb = g > 0 ? Math.expm1(g * a) / Math.expm1(g * (a - b)) : (Math.exp(g * b) - Math.exp(g * (b - a))) / -Math.expm1(g * (b - a));
  return (pb * b + (1 - pb) * a) / mu;
}

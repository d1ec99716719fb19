/**
 * Summaries of many tournaments: per player the round-1 points (mean, sd), total points and
 * the finishing-place histogram; where a published figure falls in our distribution; and a
 * two-sample comparison with the compiled original's clock-seeded runs (Welch's t-test from
 * @stdlib/stats-ttest2, and a rank test: @stdlib has no two-sample Kolmogorov–Smirnov test —
 * @stdlib/stats-kstest is one-sample only — so we use @stdlib/stats-kruskal-test with two groups,
 * which is the Wilcoxon–Mann–Whitney rank-sum test in its chi-square form: distribution-free
 * like KS, and the more powerful of the two against a shift in location).
 */
import ttest2 from '@stdlib/stats-ttest2';
import kruskal from '@stdlib/stats-kruskal-test';
import tQuantile from '@stdlib/stats-base-dists-t-quantile';
import type { ScoreRow } from './tournament.ts';

export interface PlayerSummary {
  player: string;
  round1: { mean: number; sd: number; values: number[] };
  points: { mean: number; sd: number; values: number[] };
  /** places[k] = tournaments in which the player finished (k+1)-th. */
  places: number[];
}

const mean = (v: readonly number[]) => v.reduce((a, b) => a + b, 0) / Math.max(1, v.length);
const sd = (v: readonly number[]) => {
  if (v.length < 2) return 0;
  const m = mean(v);
  return Math.sqrt(v.reduce((a, b) => a + (b - m) ** 2, 0) / (v.length - 1));
};

export function summarize(tournaments: readonly { rows: readonly ScoreRow[] }[]): PlayerSummary[] {
  const by = new Map<string, { r1: number[]; pts: number[]; places: number[] }>();
  for (const t of tournaments) {
    t.rows.forEach((row, place) => {
      let e = by.get(row.player);
      if (!e) by.set(row.player, (e = { r1: [], pts: [], places: new Array(t.rows.length).fill(0) }));
      e.r1.push(row.rounds[0] ?? 0);
      e.pts.push(row.points);
      e.places[place]!++;
    });
  }
  return [...by].map(([player, e]) => ({
    player,
    round1: { mean: mean(e.r1), sd: sd(e.r1), values: e.r1 },
    points: { mean: mean(e.pts), sd: sd(e.pts), values: e.pts },
    places: e.places,
  }));
}

/** Mid-rank percentile of x among values (0..100): share below plus half the share equal. */
export function percentile(values: readonly number[], x: number): number {
  if (values.length === 0) return NaN;
  let below = 0;
  let equal = 0;
  for (const v of values) {
    if (v < x) below++;
    else if (v === x) equal++;
  }
  return (100 * (below + equal / 2)) / values.length;
}

/**
 * 99% prediction interval for one more draw, from n draws assumed normal:
 * mean ± t(0.995, n−1)·sd·√(1 + 1/n) (Student t quantile from @stdlib). Few tournaments give
 * a wide interval rather than a false alarm.
 */
export function prediction99(values: readonly number[], alpha = 0.01): { low: number; high: number } | undefined {
  const n = values.length;
  if (n < 2) return undefined;
  const half = tQuantile(1 - alpha / 2, n - 1) * sd(values) * Math.sqrt(1 + 1 / n);
  return { low: mean(values) - half, high: mean(values) + half };
}

/** Whether x lies outside the 99% prediction interval of values (false when it cannot be formed). */
export function outside99(values: readonly number[], x: number, alpha = 0.01): boolean {
  const p = prediction99(values, alpha);
  return p ? x < p.low || x > p.high : false;
}

export interface TwoSample {
  test: string;
  pValue: number;
  statistic: number;
  xmean: number;
  ymean: number;
  /** Smallest true difference of means (in points) this sample size detects with 80% power at α = 0.05 (normal approximation). */
  detectable80: number;
  /** The rank test (Kruskal–Wallis on two groups = Wilcoxon–Mann–Whitney), when both samples are not all equal. */
  rank?: { test: string; pValue: number; statistic: number; detectable80: number };
}

/**
 * Two-group rank test from @stdlib (Kruskal–Wallis with ties correction; for two groups the
 * Wilcoxon–Mann–Whitney rank-sum test). Undefined when every value is the same (no ranks to test).
 */
export function rankTest(a: readonly number[], b: readonly number[]): { test: string; pValue: number; statistic: number } | undefined {
  if (a.length < 1 || b.length < 1) return undefined;
  const all = [...a, ...b];
  if (all.every((v) => v === all[0])) return undefined;
  const r = kruskal([...a], [...b]) as { pValue: number; statistic: number };
  return { test: 'Kruskal–Wallis rank test, 2 groups = Wilcoxon–Mann–Whitney (@stdlib/stats-kruskal-test)', pValue: r.pValue, statistic: r.statistic };
}

/** Welch's two-sample t-test of our values against the original's. */
export function compareSamples(ours: readonly number[], theirs: readonly number[]): TwoSample | undefined {
  if (ours.length < 2 || theirs.length < 2) return undefined;
  const r = ttest2([...ours], [...theirs], { variance: 'unequal' } as never) as { pValue: number; statistic: number; xmean: number; ymean: number };
  const se = Math.sqrt(sd(ours) ** 2 / ours.length + sd(theirs) ** 2 / theirs.length);
  const detectable80 = (1.959964 + 0.841621) * se;
  const rk = rankTest(ours, theirs);
  // the rank test's asymptotic efficiency against the t-test is 3/π under normal data: its 80%-power shift is larger by √(π/3)
  return {
    test: 'Welch two-sample t-test (@stdlib/stats-ttest2)',
    pValue: r.pValue,
    statistic: r.statistic,
    xmean: r.xmean,
    ymean: r.ymean,
    detectable80,
    ...(rk ? { rank: { ...rk, detectable80: detectable80 * Math.sqrt(Math.PI / 3) } } : {}),
  };
}

/**
 * How often each player finishes at its published place, in two sets of tournaments (e.g. the
 * libstdc++ and the MSVC model), with a rank test on the 0/1 indicators (for two groups this is
 * the 2×2 chi-square test of equal proportions, times (N−1)/N; approximate for small counts).
 * Also the footrule distance of each tournament's order from the published one (Σ |place −
 * published place|; smaller = closer), compared the same way.
 */
export function publishedPlaceFrequencies(
  published: readonly { player: string }[],
  a: readonly { rows: readonly ScoreRow[] }[],
  b: readonly { rows: readonly ScoreRow[] }[],
) {
  const placeOf = (t: { rows: readonly ScoreRow[] }, player: string) => t.rows.findIndex((r) => r.player === player);
  const rows = published.map((p, place) => {
    const ia = a.map((t) => (placeOf(t, p.player) === place ? 1 : 0));
    const ib = b.map((t) => (placeOf(t, p.player) === place ? 1 : 0));
    const ka = ia.reduce((x: number, y) => x + y, 0);
    const kb = ib.reduce((x: number, y) => x + y, 0);
    return { player: p.player, publishedPlace: place + 1, a: { count: ka, n: a.length }, b: { count: kb, n: b.length }, test: rankTest(ia, ib) };
  });
  const footrule = (t: { rows: readonly ScoreRow[] }) => published.reduce((d, p, place) => d + Math.abs(placeOf(t, p.player) - place), 0);
  const fa = a.map(footrule);
  const fb = b.map(footrule);
  return { rows, footrule: { a: { mean: mean(fa), values: fa }, b: { mean: mean(fb), values: fb }, test: rankTest(fa, fb) } };
}

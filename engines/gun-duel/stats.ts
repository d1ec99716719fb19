/**
 * Summaries of many tournaments: per player the round-1 points (mean, sd), total points and
 * the finishing-place histogram; where a published figure falls in our distribution; and a
 * two-sample comparison with the compiled original's clock-seeded runs (Welch's t-test from
 * @stdlib/stats-ttest2).
 */
import ttest2 from '@stdlib/stats-ttest2';
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
}

/** Welch's two-sample t-test of our values against the original's. */
export function compareSamples(ours: readonly number[], theirs: readonly number[]): TwoSample | undefined {
  if (ours.length < 2 || theirs.length < 2) return undefined;
  const r = ttest2([...ours], [...theirs], { variance: 'unequal' } as never) as { pValue: number; statistic: number; xmean: number; ymean: number };
  const se = Math.sqrt(sd(ours) ** 2 / ours.length + sd(theirs) ** 2 / theirs.length);
  return { test: "Welch two-sample t-test (@stdlib/stats-ttest2)", pValue: r.pValue, statistic: r.statistic, xmean: r.xmean, ymean: r.ymean, detectable80: (1.959964 + 0.841621) * se };
}

import { roundingHalfWidth, wilson, zFor } from './intervals.ts';

/**
 * Comparison of a reproduced table with a published one: per row the published figure,
 * ours, an acceptance interval around ours and a verdict; then an overall verdict.
 *
 * A row's interval [low, high] is our figure's confidence interval, widened (in
 * quadrature) by the published figure's own sampling error when its counts are known, and
 * then by the published figure's rounding half-width (column-wise: a published 21.6 means
 * [21.55, 21.65)). The row agrees when the published figure lies inside [low, high], i.e.
 * when the two figures' rounding and sampling uncertainty cannot tell them apart.
 */

export type RowVerdict = 'agree' | 'disagree' | 'n/a';
/** 'n/a' when no row could be compared (e.g. the bots needed are not ported). */
export type TableVerdict = 'agree' | 'disagree' | 'n/a';

export interface ComparisonRow {
  bot: string;
  metric: string;
  published: number | null;
  reproduced: number | null;
  low: number | null;
  high: number | null;
  verdict: RowVerdict;
  /** Why a row is n/a, or any other remark (kept short; shown in the table). */
  note?: string;
  /**
   * A known, documented cause for a disagreement (e.g. the published figure came from an
   * earlier controller version than the one that can be run): the row still says DISAGREE,
   * but the table verdict does not count it.
   */
  explained?: string;
}

export interface ComparisonReport {
  challenge: string;
  table: string;
  verdict: TableVerdict;
  confidence: number;
  rows: ComparisonRow[];
  /** Anything else a game wants to show (games played, seeds, missing bots...). */
  [extra: string]: unknown;
}

/** The reproduced side of a proportion row (e.g. win%): k successes out of n. */
export interface ProportionObservation {
  k: number;
  n: number;
}

export interface ProportionRowInput {
  bot: string;
  metric: string;
  /** Published figure in display units (percent when scale is 100). */
  published: number | null;
  /** Printed decimals of the published column. */
  decimals: number;
  /** Published counts, when the table gave them: their sampling error widens the interval. */
  publishedCounts?: ProportionObservation;
  reproduced: ProportionObservation | null;
  /** 100 for percentages, 1 for fractions. */
  scale: number;
  note?: string;
}

export function compareProportion(row: ProportionRowInput, confidence: number): ComparisonRow {
  const base = { bot: row.bot, metric: row.metric, published: row.published };
  if (row.published == null || !row.reproduced || row.reproduced.n === 0) {
    const note = row.note ?? (row.published == null ? 'not in the published table' : 'not played in this run');
    return { ...base, reproduced: row.reproduced && row.reproduced.n ? (row.scale * row.reproduced.k) / row.reproduced.n : null, low: null, high: null, verdict: 'n/a', note };
  }
  const z = zFor(confidence);
  const { k, n } = row.reproduced;
  const p = k / n;
  const w = wilson(k, n, z);
  let pubHalf = 0;
  if (row.publishedCounts && row.publishedCounts.n > 0) {
    const pp = row.publishedCounts.k / row.publishedCounts.n;
    pubHalf = z * Math.sqrt((pp * (1 - pp)) / row.publishedCounts.n);
  }
  const r = roundingHalfWidth(row.decimals);
  // A rate lies in [0, scale]: the widened interval is clamped there (it cannot change a verdict,
  // since a published rate lies there too).
  const low = Math.max(0, row.scale * (p - Math.hypot(p - w.low, pubHalf)) - r);
  const high = Math.min(row.scale, row.scale * (p + Math.hypot(w.high - p, pubHalf)) + r);
  const verdict: RowVerdict = row.published >= low && row.published <= high ? 'agree' : 'disagree';
  return { ...base, reproduced: row.scale * p, low, high, verdict, ...(row.note ? { note: row.note } : {}) };
}

export interface MeanRowInput {
  bot: string;
  metric: string;
  published: number | null;
  decimals: number;
  /** Our estimate and its standard error (same units as published). */
  reproduced: { value: number; se: number } | null;
  /** The published figure's own standard error, when it can be estimated. */
  publishedSe?: number;
  /** A quantity that cannot be negative (a mean of counts: rounds per game, a score): the interval's low end is clamped at 0. */
  nonNegative?: boolean;
  note?: string;
}

export function compareMean(row: MeanRowInput, confidence: number): ComparisonRow {
  const base = { bot: row.bot, metric: row.metric, published: row.published };
  if (row.published == null || !row.reproduced) {
    return { ...base, reproduced: row.reproduced?.value ?? null, low: null, high: null, verdict: 'n/a', note: row.note ?? 'not comparable' };
  }
  const z = zFor(confidence);
  const half = z * Math.hypot(row.reproduced.se, row.publishedSe ?? 0) + roundingHalfWidth(row.decimals);
  const low = row.nonNegative ? Math.max(0, row.reproduced.value - half) : row.reproduced.value - half;
  const high = row.reproduced.value + half;
  const verdict: RowVerdict = row.published >= low && row.published <= high ? 'agree' : 'disagree';
  return { ...base, reproduced: row.reproduced.value, low, high, verdict, ...(row.note ? { note: row.note } : {}) };
}

/** An exact comparison (deterministic replays): agree only when equal after rounding ours like the published column. */
export function compareExact(bot: string, metric: string, published: number | null, reproduced: number | null, decimals: number): ComparisonRow {
  if (published == null || reproduced == null) {
    return { bot, metric, published, reproduced, low: null, high: null, verdict: 'n/a', note: published == null ? 'not in the published table' : 'not reproduced' };
  }
  const r = roundingHalfWidth(decimals);
  const verdict: RowVerdict = Math.abs(published - reproduced) <= r ? 'agree' : 'disagree';
  return { bot, metric, published, reproduced, low: published - r, high: published + r, verdict };
}

/** The table agrees when no comparable row disagrees without an explanation; 'n/a' when no row was comparable. */
export function tableVerdict(rows: readonly ComparisonRow[]): TableVerdict {
  if (rows.some((r) => r.verdict === 'disagree' && !r.explained)) return 'disagree';
  return rows.some((r) => r.verdict === 'agree') ? 'agree' : 'n/a';
}

/** Exit code convention for `koth replay`: 0 agree (or nothing comparable), 1 disagree. */
export function exitCodeFor(verdict: TableVerdict): number {
  return verdict === 'disagree' ? 1 : 0;
}

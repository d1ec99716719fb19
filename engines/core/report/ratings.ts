/**
 * Ratings (engines/core/stats/pairwise.ts) as the table, the HTML report and the CLI show them:
 * read from a report, one cell, the line under a table.
 */
import type { ComparisonReport } from '../stats/compare.ts';
import type { RatingsReport, ReportedRating } from '../stats/pairwise.ts';
import { MIN_BOOTSTRAP_UNITS } from '../stats/bradley-terry.ts';
import { confidencePercent, tailPercent } from '../stats/intervals.ts';

/** The ratings a report carries, when it does. */
export function reportRatings(report: ComparisonReport): RatingsReport | undefined {
  const r = report.ratings as RatingsReport['ratings'] | undefined;
  if (!r || typeof r !== 'object') return undefined;
  return { ratings: r, neighbours: (report.neighbours as RatingsReport['neighbours']) ?? [], ratingsFit: report.ratingsFit as RatingsReport['ratingsFit'] };
}

/** A rating as a cell: "1623 [1590, 1655]"; a bot the data bound on one side only: "≤ 1021 (never won)", "≥ 1890 (never lost)". */
export function eloCell(r: ReportedRating | undefined): string {
  if (!r) return '—';
  const f = (x: number | null) => (x !== null && Number.isFinite(x) ? x.toFixed(0) : '—');
  if (r.oneSided) return `${r.oneSided.side === 'upper' ? '≤' : '≥'} ${f(r.oneSided.bound)} (${r.oneSided.why})`;
  return `${f(r.elo)} [${f(r.low)}, ${f(r.high)}]`;
}

/** The line under a table: how the ratings were made, and which neighbours' order the bootstrap cannot tell. */
export function ratingsSummary(r: RatingsReport): string {
  const f = r.ratingsFit;
  const unsure = r.neighbours.filter((n) => !n.significant).map((n) => `${n.higher} / ${n.lower}`);
  const oneSided = Object.entries(r.ratings).flatMap(([bot, x]) => (x.oneSided ? [bot] : []));
  return (
    `Elo: Bradley–Terry fit on ${f.games} games (to convergence, anchor 1500), ${confidencePercent(f.confidence)} intervals from a block bootstrap (${f.resamples} resamples of ${f.blocks} blocks of up to ${f.blockTrials} ${f.blockTrials === 1 ? 'trial' : 'trials'}).` +
    (f.blocks < MIN_BOOTSTRAP_UNITS ? ` Only ${f.blocks} block${f.blocks === 1 ? '' : 's'}: the intervals mean little and no order is claimed (fewer than ${MIN_BOOTSTRAP_UNITS}); play more games.` : '') +
    (oneSided.length
      ? ` ${oneSided.join(', ')}: ${oneSided.length === 1 ? 'a one-sided bound' : 'one-sided bounds'} (≤ never won, ≥ never lost), no interval: the data bound such a bot's Elo on one side only — its fit is held up by the anchor's half game and moves further out as games are added; the bound is the Elo at which that record, in its comparisons against the others' fitted strengths, has the chance ${tailPercent(f.confidence)}% (the interval's tail).`
      : '') +
    (unsure.length ? ` Order not settled (flips in ≥ ${tailPercent(f.confidence)}% of resamples): ${unsure.join(', ')}.` : ' Every neighbour\'s order is settled.')
  );
}

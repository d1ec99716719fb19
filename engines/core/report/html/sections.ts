/**
 * Builds page sections from what games already compute: any game's ComparisonReport
 * (engines/core/stats/compare.ts) becomes a ComparisonSection. Run details are read from
 * the report's conventional extras when present (seed, games, publishedGames, workers,
 * rules, seconds, digits, summary, gameRows, command, shardSize).
 */
import { reportRatings } from '../ratings.ts';
import { confidencePercent } from '../../stats/intervals.ts';
import type { ComparisonReport, ComparisonRow } from '../../stats/compare.ts';
import type { BotVersion, ComparisonSection, RuleComparisonData, RuleComparisonSection, RunProvenance } from './types.ts';

/** Column titles of the metrics games use today (others show their own name). */
const METRIC_LABELS: Record<string, string> = {
  winPct: 'Win%',
  score: 'score',
  meanScore: 'mean score',
  points: 'points',
  places: 'places',
};

export function metricLabel(metric: string): string {
  return METRIC_LABELS[metric] ?? metric;
}

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const str = (v: unknown): string | null => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : null);

function isRow(v: unknown): v is ComparisonRow {
  return typeof v === 'object' && v !== null && typeof (v as ComparisonRow).bot === 'string' && typeof (v as ComparisonRow).verdict === 'string';
}

export interface SectionMeta {
  title: string;
  questionId?: number;
  /** Versions of the bots the game knows (ported or not); filtered to the report's rows. */
  bots: readonly BotVersion[];
  /** Rerun command, when the report does not carry one (`report.command`). */
  command?: string;
  /** Anchor id; defaults to the challenge id. */
  id?: string;
}

export function sectionFromComparison(report: ComparisonReport, meta: SectionMeta): ComparisonSection {
  const metrics = [...new Set(report.rows.map((r) => r.metric))];
  const inRows = new Set(report.rows.map((r) => r.bot));
  const seed = str(report.seed);
  const extra: Record<string, string | number> = {};
  if (num(report.shardSize) != null) extra['shard size'] = num(report.shardSize)!;
  if (report.rows.some((r) => r.low != null)) extra['confidence'] = confidencePercent(report.confidence);
  // What played and where: the ports unless the run says otherwise (--python-bots: the originals; --queue: koth workers).
  extra['played by'] = str(report.playedBy) ?? 'the TypeScript ports';
  if (str(report.ranOn)) extra['ran on'] = str(report.ranOn)!;
  if (typeof report.poolMatchesPublished === 'boolean') extra['pool = published pool'] = report.poolMatchesPublished ? 'yes' : 'no';
  const provenance: RunProvenance = {
    command: str(report.command) ?? meta.command ?? `koth replay ${report.challenge}`,
    seeds: seed != null ? [seed] : [],
    games: num(report.games),
    publishedGames: num(report.publishedGames),
    workers: num(report.workers),
    variant: str(report.rules),
    extra,
    wallSeconds: num(report.seconds),
    bots: meta.bots.filter((b) => inRows.has(b.bot)),
  };
  return {
    kind: 'comparison',
    id: meta.id ?? report.challenge,
    game: report.challenge,
    title: meta.title,
    ...(meta.questionId ? { questionId: meta.questionId } : {}),
    table: report.table,
    metricLabel: metrics.map(metricLabel).join(' / ') || 'value',
    digits: num(report.digits) ?? 2,
    confidence: report.confidence,
    verdict: report.verdict,
    rows: report.rows,
    gameRows: Array.isArray(report.gameRows) ? report.gameRows.filter(isRow) : [],
    ...(typeof report.summary === 'string' ? { summary: report.summary } : {}),
    ...(reportRatings(report) ? { ratings: reportRatings(report)! } : {}),
    provenance,
  };
}

export function sectionFromRuleComparison(data: RuleComparisonData, meta: SectionMeta): RuleComparisonSection {
  const keys = new Set(data.rows.map((r) => r.key));
  const { run, ...rest } = data;
  return {
    ...rest,
    kind: 'rules',
    id: meta.id ?? `${data.game}-rules`,
    title: meta.title,
    ...(meta.questionId ? { questionId: meta.questionId } : {}),
    provenance: { ...run, bots: meta.bots.filter((b) => keys.has(b.bot)) },
  };
}

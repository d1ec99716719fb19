import type { RatingsReport } from '../../stats/pairwise.ts';
/**
 * The data an HTML replay report is made of. A page is a list of sections, one per game
 * run: a comparison with a published table (built from any game's ComparisonReport) or a
 * rule comparison (the same seeds under two controller versions). The renderer knows no
 * game: a new game's replay plugs in by handing its ComparisonReport to
 * sectionFromComparison (sections.ts).
 */
import type { ComparisonRow, RowVerdict, TableVerdict } from '../../stats/compare.ts';

/** A figure with its confidence interval. */
export interface Estimate {
  value: number;
  low: number;
  high: number;
}

/** One bot's code version: what the port was written from. */
export interface BotVersion {
  bot: string;
  ported: boolean;
  /** sha256 of the original code block/file the port was written from. */
  sha256?: string;
  /** Snapshot or revision date of that source. */
  sourceDate?: string;
  source?: string;
}

/** How a section's figures were made: enough to rerun it exactly. */
export interface RunProvenance {
  /** The command that remakes this section's figures (all result-changing options explicit). */
  command: string;
  seeds: string[];
  /** Games (or tournaments) we played; null when nothing was run (e.g. not comparable). */
  games?: number | null;
  publishedGames?: number | null;
  workers?: number | null;
  /** Controller version / rule variant. */
  variant?: string | null;
  /** Anything else that identifies the run (shard size, confidence, pool...). */
  extra?: Record<string, string | number>;
  wallSeconds?: number | null;
  bots: BotVersion[];
}

export interface ComparisonSection {
  kind: 'comparison';
  /** Anchor id (unique on the page). */
  id: string;
  game: string;
  title: string;
  questionId?: number;
  /** Name of the published table. */
  table: string;
  /** Column title of the compared figure, e.g. "Win%" or "score". */
  metricLabel: string;
  digits: number;
  confidence: number;
  verdict: TableVerdict;
  rows: ComparisonRow[];
  /** Table-level figures (average rounds, ties...), compared like rows. */
  gameRows: ComparisonRow[];
  /** Free text (kept as lines) the game wants shown. */
  summary?: string;
  /** --ratings: Bradley–Terry ratings of the bots (highest first), the neighbours' order and how they were made. */
  ratings?: RatingsReport;
  provenance: RunProvenance;
}

export interface RuleComparisonRow {
  /** The bot (or group key, e.g. a seat). */
  key: string;
  a: Estimate;
  b: Estimate;
  /** b − a with its interval. */
  diff: Estimate;
  /** The difference is outside the interval of chance. */
  significant: boolean;
}

export interface RuleComparisonSection {
  kind: 'rules';
  id: string;
  game: string;
  title: string;
  questionId?: number;
  /** The two variants compared: [a, b]; differences are b − a. */
  variants: [string, string];
  metricLabel: string;
  /** Unit of a difference, e.g. "percentage points". */
  diffUnit: string;
  digits: number;
  confidence: number;
  /** Per bot. */
  rows: RuleComparisonRow[];
  /** A second breakdown (dice: win rate by seat), when the game has one. */
  groups?: { title: string; keyLabel: string; caption?: string; rows: RuleComparisonRow[] };
  summary?: string;
  provenance: RunProvenance;
}

export type ReportSection = ComparisonSection | RuleComparisonSection;

/**
 * What a game's CLI hands over for a rule comparison: the section without what the replay
 * command adds (anchor, title, bot versions from the ports' provenance).
 */
export type RuleComparisonData = Omit<RuleComparisonSection, 'kind' | 'id' | 'title' | 'questionId' | 'provenance'> & {
  run: Omit<RunProvenance, 'bots'>;
};

export interface ReportPage {
  title: string;
  /** The command that made the whole page. */
  command: string;
  harnessVersion: string;
  /** ISO time the page was made (given by the CLI; engines never read the clock). */
  generatedAt?: string;
  wallSeconds?: number;
  sections: ReportSection[];
  /** Sample games step by step (watch pages written beside this one), linked from the top. */
  watch?: { game: string; title: string; href: string; steps: number }[];
}

export type { ComparisonRow, RowVerdict, TableVerdict };

/**
 * The published leaderboard of Adventurers in the ruins (fixtures/ruins/published/ruins.json):
 * its tables, and the 2019-05-04 table as the default replay's report — which bots are missing
 * to rerun it exactly.
 */
import type { ComparisonReport } from '../core/stats/compare.ts';
import { ruinsClass } from './ports.ts';
import publishedJson from '../../fixtures/ruins/published/ruins.json' with { type: 'json' };

export interface RuinsPublishedTable {
  name: string;
  seed: string;
  finalGames: number;
  rows: { bot: string; score: number; meanScore: number }[];
}

export const RUINS_PUBLISHED: readonly RuinsPublishedTable[] = (publishedJson as { tables: RuinsPublishedTable[] }).tables;

/** The published 2019-05-04 table and exactly which bots are missing to rerun it. */
export function publishedReport(ported: (bot: string) => boolean): ComparisonReport {
  const table = RUINS_PUBLISHED[0]!;
  const missing = table.rows.map((r) => r.bot).filter((b) => !ported(b));
  return {
    challenge: 'ruins',
    table: table.name,
    verdict: 'n/a',
    confidence: 1,
    digits: 0,
    seed: table.seed,
    missing,
    summary:
      `Published ${table.name}, seed ${table.seed}, final series of ${table.finalGames} games (inferred). The run is exact-replayable, ` +
      `but ${missing.length} of its ${table.rows.length} bots are not ported: ${missing.join(', ')}.\n` +
      'To rerun it exactly: koth scrape ruins --as-of 2019-05-04 and port EVERY answer of that day into transpiled-bots/ruins/ (the table shows only the ten finalists; ' +
      'with more than ten answers a pool series ran first), then pass them in the driver\'s load order — modules sorted by the file names its scraper gave them ' +
      '(`<user>__<title>.py`), classes in module order: ' +
      `koth replay ruins --seed ${table.seed} --bots <that order>. Its final table must then equal this one.`,
    rows: table.rows.map((r) => ({
      bot: r.bot,
      metric: 'score',
      published: r.score,
      reproduced: null,
      low: null,
      high: null,
      verdict: 'n/a' as const,
      note: ported(r.bot) ? 'ported' : 'not ported: source only on the question page',
    })),
  };
}

/** The published 2019-05-04 table and exactly which bots are missing to rerun it (the ports the roster holds). */
export const ruinsPublishedReport = () => publishedReport((b) => !!ruinsClass(b));

/**
 * The published Camel Up Cup 2k18 results (question 167101): points of one 100-game
 * tournament of the four players (a point to every player holding the maximum money). Each
 * row compares the published count, as a proportion of 100 games with its own sampling error,
 * with our points per game over many games (Wilson interval), in points per 100 games.
 */
import publishedJson from '../../fixtures/camel-up/published/camel-up.json' with { type: 'json' };
import { compareProportion, tableVerdict, type ComparisonReport } from '../core/stats/compare.ts';
import type { CamelStats } from './tournament.ts';

export interface PublishedCamelTable {
  name: string;
  games: number;
  rows: { player: string; points: number }[];
}

export const PUBLISHED_CAMEL: PublishedCamelTable = (publishedJson as { tables: PublishedCamelTable[] }).tables[0]!;

export function compareWithPublished(stats: CamelStats, confidence: number): ComparisonReport {
  const rows = PUBLISHED_CAMEL.rows.map((p) => {
    const i = stats.bots.indexOf(p.player);
    return compareProportion(
      {
        bot: p.player,
        metric: `points per ${PUBLISHED_CAMEL.games} games`,
        published: p.points,
        decimals: 0,
        publishedCounts: { k: p.points, n: PUBLISHED_CAMEL.games },
        reproduced: i >= 0 ? { k: stats.points[i]!, n: stats.played[i]! } : null,
        scale: PUBLISHED_CAMEL.games,
        ...(i >= 0 ? {} : { note: 'not in the pool' }),
      },
      confidence,
    );
  });
  return { challenge: 'camel-up', table: PUBLISHED_CAMEL.name, verdict: tableVerdict(rows), confidence, digits: 1, rows };
}

/**
 * The published dice tables (fixtures/dice/published/) and the comparison of a reproduced
 * run with them: per bot the published Win% against ours (Wilson interval, widened by the
 * published counts' own sampling error and the column's rounding), plus the table-level
 * figures (average rounds, tied games).
 */
import { readFileSync } from 'node:fs';
import { columnDecimals, zFor } from '../core/stats/intervals.ts';
import { compareMean, compareProportion, tableVerdict, type ComparisonReport, type ComparisonRow } from '../core/stats/compare.ts';
import type { DiceStats } from './stats.ts';
import publishedJson from '../../fixtures/dice/published/forty-game-dice.json' with { type: 'json' };

export interface PublishedDiceRow {
  bot: string;
  winPct: number;
  wins: number;
  played: number;
  max: number;
  avg: number;
  avgWin: number;
  throws: number;
  successPct: number;
}

export interface PublishedDiceTable {
  name: string;
  games: number;
  bots: number;
  avgRounds?: number;
  tiedGames?: number;
  timedOutGames?: number;
  highestRound?: number;
  rows: PublishedDiceRow[];
}

export const PUBLISHED_DICE_TABLES: readonly PublishedDiceTable[] = (publishedJson as { tables: PublishedDiceTable[] }).tables;

export function publishedTable(name: string): PublishedDiceTable {
  const t = PUBLISHED_DICE_TABLES.find((x) => x.name === name);
  if (!t) throw new Error(`no published dice table "${name}" (have: ${PUBLISHED_DICE_TABLES.map((x) => x.name).join(', ')})`);
  return t;
}

/** Reads a published table from another JSON file of the same shape (for users' own tables). */
export function loadPublishedFile(path: string, name?: string): PublishedDiceTable {
  const data = JSON.parse(readFileSync(path, 'utf8')) as { tables: PublishedDiceTable[] };
  const t = name ? data.tables.find((x) => x.name === name) : data.tables[0];
  if (!t) throw new Error(`${path} has no table ${name ?? ''}`);
  return t;
}

/** Compares a run with a published table. Rows follow the published order, then the run's bots the table does not list (published: null, verdict n/a). */
export function compareWithPublished(table: PublishedDiceTable, stats: DiceStats, confidence: number): ComparisonReport {
  const decimals = columnDecimals(table.rows.map((r) => r.winPct));
  const rows: ComparisonRow[] = table.rows.map((p) => {
    const i = stats.bots.indexOf(p.bot);
    const row = i >= 0 ? stats.rows[i]! : undefined;
    return compareProportion(
      {
        bot: p.bot,
        metric: 'winPct',
        published: p.winPct,
        decimals,
        publishedCounts: { k: p.wins, n: p.played },
        reproduced: row ? { k: row.wins, n: row.played } : null,
        scale: 100,
        ...(row ? {} : { note: 'not in this run' }),
      },
      confidence,
    );
  });
  // Bots of the run the table does not list (a bot of one's own, --python-bots classes): after the table's rows, with their figures and no verdict.
  const listed = new Set(table.rows.map((p) => p.bot));
  stats.bots.forEach((bot, i) => {
    const row = stats.rows[i]!;
    if (!listed.has(bot)) rows.push(compareProportion({ bot, metric: 'winPct', published: null, decimals, reproduced: { k: row.wins, n: row.played }, scale: 100 }, confidence));
  });
  const gameRows: ComparisonRow[] = [];
  if (table.avgRounds != null && stats.games > 0) {
    const mean = stats.totalRounds / stats.games;
    const sd = Math.sqrt(Math.max(0, stats.totalRoundsSq / stats.games - mean * mean));
    gameRows.push(
      compareMean(
        { bot: '(all games)', metric: 'avgRounds', published: table.avgRounds, decimals: 2, reproduced: { value: mean, se: sd / Math.sqrt(stats.games) }, nonNegative: true },
        confidence,
      ),
    );
  }
  if (table.tiedGames != null && stats.games > 0) {
    gameRows.push(
      compareProportion(
        {
          bot: '(all games)',
          metric: 'tiedPct',
          published: (100 * table.tiedGames) / table.games,
          decimals: 6,
          publishedCounts: { k: table.tiedGames, n: table.games },
          reproduced: { k: stats.tiedGames, n: stats.games },
          scale: 100,
        },
        confidence,
      ),
    );
  }
  const missing = table.rows.filter((p) => !stats.bots.includes(p.bot)).map((p) => p.bot);
  return {
    challenge: 'dice',
    table: table.name,
    verdict: tableVerdict([...rows, ...gameRows]),
    confidence,
    z: zFor(confidence),
    games: stats.games,
    publishedGames: table.games,
    rows,
    gameRows,
    ...(missing.length ? { missing } : {}),
  };
}


/**
 * The published final scoreboard (question 104896, 2017-02-02; same table as the
 * tournament repository's README), from fixtures/gun-duel/published/gun-duel.json.
 */
import published from '../../fixtures/gun-duel/published/gun-duel.json' with { type: 'json' };

export interface PublishedRow {
  player: string;
  points: number;
  rounds: number[];
}

export const PUBLISHED_ROWS: readonly PublishedRow[] = (published as { tables: { name: string; rows: PublishedRow[] }[] }).tables.find((t) => t.name === 'final')!.rows;

/** The ratings as the table and the CLI say them (engines/core/report/ratings.ts): the line under a table, a cell. */
import { describe, expect, it } from 'vitest';
import { SeededRandom } from '../rng/seeded-random.ts';
import type { RatedGame } from '../stats/bradley-terry.ts';
import { blockBootstrap, ratingsReport, RatingsRecorder } from '../stats/pairwise.ts';
import { ratingsSummary } from './ratings.ts';

describe('the ratings line (audit #20)', () => {
  it('says the flip threshold with the digits it has: 2.5%, not 2.500000000000002%', () => {
    const games: RatedGame[] = [];
    for (let i = 0; i < 40; i++) games.push({ participants: ['A', 'B'], winners: [i % 2] });
    const rec = new RatingsRecorder(['A', 'B'], 4);
    for (const g of games) rec.game([0, 1], (seat) => g.winners.includes(seat));
    const line = ratingsSummary(ratingsReport(blockBootstrap(rec.acc, { resamples: 100, confidence: 0.95, rng: new SeededRandom('line') }), 4, '1'));
    expect(line).toContain('flips in ≥ 2.5% of resamples');
    expect(line).toContain('95% intervals');
  });
});

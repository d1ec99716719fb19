/** The ratings as the table and the CLI say them (engines/core/report/ratings.ts): the line under a table, a cell. */
import { describe, expect, it } from 'vitest';
import { SeededRandom } from '../rng/seeded-random.ts';
import { bootstrapRatings, type RatedGame } from '../stats/bradley-terry.ts';
import type { ComparisonReport } from '../stats/compare.ts';
import { renderComparison } from './table.ts';
import { blockBootstrap, ratingsReport, RatingsRecorder } from '../stats/pairwise.ts';
import { eloCell, ratingsSummary } from './ratings.ts';

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

describe('every rated bot is in the table (audit #22)', () => {
  it('a rated entry that is no row of the comparison (the pool\'s second Player0, "Player0#2") gets a row of its own', () => {
    const report = {
      challenge: 'camel-up',
      table: 'results',
      verdict: 'disagree',
      confidence: 0.99,
      rows: ['Player0', 'Player2', 'Player1'].map((bot) => ({ bot, metric: 'points', published: 1, reproduced: 2, low: 1.5, high: 2.5, verdict: 'disagree' as const })),
      ratings: { 'Player0#2': { elo: 1590, low: 1580, high: 1600 }, Player0: { elo: 1582, low: 1577, high: 1587 }, Player2: { elo: 1301, low: 1281, high: 1321 }, Player1: { elo: 1013, low: 963, high: 1052 } },
      neighbours: [],
      ratingsFit: { model: 'm', games: 2000, blocks: 200, blockTrials: 10, resamples: 1000, confidence: 0.95, seed: '1' },
    } as unknown as ComparisonReport;
    const out = renderComparison(report, 1, { width: 200 });
    const line = out.split('\n').find((l) => l.includes('Player0#2'));
    expect(line, out).toBeDefined();
    expect(line).toContain('1590 [1580, 1600]');
    expect(line).toMatch(/rated apart: the pool's 2nd Player0/);
    // the verdict counts are the comparison's rows only
    expect(out).toMatch(/0 agree, 3 disagree, 0 n\/a/);
  });
});

describe('a bootstrap of few games claims no order (audit #22)', () => {
  it('one game: every resample is that game, the intervals have width 0 and no neighbour is significant; the line says so', () => {
    const one: RatedGame[] = [{ participants: ['A', 'B', 'C', 'D'], winners: [0] }];
    const r = bootstrapRatings(one, { resamples: 200, confidence: 0.99, rng: new SeededRandom('one') });
    expect(r.ratings[0]!.low).toBe(r.ratings[0]!.high);
    expect(r.neighbours[0]!.flipShare).toBe(0);
    expect(r.neighbours.every((n) => !n.significant)).toBe(true);
    expect(r.units).toBe(1);
    const rec = new RatingsRecorder(['A', 'B'], 1);
    for (let i = 0; i < 5; i++) rec.game([0, 1], (seat) => seat === 0);
    const few = blockBootstrap(rec.acc, { resamples: 100, confidence: 0.95, rng: new SeededRandom('few') });
    expect(few.neighbours[0]!.significant).toBe(false);
    expect(ratingsSummary(ratingsReport(few, 1, '1'))).toMatch(/Only 5 blocks: the intervals mean little and no order is claimed \(fewer than 10\)/);
  });
});

describe('a one-sided rating as a cell', () => {
  it('"≤ bound (never won)", "≥ bound (never lost)"; an interval otherwise', () => {
    expect(eloCell({ elo: -94.4, low: null, high: 298.6, oneSided: { side: 'upper', why: 'never won', bound: 298.6, comparisons: 12000, tail: 0.025 } })).toBe('≤ 299 (never won)');
    expect(eloCell({ elo: 2890, low: 2101.2, high: null, oneSided: { side: 'lower', why: 'never lost', bound: 2101.2, comparisons: 300, tail: 0.025 } })).toBe('≥ 2101 (never lost)');
    expect(eloCell({ elo: 1623.4, low: 1590, high: 1655 })).toBe('1623 [1590, 1655]');
  });
});

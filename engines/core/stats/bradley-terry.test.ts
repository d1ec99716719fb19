import { describe, expect, it } from 'vitest';
import { fixture } from '../../../test/fixtures.ts';
import { PyRandom } from '../rng/python-random.ts';
import { SeededRandom } from '../rng/seeded-random.ts';
import { bootstrapRatings, fitBradleyTerry, gameFromScores, quantileSorted, type RatedGame } from './bradley-terry.ts';

// Game logs (run_game's game_log format) and what the ORIGINAL _fit_elo (lambda/handler.py at
// 2dbad1c) answered on them: fixtures/camel-up/elo/README.md.
const LOGS = fixture<{ logs: Record<string, [string, number][][]> }>('camel-up/elo/logs.json').logs;
const EXPECTED = fixture<Record<string, { elo: Record<string, number>; eloUnrounded: Record<string, number> }>>('camel-up/elo/expected.json');
const gamesOf = (log: [string, number][][]) => log.map((g) => gameFromScores(g));
/** Python's round(x, 1) for these values (none lies on a tie at the 0.05 boundary). */
const round1 = (x: number) => Math.round(x * 10) / 10;

describe('fitBradleyTerry against _fit_elo', () => {
  it('the fixture covers every case it names', () => {
    expect(Object.keys(LOGS).sort()).toEqual(Object.keys(EXPECTED).sort());
    expect(Object.keys(LOGS)).toEqual(expect.arrayContaining(['ties', 'undefeated-winless', 'repeats', 'small-games', 'one-game', 'empty', 'tournament-seed1']));
  });

  for (const name of Object.keys(EXPECTED)) {
    it(`log "${name}": every Elo equal to 1e-9 relative, and the same after _fit_elo's rounding`, () => {
      const fit = fitBradleyTerry(gamesOf(LOGS[name]!));
      const want = EXPECTED[name]!;
      expect([...fit.keys()].sort()).toEqual(Object.keys(want.eloUnrounded).sort());
      for (const [player, r] of fit) {
        const e = want.eloUnrounded[player]!;
        expect(Math.abs(r.elo - e) / Math.abs(e)).toBeLessThan(1e-9);
        expect(round1(r.elo)).toBe(want.elo[player]);
      }
    });
  }

  it('ties share the point: two tied winners of one game rate alike, above the two losers', () => {
    const fit = fitBradleyTerry([gameFromScores([['A', 5], ['B', 5], ['C', 1], ['D', 0]])]);
    expect(fit.get('A')!.elo).toBe(fit.get('B')!.elo);
    expect(fit.get('C')!.elo).toBe(fit.get('D')!.elo);
    expect(fit.get('A')!.elo).toBeGreaterThan(1500);
  });

  it('gameFromScores picks every seat holding the maximum; winner indices are checked', () => {
    expect(gameFromScores([['A', 3], ['B', 7], ['C', 7]])).toEqual({ participants: ['A', 'B', 'C'], winners: [1, 2] });
    expect(() => fitBradleyTerry([{ participants: ['A', 'B'], winners: [2] }])).toThrow(/winner index 2/);
    expect(fitBradleyTerry([]).size).toBe(0);
  });

  it('iterations: 0 leaves every strength at 1 (Elo 1500); more iterations move them', () => {
    const games = gamesOf(LOGS['ties']!);
    for (const r of fitBradleyTerry(games, { iterations: 0 }).values()) expect(r.elo).toBe(1500);
    expect(fitBradleyTerry(games, { iterations: 1 }).get('Ann')!.elo).not.toBe(fitBradleyTerry(games).get('Ann')!.elo);
  });
});

describe('bootstrapRatings', () => {
  const games = gamesOf(LOGS['tournament-seed1']!);

  it('is a function of the generator: same seed, same result; another seed, other intervals', () => {
    const a = bootstrapRatings(games, { resamples: 200, confidence: 0.95, rng: new PyRandom('b') });
    const b = bootstrapRatings(games, { resamples: 200, confidence: 0.95, rng: new PyRandom('b') });
    const c = bootstrapRatings(games, { resamples: 200, confidence: 0.95, rng: new PyRandom('c') });
    expect(b).toEqual(a);
    expect(c.ratings.map((r) => r.low)).not.toEqual(a.ratings.map((r) => r.low));
    expect(bootstrapRatings(games, { resamples: 50, rng: new SeededRandom('x') })).toEqual(bootstrapRatings(games, { resamples: 50, rng: new SeededRandom('x') }));
  });

  it('ranks by the full fit, each interval around its Elo, neighbours in ranking order', () => {
    const r = bootstrapRatings(games, { resamples: 300, confidence: 0.9, rng: new PyRandom(1n) });
    const fit = fitBradleyTerry(games);
    expect(r.ratings.map((x) => x.name)).toEqual([...fit.entries()].sort((x, y) => y[1].elo - x[1].elo).map((x) => x[0]));
    for (const x of r.ratings) {
      expect(x.elo).toBe(fit.get(x.name)!.elo);
      expect(x.low).toBeLessThan(x.elo);
      expect(x.high).toBeGreaterThan(x.elo);
      expect(x.resamples).toBe(300);
    }
    expect(r.neighbours.map((n) => [n.higher, n.lower])).toEqual(r.ratings.slice(1).map((x, i) => [r.ratings[i]!.name, x.name]));
    for (const n of r.neighbours) {
      expect(n.compared).toBe(300);
      expect(n.flipShare).toBe(n.flips / 300);
      expect(n.significant).toBe(n.flipShare < 0.05);
    }
    // Player0 (99 wins of 137) above Crasher (36 of 129): never flips.
    expect(r.neighbours[0]).toMatchObject({ higher: 'Player0', lower: 'Crasher', flips: 0, significant: true });
  });

  it('a pair that cannot be told apart is not significant; a wider level widens the intervals', () => {
    const even: RatedGame[] = [];
    for (let i = 0; i < 40; i++) even.push({ participants: ['A', 'B'], winners: [i % 2] });
    const r = bootstrapRatings(even, { resamples: 400, confidence: 0.95, rng: new PyRandom(3n) });
    expect(r.neighbours).toHaveLength(1);
    expect(r.neighbours[0]!.significant).toBe(false);
    expect(r.neighbours[0]!.flipShare).toBeGreaterThan(0.3);
    const w = bootstrapRatings(games, { resamples: 300, confidence: 0.99, rng: new PyRandom(1n) });
    const n = bootstrapRatings(games, { resamples: 300, confidence: 0.8, rng: new PyRandom(1n) });
    for (let i = 0; i < w.ratings.length; i++) expect(w.ratings[i]!.high - w.ratings[i]!.low).toBeGreaterThan(n.ratings[i]!.high - n.ratings[i]!.low);
  });

  it('a player absent from a resample has no rating there (counted in resamples)', () => {
    const g: RatedGame[] = [{ participants: ['A', 'B'], winners: [0] }, { participants: ['A', 'C'], winners: [1] }, { participants: ['A', 'B'], winners: [1] }];
    const r = bootstrapRatings(g, { resamples: 200, rng: new PyRandom(5n) });
    const c = r.ratings.find((x) => x.name === 'C')!;
    expect(c.resamples).toBeLessThan(200);
    expect(c.resamples).toBeGreaterThan(0);
    expect(r.ratings.find((x) => x.name === 'A')!.resamples).toBe(200);
  });

  it('refuses a bad resample count or confidence', () => {
    expect(() => bootstrapRatings(games, { resamples: 0, rng: new PyRandom(1n) })).toThrow(/resamples/);
    expect(() => bootstrapRatings(games, { confidence: 1, rng: new PyRandom(1n) })).toThrow(/confidence/);
  });

  it('type-7 quantiles', () => {
    expect(quantileSorted([1, 2, 3, 4], 0.5)).toBe(2.5);
    expect(quantileSorted([1, 2, 3, 4], 0)).toBe(1);
    expect(quantileSorted([1, 2, 3, 4], 1)).toBe(4);
    expect(quantileSorted([10], 0.3)).toBe(10);
    expect(quantileSorted([], 0.5)).toBeNaN();
  });
});

describe('the neighbour rule at its boundary', () => {
  it('a flip share of exactly (1 − confidence) / 2 is not significant (no 1 − 0.99 rounding error)', () => {
    // 1000 resamples at 99%: the boundary is 5 flips. A pair (A wins 22 of 30) whose flips fall around it.
    const g: RatedGame[] = [];
    for (let i = 0; i < 30; i++) g.push({ participants: ['A', 'B'], winners: [i % 15 < 4 ? 1 : 0] });
    const seen = new Set<number>();
    for (let seed = 0; seed < 60; seed++) {
      const n = bootstrapRatings(g, { resamples: 1000, confidence: 0.99, rng: new PyRandom(BigInt(seed)) }).neighbours[0]!;
      seen.add(n.flips);
      expect(n.significant).toBe(n.flips < 5);
    }
    expect(seen.has(5) && seen.has(4)).toBe(true);
  });
});

/**
 * The field-game scheduler (schedule.ts): deals of one seed key in all rotations, fewest games
 * first, windows in rank order that reach across a rating gap (the gap of Halite III's nearest-by-
 * rating windows), a heavy-tailed window size, entries that stop once settled, determinism.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_MIN_GAMES, DEFAULT_TARGET_WIDTH, rankWindow, schedule, wantsGames, windowSize, type ScheduleEntry, type ScheduleOptions } from './schedule.ts';

const O: ScheduleOptions = { hostSeed: 'koth', rules: 'fixed', firstKey: 40, games: 60, seats: 3 };
/** Ten rated entries, 100 games each, intervals still wide. */
const field = (over: Partial<ScheduleEntry>[] = []): ScheduleEntry[] =>
  Array.from({ length: 10 }, (_, i) => ({ id: i + 1, games: 100, elo: 1600 - 20 * i, low: 1500 - 20 * i, high: 1700 - 20 * i, ...over[i] }));

describe('schedule', () => {
  it('plays deals: k distinct versions on one seed key, in all k rotations, keys from firstKey, at most N games', () => {
    const games = schedule(field(), O);
    expect(games).toHaveLength(60);
    for (let d = 0; d < 20; d++) {
      const deal = games.slice(3 * d, 3 * d + 3);
      expect(deal.every((g) => g.seedKey === 40 + d)).toBe(true);
      const [a, b, c] = deal[0]!.seats;
      expect(new Set([a, b, c]).size).toBe(3);
      expect(deal.map((g) => g.seats)).toEqual([[a, b, c], [b, c, a], [c, a, b]]);
    }
    // Whole deals only; one short deal when fewer games than seats are asked for.
    expect(schedule(field(), { ...O, games: 8 })).toHaveLength(6);
    expect(schedule(field(), { ...O, games: 2 }).map((g) => g.seedKey)).toEqual([40, 40]);
    expect(schedule(field().slice(0, 2), O)).toEqual([]);
  });

  it('is a function of its inputs: the same games again, other games from another host seed or first key', () => {
    const a = schedule(field(), O);
    expect(schedule(field(), O)).toEqual(a);
    expect(schedule(field(), { ...O, hostSeed: 'other' })).not.toEqual(a);
    expect(schedule(field(), { ...O, firstKey: 41 }).map((g) => g.seats)).not.toEqual(a.map((g) => g.seats));
  });

  it('gives games to the fewest first: a new entry seeds deals until it has caught up', () => {
    const entries = field([{}, {}, {}, {}, { games: 0, elo: null, low: null, high: null }]);
    const games = schedule(entries, { ...O, games: 3 * 40 });
    // Entry 5 starts 100 games behind, 3 games a deal: it is in each of the first 34 deals.
    const deals = Array.from({ length: 40 }, (_, d) => games[3 * d]!.seats);
    expect(deals.slice(0, 34).every((s) => s.includes(5))).toBe(true);
    // Every deal's seed (its first seat) had the fewest games of all at that moment.
    const count = new Map<number, number>(entries.map((e) => [e.id, e.games]));
    for (let d = 0; d < 40; d++) {
      const deal = games.slice(3 * d, 3 * d + 3);
      expect(count.get(deal[0]!.seats[0]!)).toBe(Math.min(...count.values()));
      for (const g of deal) for (const id of g.seats) count.set(id, count.get(id)! + 1);
    }
  });

  it('stops extra games for an entry whose interval is narrower than the target after the minimum: it only sits as an opponent', () => {
    const settled = { games: DEFAULT_MIN_GAMES, low: 1000, high: 1000 + DEFAULT_TARGET_WIDTH - 1 };
    expect(wantsGames({ id: 1, elo: 1000, ...settled })).toBe(false);
    expect(wantsGames({ id: 1, elo: 1000, ...settled, games: DEFAULT_MIN_GAMES - 1 })).toBe(true);
    expect(wantsGames({ id: 1, elo: 1000, ...settled, high: 1000 + DEFAULT_TARGET_WIDTH })).toBe(true);
    expect(wantsGames({ id: 1, elo: 1000, ...settled, low: null })).toBe(true);
    // All settled but entry 7: every deal seats it.
    const entries = field().map((e) => (e.id === 7 ? e : { ...e, games: 300, low: e.elo! - 10, high: e.elo! + 10 }));
    const games = schedule(entries, O);
    expect(games.length).toBe(60);
    expect(games.every((g) => g.seats.includes(7))).toBe(true);
    // All settled: nothing to play.
    expect(schedule(entries.map((e) => ({ ...e, games: 300, low: e.elo! - 10, high: e.elo! + 10 })), O)).toEqual([]);
  });

  it('windows in rank order reach across a gap: the second always has the leader in reach (nearest-by-rating windows never)', () => {
    // The leader 800 Elo ahead of a tight cluster of 30.
    const elos = [2400, ...Array.from({ length: 30 }, (_, i) => 1600 - i)];
    for (let L = 1; L <= 20; L++) {
      expect(rankWindow(elos.length, 1, L)).toContain(0);
      // Halite III's window: the L nearest by |Δ rating|, which for L ≤ 29 holds only the cluster.
      const nearest = elos.map((e, p) => ({ p, d: Math.abs(e - elos[1]!) })).filter((x) => x.p !== 1).sort((a, b) => a.d - b.d).slice(0, L).map((x) => x.p);
      expect(nearest).not.toContain(0);
    }
    expect(rankWindow(10, 0, 4)).toEqual([1, 2, 3, 4]);
    expect(rankWindow(10, 9, 4)).toEqual([5, 6, 7, 8]);
    expect(rankWindow(10, 5, 4)).toEqual([3, 4, 6, 7]);
    expect(rankWindow(10, 5, 100)).toEqual([0, 1, 2, 3, 4, 6, 7, 8, 9]);
    // In schedules: a field whose second seeds the deals meets the leader.
    const gap = elos.map((elo, i) => ({ id: i + 1, games: i === 1 ? 0 : 1000, elo, low: elo - 100, high: elo + 100 }));
    const games = schedule(gap, { ...O, seats: 2, games: 2 * 100 });
    const deals = games.filter((_, i) => i % 2 === 0);
    expect(deals.every((g) => g.seats[0] === 2)).toBe(true);
    // The leader is one of a window of L (median 7): about one deal in 8 meets it.
    expect(deals.filter((g) => g.seats.includes(1)).length).toBeGreaterThan(100 / 20);
  });

  it("the window size is Halite III's heavy tail: at least 4, median 7, 30 or more for U below 0.0535", () => {
    expect(windowSize(0.999)).toBe(4);
    expect(windowSize(0.5)).toBe(7);
    expect(windowSize(0.053)).toBeGreaterThanOrEqual(30);
    expect(windowSize(0.055)).toBeLessThan(30);
    expect(windowSize(0)).toBe(99);
  });
});

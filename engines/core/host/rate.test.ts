import { stripVTControlCharacters } from 'node:util';
/**
 * Rate and the board (rate.ts, board.ts) on synthetic stored games (test/host-fixture.ts): the
 * order of a field with known strengths; an entry that never won gets a one-sided bound; a retired
 * version's games leave the fit; `without` drops an entry and every game it sat in; `asOf` counts
 * only games of ticks finished by then; the bootstrap is a function of the store (two equal stores
 * rate alike, bit for bit); the board JSON has the shape, sorted.
 */
import { describe, expect, it } from 'vitest';
import { addActive, sampleHosts } from '../../../test/host-fixture.ts';
import { computeBoard, renderBoard } from './board.ts';
import { rate, ratingModelOf } from './rate.ts';
import { addVersion, beginTick, createStore, listTicks, openTest, recordGames, setStatus, updateTest, type Game } from './store.ts';
import { encodeResult } from './result.ts';
import { HOST_SETTINGS, steppingClock, tempHostDir } from '../../../test/host-fixture.ts';
import { rmSync } from 'node:fs';

const host = sampleHosts();

describe('host rate', () => {
  it('rates the active versions in strength order, with intervals and rank-1 shares', () => {
    const { store, ids } = host();
    const r = rate(store, { resamples: 200 });
    expect(r.model).toBe('converged');
    expect(r.ratings.map((x) => x.version)).toEqual([ids.A, ids.B, ids.C, ids.D]);
    // 12 deals of 3 pairs and 6 deals of 6 pairs, two games a deal.
    expect(r.games).toBe(2 * (12 * 3 + 6 * 6));
    expect(r.deals).toBe(12 * 3 + 6 * 6);
    const [a, b] = r.ratings;
    expect(a!.rating.low).toBeLessThan(a!.rating.elo);
    expect(a!.rating.high).toBeGreaterThan(a!.rating.elo);
    expect(a!.games).toBe(2 * (12 * 2 + 6 * 3));
    expect(a!.firstShare).toBeGreaterThan(b!.firstShare);
    expect(r.ratings.reduce((s, x) => s + x.firstShare, 0)).toBeCloseTo(1, 12);
    expect(r.seed).toBe('host/koth/rules/original/ratings');
  });

  it('gives an entry that never won a one-sided bound, not an interval', () => {
    const { store, ids } = host();
    const d = rate(store, { resamples: 100 }).ratings.find((x) => x.version === ids.D)!;
    expect(d.rating.low).toBeNull();
    expect(d.rating.oneSided).toMatchObject({ side: 'upper', why: 'never won' });
    expect(d.rating.high).toBe(d.rating.oneSided!.bound);
    expect(d.rating.high!).toBeGreaterThan(d.rating.elo);
  });

  it("leaves a retired version's games out of the fit", () => {
    const { store, ids } = host();
    const before = rate(store, { resamples: 20 });
    setStatus(store, ids.D, 'retired', 'its answer was deleted');
    const after = rate(store, { resamples: 20 });
    expect(after.ratings.map((x) => x.version)).toEqual([ids.A, ids.B, ids.C]);
    expect(after.games).toBe(before.games - 2 * 6 * 3);
    // An edit: the new version is validating and the old one retired — the entry is off the fit until validated.
    const e = Number(store.row('SELECT entry FROM versions WHERE id = ?', ids.C)!.entry);
    addVersion(store, { entry: e, sha256: 'f'.repeat(64), code: 'class C: edited', language: 'python', posted: null, edited: null });
    expect(rate(store, { resamples: 20 }).ratings.map((x) => x.version)).toEqual([ids.A, ids.B]);
  });

  it('without NAME: the entry and every game it sat in are gone', () => {
    const { store, ids } = host();
    const r = rate(store, { resamples: 20, without: ['A'] });
    expect(r.ratings.map((x) => x.version)).toEqual([ids.B, ids.C, ids.D]);
    expect(r.games).toBe(2 * (12 * 1 + 6 * 3));
    expect(r.without).toEqual(['A']);
    expect(() => rate(store, { without: ['Nobody'] })).toThrow(/no entry named "Nobody"/);
  });

  it('asOf: only the games of ticks finished by then', () => {
    const { store, ids } = host();
    const [t1, t2] = listTicks(store);
    expect(rate(store, { resamples: 10, asOf: t1!.finished! }).games).toBe(2 * 12 * 3);
    expect(rate(store, { resamples: 10, asOf: t2!.finished! }).games).toBe(2 * (12 * 3 + 6 * 6));
    expect(rate(store, { resamples: 10, asOf: '2026-10-31' }).games).toBe(0);
    expect(rate(store, { resamples: 10, asOf: t1!.finished! }).ratings.map((x) => x.version)).not.toContain(ids.D);
  });

  it('is a function of the store: equal stores rate alike to the last bit; another host seed resamples differently', () => {
    const a = rate(host().store, { resamples: 50 });
    const b = rate(host().store, { resamples: 50 });
    expect(JSON.stringify(b)).toBe(JSON.stringify(a));
    const { store } = host();
    store.run("UPDATE settings SET seed = 'other'");
    const c = rate(store, { resamples: 50 });
    expect(c.ratings.map((x) => x.rating.elo)).toEqual(a.ratings.map((x) => x.rating.elo));
    expect(c.ratings.map((x) => x.rating.low)).not.toEqual(a.ratings.map((x) => x.rating.low));
  });

  it("camel-up rates with the 2026 leaderboard's 100 MM steps, the others converged", () => {
    expect(ratingModelOf('camel-up')).toBe('leaderboard-2026');
    expect(ratingModelOf('dice')).toBe('converged');
    const { store } = host();
    const mm = rate(store, { resamples: 5, model: 'leaderboard-2026' });
    const conv = rate(store, { resamples: 5 });
    expect(mm.modelText).toMatch(/100 MM steps/);
    expect(mm.ratings[0]!.rating.elo).not.toBe(conv.ratings[0]!.rating.elo);
  });

  it('an active version without a rated game is not rated; a store without games rates nobody', () => {
    const { store } = host();
    addActive(store, 'E');
    expect(rate(store, { resamples: 5 }).ratings).toHaveLength(4);
    expect(rate(store, { resamples: 5, asOf: '2026-10-01' })).toMatchObject({ games: 0, deals: 0, ratings: [] });
  });
});

describe('host board', () => {
  it('has the shape of `koth host board --json`, sorted: active by Elo, then validating, rejected, retired', () => {
    const { store, ids } = host();
    const e = addActive(store, 'E');
    setStatus(store, e, 'rejected', 'SyntaxError: invalid syntax (line 3)');
    const f = addActive(store, 'F');
    setStatus(store, f, 'validating');
    const t = openTest(store, ids.B, ids.A);
    updateTest(store, t.id, { pairs: 40, outcomes: [[0, 10], [1, 30]], llr: -1.23456789, verdict: 'running' });
    const board = computeBoard(store, { resamples: 50 });
    expect(board.entries.map((x) => [x.name, x.status])).toEqual([
      ['A', 'active'],
      ['B', 'active'],
      ['C', 'active'],
      ['D', 'active'],
      ['F', 'validating'],
      ['E', 'rejected'],
    ]);
    const a = board.entries[0]!;
    expect(Object.keys(a).sort()).toEqual(['answer', 'author', 'elo', 'first', 'games', 'high', 'id', 'low', 'name', 'sha256', 'status', 'version'].sort());
    expect(a).toMatchObject({ name: 'A', answer: 'A', author: 'author of A', version: 1, status: 'active', games: 84 });
    expect(a.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(a.elo! * 10).toBe(Math.round(a.elo! * 10));
    const d = board.entries[3]!;
    expect(d).toMatchObject({ low: null, oneSided: { side: 'upper', why: 'never won' } });
    expect(d.high).toBe(d.oneSided!.bound);
    expect(board.entries[5]).toMatchObject({ name: 'E', status: 'rejected', reason: 'SyntaxError: invalid syntax (line 3)', elo: null, low: null, high: null, games: 0, first: null });
    expect(board.tests).toEqual([{ candidate: 'B', candidateVersion: 1, baseline: 'A', baselineVersion: 1, verdict: 'running', llr: -1.2346, pairs: 40 }]);
    expect(board).toMatchObject({ game: 'dice', rules: 'original', ratings: { games: 144, resamples: 50, confidence: 0.95, asOf: null, without: [] } });
    // A retired entry shows the games it played, and its reason.
    setStatus(store, ids.C, 'retired', 'its answer was deleted');
    expect(computeBoard(store, { resamples: 5 }).entries.at(-1)).toMatchObject({ name: 'C', status: 'retired', reason: 'its answer was deleted', games: 2 * (12 * 2 + 6 * 3), elo: null });
  });

  it('two entries of one class name are told apart by their answer; without drops the row', () => {
    const { store } = host();
    const e1 = Number(store.run("INSERT INTO entries (answer, class, author) VALUES ('111', 'Twin', 'x')").lastInsertRowid);
    const e2 = Number(store.run("INSERT INTO entries (answer, class, author) VALUES ('222', 'Twin', 'y')").lastInsertRowid);
    for (const e of [e1, e2]) addVersion(store, { entry: e, sha256: String(e).padStart(64, '0'), code: `twin ${e}`, language: 'python', posted: null, edited: null });
    const names = computeBoard(store, { resamples: 5 }).entries.map((x) => x.name);
    expect(names).toContain('Twin (answer 111)');
    expect(names).toContain('Twin (answer 222)');
    expect(computeBoard(store, { resamples: 5, without: ['B'] }).entries.map((x) => x.name)).not.toContain('B');
  });

  it('renders a table that fits the terminal, with the one-sided bound and the tests', () => {
    const { store, ids } = host();
    openTest(store, ids.B, ids.A);
    const board = computeBoard(store, { resamples: 20 });
    const text = renderBoard(board, { width: 100 });
    for (const line of stripVTControlCharacters(text).split('\n')) expect([...line].length, line).toBeLessThanOrEqual(100);
    expect(text).toMatch(/≤ \d+ \(never won\)/);
    expect(text).toMatch(/B v1 .*A v1 .*running/);
    expect(text).toContain('144 games (72 deals)');
    expect(text.split('\n')[1]).not.toContain('reason');
    setStatus(store, ids.C, 'retired', 'its answer was deleted');
    expect(renderBoard(computeBoard(store, { resamples: 5 }), { width: 200 })).toMatch(/C .*retired.*its answer was deleted/);
  });

  it('one-seat games (atomas): the versions that played one seed key alone are compared by score, pairwise', () => {
    const dir = tempHostDir();
    const store = createStore(dir, { ...HOST_SETTINGS, game: 'atomas' }, { clock: steppingClock() });
    try {
      const ids = [addActive(store, 'High'), addActive(store, 'Mid'), addActive(store, 'Low')];
      const lock = beginTick(store, { pid: 1, machine: 'test' });
      const games: Game[] = [];
      let number = 0;
      // 30 deals: on each seed key every version plays alone; High scores most, Low least, but Mid beats High in every fifth deal.
      for (let key = 0; key < 30; key++) {
        const scores = key % 5 === 4 ? [200, 300, 100] : [300, 200, 100];
        ids.forEach((v, i) => games.push({ number: ++number, rules: 'original', seedKey: key, seats: [v], result: encodeResult({ kind: 'score', scores: [scores[i]! + key] }), kind: 'field', tick: lock.tick }));
      }
      // A version alone on its seed key is compared with no one: it changes nothing.
      games.push({ number: ++number, rules: 'original', seedKey: 99, seats: [ids[2]!], result: 's:100000', kind: 'field', tick: lock.tick });
      recordGames(store, games);
      lock.finish();
      const r = rate(store, { resamples: 50 });
      expect(r.ratings.map((x) => x.version)).toEqual(ids);
      expect(r.deals).toBe(30);
      expect(r.modelText).toMatch(/one-seat games compared pairwise by score/);
      // Low lost every comparison: a one-sided bound; Mid sits between (it beat Low always, High sometimes).
      const low = r.ratings[2]!;
      expect(low.rating.oneSided).toMatchObject({ why: 'never won' });
      expect(r.ratings[1]!.rating.low).not.toBeNull();
      expect(r.ratings[0]!.games).toBe(30);
    } finally {
      store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

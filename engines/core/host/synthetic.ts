/**
 * A synthetic host: entries with one active version each and field games stored as a hosted game
 * stores them (recordGames), without playing — what `koth bench host` times the Rate and Publish
 * steps on (issue 40's goal: a site of 200 entries and 1,000,000 stored games in at most 10 s).
 *
 * The games are dice-shaped: deals of `seats` versions (a seeded draw) played in all `seats` cyclic
 * rotations (as schedule.ts deals them), each game's result `s:` scores as dice stores them — the
 * winner past 40, the others below — the winner drawn by the versions' fixed strengths, so the
 * board has an order to find. A function of its options: the same options store the same games.
 */
import { PyRandom } from '../rng/python-random.ts';
import { encodeResult } from './result.ts';
import { addEvent, addVersion, beginTick, createStore, recordGames, setStatus, upsertEntry, type Game, type HostSettings, type Store } from './store.ts';
import { createHash } from 'node:crypto';

export interface SyntheticHostOptions {
  /** Active entries (one version each). */
  entries: number;
  /** Stored field games (whole deals; the last deal cut short when `games` is not a multiple of `seats`). */
  games: number;
  /** Seats a game (dice: 2 to 8). Default 8. */
  seats?: number;
  /** Games a tick (default 10,000, a dice tick's games). */
  perTick?: number;
  /** The host seed and the draws' seed. Default 'bench'. */
  seed?: string;
}

/** Games stored per transaction while building. */
const BATCH = 20_000;

/** Builds the synthetic host in `dir` (a new folder, or an empty one) and returns it open. */
export function buildSyntheticHost(dir: string, o: SyntheticHostOptions): Store {
  const seats = o.seats ?? 8;
  const perTick = o.perTick ?? 10_000;
  const seed = o.seed ?? 'bench';
  if (!Number.isSafeInteger(o.entries) || o.entries < seats) throw new RangeError(`a synthetic host needs at least ${seats} entries (one deal's seats), got ${o.entries}`);
  const settings: HostSettings = { game: 'dice', source: 'dir:/synthetic', rules: 'original', seed, house: [], elo0: 0, elo1: 5, alpha: 0.05, beta: 0.05, allowPrograms: false };
  let t = Date.parse('2026-11-01T00:00:00Z');
  const store = createStore(dir, settings, { clock: () => new Date((t += 60_000)) });
  const ids: number[] = [];
  store.step(() => {
    for (let i = 0; i < o.entries; i++) {
      const name = `Bot${String(i + 1).padStart(3, '0')}`;
      const code = `class ${name}:\n    pass\n`;
      const e = upsertEntry(store, { answer: String(1000 + i), className: name, author: `author ${i + 1}` });
      const { version } = addVersion(store, { entry: e.id, sha256: createHash('sha256').update(code).digest('hex'), code, language: 'python', author: `author ${i + 1}`, posted: '2026-10-01T00:00:00Z', edited: null });
      setStatus(store, version.id, 'active');
      ids.push(version.id);
    }
  });
  // Strength of each version: the first strongest (its chance to win a seat against the others).
  const strength = ids.map((_, i) => 2 ** (-(3 * i) / ids.length));
  const rng = new PyRandom(`synthetic/${seed}`);
  const indices = ids.map((_, i) => i);
  let number = 0;
  let key = 0;
  while (number < o.games) {
    const lock = beginTick(store, { pid: 1, machine: 'synthetic' });
    const start = number;
    const end = Math.min(o.games, number + perTick);
    let batch: Game[] = [];
    while (number < end) {
      const deal = rng.sample(indices, seats);
      for (let r = 0; r < seats && number < end; r++) {
        const order = [...deal.slice(r), ...deal.slice(0, r)];
        const total = order.reduce((s, i) => s + strength[i]!, 0);
        let pick = rng.random() * total;
        let winner = 0;
        while (winner < seats - 1 && (pick -= strength[order[winner]!]!) > 0) winner++;
        const scores = order.map((_, s) => (s === winner ? 40 + rng.randbelow(10) : rng.randbelow(40)));
        batch.push({ number: ++number, rules: 'original', seedKey: key, seats: order.map((i) => ids[i]!), result: encodeResult({ kind: 'score', scores }), kind: 'field', tick: lock.tick });
      }
      key++;
      if (batch.length >= BATCH) (recordGames(store, batch), (batch = []));
    }
    if (batch.length) recordGames(store, batch);
    addEvent(store, lock.tick, 'games-played', { games: end - start });
    lock.finish();
  }
  return store;
}

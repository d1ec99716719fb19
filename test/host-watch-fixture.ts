/**
 * A dice host whose field games were really played (engines/dice/host.ts, ports in process): house
 * bots as versions (language `port`, code `port:<name>`, as host/validate.ts ensureHouse makes
 * them) and one posted answer, for the watch pages of stored games (engines/core/host/watch.ts,
 * publish.ts, `koth host watch`, the site in Chromium).
 */
import { createHash } from 'node:crypto';
import '../engines/registry.ts';
import { DICE_HOST } from '../engines/dice/host.ts';
import { fieldRunSeed } from '../engines/core/host/seeds.ts';
import { addEvent, addVersion, beginTick, createStore, recordGames, setStatus, upsertEntry, type Game, type Store } from '../engines/core/host/store.ts';
import { HOST_SETTINGS, steppingClock } from './host-fixture.ts';

export const HOUSE = ['OptFor2X', 'GoToTenBot', 'HarkonnenBot', 'BrainBot'];
const sha = (s: string) => createHash('sha256').update(s).digest('hex');

/**
 * A host in `dir`: the HOUSE bots active, and an answer `Thrower` (active, never played among
 * them here but in one stored game with them, whose page is played in the sandbox). Field games: 3 deals
 * of 4 seats in their 4 rotations (games 1–12), then game 13 seating Thrower. Returns the store
 * and version ids by name.
 */
export async function dicePortsHost(dir: string): Promise<{ store: Store; ids: Record<string, number> }> {
  const store = createStore(dir, { ...HOST_SETTINGS, house: HOUSE }, { clock: steppingClock() });
  const ids: Record<string, number> = {};
  for (const name of HOUSE) {
    const e = upsertEntry(store, { answer: 'house', className: name, author: '' });
    const code = `port:${name}`;
    const { version } = addVersion(store, { entry: e.id, sha256: sha(code), code, language: 'port', posted: null, edited: null });
    setStatus(store, version.id, 'active');
    ids[name] = version.id;
  }
  const e = upsertEntry(store, { answer: '9001', className: 'Thrower', author: 'someone' });
  const code = 'class Thrower(Bot):\n    def make_throw(self, scores, last_round):\n        yield False\n';
  const { version } = addVersion(store, { entry: e.id, sha256: sha(code), code, language: 'python', author: 'someone', posted: '2026-10-01T00:00:00Z', edited: null });
  setStatus(store, version.id, 'active');
  ids.Thrower = version.id;
  const lock = beginTick(store, { pid: 1, machine: 'test' });
  const run = fieldRunSeed(HOST_SETTINGS.seed, HOST_SETTINGS.rules);
  const specs = [0, 1, 2].flatMap((key) => HOUSE.map((_, r) => ({ seedKey: key, seats: [...HOUSE.slice(r), ...HOUSE.slice(0, r)] })));
  const outcomes = await DICE_HOST.playGames({ run, rules: HOST_SETTINGS.rules, games: specs, code: {} }, { kit: { sandboxPool: () => { throw new Error('no sandbox for ports'); } } });
  const games: Game[] = specs.map((s, i) => {
    const o = outcomes[i]!;
    if (!('result' in o)) throw new Error(JSON.stringify(o));
    return { number: i + 1, rules: HOST_SETTINGS.rules, seedKey: s.seedKey, seats: s.seats.map((n) => ids[n]!), result: o.result, kind: 'field', tick: lock.tick };
  });
  // A game seating the answer (its result made up: nothing here plays it; its watch page, played in the sandbox, shows the difference).
  games.push({ number: 13, rules: HOST_SETTINGS.rules, seedKey: 3, seats: [ids.Thrower!, ids.OptFor2X!], result: 's:12,41', kind: 'field', tick: lock.tick });
  recordGames(store, games);
  addEvent(store, lock.tick, 'games-played', { games: games.length });
  lock.finish();
  return { store, ids };
}

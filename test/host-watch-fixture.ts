/**
 * Hosts whose field games were really played, for the watch pages of stored games: a dice host
 * (dicePortsHost) and one of any game (storedHost).
 *
 * A dice host whose field games were really played (engines/dice/host.ts, ports in process): house
 * bots as versions (language `port`, code `port:<name>`, as host/validate.ts ensureHouse makes
 * them) and one posted answer, for the watch pages of stored games (engines/core/host/watch.ts,
 * publish.ts, `koth host watch`, the site in Chromium).
 */
import { createHash } from 'node:crypto';
import '../engines/registry.ts';
import { DICE_HOST } from '../engines/dice/host.ts';
import type { HostGame, HostJob, HostOutcome, HostPlayContext, HostSeat } from '../engines/core/host/play.ts';
import { fieldRunSeed } from '../engines/core/host/seeds.ts';
import { addEvent, addVersion, beginTick, createStore, getGame, recordGames, setStatus, upsertEntry, type Game, type Store } from '../engines/core/host/store.ts';
import { storedGameJob, storedGameWatchPage, storedGameWatchPageAsync } from '../engines/core/host/watch.ts';
import type { WatchPage } from '../engines/core/report/html/watch.ts';
import { expect } from 'vitest';
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

/** A posted answer of a stored host (storedHost): its class, code and version language. */
export interface FixtureAnswer {
  className: string;
  code: string;
  language: string;
}

/**
 * A host of game `game` in `dir` whose games were really played by `host.playGames` (ports here;
 * posted answers in the sandbox of `ctx`, when given): the `house` ports as house versions, the
 * `answers` as posted versions, and field games 1, 2, … seating them by name as `games` say (the
 * settings' rules unless a game names its own), with the results playGames gave — for the watch
 * pages of every hosted game (engines/<game>/host-watch*.test.ts). Returns the store, version ids
 * by name and the outcomes.
 */
export async function storedHost(
  dir: string,
  o: {
    game: string;
    host: HostGame;
    house: readonly string[];
    answers?: readonly FixtureAnswer[];
    games: readonly { seedKey: number; seats: readonly string[]; rules?: string }[];
    ctx?: HostPlayContext;
  },
): Promise<{ store: Store; ids: Record<string, number>; outcomes: HostOutcome[] }> {
  const settings = { ...HOST_SETTINGS, game: o.game, house: [...o.house], allowPrograms: true };
  const store = createStore(dir, settings, { clock: steppingClock() });
  const ids: Record<string, number> = {};
  const seatOf: Record<string, HostSeat> = {};
  const code: Record<string, string> = {};
  for (const name of o.house) {
    const e = upsertEntry(store, { answer: 'house', className: name, author: '' });
    const { version } = addVersion(store, { entry: e.id, sha256: sha(`port:${name}`), code: `port:${name}`, language: 'port', posted: null, edited: null });
    setStatus(store, version.id, 'active');
    ids[name] = version.id;
    seatOf[name] = name;
  }
  (o.answers ?? []).forEach((a, i) => {
    const e = upsertEntry(store, { answer: String(9001 + i), className: a.className, author: 'someone' });
    const { version } = addVersion(store, { entry: e.id, sha256: sha(a.code), code: a.code, language: a.language, author: 'someone', posted: '2026-10-01T00:00:00Z', edited: null });
    setStatus(store, version.id, 'active');
    ids[a.className] = version.id;
    seatOf[a.className] = { sha256: sha(a.code), className: a.className, language: a.language };
    code[sha(a.code)] = a.code;
  });
  const lock = beginTick(store, { pid: 1, machine: 'test' });
  const outcomes: HostOutcome[] = [];
  const byRules = new Map<string, number[]>();
  o.games.forEach((g, i) => byRules.set(g.rules ?? settings.rules, [...(byRules.get(g.rules ?? settings.rules) ?? []), i]));
  const noSandbox = { kit: { sandboxPool: (): never => { throw new Error('no sandbox here'); } } };
  for (const [rules, at] of byRules) {
    const job = { run: fieldRunSeed(settings.seed, rules), rules, code, games: at.map((i) => ({ seedKey: o.games[i]!.seedKey, seats: o.games[i]!.seats.map((n) => seatOf[n]!) })) };
    const got = await o.host.playGames(job, o.ctx ?? noSandbox);
    at.forEach((i, j) => (outcomes[i] = got[j]!));
  }
  const games: Game[] = o.games.map((g, i) => {
    const out = outcomes[i]!;
    if (!('result' in out)) throw new Error(`game ${i + 1} failed: ${JSON.stringify(out)}`);
    return { number: i + 1, rules: g.rules ?? settings.rules, seedKey: g.seedKey, seats: g.seats.map((n) => ids[n]!), result: out.result, kind: 'field', tick: lock.tick };
  });
  recordGames(store, games);
  addEvent(store, lock.tick, 'games-played', { games: games.length });
  lock.finish();
  return { store, ids, outcomes };
}

/**
 * Stored game `number` made again for its watch page: `host.watch` gives `outcome` (what playGames
 * gave), and the page (storedGameWatchPage, or …Async with `ctx`: answers in the sandbox) says it
 * is as stored. Returns the stored game and the page, for the game's own checks.
 */
export async function expectWatchAsStored(store: Store, host: HostGame, number: number, outcome: HostOutcome, ctx?: HostPlayContext): Promise<{ stored: Game; page: WatchPage; job: HostJob }> {
  const stored = getGame(store, number)!;
  const { job, spec } = storedGameJob(store, stored);
  expect((await host.watch!(job, spec, ctx)).outcome).toEqual(outcome);
  const o = { command: `koth host watch DIR ${number}` };
  const page = ctx ? await storedGameWatchPageAsync(store, host, number, { ...o, ctx }) : storedGameWatchPage(store, host, number, o);
  expect(page.intro[2]).toBe(`Result ${stored.result}, as stored: the game played again from its seed gives it.`);
  return { stored, page, job };
}

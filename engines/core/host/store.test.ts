/**
 * The host's store (store.ts) in one process: a host is created and reopened with its settings; a
 * DIR that is not a host or was made by a newer schema is refused saying so; versions are numbered
 * per entry and an edit retires the previous one; games are stored once by number (a rerun is a
 * no-op, a different game under a stored number is refused and nothing of its batch is kept); a
 * step that throws leaves nothing; the tick lock refuses a second tick naming the holder, and an
 * unfinished tick is resumed under its number. Across processes (SIGKILL): store-kill.test.ts.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'libsql';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  addEvent,
  addVersion,
  beginTick,
  createStore,
  entriesOfAnswer,
  gameCount,
  gameWorker,
  getCode,
  getGame,
  getSettings,
  HostStateError,
  iterateGames,
  latestByAnswer,
  latestVersion,
  listEvents,
  listGames,
  listTests,
  listTicks,
  listVersions,
  MAX_RESULT_BYTES,
  nextGameNumber,
  openStore,
  openTest,
  recordGames,
  schemaOf,
  SCHEMA_VERSION,
  setStatus,
  STORE_FILE,
  updateTest,
  upsertEntry,
  versionsOf,
  type Game,
  type HostSettings,
  type Store,
} from './store.ts';

const SETTINGS: HostSettings = {
  game: 'dice',
  source: 'dir:/tmp/bots',
  rules: 'original',
  seed: 'koth',
  house: ['GoToTenBot', 'EnsureWinBot'],
  elo0: 0,
  elo1: 5,
  alpha: 0.05,
  beta: 0.05,
  allowPrograms: false,
};
const clock = () => new Date('2026-11-28T08:00:00.000Z');

let dir: string;
let open: Store[] = [];
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'koth-host-'));
  open = [];
});
afterEach(() => {
  for (const s of open) s.close();
  rmSync(dir, { recursive: true, force: true });
});
const keep = (s: Store) => (open.push(s), s);

function refusal(f: () => unknown): HostStateError {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(HostStateError);
    return e as HostStateError;
  }
  throw new Error('expected a refusal');
}

const game = (n: number, over: Partial<Game> = {}): Game => ({ number: n, rules: 'original', seedKey: n, seats: [1, 2], result: `s=${n % 7},${n % 5}`, kind: 'field', tick: 1, ...over });

describe('a host is created, reopened, and refused when it is not one or is newer', () => {
  it('creates DIR/host.db with the schema version and the settings, reopens it, and refuses to create it twice', () => {
    keep(createStore(dir, SETTINGS, { clock })).close();
    const s = keep(openStore(dir, { clock }));
    expect(getSettings(s)).toEqual(SETTINGS);
    expect(schemaOf(s)).toEqual({ version: SCHEMA_VERSION, koth: 'src' });
    expect(s.row('PRAGMA journal_mode')?.journal_mode).toBe('wal');
    expect(s.row('PRAGMA synchronous')?.synchronous).toBe(2); // FULL
    expect(s.row('PRAGMA foreign_keys')?.foreign_keys).toBe(1);
    const e = refusal(() => createStore(dir, SETTINGS));
    expect(e.reason).toBe('exists');
    expect(e.message).toContain('is already a host');
  });

  it('refuses a DIR without host.db, with a file that is not SQLite, or an SQLite file without the host schema: "not a host"', () => {
    let e = refusal(() => openStore(dir));
    expect([e.reason, e.message]).toEqual(['not-a-host', `${dir} is not a host: it has no host.db (make one with \`koth host init\`)`]);
    writeFileSync(join(dir, STORE_FILE), 'these are not the pages of a database, just some words long enough to be read as a header.\n'.repeat(20));
    e = refusal(() => openStore(dir));
    expect(e.reason).toBe('not-a-host');
    expect(e.message).toMatch(/is not a host: its host\.db is not an SQLite database/);
    rmSync(join(dir, STORE_FILE));
    const other = new Database(join(dir, STORE_FILE));
    other.exec('CREATE TABLE notes (x TEXT)');
    other.close();
    e = refusal(() => openStore(dir));
    expect([e.reason, e.message]).toEqual(['not-a-host', `${dir} is not a host: its host.db has no host schema (make one with \`koth host init\`)`]);
  });

  it('refuses a host made by a newer schema, naming both versions and the koth that wrote it; an equal one opens', () => {
    keep(createStore(dir, SETTINGS)).close();
    const raw = new Database(join(dir, STORE_FILE));
    raw.prepare('UPDATE host_schema SET version = ?, koth = ? WHERE id = 1').run(SCHEMA_VERSION + 1, '9.9.9');
    raw.close();
    const e = refusal(() => openStore(dir));
    expect(e.reason).toBe('newer');
    expect(e.message).toBe(
      `${dir} was made by a newer koth: its host database has schema version ${SCHEMA_VERSION + 1} (written by koth 9.9.9), this koth (src) reads schema version ${SCHEMA_VERSION} and older: upgrade koth`,
    );
  });
});

describe('entries and versions', () => {
  it('numbers versions from 1 per entry, keeps a same-hash version, retires the previous one on an edit, keeps the code once per hash', () => {
    const s = keep(createStore(dir, SETTINGS));
    const a = upsertEntry(s, { answer: '123', className: 'Bot', author: 'ann' });
    const b = upsertEntry(s, { answer: '456', className: 'Bot', author: 'bob' });
    expect(a.id).not.toBe(b.id); // one class name in two answers: two entries
    expect(upsertEntry(s, { answer: '123', className: 'Bot', author: 'ann2' })).toEqual({ ...a, author: 'ann2' });
    const v1 = addVersion(s, { entry: a.id, sha256: 'aa', code: 'class Bot: pass', language: 'python', posted: '2019-01-07T10:00:00Z', edited: null });
    expect(v1.added).toBe(true);
    expect(v1.version).toMatchObject({ entry: a.id, number: 1, sha256: 'aa', status: 'validating', reason: null });
    expect(addVersion(s, { entry: a.id, sha256: 'aa', code: 'class Bot: pass', language: 'python', posted: null, edited: null })).toEqual({ version: v1.version, added: false });
    setStatus(s, v1.version.id, 'active');
    const v2 = addVersion(s, { entry: a.id, sha256: 'bb', code: 'class Bot: x = 1', language: 'python', posted: '2019-01-07T10:00:00Z', edited: '2019-01-08T09:00:00Z' });
    expect(v2.version.number).toBe(2);
    expect(listVersions(s).map((v) => [v.number, v.status, v.reason])).toEqual([
      [1, 'retired', 'replaced by version 2'],
      [2, 'validating', null],
    ]);
    const w1 = addVersion(s, { entry: b.id, sha256: 'aa', code: 'class Bot: pass', language: 'python', posted: null, edited: null });
    expect(w1.version.number).toBe(1);
    expect(getCode(s, 'aa')).toBe('class Bot: pass');
    expect(s.row('SELECT count(*) AS n FROM code')?.n).toBe(2);
    expect(latestVersion(s, a.id)?.id).toBe(v2.version.id);
    expect(listVersions(s, 'validating').map((v) => v.id)).toEqual([v2.version.id, w1.version.id]);
    expect(() => setStatus(s, w1.version.id, 'rejected')).toThrow('needs a reason');
    setStatus(s, w1.version.id, 'rejected', 'SyntaxError: invalid syntax (line 1)');
    expect(listVersions(s, 'rejected')[0]?.reason).toBe('SyntaxError: invalid syntax (line 1)');
  });

  it("lists an entry's versions, an answer's entries, every answer's latest versions; reopens a retired version's hash only when asked", () => {
    const s = keep(createStore(dir, SETTINGS));
    const a = upsertEntry(s, { answer: '7', className: 'A', author: 'ann' });
    const b = upsertEntry(s, { answer: '7', className: 'B', author: 'ann' });
    const c = upsertEntry(s, { answer: '8', className: 'A', author: 'cy' });
    const v = (entry: number, sha: string) => addVersion(s, { entry, sha256: sha, code: sha, language: 'python', posted: null, edited: null });
    v(a.id, 'a1');
    v(a.id, 'a2');
    const b1 = v(b.id, 'b1').version;
    v(c.id, 'c1');
    expect(versionsOf(s, a.id).map((x) => [x.number, x.sha256, x.status])).toEqual([
      [1, 'a1', 'retired'],
      [2, 'a2', 'validating'],
    ]);
    expect(entriesOfAnswer(s, '7').map((e) => e.className)).toEqual(['A', 'B']);
    const latest = latestByAnswer(s);
    expect([...latest.keys()]).toEqual(['7', '8']);
    expect(latest.get('7')!.map((x) => [x.entry.className, x.latest.sha256])).toEqual([
      ['A', 'a2'],
      ['B', 'b1'],
    ]);
    // Its answer deleted: retired. The same text again is no new version unless reopened.
    setStatus(s, b1.id, 'retired', 'its answer was deleted');
    expect(v(b.id, 'b1').added).toBe(false);
    const back = addVersion(s, { entry: b.id, sha256: 'b1', code: 'b1', language: 'python', posted: null, edited: null }, { reopen: true });
    expect(back.version).toMatchObject({ number: 2, sha256: 'b1', status: 'validating' });
    expect(versionsOf(s, b.id).map((x) => [x.status, x.reason])).toEqual([
      ['retired', 'its answer was deleted'],
      ['validating', null],
    ]);
    // A live version of the same hash is kept even when reopening.
    expect(addVersion(s, { entry: b.id, sha256: 'b1', code: 'b1', language: 'python', posted: null, edited: null }, { reopen: true }).added).toBe(false);
  });
});

describe('games: stored once by number, the worker apart from the result', () => {
  it('a rerun of a batch adds nothing; a different game under a stored number is refused and nothing of its batch is kept', () => {
    const s = keep(createStore(dir, SETTINGS));
    const lock = beginTick(s);
    expect(nextGameNumber(s)).toBe(1);
    const batch = [1, 2, 3].map((n) => game(n));
    expect(recordGames(s, batch, new Map([[2, 'worker-a']]))).toBe(3);
    expect(recordGames(s, batch)).toBe(0);
    expect(gameCount(s)).toBe(3);
    expect(nextGameNumber(s)).toBe(4);
    expect(getGame(s, 2)).toEqual(game(2));
    expect(gameWorker(s, 2)).toBe('worker-a');
    expect(gameWorker(s, 1)).toBeUndefined();
    const e = refusal(() => recordGames(s, [game(4), game(3, { result: 's=9,9' })]));
    expect(e.reason).toBe('conflict');
    expect(e.message).toMatch(/^game 3 is stored already with another content/);
    expect(gameCount(s)).toBe(3); // game 4 rolled back with its batch
    expect(listGames(s, { from: 2 }).map((g) => g.number)).toEqual([2, 3]);
    expect(listGames(s, { rules: '2026' })).toEqual([]);
    expect([...iterateGames(s, { rules: 'original', from: 2 })]).toEqual([game(2), game(3)]);
    expect([...iterateGames(s, { limit: 1 })]).toEqual([game(1)]);
    lock.finish();
  });

  it(`refuses a result over ${MAX_RESULT_BYTES} bytes (counted in UTF-8), a game number below 1 and seats that are not version ids; the table refuses it too`, () => {
    const s = keep(createStore(dir, SETTINGS));
    beginTick(s).finish();
    expect(recordGames(s, [game(1, { result: 'x'.repeat(MAX_RESULT_BYTES) })])).toBe(1);
    expect(() => recordGames(s, [game(2, { result: 'é'.repeat(MAX_RESULT_BYTES / 2 + 1) })])).toThrow(`its result is ${MAX_RESULT_BYTES + 2} bytes, at most ${MAX_RESULT_BYTES} are stored`);
    expect(() => recordGames(s, [game(0)])).toThrow('games are numbered from 1');
    expect(() => recordGames(s, [game(2, { seats: [] })])).toThrow('seats must be version ids');
    expect(() => s.run("INSERT INTO games (number, rules, seed_key, seats, result, kind, tick) VALUES (9, 'original', 9, '1,2', ?, 'field', 1)", 'é'.repeat(51))).toThrow(/CHECK constraint failed/);
    expect(() => s.run("INSERT INTO games (number, rules, seed_key, seats, result, kind, tick) VALUES (9, 'original', 9, '1,2', 'r', 'field', 77)")).toThrow(/FOREIGN KEY constraint failed/);
  });

  it('a step that throws leaves nothing of itself', () => {
    const s = keep(createStore(dir, SETTINGS));
    beginTick(s).finish();
    expect(() =>
      s.step(() => {
        recordGames(s, [game(1)]);
        addEvent(s, 1, 'half-done');
        throw new Error('killed halfway');
      }),
    ).toThrow('killed halfway');
    expect(gameCount(s)).toBe(0);
    expect(listEvents(s).map((e) => e.kind)).toEqual(['tick-started', 'tick-finished']);
  });
});

describe('tests', () => {
  it('opens a test once per (candidate, baseline) and keeps its counts, LLR and verdict', () => {
    const s = keep(createStore(dir, SETTINGS));
    const e = upsertEntry(s, { answer: '1', className: 'A', author: 'a' });
    const v1 = addVersion(s, { entry: e.id, sha256: '1', code: 'a', language: 'python', posted: null, edited: null }).version;
    const v2 = addVersion(s, { entry: e.id, sha256: '2', code: 'b', language: 'python', posted: null, edited: null }).version;
    const t = openTest(s, v2.id, v1.id);
    expect(t).toEqual({ id: t.id, candidate: v2.id, baseline: v1.id, pairs: 0, outcomes: [], llr: 0, verdict: 'running' });
    expect(openTest(s, v2.id, v1.id).id).toBe(t.id);
    updateTest(s, t.id, { pairs: 10, outcomes: [[0, 1], [0.25, 2], [0.5, 3], [0.75, 3], [1, 1]], llr: 0.31, verdict: 'running' });
    updateTest(s, t.id, { pairs: 400, outcomes: [[0, 10], [0.25, 80], [0.5, 150], [0.75, 120], [1, 40]], llr: 2.95, verdict: 'H1' });
    expect(listTests(s, 'H1')).toEqual([{ id: t.id, candidate: v2.id, baseline: v1.id, pairs: 400, outcomes: [[0, 10], [0.25, 80], [0.5, 150], [0.75, 120], [1, 40]], llr: 2.95, verdict: 'H1' }]);
    expect(() => openTest(s, v2.id, 99)).toThrow(/FOREIGN KEY/);
  });
});

describe('the tick lock (one process, two connections)', () => {
  it('refuses a second tick naming the holder, numbers the next tick once the first finished, and resumes a released (unfinished) one', () => {
    const s = keep(createStore(dir, SETTINGS, { clock }));
    const other = keep(openStore(dir, { clock }));
    const first = beginTick(s, { pid: 4242, machine: 'alpha' });
    expect(first.tick).toBe(1);
    expect(first.resumed).toBeUndefined();
    const e = refusal(() => beginTick(other));
    expect([e.reason, e.message]).toEqual(['busy', `${dir} is busy: another tick holds its lock (tick 1 by pid 4242 on alpha, since 2026-11-28T08:00:00.000Z)`]);
    const t0 = performance.now();
    expect(refusal(() => beginTick(other, { waitMs: 150 })).message).toMatch(/; waited 150 ms$/);
    expect(performance.now() - t0).toBeGreaterThanOrEqual(140);
    first.finish();
    const second = beginTick(other, { pid: 7, machine: 'beta' });
    expect([second.tick, second.resumed]).toEqual([2, undefined]);
    second.release(); // as a crash would: the tick is left unfinished
    const third = beginTick(s, { pid: 8, machine: 'gamma' });
    expect(third.tick).toBe(2);
    expect(third.resumed).toEqual({ number: 2, pid: 7, machine: 'beta', started: '2026-11-28T08:00:00.000Z', finished: null });
    third.finish();
    expect(listTicks(s).map((t) => [t.number, t.pid, t.machine, t.finished])).toEqual([
      [1, 4242, 'alpha', '2026-11-28T08:00:00.000Z'],
      [2, 8, 'gamma', '2026-11-28T08:00:00.000Z'],
    ]);
    expect(listEvents(s).map((ev) => [ev.tick, ev.kind])).toEqual([
      [1, 'tick-started'],
      [1, 'tick-finished'],
      [2, 'tick-started'],
      [2, 'tick-resumed'],
      [2, 'tick-finished'],
    ]);
    expect(listEvents(s, 2)[1]?.data).toEqual({ pid: 8, machine: 'gamma', from: { pid: 7, machine: 'beta', started: '2026-11-28T08:00:00.000Z' } });
  });
});

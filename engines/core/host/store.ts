/**
 * The state of a living King-of-the-Hill host (`koth host`, docs/host.md "State"): one SQLite file,
 * DIR/host.db, opened with libsql (a better-sqlite3-compatible API whose prebuilt binary is an npm
 * package; the choice and its measurements are in docs/host.md). It holds the settings, the entries
 * and their versions (with their code), the games (seeds, seats, compact results), the SPRT tests,
 * and the ticks and events — the only tables with wall-clock times, machine names and pids.
 *
 * Durability: WAL mode with `synchronous=FULL`. A SIGKILL loses nothing under either FULL or NORMAL
 * (a committed transaction is in the OS's page cache, which outlives the process); FULL also fsyncs
 * the WAL at every commit, so a power loss or kernel crash cannot take back a commit either — a site
 * already published never names a game the database then lost. It costs about 2 ms a commit here,
 * and a tick commits once per step or batch of games, not per game.
 *
 * Every step of a tick is one transaction (`Store.step`), and games are keyed by their number: a tick
 * killed anywhere and rerun finds what was committed, and storing a game again is a no-op when it is
 * the same game and an error when it is not (`recordGames`), so nothing is played twice.
 *
 * The tick lock (`beginTick`) is an exclusive lock on a second SQLite file, DIR/host.lock, held for the
 * whole tick by an open transaction: the kernel drops it when its process dies (SIGKILL included), so a
 * stale lock cannot exist. Who holds it is read from the unfinished `ticks` row (pid, machine, start).
 */
import { existsSync, mkdirSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import Database from 'libsql';
import { PACKAGE_VERSION } from '../version.ts';

/** The schema this koth writes and reads; a host made by a newer schema is refused (openStore). */
export const SCHEMA_VERSION = 1;
/** The database file in a host DIR. */
export const STORE_FILE = 'host.db';
/** The tick lock's file in a host DIR (an SQLite file only ever locked, never written). */
export const LOCK_FILE = 'host.lock';
/** A game's compact result is at most this many bytes (UTF-8). */
export const MAX_RESULT_BYTES = 100;

/** Why a DIR cannot be used as a host: not one, made by a newer koth, already one, or busy with another tick. */
export class HostStateError extends Error {
  constructor(
    message: string,
    readonly reason: 'not-a-host' | 'newer' | 'exists' | 'busy' | 'conflict',
  ) {
    super(message);
    this.name = 'HostStateError';
  }
}

export type VersionStatus = 'validating' | 'active' | 'rejected' | 'retired';
export type TestVerdict = 'running' | 'H0' | 'H1' | 'inconclusive';
export type GameKind = 'field' | 'test' | 'smoke';

/** A host's settings (`koth host init`): fixed at init except where the commands say otherwise. */
export interface HostSettings {
  game: string;
  /** `se:QUESTION_ID` or `dir:PATH`. */
  source: string;
  /** The rules version the field plays (a rule variant's name, e.g. "original", "2026"). */
  rules: string;
  /** The host seed: every game's seed is derived from it (seeds.ts). */
  seed: string;
  /** House bots, always in the field. */
  house: string[];
  elo0: number;
  elo1: number;
  alpha: number;
  beta: number;
  /** Programs in languages without a sandbox may run (unsandboxed). */
  allowPrograms: boolean;
  /** `se:` sources: the API's base URL (`--api-base`; absent: KOTH_SE_API, else the real API). */
  apiBase?: string;
}

/** The answer id of the house bots' entries (`--house`: ports always in the field, never the source's). */
export const HOUSE_ANSWER = 'house';

/** A bot of one answer (or one file of a `dir:` source): answer id + class name. */
export interface Entry {
  id: number;
  answer: string;
  className: string;
  author: string;
}

/** One version of an entry: its code's hash, its dates and where validation left it. */
export interface Version {
  id: number;
  entry: number;
  /** 1, 2, … per entry. */
  number: number;
  sha256: string;
  language: string;
  /** The answer's author when this version was posted (the entry keeps the latest name). */
  author: string | null;
  /** The answer's dates (ISO 8601, from the source), not the host's clock. */
  posted: string | null;
  edited: string | null;
  status: VersionStatus;
  /** Why it was rejected or retired. */
  reason: string | null;
}

/** One stored game: enough to replay it (seed key, rules, seats) and its compact result. */
export interface Game {
  /** The natural key: games are numbered 1, 2, … in the order the host schedules them. */
  number: number;
  rules: string;
  /** The number its seed is derived from with the host seed and the rules (seeds.ts). */
  seedKey: number;
  /** Version ids, seat by seat. */
  seats: number[];
  /** The game's compact result (≤ MAX_RESULT_BYTES), in the game's own notation. */
  result: string;
  kind: GameKind;
  /** The tick that played it. */
  tick: number;
  /**
   * Whose run its seed comes from, for the kinds not played from the field's run (seeds.ts): a
   * test game's test id, a smoke game's version id; null (or absent) for a field game.
   */
  subject?: number | null;
}

/** A game a tick has scheduled (its number is taken) and not stored yet: what a killed tick still has to play. */
export type PlannedGame = Omit<Game, 'result'>;

/** An SPRT of a new version against its previous version or the leader. */
export interface Test {
  id: number;
  candidate: number;
  baseline: number;
  pairs: number;
  /** Pair outcomes as [value, count], ascending (the pentanomial values for two-player games). */
  outcomes: [number, number][];
  llr: number;
  verdict: TestVerdict;
}

/** A tick: who ran it and when (wall-clock lives here and in events only). */
export interface Tick {
  number: number;
  pid: number;
  machine: string;
  started: string;
  finished: string | null;
}

export interface HostEvent {
  id: number;
  tick: number | null;
  at: string;
  kind: string;
  data: unknown;
}

const STATUSES: readonly VersionStatus[] = ['validating', 'active', 'rejected', 'retired'];
const VERDICTS: readonly TestVerdict[] = ['running', 'H0', 'H1', 'inconclusive'];
const KINDS: readonly GameKind[] = ['field', 'test', 'smoke'];
const inList = (xs: readonly string[]) => xs.map((x) => `'${x}'`).join(', ');

/** Schema version 1 (docs/host.md "State" has it as a table). */
const SCHEMA = `
CREATE TABLE host_schema (id INTEGER PRIMARY KEY CHECK (id = 1), version INTEGER NOT NULL, koth TEXT NOT NULL);
CREATE TABLE settings (id INTEGER PRIMARY KEY CHECK (id = 1), game TEXT NOT NULL, source TEXT NOT NULL, rules TEXT NOT NULL,
  seed TEXT NOT NULL, house TEXT NOT NULL, elo0 REAL NOT NULL, elo1 REAL NOT NULL, alpha REAL NOT NULL, beta REAL NOT NULL,
  allow_programs INTEGER NOT NULL, api_base TEXT);
CREATE TABLE entries (id INTEGER PRIMARY KEY, answer TEXT NOT NULL, class TEXT NOT NULL, author TEXT NOT NULL, UNIQUE (answer, class));
CREATE TABLE code (sha256 TEXT PRIMARY KEY, text TEXT NOT NULL);
CREATE TABLE versions (id INTEGER PRIMARY KEY, entry INTEGER NOT NULL REFERENCES entries (id), number INTEGER NOT NULL CHECK (number >= 1),
  sha256 TEXT NOT NULL REFERENCES code (sha256), language TEXT NOT NULL, author TEXT, posted TEXT, edited TEXT,
  status TEXT NOT NULL CHECK (status IN (${inList(STATUSES)})), reason TEXT, UNIQUE (entry, number));
CREATE TABLE ticks (number INTEGER PRIMARY KEY, pid INTEGER NOT NULL, machine TEXT NOT NULL, started TEXT NOT NULL, finished TEXT);
CREATE TABLE games (number INTEGER PRIMARY KEY CHECK (number >= 1), rules TEXT NOT NULL, seed_key INTEGER NOT NULL, seats TEXT NOT NULL,
  result TEXT NOT NULL CHECK (length(CAST(result AS BLOB)) <= ${MAX_RESULT_BYTES}), kind TEXT NOT NULL CHECK (kind IN (${inList(KINDS)})),
  tick INTEGER NOT NULL REFERENCES ticks (number), subject INTEGER);
CREATE TABLE plan (number INTEGER PRIMARY KEY CHECK (number >= 1), rules TEXT NOT NULL, seed_key INTEGER NOT NULL, seats TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN (${inList(KINDS)})), tick INTEGER NOT NULL REFERENCES ticks (number), subject INTEGER);
CREATE TABLE game_workers (game INTEGER PRIMARY KEY REFERENCES games (number), worker TEXT NOT NULL);
CREATE TABLE tests (id INTEGER PRIMARY KEY, candidate INTEGER NOT NULL REFERENCES versions (id), baseline INTEGER NOT NULL REFERENCES versions (id),
  pairs INTEGER NOT NULL DEFAULT 0, outcomes TEXT NOT NULL DEFAULT '[]', llr REAL NOT NULL DEFAULT 0,
  verdict TEXT NOT NULL DEFAULT 'running' CHECK (verdict IN (${inList(VERDICTS)})), UNIQUE (candidate, baseline));
CREATE TABLE events (id INTEGER PRIMARY KEY, tick INTEGER REFERENCES ticks (number), at TEXT NOT NULL, kind TEXT NOT NULL, data TEXT NOT NULL);
CREATE INDEX versions_by_status ON versions (status);
CREATE INDEX games_by_rules ON games (rules, number);
`;

export interface StoreOptions {
  /** The wall clock for ticks and events (tests pass a fixed one). */
  clock?: () => Date;
  /** How long a write waits for another connection's write to end, ms (SQLite's busy_timeout). Default 5000. */
  busyMs?: number;
}

type Row = Record<string, unknown>;

/** An open host database. Close it (or let the process end: the file stays consistent either way). */
export class Store {
  readonly db: Database.Database;
  private readonly clock: () => Date;

  constructor(
    readonly dir: string,
    db: Database.Database,
    options: StoreOptions,
  ) {
    this.db = db;
    this.clock = options.clock ?? (() => new Date());
  }

  /** The clock's time, ISO 8601 (ticks and events only). */
  now(): string {
    return this.clock().toISOString();
  }

  /**
   * Runs `fn` as one write transaction (BEGIN IMMEDIATE … COMMIT; ROLLBACK if it throws): a tick's
   * step is all there after a crash or not at all. Nested calls join the outer transaction.
   */
  step<T>(fn: () => T): T {
    if (this.db.inTransaction) return fn();
    this.db.exec('BEGIN IMMEDIATE');
    try {
      const out = fn();
      this.db.exec('COMMIT');
      return out;
    } catch (e) {
      if (this.db.inTransaction) this.db.exec('ROLLBACK');
      throw e;
    }
  }

  /** All rows of a query (libsql adds a `_metadata` key to each: read columns by name). */
  rows(sql: string, ...params: unknown[]): Row[] {
    return this.db.prepare(sql).all(...params) as Row[];
  }

  row(sql: string, ...params: unknown[]): Row | undefined {
    return (this.db.prepare(sql).get(...params) as Row | undefined) ?? undefined;
  }

  run(sql: string, ...params: unknown[]): Database.RunResult {
    return this.db.prepare(sql).run(...params);
  }

  close(): void {
    if (this.db.open) this.db.close();
  }
}

/** One pragma's value (libsql returns it as a row). */
function pragma(db: Database.Database, p: string): unknown {
  const row = db.prepare(`PRAGMA ${p}`).get() as Row | undefined;
  return row ? Object.entries(row).find(([k]) => k !== '_metadata')?.[1] : undefined;
}

function configure(db: Database.Database, busyMs: number): void {
  const mode = pragma(db, 'journal_mode = WAL');
  if (mode !== 'wal') throw new Error(`the host database could not switch to WAL mode (journal_mode is ${String(mode)})`);
  db.exec(`PRAGMA synchronous = FULL; PRAGMA foreign_keys = ON; PRAGMA busy_timeout = ${Math.max(0, Math.floor(busyMs))}`);
}

/** Creates a host in `dir` (made if missing): its database with the schema and `settings`. Refuses a DIR that is already a host. */
export function createStore(dir: string, settings: HostSettings, options: StoreOptions = {}): Store {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, STORE_FILE);
  if (existsSync(file)) throw new HostStateError(`${dir} is already a host (${STORE_FILE} exists): use it, or choose another DIR`, 'exists');
  const db = new Database(file);
  configure(db, options.busyMs ?? 5000);
  const store = new Store(dir, db, options);
  store.step(() => {
    db.exec(SCHEMA);
    store.run('INSERT INTO host_schema (id, version, koth) VALUES (1, ?, ?)', SCHEMA_VERSION, PACKAGE_VERSION);
    store.run(
      'INSERT INTO settings (id, game, source, rules, seed, house, elo0, elo1, alpha, beta, allow_programs, api_base) VALUES (1, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
      settings.game,
      settings.source,
      settings.rules,
      settings.seed,
      JSON.stringify(settings.house),
      settings.elo0,
      settings.elo1,
      settings.alpha,
      settings.beta,
      settings.allowPrograms ? 1 : 0,
      settings.apiBase ?? null,
    );
  });
  // The lock file exists from the start, so `beginTick` never races to create it.
  new Database(join(dir, LOCK_FILE)).close();
  return store;
}

/**
 * Opens the host in `dir`. Refuses, saying why: a DIR without a host database ("not a host"), or one
 * whose schema is newer than this koth reads (naming both versions and the koth that wrote it).
 */
export function openStore(dir: string, options: StoreOptions = {}): Store {
  const file = join(dir, STORE_FILE);
  const notAHost = (why: string) => new HostStateError(`${dir} is not a host: ${why} (make one with \`koth host init\`)`, 'not-a-host');
  if (!existsSync(file)) throw notAHost(`it has no ${STORE_FILE}`);
  let db: Database.Database;
  try {
    db = new Database(file, { fileMustExist: true });
    const hasSchema = db.prepare("SELECT 1 AS x FROM sqlite_master WHERE type = 'table' AND name = 'host_schema'").get();
    if (!hasSchema) {
      db.close();
      throw notAHost(`its ${STORE_FILE} has no host schema`);
    }
  } catch (e) {
    if (e instanceof HostStateError) throw e;
    throw notAHost(`its ${STORE_FILE} is not an SQLite database (${(e as Error).message})`);
  }
  const v = db.prepare('SELECT version, koth FROM host_schema WHERE id = 1').get() as { version: number; koth: string } | undefined;
  if (!v) {
    db.close();
    throw notAHost(`its ${STORE_FILE} has no schema version`);
  }
  if (v.version > SCHEMA_VERSION) {
    db.close();
    throw new HostStateError(
      `${dir} was made by a newer koth: its host database has schema version ${v.version} (written by koth ${v.koth}), this koth (${PACKAGE_VERSION}) reads schema version ${SCHEMA_VERSION} and older: upgrade koth`,
      'newer',
    );
  }
  configure(db, options.busyMs ?? 5000);
  return new Store(dir, db, options);
}

/** The schema version of an open host and the koth version that created it. */
export function schemaOf(store: Store): { version: number; koth: string } {
  const r = store.row('SELECT version, koth FROM host_schema WHERE id = 1')!;
  return { version: Number(r.version), koth: String(r.koth) };
}

// ——— settings ———

export function getSettings(store: Store): HostSettings {
  const r = store.row('SELECT * FROM settings WHERE id = 1')!;
  return {
    game: String(r.game),
    source: String(r.source),
    rules: String(r.rules),
    seed: String(r.seed),
    house: JSON.parse(String(r.house)) as string[],
    elo0: Number(r.elo0),
    elo1: Number(r.elo1),
    alpha: Number(r.alpha),
    beta: Number(r.beta),
    allowPrograms: Number(r.allow_programs) === 1,
    ...(r.api_base != null ? { apiBase: String(r.api_base) } : {}),
  };
}

// ——— entries, code and versions ———

/** The entry of (answer, class name), made if new; the author is updated when it changed. */
export function upsertEntry(store: Store, e: Omit<Entry, 'id'>): Entry {
  return store.step(() => {
    store.run('INSERT INTO entries (answer, class, author) VALUES (?, ?, ?) ON CONFLICT (answer, class) DO UPDATE SET author = excluded.author', e.answer, e.className, e.author);
    return toEntry(store.row('SELECT * FROM entries WHERE answer = ? AND class = ?', e.answer, e.className)!);
  });
}

function toEntry(r: Row): Entry {
  return { id: Number(r.id), answer: String(r.answer), className: String(r.class), author: String(r.author) };
}

export function getEntry(store: Store, id: number): Entry | undefined {
  const r = store.row('SELECT * FROM entries WHERE id = ?', id);
  return r && toEntry(r);
}

export function listEntries(store: Store): Entry[] {
  return store.rows('SELECT * FROM entries ORDER BY id').map(toEntry);
}

/** The code of a hash (stored once however many versions share it). */
export function getCode(store: Store, sha256: string): string | undefined {
  const r = store.row('SELECT text FROM code WHERE sha256 = ?', sha256);
  return r && String(r.text);
}

export interface NewVersion {
  entry: number;
  sha256: string;
  code: string;
  language: string;
  /** The answer's author as the source names it now (null: not known). */
  author?: string | null;
  posted: string | null;
  edited: string | null;
}

/**
 * Adds a version to an entry unless its latest version has the same hash (then returns that one):
 * numbered one past the entry's latest, status `validating`; the previous version, if still active
 * or validating, is retired ("replaced by version N"). One transaction. `reopen`: a latest version
 * of the same hash that is retired (its answer was deleted, and is back) gets a new version too,
 * so the entry is validated and ranked again while the retirement stays on record.
 */
export function addVersion(store: Store, v: NewVersion, o: { reopen?: boolean } = {}): { version: Version; added: boolean } {
  return store.step(() => {
    const last = latestVersion(store, v.entry);
    if (last && last.sha256 === v.sha256 && !(o.reopen && last.status === 'retired')) return { version: last, added: false };
    const number = (last?.number ?? 0) + 1;
    store.run('INSERT INTO code (sha256, text) VALUES (?, ?) ON CONFLICT (sha256) DO NOTHING', v.sha256, v.code);
    const id = Number(
      store.run("INSERT INTO versions (entry, number, sha256, language, author, posted, edited, status) VALUES (?, ?, ?, ?, ?, ?, ?, 'validating')", v.entry, number, v.sha256, v.language, v.author ?? null, v.posted, v.edited)
        .lastInsertRowid,
    );
    if (last && (last.status === 'active' || last.status === 'validating')) setStatus(store, last.id, 'retired', `replaced by version ${number}`);
    return { version: getVersion(store, id)!, added: true };
  });
}

function toVersion(r: Row): Version {
  return {
    id: Number(r.id),
    entry: Number(r.entry),
    number: Number(r.number),
    sha256: String(r.sha256),
    language: String(r.language),
    author: r.author == null ? null : String(r.author),
    posted: r.posted == null ? null : String(r.posted),
    edited: r.edited == null ? null : String(r.edited),
    status: String(r.status) as VersionStatus,
    reason: r.reason == null ? null : String(r.reason),
  };
}

export function getVersion(store: Store, id: number): Version | undefined {
  const r = store.row('SELECT * FROM versions WHERE id = ?', id);
  return r && toVersion(r);
}

export function latestVersion(store: Store, entry: number): Version | undefined {
  const r = store.row('SELECT * FROM versions WHERE entry = ? ORDER BY number DESC LIMIT 1', entry);
  return r && toVersion(r);
}

/** An entry's versions, oldest (version 1) first. */
export function versionsOf(store: Store, entry: number): Version[] {
  return store.rows('SELECT * FROM versions WHERE entry = ? ORDER BY number', entry).map(toVersion);
}

/** The entries of one answer (a `dir:` source: of one file), by id. */
export function entriesOfAnswer(store: Store, answer: string): Entry[] {
  return store.rows('SELECT * FROM entries WHERE answer = ? ORDER BY id', answer).map(toEntry);
}

/** Every answer the host has entries of, each with its entries and their latest versions (entries by id). */
export function latestByAnswer(store: Store): Map<string, { entry: Entry; latest: Version }[]> {
  const out = new Map<string, { entry: Entry; latest: Version }[]>();
  const rows = store.rows(
    `SELECT e.id AS e_id, e.answer AS e_answer, e.class AS e_class, e.author AS e_author, v.*
     FROM entries e JOIN versions v ON v.entry = e.id
     WHERE v.number = (SELECT max(number) FROM versions WHERE entry = e.id)
     ORDER BY e.id`,
  );
  for (const r of rows) {
    const entry: Entry = { id: Number(r.e_id), answer: String(r.e_answer), className: String(r.e_class), author: String(r.e_author) };
    const list = out.get(entry.answer) ?? [];
    list.push({ entry, latest: toVersion(r) });
    out.set(entry.answer, list);
  }
  return out;
}

/** Versions, by id; only those of `status` when given. */
export function listVersions(store: Store, status?: VersionStatus): Version[] {
  const rows = status ? store.rows('SELECT * FROM versions WHERE status = ? ORDER BY id', status) : store.rows('SELECT * FROM versions ORDER BY id');
  return rows.map(toVersion);
}

/** Sets a version's status (and reason: required for rejected and retired). */
export function setStatus(store: Store, id: number, status: VersionStatus, reason: string | null = null): void {
  if ((status === 'rejected' || status === 'retired') && !reason) throw new Error(`a version ${status} needs a reason`);
  const r = store.run('UPDATE versions SET status = ?, reason = ? WHERE id = ?', status, reason, id);
  if (r.changes !== 1) throw new Error(`no version ${id}`);
}

// ——— games ———

function checkGame(g: Game): void {
  if (!Number.isSafeInteger(g.number) || g.number < 1) throw new RangeError(`game number ${g.number}: games are numbered from 1`);
  if (!Number.isSafeInteger(g.seedKey) || g.seedKey < 0) throw new RangeError(`game ${g.number}: seed key ${g.seedKey} is not a whole number ≥ 0`);
  if (Buffer.byteLength(g.result, 'utf8') > MAX_RESULT_BYTES) throw new RangeError(`game ${g.number}: its result is ${Buffer.byteLength(g.result, 'utf8')} bytes, at most ${MAX_RESULT_BYTES} are stored`);
  if (g.seats.length === 0 || !g.seats.every((s) => Number.isSafeInteger(s) && s >= 1)) throw new RangeError(`game ${g.number}: seats must be version ids, got ${JSON.stringify(g.seats)}`);
}

const sameGame = (a: Game, b: Game) =>
  a.rules === b.rules && a.seedKey === b.seedKey && a.seats.join(',') === b.seats.join(',') && a.result === b.result && a.kind === b.kind && (a.subject ?? null) === (b.subject ?? null);

/**
 * Stores games (and who played them, kept apart from the result) in one transaction, keyed by
 * number: a game already stored identically is skipped (a rerun of a killed tick), one stored
 * differently throws HostStateError 'conflict' and nothing of the batch is stored. Returns how many
 * were new.
 */
export function recordGames(store: Store, games: readonly Game[], workers?: ReadonlyMap<number, string>): number {
  for (const g of games) checkGame(g);
  return store.step(() => {
    const ins = store.db.prepare('INSERT INTO games (number, rules, seed_key, seats, result, kind, tick, subject) VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (number) DO NOTHING');
    const insWorker = store.db.prepare('INSERT INTO game_workers (game, worker) VALUES (?, ?) ON CONFLICT (game) DO NOTHING');
    let added = 0;
    for (const g of games) {
      if (ins.run(g.number, g.rules, g.seedKey, g.seats.join(','), g.result, g.kind, g.tick, g.subject ?? null).changes === 1) {
        added++;
        const w = workers?.get(g.number);
        if (w !== undefined) insWorker.run(g.number, w);
        continue;
      }
      const old = getGame(store, g.number)!;
      if (!sameGame(old, g)) throw new HostStateError(`game ${g.number} is stored already with another content: ${JSON.stringify(old)} ≠ ${JSON.stringify(g)}`, 'conflict');
    }
    return added;
  });
}

function toGame(r: Row): Game {
  return {
    number: Number(r.number),
    rules: String(r.rules),
    seedKey: Number(r.seed_key),
    seats: String(r.seats).split(',').map(Number),
    result: String(r.result),
    kind: String(r.kind) as GameKind,
    tick: Number(r.tick),
    ...(r.subject != null ? { subject: Number(r.subject) } : {}),
  };
}

export function getGame(store: Store, number: number): Game | undefined {
  const r = store.row('SELECT * FROM games WHERE number = ?', number);
  return r && toGame(r);
}

/** The query of the games in number order: all, or those of one rules version, or from `from` on. */
function gamesQuery(filter: { rules?: string; from?: number; limit?: number }): [string, unknown[]] {
  const where: string[] = [];
  const params: unknown[] = [];
  if (filter.rules !== undefined) (where.push('rules = ?'), params.push(filter.rules));
  if (filter.from !== undefined) (where.push('number >= ?'), params.push(filter.from));
  return [`SELECT * FROM games${where.length ? ` WHERE ${where.join(' AND ')}` : ''} ORDER BY number${filter.limit !== undefined ? ` LIMIT ${Math.floor(filter.limit)}` : ''}`, params];
}

/** Games in number order: all, or those of one rules version, or from `from` on (at most `limit`). */
export function listGames(store: Store, filter: { rules?: string; from?: number; limit?: number } = {}): Game[] {
  const [sql, params] = gamesQuery(filter);
  return store.rows(sql, ...params).map(toGame);
}

/** The same games one at a time, for a pass over a million of them (a board, `verify`) without holding them all. */
export function* iterateGames(store: Store, filter: { rules?: string; from?: number; limit?: number } = {}): Generator<Game> {
  const [sql, params] = gamesQuery(filter);
  for (const r of store.db.prepare(sql).iterate(...params)) yield toGame(r as Row);
}

/** The number the next scheduled game takes (one past the highest stored or planned). */
export function nextGameNumber(store: Store): number {
  return Number(store.row('SELECT max(coalesce((SELECT max(number) FROM games), 0), coalesce((SELECT max(number) FROM plan), 0)) + 1 AS n')!.n);
}

// ——— the plan: games scheduled and not yet stored ———

/**
 * Plans games (numbers taken, one transaction): a tick writes what it will play before it plays,
 * so a tick killed while playing is finished by the next one with exactly these games.
 */
export function planGames(store: Store, games: readonly PlannedGame[]): void {
  store.step(() => {
    const ins = store.db.prepare('INSERT INTO plan (number, rules, seed_key, seats, kind, tick, subject) VALUES (?, ?, ?, ?, ?, ?, ?)');
    for (const g of games) {
      checkGame({ ...g, result: '' });
      ins.run(g.number, g.rules, g.seedKey, g.seats.join(','), g.kind, g.tick, g.subject ?? null);
    }
  });
}

/** Planned games not stored yet, in number order (of one kind when given). */
export function unplayedGames(store: Store, kind?: GameKind): PlannedGame[] {
  const rows = store.rows(`SELECT p.* FROM plan p WHERE NOT EXISTS (SELECT 1 FROM games g WHERE g.number = p.number)${kind ? ' AND p.kind = ?' : ''} ORDER BY p.number`, ...(kind ? [kind] : []));
  return rows.map((r) => {
    const { result: _, ...g } = toGame({ ...r, result: '' });
    return g;
  });
}

/** Drops planned games not stored yet (a version rejected while its games were planned); returns how many. */
export function dropPlanned(store: Store, numbers: readonly number[]): number {
  return store.step(() => {
    const del = store.db.prepare('DELETE FROM plan WHERE number = ? AND NOT EXISTS (SELECT 1 FROM games WHERE number = ?)');
    let n = 0;
    for (const x of numbers) n += del.run(x, x).changes;
    return n;
  });
}

export function gameCount(store: Store): number {
  return Number(store.row('SELECT count(*) AS n FROM games')!.n);
}

/** The worker that played a game (events and pages only; never in a published result). */
export function gameWorker(store: Store, number: number): string | undefined {
  const r = store.row('SELECT worker FROM game_workers WHERE game = ?', number);
  return r && String(r.worker);
}

// ——— tests ———

function toTest(r: Row): Test {
  return {
    id: Number(r.id),
    candidate: Number(r.candidate),
    baseline: Number(r.baseline),
    pairs: Number(r.pairs),
    outcomes: JSON.parse(String(r.outcomes)) as [number, number][],
    llr: Number(r.llr),
    verdict: String(r.verdict) as TestVerdict,
  };
}

/** The test of candidate against baseline, made (running, no pairs) if new. */
export function openTest(store: Store, candidate: number, baseline: number): Test {
  return store.step(() => {
    store.run('INSERT INTO tests (candidate, baseline) VALUES (?, ?) ON CONFLICT (candidate, baseline) DO NOTHING', candidate, baseline);
    return toTest(store.row('SELECT * FROM tests WHERE candidate = ? AND baseline = ?', candidate, baseline)!);
  });
}

/** A test's progress after a batch of pairs: its counts, LLR and verdict. */
export function updateTest(store: Store, id: number, t: Pick<Test, 'pairs' | 'outcomes' | 'llr' | 'verdict'>): void {
  const r = store.run('UPDATE tests SET pairs = ?, outcomes = ?, llr = ?, verdict = ? WHERE id = ?', t.pairs, JSON.stringify(t.outcomes), t.llr, t.verdict, id);
  if (r.changes !== 1) throw new Error(`no test ${id}`);
}

export function getTest(store: Store, id: number): Test | undefined {
  const r = store.row('SELECT * FROM tests WHERE id = ?', id);
  return r && toTest(r);
}

export function listTests(store: Store, verdict?: TestVerdict): Test[] {
  return (verdict ? store.rows('SELECT * FROM tests WHERE verdict = ? ORDER BY id', verdict) : store.rows('SELECT * FROM tests ORDER BY id')).map(toTest);
}

// ——— ticks, the tick lock and events ———

function toTick(r: Row): Tick {
  return { number: Number(r.number), pid: Number(r.pid), machine: String(r.machine), started: String(r.started), finished: r.finished == null ? null : String(r.finished) };
}

export function listTicks(store: Store): Tick[] {
  return store.rows('SELECT * FROM ticks ORDER BY number').map(toTick);
}

/** The tick that is not finished (one at most: a running tick, or one whose process died). */
export function unfinishedTick(store: Store): Tick | undefined {
  const r = store.row('SELECT * FROM ticks WHERE finished IS NULL ORDER BY number DESC LIMIT 1');
  return r && toTick(r);
}

/** Appends an event (what happened, for events.json and the pages; wall-clock time included). */
export function addEvent(store: Store, tick: number | null, kind: string, data: unknown = {}): void {
  store.run('INSERT INTO events (tick, at, kind, data) VALUES (?, ?, ?, ?)', tick, store.now(), kind, JSON.stringify(data));
}

export function listEvents(store: Store, tick?: number): HostEvent[] {
  const rows = tick === undefined ? store.rows('SELECT * FROM events ORDER BY id') : store.rows('SELECT * FROM events WHERE tick = ? ORDER BY id', tick);
  return rows.map((r) => ({ id: Number(r.id), tick: r.tick == null ? null : Number(r.tick), at: String(r.at), kind: String(r.kind), data: JSON.parse(String(r.data)) }));
}

/** A held tick lock: the tick's number, and whether it resumes one whose process died. */
export interface TickLock {
  tick: number;
  /** The unfinished tick taken over (its process died: SIGKILL, power loss), if any. */
  resumed?: Tick;
  /** Marks the tick finished and releases the lock. */
  finish(): void;
  /** Releases the lock, leaving the tick unfinished (the next `beginTick` resumes it). */
  release(): void;
}

/**
 * Takes the host's tick lock, waiting at most `waitMs` (default 0: refuse at once) for another
 * tick to end. Refused: HostStateError 'busy' naming the holder (pid, machine, since when). Taken:
 * the unfinished tick left by a process that died is resumed under its own number (event
 * `tick-resumed`), else a new tick is numbered (event `tick-started`).
 */
export function beginTick(store: Store, options: { waitMs?: number; pid?: number; machine?: string } = {}): TickLock {
  const lock = new Database(join(store.dir, LOCK_FILE));
  try {
    lock.exec(`PRAGMA busy_timeout = ${Math.max(0, Math.floor(options.waitMs ?? 0))}`);
    lock.exec('BEGIN EXCLUSIVE');
  } catch (e) {
    lock.close();
    if ((e as { code?: string }).code !== 'SQLITE_BUSY') throw e;
    const holder = unfinishedTick(store);
    const who = holder ? `tick ${holder.number} by pid ${holder.pid} on ${holder.machine}, since ${holder.started}` : 'a tick that has not written its row yet';
    throw new HostStateError(`${store.dir} is busy: another tick holds its lock (${who})${options.waitMs ? `; waited ${options.waitMs} ms` : ''}`, 'busy');
  }
  const pid = options.pid ?? process.pid;
  const machine = options.machine ?? hostname();
  let tick: number;
  let resumed: Tick | undefined;
  try {
    ({ tick, resumed } = store.step(() => {
      const dead = unfinishedTick(store);
      if (dead) {
        store.run('UPDATE ticks SET pid = ?, machine = ? WHERE number = ?', pid, machine, dead.number);
        addEvent(store, dead.number, 'tick-resumed', { pid, machine, from: { pid: dead.pid, machine: dead.machine, started: dead.started } });
        return { tick: dead.number, resumed: dead };
      }
      const n = Number(store.row('SELECT coalesce(max(number), 0) + 1 AS n FROM ticks')!.n);
      store.run('INSERT INTO ticks (number, pid, machine, started) VALUES (?, ?, ?, ?)', n, pid, machine, store.now());
      addEvent(store, n, 'tick-started', { pid, machine });
      return { tick: n, resumed: undefined };
    }));
  } catch (e) {
    lock.exec('ROLLBACK');
    lock.close();
    throw e;
  }
  let held = true;
  const release = () => {
    if (!held) return;
    held = false;
    lock.exec('ROLLBACK');
    lock.close();
  };
  return {
    tick,
    resumed,
    finish() {
      if (!held) throw new Error(`tick ${tick}: the lock was released already`);
      store.step(() => {
        store.run('UPDATE ticks SET finished = ? WHERE number = ?', store.now(), tick);
        addEvent(store, tick, 'tick-finished');
      });
      release();
    },
    release,
  };
}

/**
 * One tick of a host (`koth host tick`, docs/host.md "What a tick does"): ingest → validate → test
 * → schedule and play → rate → publish, under the host's tick lock (store.ts beginTick).
 *
 * **Killed anywhere, finished by the next tick.** Every step writes in transactions, and a tick
 * writes the games it will play (the `plan` table: numbers, seed keys, seats) before it plays
 * them, then stores them batch by batch. A tick killed (SIGKILL included) leaves its row
 * unfinished; the next `tick` resumes it under its own number: ingest and validate again (both
 * idempotent), plays exactly the planned games not stored yet (each game is a function of its
 * seed and seats: the one played now is the one that would have been played then), plans nothing
 * twice, and rates and publishes. So nothing is played twice, nothing is lost, and the board
 * equals that of an uninterrupted tick.
 *
 * **The order.** The SPRT tests of new versions play before the field games (fishtest's priority):
 * a bot author asking "did my change help?" gets an answer first.
 *
 * **A function of the inputs.** What a tick schedules depends on the store only (the ratings used
 * to schedule and to name the leader are the store's, their bootstrap seeded from the host seed),
 * never on the clock, the machine or the workers: two hosts given the same answers in the same
 * ticks store the same games and publish the same `leaderboard.json` and `manifest.json`.
 */
import { hostSandbox, HostWatchRefused } from '../engines/core/host/play.ts';
import { createHash } from 'node:crypto';
import type { GameDescriptor, ReplayKit } from '../engines/core/game.ts';
import type { HostGame, HostJob, HostOutcome, HostPlayContext } from '../engines/core/host/play.ts';
import { computeBoard, type Board } from '../engines/core/host/board.ts';
import { publishSite } from '../engines/core/host/publish.ts';
import { rate } from '../engines/core/host/rate.ts';
import { decodeResult, winnersOf } from '../engines/core/host/result.ts';
import { schedule, type ScheduleEntry } from '../engines/core/host/schedule.ts';
import { testRunSeed } from '../engines/core/host/seeds.ts';
import {
  addEvent,
  beginTick,
  dropPlanned,
  getEntry,
  getSettings,
  getVersion,
  listTests,
  listVersions,
  nextGameNumber,
  openTest,
  planGames,
  recordGames,
  setStatus,
  unplayedGames,
  updateTest,
  versionsOf,
  type Game,
  type HostSettings,
  type PlannedGame,
  type Store,
  type Test,
  type TestVerdict,
  type Version,
} from '../engines/core/host/store.ts';
import { PyRandom } from '../engines/core/rng/python-random.ts';
import type { SandboxPool } from '../engines/core/sandbox/pool.ts';
import { Sprt } from '../engines/core/stats/sprt.ts';
import { buildHash } from '../engines/core/version.ts';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileAtomic } from '../engines/core/io/atomic.ts';
import { renderWatchPage } from '../engines/core/report/html/watch.ts';
import { HostWatchError, storedGameWatchPageAsync } from '../engines/core/host/watch.ts';
import { findGame } from '../engines/registry.ts';
import type { StackExchangeClient } from '../scraper/api.ts';
import { sandboxClassesOf } from './classes.ts';
import { ingest, type ClassesOf, type IngestSummary } from './ingest.ts';
import { ensureHouse, HOUSE_ANSWER, validate, type ValidateReport } from './validate.ts';
import { hostJobOf, PORT_LANGUAGE, runOfGame, seatsAnswers } from '../engines/core/host/runs.ts';
import { DEFAULT_AUDIT } from '../engines/core/host/audit.ts';
import { HOST_QUEUE_BATCH, QueuedPlayer } from './queued.ts';

/** Field games a tick plays at most when the game states no default (HostGame.tickGames). */
export const DEFAULT_TICK_GAMES = 1000;
/** Pairs a running SPRT test plays per tick. */
export const DEFAULT_TEST_PAIRS = 200;
/** A test without a verdict after this many pairs ends inconclusive. */
export const TEST_MAX_PAIRS = 10_000;
/** A batch of games that took less than this is followed by one twice its size (TickOptions.batch). */
export const BATCH_TARGET_MS = 500;
const MAX_BATCH = 2000;
/** Bootstrap resamples of the ratings a tick schedules by (the published board has its own, 1,000 by default). */
export const SCHEDULE_RESAMPLES = 200;

export interface TickOptions {
  kit: Pick<ReplayKit, 'sandboxPool'>;
  /** Field games at most (the game's `host.tickGames`, else DEFAULT_TICK_GAMES). */
  games?: number;
  /** Pairs per running test (DEFAULT_TEST_PAIRS). */
  testPairs?: number;
  /** Sandbox workers for posted answers (1). */
  workers?: number;
  /** How long to wait for another tick's lock, ms (0: refuse at once). */
  waitMs?: number;
  /**
   * Games per batch stored at once (and between two checks of `stop`). Default: 20 × workers at
   * first, doubled after each batch that took less than BATCH_TARGET_MS (up to 2,000): fast games
   * are stored in few commits, slow ones stay answerable to Ctrl-C. With `queue`: HOST_QUEUE_BATCH
   * (200), fixed (each batch is audited as a whole).
   */
  batch?: number;
  /** `se:` sources: the StackExchange client and the scrape cache's root. */
  client?: StackExchangeClient;
  cacheRoot?: string;
  /** The game's class discovery (default: the sandbox's, host/classes.ts, in the tick's workers). */
  classesOf?: ClassesOf;
  now?: () => number;
  /** Bootstrap resamples of the published board (1,000). */
  resamples?: number;
  /** The engine build's hash in the manifest (default: this koth's build hash). */
  engineHash?: string;
  /** Progress lines (stderr in the CLI). */
  log?: (line: string) => void;
  /** Games done of the games of a step (a progress bar). */
  progress?: (step: 'test' | 'field', done: number, total: number) => void;
  /** Asked between batches: true stops the tick there, unfinished (the next tick resumes it). */
  stop?: () => boolean;
  /** Plays the tests' and field games on this queue (`koth worker`s), audited (host/queued.ts); absent: here. */
  queue?: string;
  /** With `queue`: the share of each worker's games of a batch the host replays (DEFAULT_AUDIT, 2 %; at least one a worker). */
  audit?: number;
}

export interface TickReport {
  tick: number;
  /** The tick resumed (a process that died had left it unfinished). */
  resumed: boolean;
  ingest: IngestSummary;
  validate: ValidateReport;
  /** Tests after this tick: id, names, verdict, LLR and pairs. */
  tests: { id: number; candidate: string; baseline: string; verdict: TestVerdict; llr: number; pairs: number }[];
  /** Games stored by this tick (this process): tests' and field games. */
  played: { test: number; field: number };
  /** Versions rejected while playing (a failure in a test or field game), with the reason. */
  rejectedInPlay: { version: number; reason: string }[];
  /** Stopped between batches by `stop` (nothing published; the tick stays unfinished). */
  interrupted: boolean;
  /**
   * Wall-clock milliseconds of this process's tick by step (`koth bench host`, the progress line;
   * never in the published files): `play` is the time inside the games' playGames, every other
   * field the tick's own work (`store`: writing the played games).
   */
  ms: TickTimings;
  board?: Board;
}

export interface TickTimings {
  ingest: number;
  validate: number;
  test: number;
  schedule: number;
  play: number;
  store: number;
  rate: number;
  publish: number;
  total: number;
}

const sha = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');

/** The hash of a rules version as the game states it (its variant's data), for the manifest. */
export function rulesHashOf(game: GameDescriptor, rules: string): string {
  const variant = game.engine?.variants?.[rules];
  return sha(JSON.stringify({ game: game.id, rules, variant: variant ?? null }));
}

/** The game's hosting, or a clear refusal. */
export function hostOf(game: GameDescriptor): HostGame {
  const host = game.engine?.host;
  if (!host) throw new Error(`${game.id} cannot be hosted yet (it declares no engine.host)`);
  return host;
}

/** Whether a version ever was active (validated): an edit's previous version that was, is the baseline of its test. */
function everActive(store: Store, v: Version): boolean {
  if (v.status === 'active') return true;
  return store.row("SELECT 1 AS x FROM events WHERE kind = 'version-active' AND json_extract(data, '$.version') = ?", v.id) !== undefined;
}

/** Plays planned games and stores them: batches of `batch`, one job per run, here or on the queue (audited); failures reject their version. */
class Player {
  private pool: SandboxPool | undefined;
  /** The sandbox workers the tick's games ran in (none when no game seated an answer). */
  get sandbox(): SandboxPool | undefined {
    return this.pool;
  }
  readonly rejected: { version: number; reason: string }[] = [];
  private readonly queued: QueuedPlayer | undefined;
  /** Milliseconds inside playGames (or waiting for the queue and auditing), and storing what came back. */
  readonly ms = { play: 0, store: 0 };

  constructor(
    private readonly store: Store,
    private readonly game: GameDescriptor,
    private readonly host: HostGame,
    private readonly o: TickOptions,
    private readonly tick: number,
  ) {
    const workers = Math.max(1, o.workers ?? 1);
    this.queued = o.queue
      ? new QueuedPlayer(store, tick, {
          url: o.queue,
          audit: o.audit ?? DEFAULT_AUDIT,
          gameId: game.id,
          host,
          jobOf: (run, games) => this.jobOf(run, games),
          local: (run, games) => this.playJob(run, games, workers),
          runOf: (g) => this.runOf(g),
          ...(o.stop ? { stop: o.stop } : {}),
          log: o.log ?? (() => undefined),
        })
      : undefined;
  }

  private settingsCache: HostSettings | undefined;

  private get settings(): HostSettings {
    return (this.settingsCache ??= getSettings(this.store));
  }

  private runOf(g: PlannedGame): string {
    return runOfGame(this.store, g, this.settings);
  }

  /** Plays `games` (in number order), storing each batch; returns how many were stored, or null when stopped. */
  async play(games: PlannedGame[], step: 'test' | 'field'): Promise<{ stored: number; stopped: boolean }> {
    const workers = Math.max(1, this.o.workers ?? 1);
    let batch = Math.max(1, this.o.batch ?? (this.queued ? HOST_QUEUE_BATCH : 20 * workers));
    let stored = 0;
    let done = 0;
    const total = games.length;
    const dropped = new Set<number>();
    for (let i = 0; i < games.length; ) {
      if (this.o.stop?.()) return { stored, stopped: true };
      const chunk: PlannedGame[] = [];
      const run = this.runOf(games[i]!);
      while (i < games.length && chunk.length < batch && this.runOf(games[i]!) === run) {
        const g = games[i++]!;
        if (!dropped.has(g.number)) chunk.push(g);
      }
      if (!chunk.length) continue;
      const t0 = performance.now();
      let outcomes: HostOutcome[];
      let by: Map<number, string> | undefined;
      if (this.queued) {
        const q = await this.queued.play(run, chunk);
        if (q === 'stopped') return { stored, stopped: true };
        ({ outcomes, workers: by } = q);
        for (const n of this.late(q.corrected, q.failedLate)) dropped.add(n);
      } else outcomes = await this.playJob(run, chunk, workers);
      const t1 = performance.now();
      this.ms.play += t1 - t0;
      const kept: Game[] = [];
      const failed: { game: PlannedGame; out: Extract<HostOutcome, { failed: unknown }> }[] = [];
      chunk.forEach((g, j) => {
        const out = outcomes[j]!;
        if ('result' in out) kept.push({ ...g, result: out.result });
        else failed.push({ game: g, out });
      });
      this.store.step(() => {
        stored += recordGames(this.store, kept, by);
        for (const { game: g, out } of failed) for (const n of this.reject(g, out, games)) dropped.add(n);
      });
      const t2 = performance.now();
      this.ms.store += t2 - t1;
      // Batches grow while they are quick (a queued batch stays HOST_QUEUE_BATCH: each is audited as a whole).
      if (this.o.batch === undefined && !this.queued && t2 - t0 < BATCH_TARGET_MS) batch = Math.min(MAX_BATCH, batch * 2);
      done += chunk.length;
      this.o.progress?.(step, done, total);
    }
    return { stored, stopped: false };
  }

  /** Rejects the version whose seat failed game `g`; returns the numbers of its planned games (of `games`) dropped. */
  private reject(g: PlannedGame, out: Extract<HostOutcome, { failed: unknown }>, games: PlannedGame[]): number[] {
    const vid = g.seats[out.failed.seat]!;
    const v = getVersion(this.store, vid)!;
    // A house bot is rejected as any version is: it never plays again (its entry's page says why).
    if (v.status === 'rejected') return [];
    const reason = `${g.kind} game ${g.number}: ${out.failed.reason}`;
    setStatus(this.store, vid, 'rejected', reason);
    addEvent(this.store, this.tick, 'version-rejected', { version: vid, entry: v.entry, number: v.number, reason });
    this.rejected.push({ version: vid, reason });
    // Its planned games not stored are dropped: a rejected version plays no more.
    const gone = games.filter((x) => x.seats.includes(vid)).map((x) => x.number);
    dropPlanned(this.store, gone);
    return gone;
  }

  /**
   * After a quarantine (host/queued.ts): the tests whose stored games were corrected get their
   * state again from the stored games, and a game the host's replay failed rejects its version.
   */
  private late(corrected: Game[], failedLate: { game: PlannedGame; out: Extract<HostOutcome, { failed: unknown }> }[]): number[] {
    if (!corrected.length && !failedLate.length) return [];
    return this.store.step(() => {
      const dropped = failedLate.flatMap(({ game: g, out }) => this.reject(g, out, unplayedGames(this.store)));
      const subjects = new Set([...corrected, ...failedLate.map((f) => f.game)].filter((g) => g.kind === 'test').map((g) => g.subject!));
      for (const t of listTests(this.store).filter((x) => subjects.has(x.id))) {
        if (getVersion(this.store, t.candidate)!.status !== 'active') continue;
        updateTest(this.store, t.id, testState(this.store, t));
      }
      return dropped;
    });
  }

  /** The HostJob of games of one run: their seats (ports by name, answers by code hash) and the code. */
  private jobOf(run: string, games: PlannedGame[]): HostJob {
    return hostJobOf(this.store, run, games[0]!.rules, games);
  }

  /** Plays games of one run here. */
  private async playJob(run: string, games: PlannedGame[], workers: number): Promise<HostOutcome[]> {
    const job = this.jobOf(run, games);
    if (seatsAnswers(job)) this.pool ??= hostSandbox(this.o.kit, this.game.id, this.host, workers);
    return this.host.playGames(job, { kit: this.o.kit, ...(this.pool ? { sandbox: this.pool } : {}), workers });
  }

  async close(): Promise<void> {
    await this.pool?.destroy();
    this.pool = undefined;
  }
}

/**
 * One sandbox pool per tick: class discovery, validation, tests and field games share the workers
 * (Pyodide takes seconds to start), each step's `destroy` leaving them to the tick's end.
 */
export function tickPools(kit: Pick<ReplayKit, 'sandboxPool'>, workers: number): { kit: Pick<ReplayKit, 'sandboxPool'>; close(): Promise<void> } {
  const pools = new Map<string, SandboxPool>();
  return {
    kit: {
      sandboxPool(game, n, opts) {
        const key = JSON.stringify([game, opts?.timeoutMs ?? null, opts?.runtime ?? 'python']);
        let pool = pools.get(key);
        if (!pool) pools.set(key, (pool = kit.sandboxPool(game, Math.max(n, workers), opts)));
        const shared = pool;
        return new Proxy(shared, {
          get(target, p) {
            if (p === 'destroy') return async () => undefined;
            const v = Reflect.get(target, p, target) as unknown;
            return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(target) : v;
          },
        });
      },
    },
    async close() {
      for (const p of pools.values()) await p.destroy();
      pools.clear();
    },
  };
}

/** The active versions that may sit in games (not rejected since), by id. */
const activeVersions = (store: Store) => listVersions(store, 'active');

/**
 * Opens the SPRT test of every active version that has none (house bots excepted): against its
 * previous version when that one was ever active (an edit), else against the leader (the highest
 * rated active version of another entry). A version with neither waits for a later tick.
 */
export function openTests(store: Store, tick: number): Test[] {
  const tested = new Set(listTests(store).map((t) => t.candidate));
  const todo = activeVersions(store).filter((v) => !tested.has(v.id) && getEntry(store, v.entry)!.answer !== HOUSE_ANSWER);
  if (!todo.length) return [];
  let leaders: number[] | undefined;
  const opened: Test[] = [];
  for (const v of todo) {
    const previous = versionsOf(store, v.entry)
      .filter((x) => x.number < v.number && x.status !== 'rejected' && everActive(store, x))
      .at(-1);
    let baseline = previous?.id;
    if (baseline === undefined) {
      leaders ??= rate(store, { resamples: 1 }).ratings.map((r) => r.version);
      baseline = leaders.find((id) => getVersion(store, id)!.entry !== v.entry);
    }
    if (baseline === undefined) continue;
    // The version has no test yet (todo): the test is new, made with its event in one transaction.
    const t = store.step(() => {
      const made = openTest(store, v.id, baseline);
      addEvent(store, tick, 'test-opened', { test: made.id, candidate: v.id, baseline, against: previous ? 'previous version' : 'leader' });
      return made;
    });
    opened.push(t);
  }
  return opened;
}

/**
 * The games of pairs [from, from + count) of a test: pair i is two games on seed key i of the
 * test's run, the first seating the candidate, the second the baseline in the same seat among the
 * same opponents. Opponents: k − 1 active versions of other entries drawn for the pair (CPython's
 * generator seeded `<test run>/pair/<i>`), k the game's most seats (fewer when the field is
 * smaller); the tested seat rotates with i. A one-seat game's pair is the two alone on the seed.
 */
export function testPairGames(store: Store, host: HostGame, t: Test, from: number, count: number): Omit<PlannedGame, 'number' | 'tick'>[] {
  const s = getSettings(store);
  const run = testRunSeed(s.seed, s.rules, t.id);
  const entryOf = (id: number) => getVersion(store, id)!.entry;
  const skip = new Set([entryOf(t.candidate), entryOf(t.baseline)]);
  const others = activeVersions(store)
    .filter((v) => !skip.has(v.entry))
    .map((v) => v.id);
  const k = Math.min(host.seats.max, 1 + others.length);
  if (k < host.seats.min) return [];
  const out: Omit<PlannedGame, 'number' | 'tick'>[] = [];
  for (let i = from; i < from + count; i++) {
    const rng = new PyRandom(`${run}/pair/${i}`);
    const opponents = k > 1 ? rng.sample(others, k - 1) : [];
    const at = i % k;
    for (const who of [t.candidate, t.baseline]) {
      const seats = [...opponents.slice(0, at), who, ...opponents.slice(at)];
      out.push({ rules: s.rules, seedKey: i, seats, kind: 'test', subject: t.id });
    }
  }
  return out;
}

/** A seat's share of a game's win: 1/w when it is one of w winners, else 0. */
function winShare(result: string, seat: number): number {
  const winners = winnersOf(decodeResult(result));
  return winners.includes(seat) ? 1 / winners.length : 0;
}

/**
 * A test's state from its stored games, pair by pair in seed-key order (a pair missing a game —
 * dropped with a version rejected — is skipped): the SPRT's LLR and verdict at the first crossing,
 * the pairs counted to there; `inconclusive` at TEST_MAX_PAIRS without one. Pair outcome
 * (1 + a − b) / 2, a and b the candidate's and the baseline's share of their game's win (a one-seat
 * game: a = 1, ½ or 0 as the candidate's score beats, equals or is below the baseline's, b = 1 − a).
 */
export function testState(store: Store, t: Test, maxPairs = TEST_MAX_PAIRS): Pick<Test, 'pairs' | 'outcomes' | 'llr' | 'verdict'> {
  const s = getSettings(store);
  const sprt = new Sprt({ elo0: s.elo0, elo1: s.elo1, alpha: s.alpha, beta: s.beta });
  const rows = store.rows("SELECT seed_key, seats, result FROM games WHERE kind = 'test' AND subject = ? ORDER BY seed_key, number", t.id);
  const byKey = new Map<number, { a?: number; b?: number; sa?: number; sb?: number; alone?: boolean }>();
  for (const r of rows) {
    const seats = String(r.seats).split(',').map(Number);
    const key = Number(r.seed_key);
    const p = byKey.get(key) ?? {};
    const c = seats.indexOf(t.candidate);
    const b = seats.indexOf(t.baseline);
    const res = decodeResult(String(r.result));
    if (c >= 0) (p.a = winShare(String(r.result), c)), (p.sa = res.kind === 'score' ? res.scores[c] : undefined);
    else if (b >= 0) (p.b = winShare(String(r.result), b)), (p.sb = res.kind === 'score' ? res.scores[b] : undefined);
    p.alone = seats.length === 1;
    byKey.set(key, p);
  }
  let verdict: TestVerdict = 'running';
  for (const [, p] of [...byKey].sort((x, y) => x[0] - y[0])) {
    if (p.a === undefined || p.b === undefined) continue;
    let a = p.a;
    let b = p.b;
    if (p.alone && p.sa !== undefined && p.sb !== undefined) {
      // A one-seat game: each won its game alone; the scores of the two games compare them.
      a = p.sa > p.sb ? 1 : p.sa < p.sb ? 0 : 0.5;
      b = 1 - a;
    }
    sprt.push((1 + a - b) / 2);
    const v = sprt.verdict();
    if (v) {
      verdict = v;
      break;
    }
    if (sprt.pairs() >= maxPairs) {
      verdict = 'inconclusive';
      break;
    }
  }
  return { pairs: sprt.pairs(), outcomes: sprt.hist(), llr: sprt.llr(), verdict };
}

/** The field games to plan now: the schedule over the active versions (one-seat games: each deal's versions alone on its seed). */
function planField(store: Store, host: HostGame, tick: number, n: number): PlannedGame[] {
  const s = getSettings(store);
  const active = activeVersions(store);
  const maxSeats = host.seats.max === 1 ? Math.min(8, active.length) : Math.min(host.seats.max, active.length);
  if (maxSeats < Math.max(2, host.seats.min)) return [];
  const ratings = new Map(rate(store, { resamples: SCHEDULE_RESAMPLES }).ratings.map((r) => [r.version, r]));
  const entries: ScheduleEntry[] = active.map((v) => {
    const r = ratings.get(v.id);
    return { id: v.id, games: r?.games ?? 0, elo: r?.rating.elo ?? null, low: r?.rating.low ?? null, high: r?.rating.high ?? null };
  });
  const last = store.row("SELECT max(seed_key) AS k FROM (SELECT seed_key FROM games WHERE kind = 'field' AND rules = ? UNION ALL SELECT seed_key FROM plan WHERE kind = 'field' AND rules = ?)", s.rules, s.rules);
  const firstKey = last?.k == null ? 0 : Number(last.k) + 1;
  const scheduled = schedule(entries, { hostSeed: s.seed, rules: s.rules, firstKey, games: n, seats: maxSeats });
  let number = nextGameNumber(store);
  const out: PlannedGame[] = [];
  if (host.seats.max === 1) {
    // A one-seat game: a deal is its versions each alone on the deal's seed (its first rotation names them).
    const seen = new Set<number>();
    for (const g of scheduled) {
      if (seen.has(g.seedKey)) continue;
      seen.add(g.seedKey);
      for (const v of g.seats) out.push({ number: number++, rules: s.rules, seedKey: g.seedKey, seats: [v], kind: 'field', tick, subject: null });
    }
    return out;
  }
  for (const g of scheduled) out.push({ number: number++, rules: s.rules, seedKey: g.seedKey, seats: g.seats, kind: 'field', tick, subject: null });
  return out;
}

/**
 * Whether this tick has planned its test (or field) games already: the event `tests-planned`
 * (`field-planned`) is stored in the transaction that plans them, even when it plans none. A
 * resumed tick must not plan again: the games stored before the kill would change what it plans
 * (a test's leader rated from them, a schedule from their counts).
 */
const planned = (store: Store, tick: number, kind: 'test' | 'field') => store.row('SELECT 1 AS x FROM events WHERE tick = ? AND kind = ? LIMIT 1', tick, `${kind === 'test' ? 'tests' : kind}-planned`) !== undefined;

/** Runs one tick (see the file's comment). Throws HostStateError 'busy' when another tick holds the lock. */
export async function runTick(store: Store, o: TickOptions): Promise<TickReport> {
  const settings = getSettings(store);
  const game = findGame(settings.game);
  if (!game) throw new Error(`the host's game "${settings.game}" is not one this koth knows`);
  const host = hostOf(game);
  const log = o.log ?? (() => undefined);
  const lock = beginTick(store, { ...(o.waitMs !== undefined ? { waitMs: o.waitMs } : {}) });
  const tick = lock.tick;
  const pools = tickPools(o.kit, Math.max(1, o.workers ?? 1));
  const kit = pools.kit;
  const classes = o.classesOf ? undefined : game.engine?.entrants?.python ? sandboxClassesOf(game, kit, { timeoutMs: host.timeLimitMs }) : undefined;
  const classesOf = o.classesOf ?? classes?.classesOf;
  const player = new Player(store, game, host, { ...o, kit }, tick);
  const begun = performance.now();
  const ms: TickTimings = { ingest: 0, validate: 0, test: 0, schedule: 0, play: 0, store: 0, rate: 0, publish: 0, total: 0 };
  let mark = begun;
  /** Adds the time since the last lap to `step` (less what the player spent playing and storing then). */
  let inPlayer = 0;
  const lap = (step: keyof TickTimings) => {
    const now = performance.now();
    const p = player.ms.play + player.ms.store;
    ms[step] += now - mark - (p - inPlayer);
    inPlayer = p;
    mark = now;
  };
  try {
    log(lock.resumed ? `tick ${tick}: resuming the tick pid ${lock.resumed.pid} on ${lock.resumed.machine} left unfinished (started ${lock.resumed.started})` : `tick ${tick}: started`);
    // 1. Ingest.
    const ing = await ingest(store, settings.source, { tick, ...(o.client ? { client: o.client } : {}), ...(o.cacheRoot ? { cacheRoot: o.cacheRoot } : {}), ...(classesOf ? { classesOf } : {}), ...(o.now ? { now: o.now } : {}) });
    const sum = ing.summary;
    lap('ingest');
    log(`tick ${tick}: ingest: ${sum.new} new, ${sum.edited} edited, ${sum.retired} retired, ${sum.ignored} without a bot`);
    // 2. Validate (the house bots first: entries of the host, always active).
    ensureHouse(store);
    const val = await validate(store, game, { kit, tick });
    lap('validate');
    if (val.active.length || val.rejected.length || val.waiting.length) {
      log(`tick ${tick}: validate: ${val.active.length} active, ${val.rejected.length} rejected${val.waiting.length ? `, ${val.waiting.length} waiting` : ''}`);
      for (const r of val.rejected) log(`tick ${tick}:   rejected ${versionLabel(store, r.version)}: ${r.reason}`);
    }
    // 3. Test: open the tests of new versions, plan this tick's pairs once, play what is not stored.
    const played = { test: 0, field: 0 };
    if (!planned(store, tick, 'test'))
      store.step(() => {
        openTests(store, tick);
        const plan: PlannedGame[] = [];
        let number = nextGameNumber(store);
        for (const t of listTests(store, 'running')) {
          const c = getVersion(store, t.candidate)!;
          const b = getVersion(store, t.baseline)!;
          if (c.status !== 'active' || b.status === 'rejected') continue;
          const plannedPairs = Number(store.row("SELECT count(*) AS n FROM plan WHERE kind = 'test' AND subject = ?", t.id)!.n) / 2;
          const count = Math.min(o.testPairs ?? DEFAULT_TEST_PAIRS, TEST_MAX_PAIRS - plannedPairs);
          if (count <= 0) continue;
          for (const g of testPairGames(store, host, t, plannedPairs, count)) plan.push({ ...g, number: number++, tick });
        }
        if (plan.length) planGames(store, plan);
        addEvent(store, tick, 'tests-planned', { games: plan.length });
      });
    const testGames = unplayedGames(store, 'test');
    if (testGames.length) {
      log(`tick ${tick}: tests: ${testGames.length} games`);
      const r = await player.play(testGames, 'test');
      played.test = r.stored;
      if (r.stopped) return await stopped();
    }
    for (const t of listTests(store, 'running')) {
      const candidate = getVersion(store, t.candidate)!;
      if (candidate.status === 'rejected' || candidate.status === 'retired') {
        // A candidate that left the field ends its test where it stands.
        store.step(() => {
          updateTest(store, t.id, { ...testState(store, t), verdict: 'inconclusive' });
          addEvent(store, tick, 'test-ended', { test: t.id, verdict: 'inconclusive', why: `the candidate was ${candidate.status}: ${candidate.reason}` });
        });
        continue;
      }
      const next = testState(store, t);
      updateTest(store, t.id, next);
      if (next.verdict !== 'running') addEvent(store, tick, 'test-ended', { test: t.id, verdict: next.verdict, llr: next.llr, pairs: next.pairs });
    }
    lap('test');
    // 4. Schedule and play the field games.
    if (!planned(store, tick, 'field'))
      store.step(() => {
        const plan = planField(store, host, tick, o.games ?? host.tickGames ?? DEFAULT_TICK_GAMES);
        if (plan.length) planGames(store, plan);
        addEvent(store, tick, 'field-planned', { games: plan.length });
      });
    lap('schedule');
    const fieldGames = unplayedGames(store, 'field');
    if (fieldGames.length) {
      log(`tick ${tick}: field: ${fieldGames.length} games`);
      const r = await player.play(fieldGames, 'field');
      played.field = r.stored;
      if (r.stopped) return await stopped();
    }
    lap('schedule');
    for (const r of player.rejected) log(`tick ${tick}:   rejected ${versionLabel(store, r.version)}: ${r.reason}`);
    // 5–6. Rate and publish.
    const board = computeBoard(store, { resamples: o.resamples ?? 1000 });
    lap('rate');
    const watchPages = await watchedGames(store, host, { kit, ...(player.sandbox ? { sandbox: player.sandbox } : {}) });
    publishSite(store, { board, host, watchPages, engineHash: o.engineHash ?? buildHash(), rulesHash: rulesHashOf(game, settings.rules) });
    lock.finish();
    lap('publish');
    log(`tick ${tick}: finished: ${played.test} test and ${played.field} field games; site published`);
    return { ...report(), board };

    function report(interrupted = false): TickReport {
      ms.play = player.ms.play;
      ms.store = player.ms.store;
      ms.total = performance.now() - begun;
      for (const k of Object.keys(ms) as (keyof TickTimings)[]) ms[k] = Math.round(ms[k] * 10) / 10;
      return { tick, resumed: lock.resumed !== undefined, ingest: sum, validate: val, tests: testsOf(store), played, rejectedInPlay: player.rejected, interrupted, ms };
    }
    async function stopped(): Promise<TickReport> {
      lock.release();
      log(`tick ${tick}: stopped after a batch; the next tick finishes it`);
      return report(true);
    }
  } catch (e) {
    lock.release();
    throw e;
  } finally {
    await player.close();
    await classes?.close();
    await pools.close();
  }
}

/** Field games looked at (from the newest) for the active versions' latest games the site shows. */
const WATCH_LOOKBACK = 20_000;

/**
 * The watch pages (rendered) of the active versions' latest field games that seat posted answers,
 * played again in the tick's sandbox (publish.ts makes those of house bots itself). A game's page
 * is a function of the game: each is kept in DIR/watch-cache/<number>.html and made once.
 */
export async function watchedGames(store: Store, host: HostGame, ctx: Omit<HostPlayContext, 'timeLimitMs'>): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  if (!host.watch) return out;
  const active = new Set(listVersions(store, 'active').map((v) => v.id));
  const ports = new Set(listVersions(store).flatMap((v) => (v.language === PORT_LANGUAGE ? [v.id] : [])));
  const latest = new Map<number, { number: number; seats: number[] }>();
  for (const r of store.rows("SELECT number, seats FROM games WHERE kind = 'field' ORDER BY number DESC LIMIT ?", WATCH_LOOKBACK)) {
    const seats = String(r.seats).split(',').map(Number);
    for (const v of seats) if (active.has(v) && !latest.has(v)) latest.set(v, { number: Number(r.number), seats });
    if (latest.size === active.size) break;
  }
  const cache = join(store.dir, WATCH_CACHE);
  for (const { number, seats } of latest.values()) {
    if (out.has(number) || seats.every((v) => ports.has(v))) continue;
    const file = join(cache, `${number}.html`);
    if (existsSync(file)) {
      out.set(number, readFileSync(file, 'utf8'));
      continue;
    }
    try {
      const page = renderWatchPage(await storedGameWatchPageAsync(store, host, number, { command: `koth host watch DIR ${number}`, ctx: { ...ctx, timeLimitMs: host.timeLimitMs } }));
      mkdirSync(cache, { recursive: true });
      writeFileAtomic(file, page);
      out.set(number, page);
    } catch (e) {
      if (!(e instanceof HostWatchRefused || e instanceof HostWatchError)) throw e;
    }
  }
  return out;
}

/** The folder of a host's watch pages made so far (DIR/watch-cache). */
export const WATCH_CACHE = 'watch-cache';

/** `Name v2` of a version, for messages. */
export function versionLabel(store: Store, id: number): string {
  const v = getVersion(store, id)!;
  return `${getEntry(store, v.entry)!.className} v${v.number}`;
}

function testsOf(store: Store): TickReport['tests'] {
  return listTests(store).map((t) => ({ id: t.id, candidate: versionLabel(store, t.candidate), baseline: versionLabel(store, t.baseline), verdict: t.verdict, llr: t.llr, pairs: t.pairs }));
}

/**
 * A tick's games played on the queue (`koth host tick DIR --queue URL`, docs/host.md "Many
 * machines, and trust"): each batch goes to `koth worker` processes as a sharded run of hosted
 * games (engines/core/host/trials.ts, the trials key `<game>:host`), and what comes back is
 * audited before anything is stored.
 *
 * **The audit.** Of each worker's games in a batch, the host replays itself those the audit draws
 * (engines/core/host/audit.ts: about the share given, at least one a worker, chosen from the game
 * numbers) and every game a worker says failed (a failure rejects a version: the host decides
 * that itself). A replay that differs is proof that worker's results cannot be trusted: it is
 * quarantined for the rest of the tick — every game of it in the batch is replayed here, every
 * game of it this tick stored already is replayed and corrected (an event per correction), and
 * its games in later batches are replayed here too. Events: `worker-audited` (a worker's games of
 * a batch, those replayed, all agreeing), `worker-quarantined` (the worker, the game, its result
 * and the replay's), `game-corrected`. So the stored results are a local run's, and a queued host
 * publishes the leaderboard.json and manifest.json a local one does — except for a worker that
 * lies so rarely that no audited game catches it: `koth host verify` replays every stored game.
 */
import type { HostGame, HostJob, HostOutcome } from '../engines/core/host/play.ts';
import { outcomeText, pickAudited, sameOutcome } from '../engines/core/host/audit.ts';
import { hostShardOptions, hostTrials, outcomeProblem, queuedHosting, type HostShardAcc } from '../engines/core/host/trials.ts';
import { addEvent, type Game, type PlannedGame, type Store } from '../engines/core/host/store.ts';
import { kothVersion, QueueJobFailed } from '../engines/core/runner/queue/protocol.ts';
import { trialsKey, trialsRef } from '../engines/core/runner/trials-ref.ts';
import { SandboxKilled, SandboxTaskError } from '../engines/core/sandbox/errors.ts';

/** Games per shard on the queue: a sandbox task of a worker. */
export const HOST_QUEUE_SHARD = 10;
/** Games per batch (stored at once, audited at once) with --queue, by default. */
export const HOST_QUEUE_BATCH = 200;

/** A worker that gave the queue no name (not a koth worker). */
const NAMELESS = '(a worker that gave no name)';

export interface QueuedPlayOptions {
  url: string;
  /** The share of each worker's games replayed by the host (audit.ts DEFAULT_AUDIT). */
  audit: number;
  gameId: string;
  host: HostGame;
  /** The batch's HostJob (seats and code from the store). */
  jobOf: (run: string, games: PlannedGame[]) => HostJob;
  /** Plays games of one run here, as a local tick does. */
  local: (run: string, games: PlannedGame[]) => Promise<HostOutcome[]>;
  /** The run seed of a stored game (its kind and subject). */
  runOf: (g: PlannedGame) => string;
  /** Asked while waiting for the queue: true ends the wait (the shards stay queued; the next tick takes them). */
  stop?: () => boolean;
  log: (line: string) => void;
}

/** What came of a batch played on the queue. */
export interface QueuedBatch {
  /** The batch's outcomes, in its order, as a local run gives them. */
  outcomes: HostOutcome[];
  /** Who played each game whose outcome is a worker's (audited or not); games the host replayed have none. */
  workers: Map<number, string>;
  /** Games of this tick stored earlier whose result the host corrected (a quarantined worker's). */
  corrected: Game[];
  /** Games of this tick stored earlier that the host's replay failed: deleted; their versions are to be rejected. */
  failedLate: { game: PlannedGame; out: Extract<HostOutcome, { failed: unknown }> }[];
}

/** Plays batches of a tick on the queue and audits them (see the file's comment). */
export class QueuedPlayer {
  /** Workers quarantined this tick (by their name on the queue). */
  readonly quarantined = new Set<string>();

  constructor(
    private readonly store: Store,
    private readonly tick: number,
    private readonly o: QueuedPlayOptions,
  ) {}

  private saidLocal = false;

  /** One batch (games of one run) on the queue, audited; 'stopped' when `stop` ended the wait. */
  async play(run: string, games: PlannedGame[]): Promise<QueuedBatch | 'stopped'> {
    if (!queuedHosting(this.o.host)) {
      // Answers compiled on the host (gun-duel) or programs (atomas): not on the queue (yet).
      if (!this.saidLocal) this.o.log(`tick ${this.tick}: ${this.o.gameId}'s hosted games do not go on the queue (its answers do not run in the Python sandbox): played here`);
      this.saidLocal = true;
      return { outcomes: await this.o.local(run, games), workers: new Map(), corrected: [], failedLate: [] };
    }
    const queued = await this.fromQueue(run, games);
    if (queued === 'stopped') return 'stopped';
    if (!queued) return { outcomes: await this.o.local(run, games), workers: new Map(), corrected: [], failedLate: [] };
    const { outcomes: theirs, by } = queued;
    const index = new Map(games.map((g, i) => [g.number, i]));
    const replayed = new Map<number, HostOutcome>();
    const replay = async (numbers: number[]) => {
      const todo = numbers.filter((n) => !replayed.has(n)).sort((a, b) => a - b);
      if (!todo.length) return;
      const got = await this.o.local(run, todo.map((n) => games[index.get(n)!]!));
      todo.forEach((n, k) => replayed.set(n, got[k]!));
    };
    const byWorker = new Map<string, number[]>();
    games.forEach((g, i) => byWorker.set(by[i]!, [...(byWorker.get(by[i]!) ?? []), g.number]));
    // What is replayed at once: games of a worker quarantined already, a worker's failures and malformed outcomes, and the audit's draw.
    const trusted = new Map([...byWorker].filter(([w]) => !this.quarantined.has(w)));
    const first = new Set(pickAudited(trusted, this.o.audit));
    games.forEach((g, i) => {
      const out = theirs[i]!;
      if (this.quarantined.has(by[i]!) || outcomeProblem(out, g.seats.length) || 'failed' in (out as HostOutcome)) first.add(g.number);
    });
    await replay([...first]);
    // A replay that differs quarantines its worker: all its games of the batch are replayed too.
    const caught: string[] = [];
    for (const [w, numbers] of trusted) {
      const bad = numbers.find((n) => replayed.has(n) && !this.agrees(theirs[index.get(n)!], replayed.get(n)!));
      if (bad === undefined) {
        addEvent(this.store, this.tick, 'worker-audited', { worker: w, games: numbers.length, audited: numbers.filter((n) => replayed.has(n)), agreed: true });
        continue;
      }
      const t = theirs[index.get(bad)!];
      this.quarantined.add(w);
      caught.push(w);
      const shown = outcomeProblem(t) ? `(not an outcome: ${outcomeProblem(t)})` : outcomeText(t as HostOutcome);
      addEvent(this.store, this.tick, 'worker-quarantined', { worker: w, number: bad, result: shown, replay: outcomeText(replayed.get(bad)!) });
      this.o.log(`tick ${this.tick}: worker ${w} quarantined: game ${bad} came back ${shown}, the host's replay gives ${outcomeText(replayed.get(bad)!)}; its games are replayed here`);
      await replay(numbers);
    }
    const outcomes = games.map((g, i) => replayed.get(g.number) ?? (theirs[i] as HostOutcome));
    const workers = new Map<number, string>();
    games.forEach((g, i) => {
      const w = by[i]!;
      if (!this.quarantined.has(w) && !(replayed.has(g.number) && 'failed' in replayed.get(g.number)!)) workers.set(g.number, w);
    });
    const late = caught.length ? await this.correct(caught) : { corrected: [], failedLate: [] };
    return { outcomes, workers, ...late };
  }

  private agrees(theirs: unknown, ours: HostOutcome): boolean {
    return !outcomeProblem(theirs) && sameOutcome(theirs as HostOutcome, ours);
  }

  /**
   * The batch from the queue: each game's outcome and worker; undefined when the queue could not
   * play it (a shard failed on a worker, or came back not of a shard's shape: said, and played
   * here instead); 'stopped' when `stop` ended the wait.
   */
  private async fromQueue(run: string, games: PlannedGame[]): Promise<{ outcomes: unknown[]; by: string[] } | 'stopped' | undefined> {
    const job = this.o.jobOf(run, games);
    const shardSize = HOST_QUEUE_SHARD;
    const outcomes = new Array<unknown>(games.length);
    const by = new Array<string>(games.length);
    const controller = new AbortController();
    const watch = setInterval(() => this.o.stop?.() && controller.abort(), 100);
    try {
      // bullmq is loaded by the ticks that use the queue only.
      const { runQueued } = await import('../engines/core/runner/queue/coordinator.ts');
      const res = await runQueued<ReturnType<typeof hostShardOptions>, HostShardAcc>({
        game: trialsKey(trialsRef(this.o.gameId, 'host')),
        spec: hostTrials(),
        opts: hostShardOptions(job, shardSize, this.o.host.timeLimitMs),
        seed: run,
        trials: games.length,
        shardSize,
        label: `${this.o.gameId} hosted games (tick ${this.tick})`,
        url: this.o.url,
        version: kothVersion(),
        sandbox: { runtime: 'python', timeoutMs: this.o.host.timeLimitMs },
        signal: controller.signal,
        progressBar: false, // the tick shows its own
        say: (line) => this.o.log(`tick ${this.tick}: ${line}`),
        onResult: (k, acc, worker) => {
          acc.outcomes.forEach((out, j) => {
            outcomes[k * shardSize + j] = out;
            by[k * shardSize + j] = worker ?? NAMELESS;
          });
        },
      });
      if (res.interrupted) return 'stopped';
      return { outcomes, by };
    } catch (e) {
      if (!(e instanceof QueueJobFailed || e instanceof SandboxKilled || e instanceof SandboxTaskError)) throw e;
      addEvent(this.store, this.tick, 'queue-batch-local', { games: games.length, first: games[0]!.number, reason: e.message });
      this.o.log(`tick ${this.tick}: the queue could not play a batch (${e.message}); the host plays its ${games.length} games itself`);
      return undefined;
    } finally {
      clearInterval(watch);
    }
  }

  /** The games of this tick stored already that `workers` played: replayed here, each differing one corrected (an event each). */
  private async correct(workers: string[]): Promise<Pick<QueuedBatch, 'corrected' | 'failedLate'>> {
    const rows = this.store.rows(
      `SELECT g.*, w.worker FROM games g JOIN game_workers w ON w.game = g.number WHERE g.tick = ? AND w.worker IN (${workers.map(() => '?').join(', ')}) ORDER BY g.number`,
      this.tick,
      ...workers,
    );
    const stored = rows.map((r) => ({
      game: { number: Number(r.number), rules: String(r.rules), seedKey: Number(r.seed_key), seats: String(r.seats).split(',').map(Number), kind: String(r.kind), tick: Number(r.tick), subject: r.subject == null ? null : Number(r.subject) } as PlannedGame,
      result: String(r.result),
      worker: String(r.worker),
    }));
    const byRun = new Map<string, typeof stored>();
    for (const s of stored) {
      const run = this.o.runOf(s.game);
      byRun.set(run, [...(byRun.get(run) ?? []), s]);
    }
    const corrected: Game[] = [];
    const failedLate: QueuedBatch['failedLate'] = [];
    for (const [run, list] of byRun) {
      const got = await this.o.local(run, list.map((s) => s.game));
      this.store.step(() => {
        list.forEach((s, k) => {
          const out = got[k]!;
          if ('result' in out && out.result === s.result) return;
          addEvent(this.store, this.tick, 'game-corrected', { number: s.game.number, worker: s.worker, was: s.result, now: outcomeText(out) });
          this.store.run('DELETE FROM game_workers WHERE game = ?', s.game.number);
          if ('result' in out) {
            this.store.run('UPDATE games SET result = ? WHERE number = ?', out.result, s.game.number);
            corrected.push({ ...s.game, result: out.result });
          } else {
            // The host's replay fails the game: a local tick would have stored no result and rejected the version.
            this.store.run('DELETE FROM games WHERE number = ?', s.game.number);
            failedLate.push({ game: s.game, out });
          }
        });
      });
    }
    if (stored.length) this.o.log(`tick ${this.tick}: replayed the ${stored.length} game(s) of this tick the quarantined worker(s) had played: ${corrected.length + failedLate.length} corrected`);
    return { corrected, failedLate };
  }
}

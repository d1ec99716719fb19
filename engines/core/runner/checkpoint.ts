import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { writeFileAtomic } from '../io/atomic.ts';
import { shapeProblems } from './acc-check.ts';
import { planShards, type Shard } from './shards.ts';
import type { TrialSpec } from './trial-spec.ts';

/**
 * In-order merging of shard results, and its checkpoint on disk.
 *
 * Shards may finish in any order; they are merged strictly by index (a pending map holds the
 * ones that finished early), so the merged value never depends on scheduling. The state is
 * small — the merged prefix plus at most a few pending shards — and is what a checkpoint
 * file holds, written atomically (temp file + rename) at most once a second and at the end:
 * a write that fails (a full disk) leaves the last good file in place.
 *
 * One file holds every sharded run of one command, each as a named part: `--compare-rules`
 * runs two variants, atomas one run per bot and variant. A part is resumed only by a run of
 * the same identity (game, seed, trials, shard size, options); parts of other runs in the file
 * are kept as they are. A part read back is checked before it is used: the shards it claims,
 * the trials they hold (TrialSpec.count), the shape of its results (TrialSpec.empty, .check).
 */
export interface MergerState<Acc> {
  next: number;
  acc: Acc;
  pending: Record<string, Acc>;
}

export class OrderedMerger<Acc> {
  /**
   * Asked after each shard merged (the merged value, the shard's index): true means the run has
   * what it needs (koth ab: the SPRT crossed a bound), and no later shard is merged.
   */
  enough?: (acc: Acc, index: number) => boolean;
  /** `enough` said so: the shards past it are dropped, pending or finishing later (never merged, not kept: a checkpoint's pending shards come after its next). */
  sated = false;

  constructor(
    private readonly merge: (a: Acc, b: Acc) => Acc,
    public state: MergerState<Acc>,
  ) {}

  has(index: number): boolean {
    return index < this.state.next || String(index) in this.state.pending;
  }

  add(index: number, acc: Acc): void {
    if (this.sated) return;
    this.state.pending[String(index)] = acc;
    while (!this.sated && String(this.state.next) in this.state.pending) {
      const key = String(this.state.next);
      this.state.acc = this.merge(this.state.acc, this.state.pending[key]!);
      delete this.state.pending[key];
      this.state.next++;
      if (this.enough?.(this.state.acc, this.state.next - 1)) {
        this.sated = true;
        this.state.pending = {};
      }
    }
  }
}

export interface CheckpointIdentity {
  game: string;
  seed: string;
  trials: number;
  shardSize: number;
  opts: unknown;
  /** Files the run reads whose content is part of its identity (a --bot-cmd program and its script): keyed by their sha256. */
  inputs?: readonly string[];
}

/** What is stored: the options as a hash, the input files as their sha256 by path (absent when none). */
type StoredIdentity = Omit<CheckpointIdentity, 'opts' | 'inputs'> & { optsHash: string; files?: Record<string, string> };

interface CheckpointPart<Acc> {
  identity: StoredIdentity;
  complete: boolean;
  merger: MergerState<Acc>;
}

export const CHECKPOINT_FORMAT = 'koth-checkpoint/2';

interface CheckpointFile<Acc> {
  format: typeof CHECKPOINT_FORMAT;
  parts: Record<string, CheckpointPart<Acc>>;
}

/** The first format: one run per file (read as the part of the run that matches it). */
interface CheckpointFileV1<Acc> extends CheckpointPart<Acc> {
  format: 'koth-checkpoint/1';
}

function identityOf(id: CheckpointIdentity): StoredIdentity {
  const optsHash = createHash('sha256').update(JSON.stringify(id.opts, (_k, v) => (typeof v === 'bigint' ? `${v}n` : v))).digest('hex');
  const files = id.inputs?.length ? Object.fromEntries(id.inputs.map((p) => [p, fileHash(p)])) : undefined;
  return { game: id.game, seed: id.seed, trials: id.trials, shardSize: id.shardSize, optsHash, ...(files ? { files } : {}) };
}

/** A file's sha256 (hex), or "unreadable". */
function fileHash(path: string): string {
  try {
    return createHash('sha256').update(readFileSync(path)).digest('hex');
  } catch {
    return 'unreadable';
  }
}

/** The checkpoint file cannot be used for this run (another run's, not a checkpoint, impossible content): nothing was run. */
export class CheckpointMismatch extends Error {}

/** The file matches this run but its content cannot come from koth (edited or damaged). */
export class CheckpointInvalid extends CheckpointMismatch {}

/** Writing the checkpoint failed (a full disk, a folder made read-only meanwhile): the last good file is kept. */
export class CheckpointWriteError extends Error {
  constructor(
    readonly path: string,
    override readonly cause: unknown,
    /** Trials the file on disk holds (the last successful write; 0 when none). */
    readonly savedTrials: number,
  ) {
    super(`could not write checkpoint ${path}: ${(cause as Error)?.message ?? cause}`);
    this.name = 'CheckpointWriteError';
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isIndex = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;

/** What the game's trials tell a checkpoint: how to merge, the empty shape, how to count. */
export type CheckpointSpec<Opts, Acc> = Pick<TrialSpec<Opts, Acc>, 'merge' | 'empty' | 'count' | 'check'>;

/** Why a part's merger state cannot be the state of a run of `shards` (its shards, counts, shapes), or []. */
export function partProblems<Opts, Acc>(state: unknown, shards: readonly Shard[], spec: CheckpointSpec<Opts, Acc>, opts: Opts): string[] {
  if (!isObject(state) || !isIndex(state.next) || !isObject(state.pending) || !('acc' in state)) return ['its progress record (next, acc, pending) is missing or malformed'];
  const out: string[] = [];
  if (state.next > shards.length) out.push(`it says ${state.next} shards are done, but the run has only ${shards.length}`);
  const template = spec.empty(opts);
  // Each result: its shape, then how many trials it holds, then the game's own check (TrialSpec.check),
  // so that the plainest fact wrong is the one said first.
  const checkAcc = (acc: unknown, where: string, trials: number, counted: (n: number) => string): boolean => {
    const p = shapeProblems(acc, template, where);
    if (!p.length) {
      const n = spec.count(acc as Acc);
      if (n !== trials) p.push(counted(n));
      else p.push(...(spec.check?.(acc as Acc, opts) ?? []).map((x) => `${where}: ${x}`));
    }
    out.push(...p.slice(0, 3));
    return !p.length;
  };
  const prefix = shards.slice(0, Math.min(state.next, shards.length)).reduce((n, s) => n + s.count, 0);
  const resultsCounted = (n: number) => `its results hold ${n} trials, but its ${state.next} finished shards hold ${prefix}${n > prefix ? ' (more than the run has done)' : ''}`;
  if (checkAcc(state.acc, 'results', prefix, resultsCounted)) {
    try {
      spec.merge(template, state.acc as Acc);
    } catch (e) {
      out.push(`its results do not merge with this run's (${(e as Error).message})`);
    }
  }
  for (const [key, acc] of Object.entries(state.pending)) {
    const i = Number(key);
    if (!isIndex(i) || String(i) !== key || i <= state.next || i >= shards.length) {
      out.push(`it holds a finished shard ${JSON.stringify(key)} that this run cannot have (shards ${state.next + 1}–${shards.length - 1} may be pending)`);
      continue;
    }
    checkAcc(acc, `shard ${key}`, shards[i]!.count, (n) => `shard ${key} holds ${n} trials, not ${shards[i]!.count}`);
  }
  return out;
}

export class Checkpoint<Opts, Acc> {
  private lastWrite = 0;
  private dirty = false;
  private readonly identity: StoredIdentity;
  private readonly shards: Shard[];
  /** Parts of other runs found in the file: written back as they were. */
  private readonly others: Record<string, CheckpointPart<unknown>> = {};
  readonly resumed: boolean;
  readonly merger: OrderedMerger<Acc>;
  /** Trials the file on disk holds for this part (as of the last successful write). */
  savedTrials = 0;

  constructor(
    readonly path: string,
    id: CheckpointIdentity,
    spec: CheckpointSpec<Opts, Acc>,
    opts: Opts,
    /** This run's name in the file (e.g. a rule variant, or "<bot>/<variant>"). */
    readonly part = 'main',
    /** Least time between two writes of the file (the last write, at the end, is always made). */
    private readonly everyMs = 1000,
  ) {
    this.identity = identityOf(id);
    this.shards = planShards(id.trials, id.shardSize);
    let state: MergerState<Acc> = { next: 0, acc: spec.empty(opts), pending: {} };
    const found = this.read();
    this.resumed = found !== undefined;
    if (found) {
      const problems = partProblems(found.merger, this.shards, spec, opts);
      if (found.complete === true && isObject(found.merger) && found.merger.next !== this.shards.length) problems.push('it says the run is complete, but not every shard is done');
      if (problems.length) {
        throw new CheckpointInvalid(
          `checkpoint ${path} matches this run but cannot be used: ${problems.join('; ')}. ` +
            `It was edited or damaged (koth never writes this): delete ${path} to start the run over.`,
        );
      }
      state = found.merger;
      this.savedTrials = this.doneTrials(state);
    }
    this.merger = new OrderedMerger((a, b) => spec.merge(a, b), state);
  }

  /** This run's part of the file, or undefined when the file or the part does not exist yet. */
  private read(): CheckpointPart<Acc> | undefined {
    const path = this.path;
    try {
      if (!statSync(path).isFile()) throw new CheckpointMismatch(`checkpoint ${path} is not a regular file: give a file name`);
    } catch (e) {
      if (e instanceof CheckpointMismatch) throw e;
      return undefined; // no file yet
    }
    let file: unknown;
    try {
      file = JSON.parse(readFileSync(path, 'utf8'));
    } catch (e) {
      throw new CheckpointMismatch(`checkpoint ${path} is not readable JSON (${(e as Error).message}); delete it to start over`);
    }
    const notOurs = `checkpoint ${path} is not a koth checkpoint (${CHECKPOINT_FORMAT}): give another file name, or delete it to start over`;
    if (!isObject(file)) throw new CheckpointMismatch(notOurs);
    let parts: Record<string, unknown>;
    if (file.format === 'koth-checkpoint/1') {
      // One run per file: it is this part if its identity is this run's.
      parts = { [this.part]: file as unknown as CheckpointFileV1<Acc> };
    } else if (file.format === CHECKPOINT_FORMAT && isObject(file.parts)) {
      parts = file.parts;
    } else throw new CheckpointMismatch(notOurs);
    for (const [name, p] of Object.entries(parts)) {
      if (!isObject(p) || !isObject(p.identity) || typeof p.complete !== 'boolean' || !('merger' in p)) {
        throw new CheckpointInvalid(`checkpoint ${path}: its part "${name}" is malformed (identity, complete, merger). It was edited or damaged: delete ${path} to start over.`);
      }
      if (name !== this.part) this.others[name] = p as unknown as CheckpointPart<unknown>;
    }
    const mine = parts[this.part] as CheckpointPart<Acc> | undefined;
    if (!mine) return undefined;
    if (JSON.stringify(mine.identity) !== JSON.stringify(this.identity)) {
      const theirs = mine.identity as Partial<StoredIdentity>;
      // The same run, but a program it reads has changed: say which file.
      const { files: theirFiles, ...theirRest } = theirs;
      const { files: myFiles, ...myRest } = this.identity;
      if (JSON.stringify(theirRest) === JSON.stringify(myRest)) {
        const paths = [...new Set([...Object.keys(theirFiles ?? {}), ...Object.keys(myFiles ?? {})])];
        const changed = paths.filter((p) => theirFiles?.[p] !== myFiles?.[p]);
        throw new CheckpointMismatch(
          `${changed.join(', ')} changed since checkpoint ${path} was written (a program the run reads): the results saved there are the old program's. ` +
            `Put the program back as it was to resume, or use another --checkpoint file (or delete ${path}) to start over with the program as it is`,
        );
      }
      const differ = (['game', 'seed', 'trials', 'shardSize', 'optsHash'] as const).filter((k) => theirs[k] !== this.identity[k]);
      const names: Record<string, string> = { game: 'game', seed: 'seed', trials: 'number of trials (--games/--runs/--tournaments)', shardSize: 'shard size', optsHash: 'options (bots, rules…)' };
      throw new CheckpointMismatch(
        `checkpoint ${path} belongs to another run (its ${differ.map((k) => names[k]).join(', ')} differ: ${differ.map((k) => `${k} ${JSON.stringify(theirs[k])}`).join(', ')}); ` +
          'rerun the command that made it to resume it, use another --checkpoint file, or delete it',
      );
    }
    return mine;
  }

  private doneTrials(state: MergerState<Acc>): number {
    return this.shards.filter((s) => s.index < state.next || String(s.index) in state.pending).reduce((n, s) => n + s.count, 0);
  }

  /** Records a finished shard; writes the file at most once a second (throws CheckpointWriteError when that fails). */
  record(index: number, acc: Acc): void {
    this.merger.add(index, acc);
    this.dirty = true;
    if (this.lastWrite === 0 || performance.now() - this.lastWrite >= this.everyMs) this.flush();
  }

  flush(complete = false): void {
    if (!this.dirty && !complete) return;
    const file: CheckpointFile<unknown> = {
      format: CHECKPOINT_FORMAT,
      parts: { ...this.others, [this.part]: { identity: this.identity, complete, merger: this.merger.state } },
    };
    try {
      writeFileAtomic(this.path, JSON.stringify(file));
    } catch (e) {
      throw new CheckpointWriteError(this.path, e, this.savedTrials);
    }
    this.savedTrials = this.doneTrials(this.merger.state);
    this.lastWrite = performance.now();
    this.dirty = false;
  }
}

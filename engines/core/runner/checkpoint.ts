import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { writeFileAtomic } from '../io/atomic.ts';

/**
 * In-order merging of shard results, and its checkpoint on disk.
 *
 * Shards may finish in any order; they are merged strictly by index (a pending map holds the
 * ones that finished early), so the merged value never depends on scheduling. The state is
 * small — the merged prefix plus at most a few pending shards — and is what a checkpoint
 * file holds, written atomically (temp file + rename) at most once a second and at the end.
 */
export interface MergerState<Acc> {
  next: number;
  acc: Acc;
  pending: Record<string, Acc>;
}

export class OrderedMerger<Acc> {
  constructor(
    private readonly merge: (a: Acc, b: Acc) => Acc,
    public state: MergerState<Acc>,
  ) {}

  has(index: number): boolean {
    return index < this.state.next || String(index) in this.state.pending;
  }

  add(index: number, acc: Acc): void {
    this.state.pending[String(index)] = acc;
    while (String(this.state.next) in this.state.pending) {
      const key = String(this.state.next);
      this.state.acc = this.merge(this.state.acc, this.state.pending[key]!);
      delete this.state.pending[key];
      this.state.next++;
    }
  }
}

export interface CheckpointIdentity {
  game: string;
  seed: string;
  trials: number;
  shardSize: number;
  opts: unknown;
}

interface CheckpointFile<Acc> {
  format: 'koth-checkpoint/1';
  identity: Omit<CheckpointIdentity, 'opts'> & { optsHash: string };
  complete: boolean;
  merger: MergerState<Acc>;
}

function identityOf(id: CheckpointIdentity) {
  const optsHash = createHash('sha256').update(JSON.stringify(id.opts, (_k, v) => (typeof v === 'bigint' ? `${v}n` : v))).digest('hex');
  return { game: id.game, seed: id.seed, trials: id.trials, shardSize: id.shardSize, optsHash };
}

export class CheckpointMismatch extends Error {}

export class Checkpoint<Acc> {
  private lastWrite = 0;
  private dirty = false;
  private readonly identity: CheckpointFile<Acc>['identity'];
  readonly resumed: boolean;
  readonly merger: OrderedMerger<Acc>;

  constructor(
    readonly path: string,
    id: CheckpointIdentity,
    merge: (a: Acc, b: Acc) => Acc,
    empty: Acc,
  ) {
    this.identity = identityOf(id);
    let state: MergerState<Acc> = { next: 0, acc: empty, pending: {} };
    this.resumed = existsSync(path);
    if (this.resumed) {
      let file: CheckpointFile<Acc>;
      try {
        file = JSON.parse(readFileSync(path, 'utf8'));
      } catch (e) {
        throw new CheckpointMismatch(`checkpoint ${path} is not readable JSON (${(e as Error).message}); delete it to start over`);
      }
      if (file.format !== 'koth-checkpoint/1' || JSON.stringify(file.identity) !== JSON.stringify(this.identity)) {
        throw new CheckpointMismatch(
          `checkpoint ${path} belongs to another run (${JSON.stringify(file.identity)}); use the same game, seed, games and options, or delete it`,
        );
      }
      state = file.merger;
    }
    this.merger = new OrderedMerger(merge, state);
  }

  record(index: number, acc: Acc): void {
    this.merger.add(index, acc);
    this.dirty = true;
    if (performance.now() - this.lastWrite > 1000) this.flush();
  }

  flush(complete = false): void {
    if (!this.dirty && !complete) return;
    const file: CheckpointFile<Acc> = { format: 'koth-checkpoint/1', identity: this.identity, complete, merger: this.merger.state };
    writeFileAtomic(this.path, JSON.stringify(file));
    this.lastWrite = performance.now();
    this.dirty = false;
  }
}

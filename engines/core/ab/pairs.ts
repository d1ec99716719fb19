/**
 * Paired A/B games (`koth ab`), the part that runs in shards: a pair is two games that differ
 * only by the candidate ↔ the baseline in one seat. Pair i draws from its own generator, built
 * from (seed, i) only (pairGenerator: the kind's own pair state, rng/pair-state.ts, or
 * `<seed>/pair/<i>`), and both games of the
 * pair start from a fresh copy of it: common random numbers. Shards are batches of consecutive
 * pairs on the ordinary runner (engines/core/runner: --workers, --checkpoint, --queue), so a pair's
 * outcome does not depend on which worker, machine or batch played it.
 *
 * A game gives one function (`AbPlay`): play one game with `bot` in the candidate's seat on the
 * generator handed in, and say how that seat did, in [0, 1]. Its module engines/<id>/ab.ts exports
 * `trials = pairTrials(...)` (workers load it as they load engines/<id>/trials.ts).
 */
import type { TrialSpec } from '../runner/trial-spec.ts';
import type { Rng } from '../rng/rng.ts';
import { defineGenerator, generatorKind, type GeneratorKind, type GeneratorKindSpec } from '../rng/generators.ts';

/** What every shard of an A/B run is handed (plain data: it crosses threads, files and the queue). */
export interface AbOptions {
  candidate: string;
  baseline: string;
  /** The opponents to draw from (the game's default pool or --field), in order. */
  field: string[];
  /** Rule variant, when the game has them. */
  rules?: string;
  /** The first pair of this sharded run (a run is one stretch of the sequence of pairs). */
  first: number;
  /** Pairs per shard. */
  batch: number;
  /** The game's own extra settings (plain data), if any. */
  extra?: unknown;
}

/** The outcomes of consecutive pairs, in pair order: a[k], b[k] the candidate's and the baseline's results in pair first+k. */
export interface AbAcc {
  a: number[];
  b: number[];
  /** What the games noted about their players (abNote), counted by text; absent when nothing was noted. */
  notes?: AbNotes;
}

/** Counts by text of what the games of an A/B run noted (a program's move past its time limit, …). */
export type AbNotes = Record<string, number>;

/** The notes of the shard being played (a shard runs synchronously: one at a time in a thread). */
let noting: AbNotes | undefined;

/**
 * Notes `n` times `text` in the shard being played: something about a player the user should see
 * after the run (koth ab prints the counts and puts them in --json "notes"), e.g. that their
 * program ran past its time limit and so lost moves. Outside a shard it does nothing.
 */
export function abNote(text: string, n = 1): void {
  if (noting && n > 0) noting[text] = (noting[text] ?? 0) + n;
}

/** An error as a note's words: its first line without memory addresses, at most 120 characters (notes are counted by text). */
export function shortError(e: Error): string {
  // A Python exception (engines/core/py/errors.ts PythonError) as its traceback's last line says it: "Type: message".
  const py = e as Error & { pyType?: unknown; pyMessage?: unknown };
  // Without the memory address of a default repr ("<object object at 0x7f…>"): a note is counted by its text, which must be the same in every worker and run.
  const text = (typeof py.pyType === 'string' && typeof py.pyMessage === 'string' ? `${py.pyType}: ${py.pyMessage}` : String(e.message)).split('\n')[0]!.replace(/ at 0x[0-9a-f]+/gi, '');
  return text.length > 120 ? `${text.slice(0, 119)}…` : text;
}

/** Two notes' counts added (either may be absent). */
export function mergeNotes(x: AbNotes | undefined, y: AbNotes | undefined): AbNotes | undefined {
  if (!x || !y) return x ?? y;
  const out: AbNotes = { ...x };
  for (const [k, n] of Object.entries(y)) out[k] = (out[k] ?? 0) + n;
  return out;
}

/**
 * One game of a pair: `bot` sits where the candidate (or the baseline) sits; `rng` is a fresh
 * generator of the pair (the same state for both games); `memo` (from pairTrials) is shared by the
 * pair's two games, the candidate's first. Returns the seat's result in [0, 1] (win 1, loss 0,
 * shared wins 1/k, or the game's own measure: its README says which).
 */
export type AbPlay = (bot: string, o: AbOptions, rng: Rng, pair: number, memo?: PairMemo) => number;

/**
 * What the first game of a pair can leave for the second (pairTrials hands both games of a pair
 * one memo, cleared before each pair; direct callers may pass none): the draws a game makes before
 * A or B acts — the same in both games, since both start from the pair's state — so that the
 * second game takes them instead of drawing them again (dice: the opponents and the seats, and how
 * many words they took). A game's module says what it keeps there.
 */
export interface PairMemo {
  /** Set by the pair's first game, undefined before it (cleared for every pair). */
  value: unknown;
}

/** Two results of a pair against each other (solo-score games): 1 if `mine` beats `theirs`, ½ if equal, 0 below. */
export function versus(mine: number, theirs: number): number {
  return mine > theirs ? 1 : mine < theirs ? 0 : 0.5;
}

/**
 * A game whose two seats' results are scores to compare (atomas: a solo score), not results in
 * [0, 1]: both games are played, then a = versus(A, B), b = 1 − a.
 */
export interface AbScorePlay {
  score: (bot: string, o: AbOptions, rng: Rng, pair: number) => number;
}

/** A generator that can take another's state in place (PyRandom.copyFrom): it then draws what the other would. */
interface Copyable {
  copyFrom(other: Rng): void;
}

/** The seed string of pair i of a run seeded with `seed` (generator kinds without their own `pair`). */
export function pairSeed(seed: string, i: number): string {
  return `${seed}/pair/${i}`;
}

/**
 * Pair i's generator of an A/B run seeded with `seed`, of the game's generator kind: the kind's
 * own pair state where it has one (the Mersenne-Twister kinds: rng/pair-state.ts), else
 * fromSeed(`<seed>/pair/<i>`). With `into` (a generator of this kind), that one is put in the
 * state in place where the kind can (`pair` or `reseed`), and returned.
 */
export function pairGenerator(kind: GeneratorKindSpec, seed: string, i: number, into?: Rng): Rng {
  if (kind.pair) return kind.pair(seed, i, into);
  if (into && kind.reseed) {
    kind.reseed(into, pairSeed(seed, i));
    return into;
  }
  return kind.fromSeed(pairSeed(seed, i));
}

/**
 * The runner hands each shard a generator seeded with "<seed>/shard/<k>" (rng/generators.ts). An
 * A/B shard needs k and the seed themselves (pair i's generator is built from (seed, i) only), so
 * its kind, `ab-shard`, hands over the seed string and no numbers.
 */
class ShardTag implements Rng {
  constructor(readonly tag: string) {}
  private no(): never {
    throw new Error('an A/B shard draws from its pairs\' generators, not from the shard\'s');
  }
  random(): number {
    return this.no();
  }
  randbelow(): number {
    return this.no();
  }
  randint(): number {
    return this.no();
  }
  choice<T>(): T {
    return this.no();
  }
  shuffle(): void {
    this.no();
  }
  getState(): never {
    return this.no();
  }
  setState(): void {
    this.no();
  }
}

const AB_SHARD_KIND = 'ab-shard';
const shardKind = { description: 'A/B shards: the seed and shard index, for the pairs\' own generators', fromSeed: (s: string) => new ShardTag(s) };
defineGenerator(AB_SHARD_KIND, shardKind);

/** The master seed and shard index of an `ab-shard` generator. */
export function shardOf(rng: Rng): { seed: string; index: number } {
  if (!(rng instanceof ShardTag)) throw new Error('pairTrials: the shard was not handed an ab-shard generator');
  const at = rng.tag.lastIndexOf('/shard/');
  return { seed: rng.tag.slice(0, at), index: Number(rng.tag.slice(at + 7)) };
}

/** The shardable trials of a game's A/B runs (one trial = one pair). */
export function pairTrials(kind: GeneratorKind, play: AbPlay | AbScorePlay): TrialSpec<AbOptions, AbAcc> {
  const pairGen = generatorKind(kind);
  // The two games' generators: pair i's state made once (pairGenerator), the baseline's game on
  // it, the candidate's on a copy of its state (a generator with copyFrom: the state is not made
  // again). With the kind's `pair` (or `reseed`), a shard keeps the same two generator objects
  // from pair to pair (no allocation per pair; a game holds its generator only while it plays).
  let kept: [Rng, Rng] | undefined;
  const twoGens = (seed: string, i: number): [Rng, Rng] => {
    if (kept) {
      const [ga, gb] = kept;
      pairGenerator(pairGen, seed, i, gb);
      (ga as unknown as Copyable).copyFrom(gb);
      return kept;
    }
    const gb = pairGenerator(pairGen, seed, i);
    const ga = pairGenerator(pairGen, seed, i);
    if (typeof (ga as Partial<Copyable>).copyFrom === 'function' && (pairGen.pair || pairGen.reseed)) kept = [ga, gb];
    return [ga, gb];
  };
  return {
    generator: AB_SHARD_KIND,
    run(o, rng, count, tick) {
      const { seed, index } = shardOf(rng);
      const first = o.first + index * o.batch;
      const acc: AbAcc = { a: [], b: [] };
      // Progress in tenths of the batch (a tick can be a message to another thread), the rest at the end.
      const step = Math.max(1, Math.floor(count / 10));
      let told = 0;
      const notes: AbNotes = {};
      const memo: PairMemo = { value: undefined };
      noting = notes;
      try {
        for (let k = 0; k < count; k++) {
          const i = first + k;
          const [ga, gb] = twoGens(seed, i);
          memo.value = undefined;
          if ('score' in play) {
            const a = versus(play.score(o.candidate, o, ga, i), play.score(o.baseline, o, gb, i));
            acc.a.push(a);
            acc.b.push(1 - a);
          } else {
            acc.a.push(play(o.candidate, o, ga, i, memo));
            acc.b.push(play(o.baseline, o, gb, i, memo));
          }
          if (tick && (k + 1) % step === 0) {
            tick(k + 1 - told);
            told = k + 1;
          }
        }
      } finally {
        noting = undefined;
      }
      if (tick && told < count) tick(count - told);
      if (Object.keys(notes).length) acc.notes = notes;
      return acc;
    },
    // y's pairs appended to x's arrays in place (TrialSpec.merge: x is the merging accumulator):
    // copying the whole run's outcomes at every batch made a long run quadratic.
    merge: (x, y) => {
      const notes = mergeNotes(x.notes, y.notes);
      for (let k = 0; k < y.a.length; k++) x.a.push(y.a[k]!);
      for (let k = 0; k < y.b.length; k++) x.b.push(y.b[k]!);
      return { a: x.a, b: x.b, ...(notes ? { notes } : {}) };
    },
    // notes: optional (absent until something is noted), so a checkpoint or a queue result may hold them.
    empty: () => ({ a: [], b: [], notes: undefined }),
    count: (acc) => acc.a.length,
    check(acc) {
      const out: string[] = [];
      if (acc.a.length !== acc.b.length) out.push(`${acc.a.length} candidate results for ${acc.b.length} baseline results`);
      if ([...acc.a, ...acc.b].some((v) => typeof v !== 'number' || !(v >= 0 && v <= 1))) out.push('a result outside [0, 1]');
      if (acc.notes !== undefined && (typeof acc.notes !== 'object' || acc.notes === null || Object.values(acc.notes).some((n) => !Number.isInteger(n) || n < 1))) out.push('notes that are not counts');
      return out;
    },
  };
}

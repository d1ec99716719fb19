/**
 * Generator kinds: which generator a game's engine is handed. A game declares its kind
 * (the descriptor's `generator` for exact replays, its trials' `generator` for shards), and
 * the runner builds shard generators from it — the core never assumes one.
 *
 *  - `cpython3`: PyRandom, CPython 3's random.Random (dice, ruins, camel-up);
 *  - `cpython2`: PyRandom in Python 2.7 mode (`int(random() * n)` algorithms; atomas). Python 2
 *    hashed str seeds, so a str seed is first turned into CPython 3's version-2 int;
 *  - `seedrandom`: SeededRandom (ARC4), the statistical-mode stream of C++-born games, whose
 *    clock-seeded originals cannot be replayed (gun-duel).
 * A game may register a kind of its own (e.g. a C++ standard library engine) with
 * `defineGenerator`.
 */
import { PyRandom, versionTwoWords } from './python-random.ts';
import { SeededRandom } from './seeded-random.ts';
import { pairRandom, seedPair } from './pair-state.ts';
import type { Rng, Seed } from './rng.ts';

export interface GeneratorKindSpec {
  /** One line for --help and reports. */
  description: string;
  /** A generator from a string seed (shard seeds are strings: `<master seed>/shard/<i>`). */
  fromSeed(seed: string): Rng;
  /**
   * Optional: puts `rng` (made by this kind's fromSeed) in the state fromSeed(seed) gives, in place
   * (no new generator: many short games, as koth ab's pairs, seed one each).
   */
  reseed?(rng: Rng, seed: string): void;
  /**
   * Optional: pair i's generator of an A/B run seeded with `seed` (koth ab, rule A/B) — `into`
   * (made by this kind's fromSeed or pair) put in that state in place, or a new one. Without it a
   * pair's generator is fromSeed(`<seed>/pair/<i>`). The Mersenne-Twister kinds have it
   * (rng/pair-state.ts: a state hashed from (seed, i), far cheaper than seeding from a string).
   */
  pair?(seed: string, i: number, into?: Rng): Rng;
}

/** The Mersenne-Twister kinds' `pair` (rng/pair-state.ts): `into` put in pair i's state, or a new generator in it. */
const mtPair =
  (python2: boolean): GeneratorKindSpec['pair'] =>
  (s, i, into) => {
    if (!into) return pairRandom(s, i, { python2 });
    seedPair(into as PyRandom, s, i);
    return into;
  };

const kinds = new Map<string, GeneratorKindSpec>([
  [
    'cpython3',
    {
      description: "CPython 3 random.Random (Mersenne Twister; str seeds as random.seed's version 2)",
      fromSeed: (s) => new PyRandom(s),
      reseed: (r, s) => (r as PyRandom).seed(s),
      pair: mtPair(false),
    },
  ],
  [
    'cpython2',
    {
      description: "CPython 2.7 random (int(random()*n) algorithms; a str seed becomes CPython 3's version-2 int)",
      fromSeed: (s) => new PyRandom(versionTwoWords(s), { python2: true }),
      reseed: (r, s) => (r as PyRandom).seed(versionTwoWords(s)),
      pair: mtPair(true),
    },
  ],
  ['seedrandom', { description: 'seedrandom ARC4 (statistical seeding of games whose originals were C++)', fromSeed: (s) => new SeededRandom(s) }],
]);

export type GeneratorKind = 'cpython3' | 'cpython2' | 'seedrandom' | (string & {});

/** Adds a generator kind (throws if the name is taken by another spec). */
export function defineGenerator(name: string, spec: GeneratorKindSpec): void {
  const had = kinds.get(name);
  if (had && had !== spec) throw new Error(`generator kind "${name}" is already defined`);
  kinds.set(name, spec);
}

export function generatorKind(name: GeneratorKind): GeneratorKindSpec {
  const spec = kinds.get(name);
  if (!spec) throw new Error(`unknown generator kind "${name}" (known: ${[...kinds.keys()].join(', ')})`);
  return spec;
}

export function generatorKinds(): string[] {
  return [...kinds.keys()];
}

/** The generator of shard `index` of a run seeded with `seed`: kind.fromSeed("<seed>/shard/<index>"). */
export function shardGenerator(kind: GeneratorKind, seed: Seed, index: number): Rng {
  return generatorKind(kind).fromSeed(shardSeed(seed, index));
}

export function shardSeed(seed: Seed, index: number): string {
  return `${String(seed)}/shard/${index}`;
}

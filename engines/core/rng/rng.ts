/**
 * The one generator interface engines and ports see.
 *
 * Engines never create randomness of their own: the runner hands a generator in, and its
 * state is a plain JSON value (as in boardgame.io), so a game can be replayed from its seed
 * or from a snapshot taken mid-game. Implementations:
 *  - `PyRandom` (python-random.ts): bit-exact with CPython's `random.Random`, for games
 *    whose originals were Python (dice, ruins, camel-up, atomas in `python2` mode);
 *  - `SeededRandom` (seeded-random.ts): seedrandom-based, seeds for statistical runs;
 *  - `CppRng` (below) subclasses for programs born in C++: libstdc++'s minstd_rand0
 *    (libstdcpp.ts) and MSVC's mt19937 (msvc.ts), with each library's distributions.
 */
export interface Rng {
  /** Float in [0, 1). */
  random(): number;
  /** Uniform integer in [0, n), n >= 1 and n <= 2^53. */
  randbelow(n: number): number;
  /** Uniform integer in [a, b], both ends included (Python's `randint`). */
  randint(a: number, b: number): number;
  /** One element of a non-empty sequence. */
  choice<T>(seq: ArrayLike<T>): T;
  /** Shuffles in place. */
  shuffle<T>(items: T[]): void;
  /** A JSON-serializable snapshot of the full state. */
  getState(): RngState;
  /** Restores a snapshot made by getState() of the same kind of generator. */
  setState(state: RngState): void;
}

export type RngState = { kind: string } & Record<string, unknown>;

/** A seed as users type it: numbers, big integers and strings are all accepted. */
export type Seed = number | bigint | string;

/** Parses a CLI seed: an integer literal becomes a bigint (as Python would read it), anything else stays a string. */
export function parseSeed(text: string): Seed {
  return /^-?\d+$/.test(text.trim()) ? BigInt(text.trim()) : text;
}

/** seq[below(len)] — the choice() both generators make (each with its own `below`). */
export function chooseWith<T>(seq: ArrayLike<T>, below: (n: number) => number): T {
  if (seq.length === 0) throw new RangeError('Cannot choose from an empty sequence');
  return seq[below(seq.length)]!;
}

/** In-place Fisher–Yates from the end, j = below(i + 1): CPython's shuffle, given its `below`. */
export function shuffleWith<T>(items: T[], below: (n: number) => number): void {
  for (let i = items.length - 1; i > 0; i--) {
    const j = below(i + 1);
    const t = items[i]!;
    items[i] = items[j]!;
    items[j] = t;
  }
}

/**
 * The Rng interface on top of a C++ standard library's engine and distributions (libstdc++'s
 * minstd_rand0, MSVC's mt19937): random() is `uniform_real_distribution(0, 1)`, randbelow /
 * randint are `uniform_int_distribution`, shuffle is that library's `std::shuffle`. A subclass
 * models one library's algorithms; this class only maps the harness's names onto them.
 */
export abstract class CppRng implements Rng {
  /** `std::uniform_int_distribution<int>(a, b)(engine)`. */
  abstract uniformInt(a: number, b: number): number;
  /** `std::uniform_real_distribution<double>(a, b)(engine)`. */
  abstract uniformReal(a?: number, b?: number): number;
  /** `std::shuffle(begin, end, engine)`. */
  abstract shuffleInPlace<T>(items: T[]): void;
  abstract getState(): RngState;
  abstract setState(state: RngState): void;

  random(): number {
    return this.uniformReal(0, 1);
  }
  randbelow(n: number): number {
    if (!(n >= 1) || n > 2 ** 31) throw new RangeError(`randbelow: bad bound ${n}`);
    return this.uniformInt(0, n - 1);
  }
  randint(a: number, b: number): number {
    if (b < a) throw new RangeError(`randint: empty range (${a}, ${b})`);
    return this.uniformInt(a, b);
  }
  choice<T>(seq: ArrayLike<T>): T {
    return chooseWith(seq, (n) => this.randbelow(n));
  }
  shuffle<T>(items: T[]): void {
    this.shuffleInPlace(items);
  }
}

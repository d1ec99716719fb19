/**
 * C++-born generators as Microsoft's STL (MSVC) implements them, for programs built with
 * Visual C++ (our own code, written from our reading of microsoft/STL; no code copied):
 *  - `std::default_random_engine` is `std::mt19937` (the standard 32-bit Mersenne Twister,
 *    standard seeding; its raw stream is the same on every conforming library, and our vectors
 *    come from g++'s std::mt19937: fixtures/gun-duel/rng-vectors/mt19937.json);
 *  - `std::uniform_int_distribution<int>(a, b)`: the range is mapped to unsigned (sign bit
 *    flipped); a full 2³² range is one raw draw; otherwise with n = b − a + 1 the internal
 *    `_Rng_from_urng` takes one 32-bit draw r and accepts it when ⌊r/n⌋ < ⌊(2³²−1)/n⌋ or
 *    (2³²−1) mod n = n − 1, returning r mod n (rejected draws are replaced by fresh ones).
 *    n = 1 takes NO draw (the loop that gathers bits does not run). So `(0, INT_MAX)` is
 *    r mod 2³¹ (always accepted) and `(0, −1)` is a full-range draw, the raw 32 bits as an int;
 *  - `std::uniform_real_distribution<double>(a, b)` = generate_canonical<double, size_t(−1)>
 *    (two draws: (g₁ + g₂·2³²) / 2⁶⁴ in double arithmetic, no clamp below 1) × (b − a) + a;
 *  - `std::shuffle`: for i = 1 … n−1, j = rng(i + 1) (same `_Rng_from_urng` rule), swap a[i], a[j];
 *  - `std::sort` of at most 32 elements is a plain insertion sort (`_ISORT_MAX` = 32), hence
 *    stable: equal elements keep their order (msvcSort below; larger inputs are not modelled).
 * Source read: microsoft/STL at its initial commit 2195148 (2019-09-04, the VS 2019 16.3 STL;
 * stl/inc/random, xutility `_Rng_from_urng`, algorithm `_Random_shuffle1`, `_Sort_unchecked`).
 * The repository has no older history, so VS 2015 Update 3 (the early-2017 compiler the
 * published run used) cannot be read there; we take its Dinkumware-derived `<random>` to be the
 * 2019 text (the same `_Rng_from_urng` design). Since then the algorithms changed: #3012
 * (2022-09) moved uniform_int_distribution to Lemire's method (`_Rng_from_urng_v2`), #4740
 * (2024-06) implemented P0952R2's generate_canonical, #5735 (2025-09) moved shuffle to Lemire's
 * method; a program built with a current MSVC draws differently from this model.
 */
import { CppRng, type RngState } from './rng.ts';
import { MersenneTwister, MT_N as N } from './mersenne-twister.ts';

const TWO32 = 4294967296;

/** Draws r < acceptBound(n) are accepted by `_Rng_from_urng(n)` (2³² when every draw is). */
function acceptBound(n: number): number {
  return (TWO32 - 1) % n === n - 1 ? TWO32 : Math.floor((TWO32 - 1) / n) * n;
}
const SMALL = 64;
const BOUND = Float64Array.from({ length: SMALL + 1 }, (_, n) => (n < 2 ? 0 : acceptBound(n)));

export interface Mt19937State extends RngState {
  kind: 'mt19937';
  mt: number[];
  index: number;
}

/** std::mt19937 (32-bit outputs as unsigned numbers): the core's MersenneTwister seeded as the standard says. */
export class Mt19937 {
  private readonly gen = new MersenneTwister();

  constructor(seed: number | bigint = 5489) {
    this.gen.initGenrand(Number(BigInt.asUintN(32, BigInt(seed))));
  }

  /** The next 32-bit output, as an unsigned number. */
  nextU32(): number {
    return this.gen.nextUint32();
  }

  getState(): Mt19937State {
    return { kind: 'mt19937', mt: Array.from(this.gen.mt), index: this.gen.mti };
  }
  setState(state: RngState): void {
    const s = state as Mt19937State;
    if (s.kind !== 'mt19937' || !Array.isArray(s.mt) || s.mt.length !== N || typeof s.index !== 'number') throw new TypeError(`not an mt19937 state: ${state.kind}`);
    this.gen.load(s.mt, s.index);
  }
}

/** std::mt19937 with MSVC's distributions and shuffle on top (the default_random_engine of a Visual C++ build). */
export class MsvcMt19937 extends CppRng {
  readonly engine: Mt19937;

  constructor(seed: number | bigint = 5489) {
    super();
    this.engine = new Mt19937(seed);
  }

  /** `_Rng_from_urng(n)` for 1 ≤ n ≤ 2³²: an index in [0, n); n = 1 takes no draw. */
  index(n: number): number {
    if (n === 1) return 0;
    // accept r when ⌊r/n⌋ < ⌊(2³²−1)/n⌋, i.e. r < ⌊(2³²−1)/n⌋·n, or always when (2³²−1) mod n = n − 1
    const bound = n <= SMALL ? BOUND[n]! : acceptBound(n);
    const e = this.engine;
    for (;;) {
      const r = e.nextU32();
      if (r < bound) return r - n * Math.floor(r / n);
    }
  }

  /** uniform_int_distribution<int>(a, b)(engine) for 32-bit ints a, b (b < a wraps as MSVC's unsigned arithmetic does). */
  uniformInt(a: number, b: number): number {
    const umin = (a ^ 0x80000000) >>> 0;
    const umax = (b ^ 0x80000000) >>> 0;
    const range = (umax - umin) >>> 0;
    const u = range === 0xffffffff ? this.engine.nextU32() : this.index(range + 1);
    return (u + a) | 0;
  }

  /** uniform_int_distribution<int>(0, n − 1)(engine) for 1 ≤ n ≤ 2³¹. */
  below(n: number): number {
    return this.index(n);
  }

  /** generate_canonical<double, size_t(−1)>: two draws, (g₁ + g₂·2³²) / 2⁶⁴, which can round up to 1. */
  canonical(): number {
    let ans = 0;
    ans += this.engine.nextU32();
    ans += this.engine.nextU32() * TWO32;
    return ans / (TWO32 * TWO32);
  }

  /** uniform_real_distribution<double>(a, b)(engine). */
  uniformReal(a = 0, b = 1): number {
    return this.canonical() * (b - a) + a;
  }

  /** std::shuffle(first, last, engine) as MSVC does it. */
  shuffleInPlace<T>(items: T[]): void {
    for (let i = 1; i < items.length; i++) {
      const j = this.index(i + 1);
      if (j !== i) {
        const t = items[i]!;
        items[i] = items[j]!;
        items[j] = t;
      }
    }
  }

  // random, randbelow, randint, choice, shuffle: CppRng (rng.ts) on the methods above
  getState(): Mt19937State {
    return this.engine.getState();
  }
  setState(state: RngState): void {
    this.engine.setState(state);
  }
}

/** MSVC's std::sort for at most 32 elements: insertion sort (stable). */
export function msvcSort<T>(a: T[], less: (x: T, y: T) => boolean): void {
  if (a.length > 32) throw new RangeError(`msvcSort: ${a.length} elements; only MSVC's small-input path (≤ 32, insertion sort) is modelled`);
  for (let next = 1; next < a.length; next++) {
    const val = a[next]!;
    if (less(val, a[0]!)) {
      for (let k = next; k > 0; k--) a[k] = a[k - 1]!;
      a[0] = val;
    } else {
      let hole = next;
      while (less(val, a[hole - 1]!)) {
        a[hole] = a[hole - 1]!;
        hole--;
      }
      a[hole] = val;
    }
  }
}

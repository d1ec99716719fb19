/**
 * C++-born generators, bit-exact with GNU libstdc++ (g++ 12, x86-64 Linux):
 *  - `std::minstd_rand0` (= libstdc++'s `std::default_random_engine`): x ← 16807·x mod (2³¹−1),
 *    seeded with s mod (2³¹−1) (0 becomes 1); its result_type is `unsigned long` (64 bits);
 *  - `std::uniform_int_distribution<int>` exactly as bits/uniform_int_dist.h does it:
 *    the down-scaling path (one draw divided by a scaling factor, with rejection) when the
 *    requested range is narrower than the engine's (2147483645), and the up-scaling path
 *    (a recursive draw for the high part times 2147483646 plus one more draw, rejected on
 *    overflow) when it is wider — which is what `max = INT_MAX` and the reversed range
 *    (0, −1) take; all arithmetic in 64-bit unsigned (`common_type<unsigned long, unsigned>`),
 *    with the recursive parameter truncated to `int` as the C++ param_type does;
 *  - `std::uniform_real_distribution<double>` through `generate_canonical<double, 53>`
 *    (two engine draws: (d1 + d2·r) / r², r = 2147483646, clamped below 1);
 *  - `std::shuffle` with libstdc++'s two-swaps-per-draw trick (used when the engine's
 *    range ≥ n², i.e. always for the sizes games use), else one draw per swap.
 * Vectors: fixtures/gun-duel/rng-vectors (recorded from the real libstdc++).
 */
import { CppRng, type RngState } from './rng.ts';

const M = 2147483647;
const URNG_RANGE = 2147483645; // max − min of minstd_rand0
const U64 = (1n << 64n) - 1n;

/** Down-scaling factors floor(URNG_RANGE / n) for small n (n = 0 unused). */
const SMALL = 64;
const SCALING = Float64Array.from({ length: SMALL + 1 }, (_, n) => (n === 0 ? 0 : Math.floor(URNG_RANGE / n)));

/*
 * State-passing helpers for hot loops that keep the engine state in a local variable (then
 * write it back to `engine.x`): a draw of uniform_int_distribution<int>(0, n − 1) on the
 * down-scaling path is `x = minstdAccept(x, n · s)` with s = `downscaling(n)`, and its value
 * is floor((x − 1) / s); so "value < k" is "x − 1 < k · s". `below(n)` is built from them.
 */

/**
 * One minstd_rand0 step: x ← 16807·x mod (2³¹ − 1), x in [1, 2³¹ − 2]. In 32-bit integer
 * arithmetic (Carta's method): 16807·x = 16807·lo16 + 16807·hi15·2¹⁶, and 2³¹ ≡ 1, so the bits
 * of the second product above bit 31 fold back in at the bottom; the sum stays below 2³², and
 * one more fold (top bit → +1) lands in [1, 2³¹ − 2]. Equal to the exact product's remainder for
 * every x in [1, 2³¹ − 2] (checked exhaustively once, and on vectors in libstdcpp.test.ts); it
 * keeps V8 in integer registers, about twice as fast as the float-division form.
 */
export function minstdStep(x: number): number {
  const hi = 16807 * (x >>> 16);
  const s = 16807 * (x & 0xffff) + ((hi & 0x7fff) << 16) + (hi >>> 15);
  return (s & 0x7fffffff) + (s >>> 31);
}

/** The down-scaling factor floor(2147483645 / n) of uniform_int_distribution for range n (1 ≤ n ≤ 2147483645). */
export function downscaling(n: number): number {
  return n <= SMALL ? SCALING[n]! : Math.floor(URNG_RANGE / n);
}

/** Steps the engine until the draw is accepted (x − 1 < past, past = n · downscaling(n)); returns the new state. */
export function minstdAccept(x: number, past: number): number {
  do x = minstdStep(x);
  while (x - 1 >= past);
  return x;
}

const toU64 = (v: bigint) => v & U64;
const toInt32 = (v: bigint) => Number(BigInt.asIntN(32, v));

export interface MinstdState extends RngState {
  kind: 'minstd_rand0';
  x: number;
}

/** std::minstd_rand0 with the libstdc++ distributions on top of it. */
export class LibstdcppMinstd0 extends CppRng {
  x: number;

  /** `seed` is the engine's unsigned seed (e.g. `(unsigned)clock`); reduced mod 2³¹−1. */
  constructor(seed: number | bigint = 1) {
    super();
    const s = Number(BigInt(seed) % BigInt(M));
    this.x = s === 0 ? 1 : s;
  }

  /** One engine output in [1, 2147483646]. */
  next(): number {
    return (this.x = minstdStep(this.x));
  }

  /**
   * uniform_int_distribution<int>(0, n − 1)(engine) for 1 ≤ n ≤ 2147483645: the down-scaling
   * path only (the hot call of MontePlayer's search). Same draws and values as
   * `uniformInt(0, n − 1)` (checked in libstdcpp.test.ts).
   */
  below(n: number): number {
    const scaling = downscaling(n);
    const x = (this.x = minstdAccept(this.x, n * scaling));
    return n === 1 ? 0 : Math.floor((x - 1) / scaling);
  }

  /** uniform_int_distribution<int>(a, b)(engine), a and b 32-bit ints (b < a allowed: libstdc++ then wraps). */
  uniformInt(a: number, b: number): number {
    const urange = b - a;
    if (urange >= 0 && urange < URNG_RANGE) return this.downscaled(urange) + a;
    return toInt32(this.uidBig(BigInt(a), BigInt(b)) + toU64(BigInt(a)));
  }

  /** The general path of the int distribution in 64-bit unsigned arithmetic; returns __ret (before + a). */
  private uidBig(a: bigint, b: bigint): bigint {
    const urange = toU64(toU64(b) - toU64(a));
    const urngrange = BigInt(URNG_RANGE);
    if (urngrange > urange) {
      const uerange = urange + 1n;
      const scaling = urngrange / uerange;
      const past = uerange * scaling;
      let ret: bigint;
      do ret = BigInt(this.next() - 1);
      while (ret >= past);
      return ret / scaling;
    }
    if (urngrange < urange) {
      const uerngrange = urngrange + 1n;
      let ret: bigint;
      let tmp: bigint;
      do {
        const hiParam = toInt32(urange / uerngrange); // param_type(0, …) holds an int
        const hi = toU64(BigInt(this.uniformInt(0, hiParam)));
        tmp = toU64(uerngrange * hi);
        ret = toU64(tmp + BigInt(this.next() - 1));
      } while (ret > urange || ret < tmp);
      return ret;
    }
    return BigInt(this.next() - 1);
  }

  /** uniform_int_distribution<unsigned long>(0, n−1) for small n (shuffle's helper). */
  private uidUnsigned(urange: number): number {
    if (urange < URNG_RANGE) return this.downscaled(urange);
    throw new RangeError(`uniform_int_distribution<unsigned long>: range ${urange} not supported`);
  }

  /** libstdc++'s downscaling case (urange < the engine's range): rejection, then division; in [0, urange]. */
  private downscaled(urange: number): number {
    return this.below(urange + 1);
  }

  /** generate_canonical<double, 53>: two draws. */
  canonical(): number {
    const r = 2147483646;
    let sum = 0;
    let tmp = 1;
    for (let k = 2; k !== 0; --k) {
      sum += (this.next() - 1) * tmp;
      tmp *= r;
    }
    const ret = sum / tmp;
    return ret >= 1 ? 1 - 2 ** -53 : ret;
  }

  /** uniform_real_distribution<double>(a, b)(engine). */
  uniformReal(a = 0, b = 1): number {
    return this.canonical() * (b - a) + a;
  }

  /** std::shuffle(first, last, engine) as libstdc++ 12 does it. */
  shuffleInPlace<T>(items: T[]): void {
    const n = items.length;
    if (n === 0) return;
    const swap = (i: number, j: number) => {
      const t = items[i]!;
      items[i] = items[j]!;
      items[j] = t;
    };
    if (Math.floor(URNG_RANGE / n) >= n) {
      let i = 1;
      if (n % 2 === 0) {
        swap(i, this.uidUnsigned(1));
        i++;
      }
      while (i !== n) {
        const b0 = i + 1;
        const b1 = b0 + 1;
        const x = this.uidUnsigned(b0 * b1 - 1);
        swap(i++, Math.floor(x / b1));
        swap(i++, x % b1);
      }
      return;
    }
    for (let i = 1; i !== n; ++i) swap(i, this.uidUnsigned(i));
  }

  // random, randbelow, randint, choice, shuffle: CppRng (rng.ts) on the methods above
  getState(): MinstdState {
    return { kind: 'minstd_rand0', x: this.x };
  }
  setState(state: RngState): void {
    if (state.kind !== 'minstd_rand0' || typeof state.x !== 'number') throw new TypeError(`not a minstd_rand0 state: ${state.kind}`);
    this.x = state.x;
  }
}

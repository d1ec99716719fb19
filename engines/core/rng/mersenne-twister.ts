/**
 * MT19937, the generator under CPython's `random` (Modules/_randommodule.c) and C++'s
 * std::mt19937. State: 624 32-bit words plus the position `mti` (624 = "twist before the
 * next draw"), exactly as CPython exposes it in getstate().
 */
export const MT_N = 624;
const MT_M = 397;

let initial: Uint32Array | undefined;
/** initByArray's key[j] + j, reused from call to call. */
let addWords = new Int32Array(64);
/** init_genrand(19650218), where every init_by_array starts. */
function initialState(): Uint32Array {
  if (!initial) {
    const t = new MersenneTwister();
    t.initGenrand(19650218);
    initial = t.mt.slice();
  }
  return initial;
}

export class MersenneTwister {
  /** The raw state words (what getstate() shows). */
  readonly mt = new Uint32Array(MT_N);
  mti = MT_N + 1;
  /** d6's table is for the current words (see d6); false after any change of the words. */
  private d6Ready = false;
  /**
   * Twists since the last change that was not a draw (`epoch`): with `mti` they give the
   * stream position `twists * 624 + mti`, so how many words were drawn between two moments is
   * one subtraction (engines/core/pyodide/stream-link.ts keeps Python's `random` in step this way).
   */
  twists = 0;
  /** Bumped by every change of the state that is not a draw (seeding, load, copy). */
  epoch = 0;
  /** Per position: (position after the next accepted word) << 3 | its die (0: none left in the block). */
  private d6Table: Uint16Array | undefined;

  /** Sets the raw words and position (what setstate does). */
  load(words: ArrayLike<number>, pos: number): void {
    const mt = this.mt;
    for (let i = 0; i < MT_N; i++) mt[i] = words[i]! >>> 0;
    this.mti = pos;
    this.d6Ready = false;
    this.epoch++;
    this.twists = 0;
  }

  /** The same state as `other` (words and position). */
  copyFrom(other: MersenneTwister): void {
    this.mt.set(other.mt);
    this.mti = other.mti;
    this.d6Ready = false;
    this.epoch++;
    this.twists = 0;
  }

  /** init_genrand(s): seeding from one 32-bit word (what std::mt19937(s) does). */
  initGenrand(s: number): void {
    const mt = this.mt;
    mt[0] = s >>> 0;
    for (let i = 1; i < MT_N; i++) {
      const prev = mt[i - 1]!;
      mt[i] = (Math.imul(1812433253, prev ^ (prev >>> 30)) + i) >>> 0;
    }
    this.mti = MT_N;
    this.d6Ready = false;
    this.epoch++;
    this.twists = 0;
  }

  /**
   * init_by_array(key): what CPython's seed() does with the 32-bit words of abs(seed). The
   * previous word is carried in a variable (not read back from the array) and init_genrand's
   * fixed start is copied from a table made once: the same words, faster.
   */
  initByArray(key: ArrayLike<number>, len = key.length): void {
    const mt = this.mt;
    mt.set(initialState());
    // key[j] + j as int32 words (the sums wrap mod 2^32 as the C code's uint32 arithmetic does):
    // the loop then stays in 32-bit integer operations. (`len`: the first len words of key.)
    if (addWords.length < len) addWords = new Int32Array(len * 2);
    const add = addWords;
    for (let j = 0; j < len; j++) add[j] = (key[j]! + j) | 0;
    let i = 1;
    let j = 0;
    let prev = mt[0]! | 0;
    for (let k = Math.max(MT_N, len); k > 0; k--) {
      prev = ((mt[i]! ^ Math.imul(prev ^ (prev >>> 30), 1664525)) + add[j]!) | 0;
      mt[i] = prev;
      i++;
      j++;
      if (i >= MT_N) {
        mt[0] = prev; // mt[MT_N - 1]
        i = 1;
      }
      if (j >= len) j = 0;
    }
    for (let k = MT_N - 1; k > 0; k--) {
      prev = ((mt[i]! ^ Math.imul(prev ^ (prev >>> 30), 1566083941)) - i) | 0;
      mt[i] = prev;
      i++;
      if (i >= MT_N) {
        mt[0] = prev;
        i = 1;
      }
    }
    mt[0] = 0x80000000;
    this.mti = MT_N;
    this.d6Ready = false;
    this.epoch++;
    this.twists = 0;
  }

  /** Regenerates the 624 words (genrand_uint32's refill). The MATRIX_A term is branchless
   *  (-(y & 1) & MATRIX_A): a branch on the low bit mispredicts half the time and doubled the cost. */
  private twist(): void {
    const mt = this.mt;
    let kk = 0;
    let y: number;
    for (; kk < MT_N - MT_M; kk++) {
      y = (mt[kk]! & 0x80000000) | (mt[kk + 1]! & 0x7fffffff);
      mt[kk] = mt[kk + MT_M]! ^ (y >>> 1) ^ (-(y & 1) & 0x9908b0df);
    }
    for (; kk < MT_N - 1; kk++) {
      y = (mt[kk]! & 0x80000000) | (mt[kk + 1]! & 0x7fffffff);
      mt[kk] = mt[kk + (MT_M - MT_N)]! ^ (y >>> 1) ^ (-(y & 1) & 0x9908b0df);
    }
    y = (mt[MT_N - 1]! & 0x80000000) | (mt[0]! & 0x7fffffff);
    mt[MT_N - 1] = mt[MT_M - 1]! ^ (y >>> 1) ^ (-(y & 1) & 0x9908b0df);
    this.mti = 0;
    this.d6Ready = false;
    this.twists++;
  }

  /**
   * genrand_uint32: the next 32-bit output. (Tempering the whole block once per twist into a
   * second array was tried: no measurable gain on dice or ruins, so the state stays one array.)
   */
  nextUint32(): number {
    if (this.mti >= MT_N) {
      if (this.mti === MT_N + 1) this.initGenrand(5489);
      this.twist();
    }
    let y = this.mt[this.mti++]!;
    y ^= y >>> 11;
    y ^= (y << 7) & 0x9d2c5680;
    y ^= (y << 15) & 0xefc60000;
    return (y ^ (y >>> 18)) >>> 0;
  }

  /** Draws n words without using them (what n calls of nextUint32 leave), a block at a time. */
  skip(n: number): void {
    while (n > 0) {
      if (this.mti >= MT_N) {
        if (this.mti === MT_N + 1) this.initGenrand(5489);
        this.twist();
      }
      const step = Math.min(n, MT_N - this.mti);
      this.mti += step;
      n -= step;
    }
  }

  /**
   * CPython 3's `randint(1, 6)`: `1 + _randbelow(6)`, i.e. 1 + the first `getrandbits(3)` (the top
   * 3 bits of one output) below 6 — the same outputs consumed, the same result as that loop.
   * Read from a table per block of 624 words, built on the block's first die without a
   * branch: for each position, the die the next accepted word gives and the position after
   * that word. A die then costs one load instead of a loop whose exit (a 6 or 7 is thrown
   * away a quarter of the time) the processor cannot predict. Where no accepted word is left
   * in the block it draws word by word (into the next block) as the loop does.
   */
  d6(): number {
    const i = this.mti;
    if (i < MT_N) {
      if (!this.d6Ready) this.prepareD6();
      const e = this.d6Table![i]!;
      if (e !== 0) {
        this.mti = e >>> 3;
        return e & 7;
      }
    }
    let r = this.nextUint32() >>> 29;
    while (r >= 6) r = this.nextUint32() >>> 29;
    return r + 1;
  }

  /** d6's table, from the last word back: an output's top 3 bits are those after the third tempering step. */
  private prepareD6(): void {
    const mt = this.mt;
    const table = (this.d6Table ??= new Uint16Array(MT_N));
    let e = 0; // 0: no accepted word from here to the block's end
    for (let i = MT_N - 1; i >= 0; i--) {
      let y = mt[i]!;
      y ^= y >>> 11;
      y ^= (y << 7) & 0x9d2c5680;
      y ^= (y << 15) & 0xefc60000;
      const r = y >>> 29;
      const take = (r - 6) >> 31; // all ones when r < 6 (accepted), else 0
      e = (take & (((i + 1) << 3) | (r + 1))) | (~take & e);
      table[i] = e;
    }
    this.d6Ready = true;
  }
}

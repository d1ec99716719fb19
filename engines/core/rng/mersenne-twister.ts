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

/**
 * Words of a new block computed at a time (see MersenneTwister.refill). A dice game draws about 200
 * words: a generator seeded for one game (a pair of `koth ab`) then computes a third of a block,
 * not all 624 words and their dice table.
 */
const CHUNK = 64;

/** murmur3's finalizer: a bijection of 32-bit words (an int32 in, an int32 out: stored as uint32). */
function fmix32(x: number): number {
  x ^= x >>> 16;
  x = Math.imul(x, 0x85ebca6b);
  x ^= x >>> 13;
  x = Math.imul(x, 0xc2b2ae35);
  return x ^ (x >>> 16);
}

export class MersenneTwister {
  /** The state words: [0, ready) of the current block computed, the rest still the previous block's. */
  private readonly w = new Uint32Array(MT_N);
  mti = MT_N + 1;
  /**
   * How many words of the current block are computed. The twist makes word kk from words kk and
   * kk + 1 of the previous block and word kk + 397 (previous block) or kk − 227 (this block), so
   * it can run in order, a chunk at a time, as the words are drawn: the same words, and a
   * generator that draws little of a block (a game of a pair) does not compute the rest.
   */
  private ready = MT_N;
  /** d6's table holds the positions [mti when it was made, d6Upto) of the current words; 0: none. */
  private d6Upto = 0;
  /**
   * Twists since the last change that was not a draw (`epoch`): with `mti` they give the
   * stream position `twists * 624 + mti`, so how many words were drawn between two moments is
   * one subtraction (engines/core/sandbox/runtimes/python/stream-link.ts keeps Python's `random` in step this way).
   */
  twists = 0;
  /** Bumped by every change of the state that is not a draw (seeding, load, copy). */
  epoch = 0;
  /** Per position: (position after the next accepted word) << 3 | its die (0: none left in the table's stretch). */
  private d6Table: Uint16Array | undefined;
  /**
   * The current block's chunks whose dice table was built over one chunk to its end (bit c: chunk
   * c, CHUNK words from c·CHUNK), and from where (d6From[c]): a copy in the same block (the twin)
   * whose table reaches the same end takes those entries instead of building them (prepareD6).
   */
  private d6Chunks = 0;
  private readonly d6From = new Int16Array(Math.ceil(MT_N / CHUNK));

  /** The raw state words (what getstate() shows): the current block computed to its end first. */
  get mt(): Uint32Array {
    this.complete();
    return this.w;
  }

  /** Sets the raw words and position (what setstate does). */
  load(words: ArrayLike<number>, pos: number): void {
    const mt = this.w;
    for (let i = 0; i < MT_N; i++) mt[i] = words[i]! >>> 0;
    this.mti = pos;
    this.changed();
  }

  /**
   * The same state as `other` (words and position). `other` remembers this copy: until either is
   * changed otherwise than by drawing, the words of a block this copy has computed are the ones
   * `other` would compute, and `other` takes them instead (refill) — the two games of an A/B pair
   * start from one state, and the second no longer twists what the first did.
   */
  copyFrom(other: MersenneTwister): void {
    // A pair's hashed block: the words past `ready` are not read before they are hashed.
    if (other.hashing) this.w.set(other.w.subarray(0, other.ready));
    else this.w.set(other.w);
    this.mti = other.mti;
    this.ready = other.ready;
    this.hashing = other.hashing;
    this.pairKey.set(other.pairKey);
    this.pairOffset = other.pairOffset;
    this.d6Upto = 0;
    this.d6Chunks = 0;
    this.epoch++;
    this.twists = 0;
    other.twin = this;
    other.twinEpoch = this.epoch;
    other.ownEpoch = other.epoch;
    other.twinBase = other.twists;
  }

  /** The last copy made of this generator, and the epochs and block count at that moment (copyFrom). */
  private twin: MersenneTwister | undefined;
  private twinEpoch = -1;
  private ownEpoch = -1;
  private twinBase = 0;

  /** After seeding or loading: every word given, no dice table, a new epoch. */
  private changed(): void {
    this.ready = MT_N;
    this.hashing = false;
    this.d6Upto = 0;
    this.d6Chunks = 0;
    this.epoch++;
    this.twists = 0;
  }

  /** init_genrand(s): seeding from one 32-bit word (what std::mt19937(s) does). */
  initGenrand(s: number): void {
    const mt = this.w;
    mt[0] = s >>> 0;
    for (let i = 1; i < MT_N; i++) {
      const prev = mt[i - 1]!;
      mt[i] = (Math.imul(1812433253, prev ^ (prev >>> 30)) + i) >>> 0;
    }
    this.mti = MT_N;
    this.changed();
  }

  /**
   * The state of pair `i` of an A/B run (engines/core/rng/pair-state.ts): word j is murmur3's fmix32
   * of key[j % 4] + i·0x9E3779B9 + j·0x85EBCA6B (mod 2^32), position 0 (the first draw reads word
   * 0) — what CPython's `setstate((3, words + (0,), None))` makes. The words are independent
   * hashes, so they are computed as drawn, CHUNK at a time (refill), like a twisted block: a dice
   * game's 200 or so draws hash about 200 words, and the two games of a pair (copyFrom) hash them
   * once. Until the block is drawn to its end (then twisted as any), getstate shows the words
   * computed to the end (`mt`): the same state. No SHA-512, no init_by_array and no twist.
   */
  initPair(key: ArrayLike<number>, i: number): void {
    const k = this.pairKey;
    for (let t = 0; t < 4; t++) k[t] = key[t]! | 0;
    this.pairOffset = Math.imul(i, 0x9e3779b9);
    this.changed();
    this.hashing = true;
    this.ready = 0;
    this.mti = 0;
  }

  /** The pair's key words and i·0x9E3779B9 (initPair): what hashRange makes the block's words of. */
  private readonly pairKey = new Int32Array(4);
  private pairOffset = 0;
  /** Whether the current block is a pair's hashed words (initPair), computed CHUNK at a time as drawn. */
  private hashing = false;

  /** Words [from, to) of a pair's block (initPair): fmix32(key[j % 4] + i·0x9E3779B9 + j·0x85EBCA6B). */
  private hashRange(from: number, to: number): void {
    const mt = this.w;
    const k = this.pairKey;
    const c = this.pairOffset;
    for (let j = from; j < to; j++) mt[j] = fmix32((k[j & 3]! + c + Math.imul(j, 0x85ebca6b)) | 0);
  }

  /**
   * init_by_array(key): what CPython's seed() does with the 32-bit words of abs(seed). The
   * previous word is carried in a variable (not read back from the array) and init_genrand's
   * fixed start is copied from a table made once: the same words, faster.
   */
  initByArray(key: ArrayLike<number>, len = key.length): void {
    const mt = this.w;
    const init = initialState();
    // key[j] + j as int32 words (the sums wrap mod 2^32 as the C code's uint32 arithmetic does):
    // the loop then stays in 32-bit integer operations. (`len`: the first len words of key.)
    if (addWords.length < len) addWords = new Int32Array(len * 2);
    const add = addWords;
    for (let j = 0; j < len; j++) add[j] = (key[j]! + j) | 0;
    // The first pass over i = 1, 2, …, wrapping from 623 to 1 (mt[0] then takes mt[623]), max(624,
    // len) steps; its first lap (623 steps) reads init_genrand's words straight from their table
    // (mt is written as it goes), and no loop tests for the wrap but j's.
    let j = 0;
    let prev = init[0]! | 0;
    let i = 1;
    for (; i < MT_N; i++) {
      prev = ((init[i]! ^ Math.imul(prev ^ (prev >>> 30), 1664525)) + add[j]!) | 0;
      mt[i] = prev;
      if (++j >= len) j = 0;
    }
    mt[0] = prev;
    i = 1;
    let steps = Math.max(MT_N, len) - (MT_N - 1);
    while (steps > 0) {
      const lap = Math.min(steps, MT_N - i);
      const stop = i + lap;
      for (; i < stop; i++) {
        prev = ((mt[i]! ^ Math.imul(prev ^ (prev >>> 30), 1664525)) + add[j]!) | 0;
        mt[i] = prev;
        if (++j >= len) j = 0;
      }
      steps -= lap;
      if (i >= MT_N) {
        mt[0] = prev; // mt[MT_N - 1]
        i = 1;
      }
    }
    // The second pass: 623 steps, wrapping likewise.
    steps = MT_N - 1;
    while (steps > 0) {
      const lap = Math.min(steps, MT_N - i);
      const stop = i + lap;
      for (; i < stop; i++) {
        prev = ((mt[i]! ^ Math.imul(prev ^ (prev >>> 30), 1566083941)) - i) | 0;
        mt[i] = prev;
      }
      steps -= lap;
      if (i >= MT_N) {
        mt[0] = prev;
        i = 1;
      }
    }
    mt[0] = 0x80000000;
    this.mti = MT_N;
    this.changed();
  }

  /**
   * The next words to draw (genrand_uint32's refill): at the end of a block a new one is begun,
   * and its words are computed CHUNK at a time (twistRange; hashRange in a pair's first block).
   */
  private refill(): void {
    if (this.mti >= MT_N) {
      if (this.mti === MT_N + 1) this.initGenrand(5489);
      this.mti = 0;
      this.ready = 0;
      this.d6Upto = 0;
      this.d6Chunks = 0;
      this.twists++;
      this.hashing = false;
    }
    const end = Math.min(MT_N, this.ready + CHUNK);
    const twin = this.twin;
    if (twin !== undefined && twin.ready >= end && this.sameBlockAs(twin)) {
      // The copy is in the same block (counted from the copy) and has computed these words already.
      this.w.set(twin.w.subarray(this.ready, end), this.ready);
    } else if (this.hashing) {
      this.hashRange(this.ready, end);
    } else {
      this.twistRange(this.ready, end);
    }
    this.ready = end;
  }

  /** Computes the rest of the current block (before its words are shown or copied whole). */
  private complete(): void {
    if (this.ready < MT_N) {
      if (this.hashing) this.hashRange(this.ready, MT_N);
      else this.twistRange(this.ready, MT_N);
      this.ready = MT_N;
    }
  }

  /**
   * Words [from, to) of the new block (from: the words before it are computed). The MATRIX_A term is
   * branchless (-(y & 1) & MATRIX_A): a branch on the low bit mispredicts half the time and doubled the cost.
   */
  private twistRange(from: number, to: number): void {
    const mt = this.w;
    let kk = from;
    let y: number;
    const e1 = Math.min(to, MT_N - MT_M);
    for (; kk < e1; kk++) {
      y = (mt[kk]! & 0x80000000) | (mt[kk + 1]! & 0x7fffffff);
      mt[kk] = mt[kk + MT_M]! ^ (y >>> 1) ^ (-(y & 1) & 0x9908b0df);
    }
    const e2 = Math.min(to, MT_N - 1);
    for (; kk < e2; kk++) {
      y = (mt[kk]! & 0x80000000) | (mt[kk + 1]! & 0x7fffffff);
      mt[kk] = mt[kk + (MT_M - MT_N)]! ^ (y >>> 1) ^ (-(y & 1) & 0x9908b0df);
    }
    if (kk < to) {
      y = (mt[MT_N - 1]! & 0x80000000) | (mt[0]! & 0x7fffffff);
      mt[MT_N - 1] = mt[MT_M - 1]! ^ (y >>> 1) ^ (-(y & 1) & 0x9908b0df);
    }
  }

  /**
   * genrand_uint32: the next 32-bit output. (Tempering the whole block once per twist into a
   * second array was tried: no measurable gain on dice or ruins, so the state stays one array.)
   */
  nextUint32(): number {
    if (this.mti >= this.ready) this.refill();
    let y = this.w[this.mti++]!;
    y ^= y >>> 11;
    y ^= (y << 7) & 0x9d2c5680;
    y ^= (y << 15) & 0xefc60000;
    return (y ^ (y >>> 18)) >>> 0;
  }

  /** Draws n words without using them (what n calls of nextUint32 leave), a chunk at a time. */
  skip(n: number): void {
    while (n > 0) {
      if (this.mti >= this.ready) this.refill();
      const step = Math.min(n, this.ready - this.mti);
      this.mti += step;
      n -= step;
    }
  }

  /**
   * CPython 3's `randint(1, 6)`: `1 + _randbelow(6)`, i.e. 1 + the first `getrandbits(3)` (the top
   * 3 bits of one output) below 6 — the same outputs consumed, the same result as that loop.
   * Read from a table over the computed words ahead, built on the first die there without a
   * branch: for each position, the die the next accepted word gives and the position after
   * that word. A die then costs one load instead of a loop whose exit (a 6 or 7 is thrown
   * away a quarter of the time) the processor cannot predict. Where no accepted word is left
   * in the table's stretch it draws word by word (into the next chunk or block) as the loop does.
   */
  d6(): number {
    const i = this.mti;
    if (i < this.d6Upto) {
      const e = this.d6Table![i]!;
      if (e !== 0) {
        this.mti = e >>> 3;
        return e & 7;
      }
    } else if (i < this.ready) {
      this.prepareD6(i);
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

  /** d6's table for positions [from, ready), from the last word back: an output's top 3 bits are those after the third tempering step. */
  private prepareD6(from: number): void {
    const table = (this.d6Table ??= new Uint16Array(MT_N));
    const c = (from / CHUNK) | 0;
    // A stretch within one chunk, to its end: recorded, and taken from the twin if it built it.
    if (c === (((this.ready - 1) / CHUNK) | 0)) {
      this.d6Chunks |= 1 << c;
      this.d6From[c] = from;
      const twin = this.twin;
      if (twin !== undefined && (twin.d6Chunks & (1 << c)) !== 0 && twin.d6From[c]! <= from && this.sameBlockAs(twin)) {
        table.set(twin.d6Table!.subarray(from, this.ready), from);
        this.d6Upto = this.ready;
        return;
      }
    }
    this.buildD6(table, from);
  }

  /** Whether `twin` (this generator's last copy) is still in the block this one is in, counted from the copy, with the same words. */
  private sameBlockAs(twin: MersenneTwister): boolean {
    return twin.epoch === this.twinEpoch && this.epoch === this.ownEpoch && twin.twists === this.twists - this.twinBase;
  }

  /** d6's table entries [from, ready), built. */
  private buildD6(table: Uint16Array, from: number): void {
    const mt = this.w;
    let e = 0; // 0: no accepted word from here to the stretch's end
    for (let i = this.ready - 1; i >= from; i--) {
      let y = mt[i]!;
      y ^= y >>> 11;
      y ^= (y << 7) & 0x9d2c5680;
      y ^= (y << 15) & 0xefc60000;
      const r = y >>> 29;
      const take = (r - 6) >> 31; // all ones when r < 6 (accepted), else 0
      e = (take & (((i + 1) << 3) | (r + 1))) | (~take & e);
      table[i] = e;
    }
    this.d6Upto = this.ready;
  }
}

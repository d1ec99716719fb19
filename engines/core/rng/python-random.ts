/**
 * PyRandom — CPython's `random.Random`, bit for bit.
 *
 * Modelled on CPython 3's Lib/random.py and Modules/_randommodule.c: the same Mersenne
 * Twister, the same seeding and the same algorithm in every method, so that for one seed a
 * TypeScript port draws exactly what the Python original drew. Exactness is proven by
 * fixtures/rng/ (vectors made by running CPython 3.11 here; see its README).
 *
 * Exact (bit-for-bit with CPython 3.6–3.12):
 *   seed(int | bigint | str | bytes)  — ints use init_by_array over the 32-bit words of
 *       abs(n); str/bytes use "version 2": int.from_bytes(b + sha512(b).digest(), 'big')
 *   random, getrandbits, randbelow (_randbelow_with_getrandbits), randrange, randint,
 *   choice, shuffle, sample (both of CPython's strategies: pool and set), uniform,
 *   choices, getstate/setstate.
 * Equal up to the platform's libm (cos/sin/log/exp may differ in the last ulp between V8
 * and glibc, so values can differ in the last bit; the number of draws is always equal):
 *   gauss, normalvariate, expovariate.
 * Python 2.7 mode (`{ python2: true }`): the same generator and seeding of ints, but
 * randrange/randint/choice/shuffle/sample use `int(random() * n)` as Python 2.7 did
 * (and its `_randbelow` for n >= 2^53), which consumes a different stream.
 *
 * Unlike Python, a PyRandom built without a seed is NOT seeded from the OS: it is seeded
 * with 0, so nothing in this project ever depends on entropy it cannot replay.
 */
import * as nodeCrypto from 'node:crypto';
import { createHash } from 'node:crypto';
import { MT_N, MersenneTwister } from './mersenne-twister.ts';
import { chooseWith, shuffleWith, type Rng, type RngState } from './rng.ts';

export type PySeed = number | bigint | string | Uint8Array | IntWords;

/**
 * A non-negative int as its 32-bit words, least significant first (what getrandbitsWords
 * draws): seeding from it is seeding from that int, without making a bigint on the way.
 */
export class IntWords {
  constructor(readonly words: Uint32Array) {}

  toBigInt(): bigint {
    let n = 0n;
    for (let i = this.words.length - 1; i >= 0; i--) n = (n << 32n) | BigInt(this.words[i]!);
    return n;
  }

  /** init_by_array's key: the words without the zero high words (one word for 0), as words32 gives. */
  key(): Uint32Array {
    let n = this.words.length;
    while (n > 1 && this.words[n - 1] === 0) n--;
    return n === 0 ? new Uint32Array(1) : this.words.subarray(0, n);
  }

  toString(): string {
    return this.toBigInt().toString();
  }
}

export interface PyRandomState extends RngState {
  kind: 'PyRandom';
  /** CPython's getstate() version. */
  version: 3;
  /** CPython's internal state tuple: 624 words, then the position (0..624). */
  internal: number[];
  /** The cached second normal deviate of gauss(), or null. */
  gaussNext: number | null;
}

const TWO_32 = 4294967296;
const TWO_53 = 9007199254740992;
const TWOPI = 2 * Math.PI;
const NV_MAGICCONST = (4 * Math.exp(-0.5)) / Math.sqrt(2.0);

/** Bit length of a non-negative safe integer (Python's int.bit_length()). */
function bitLength(n: number): number {
  if (n < TWO_32) return 32 - Math.clz32(n);
  return 64 - Math.clz32(Math.floor(n / TWO_32));
}

function bigBitLength(n: bigint): number {
  return n === 0n ? 0 : n.toString(2).length;
}

/** The 32-bit words of a non-negative bigint, least significant first ([0] for zero). */
function words32(n: bigint): number[] {
  const key: number[] = [];
  while (n > 0n) {
    key.push(Number(n & 0xffffffffn));
    n >>= 32n;
  }
  return key.length ? key : [0];
}

function bytesToBigInt(bytes: Uint8Array): bigint {
  let hex = '';
  for (const b of bytes) hex += b.toString(16).padStart(2, '0');
  return hex ? BigInt('0x' + hex) : 0n;
}

function pyFloorDiv(a: number, b: number): number {
  return Math.floor(a / b);
}

function bigFloorDiv(a: bigint, b: bigint): bigint {
  const q = a / b;
  return (a % b !== 0n && (a < 0n) !== (b < 0n)) ? q - 1n : q;
}

/**
 * The int CPython 3's `random.seed(a)` (version 2) derives from a str or bytes seed:
 * int.from_bytes(a + sha512(a).digest()), big-endian, with a str encoded as UTF-8.
 */
export function versionTwoSeed(a: string | Uint8Array): bigint {
  return bytesToBigInt(versionTwoBytes(a));
}

const utf8 = new TextEncoder();

/** a + sha512(a).digest(), a str encoded as UTF-8: the bytes of versionTwoSeed's int, big-endian. */
function versionTwoBytes(a: string | Uint8Array): Uint8Array {
  const bytes = typeof a === 'string' ? utf8.encode(a) : a;
  const digest = createHash('sha512').update(bytes).digest();
  const all = new Uint8Array(bytes.length + digest.length);
  all.set(bytes, 0);
  all.set(digest, bytes.length);
  return all;
}

/**
 * SHA-512 of a string's UTF-8 bytes (or of bytes), as a string of 64 one-byte characters ('binary', i.e. latin1:
 * char code = byte): Node's one-shot crypto.hash where it exists (20.12+), else a Hash object. A
 * string, not a Buffer: half the cost per call (no external memory per digest).
 */
const sha512 =
  typeof (nodeCrypto as { hash?: unknown }).hash === 'function'
    ? (a: string | Uint8Array): string => nodeCrypto.hash('sha512', a, 'binary')
    : (a: string | Uint8Array): string => createHash('sha512').update(a).digest('binary');

/** versionTwoKey's words (reused: the key is read at once by initByArray). */
let keyWords = new Uint32Array(64);

/**
 * versionTwoSeed's int as init_by_array's key — its 32-bit words, least significant first, without
 * high zero words — in a reused array: `keyWords`, of which `len` words count. Read straight from
 * the string and its digest (no bigint, no byte array on the way for an ASCII string): seeding
 * a generator from a string seed costs a hash and init_by_array, little else. (koth ab's pairs
 * no longer seed from strings: rng/pair-state.ts.)
 */
function versionTwoKey(a: string | Uint8Array): number {
  let ascii = typeof a === 'string';
  if (typeof a === 'string') {
    for (let i = 0; i < a.length; i++) {
      if (a.charCodeAt(i) > 0x7f) {
        ascii = false;
        break;
      }
    }
  }
  // A non-ASCII str: its UTF-8 bytes (lone surrogates as U+FFFD, as TextEncoder makes them).
  const src: string | Uint8Array = typeof a === 'string' && !ascii ? utf8.encode(a) : a;
  const digest = sha512(src);
  const len = src.length; // bytes: an ASCII string has one per character
  const n = len + 64;
  const nw = (n + 3) >>> 2;
  if (keyWords.length < nw) keyWords = new Uint32Array(nw * 2);
  const words = keyWords;
  words.fill(0, 0, nw);
  // The digest is the low 64 bytes (16 words), big-endian: its bytes 4m..4m+3 are word 15 − m.
  for (let m = 0; m < 16; m++) {
    const b = m << 2;
    words[15 - m] = ((digest.charCodeAt(b) << 24) | (digest.charCodeAt(b + 1) << 16) | (digest.charCodeAt(b + 2) << 8) | digest.charCodeAt(b + 3)) >>> 0;
  }
  // Then the seed's own bytes, its last byte the least significant above the digest.
  for (let i = 0; i < len; i++) {
    const e = len - 1 - i + 64; // the byte's place from the least significant end
    const byte = typeof src === 'string' ? src.charCodeAt(i) : src[i]!;
    words[e >>> 2] |= byte << ((e & 3) << 3);
  }
  let k = nw;
  while (k > 1 && words[k - 1] === 0) k--;
  return k;
}

/**
 * versionTwoSeed's int as its 32-bit words, least significant first (what words32 of it gives,
 * up to high zero words, which IntWords.key drops): read straight from the big-endian bytes,
 * without a bigint — seeding many generators from strings costs less.
 */
export function versionTwoWords(a: string | Uint8Array): IntWords {
  const n = versionTwoKey(a);
  return new IntWords(keyWords.slice(0, n));
}

/**
 * sample's set size: 21, plus for k > 5 the power of 4 at or above 3k (CPython's
 * `4 ** _ceil(_log(k * 3, 4))`; 3k is never a power of 4, so no rounding question) — without
 * logarithms, for callers that sample thousands of times a second.
 */
export function sampleSetsize(k: number): number {
  if (k <= 5) return 21;
  let p = 1;
  while (p < k * 3) p *= 4;
  return 21 + p;
}

/** Passed to the constructor by clone(): no seeding (the state is copied in right after). */
const UNSEEDED: unique symbol = Symbol('unseeded');

export class PyRandom implements Rng {
  private readonly gen = new MersenneTwister();
  private gaussNext: number | null = null;
  /** Python 2.7 algorithms for randrange/randint/choice/shuffle/sample. */
  readonly python2: boolean;

  constructor(seed: PySeed | typeof UNSEEDED = 0, options: { python2?: boolean } = {}) {
    this.python2 = !!options.python2;
    if (seed !== UNSEEDED) this.seed(seed);
  }

  /** Pair i's state of an A/B run from its seed's key (engines/core/rng/pair-state.ts: use seedPair there). */
  seedPair(key: ArrayLike<number>, i: number): void {
    this.gen.initPair(key, i);
    this.gaussNext = null;
  }

  /** random.seed(a): ints (any size, sign ignored), bigints, str and bytes (version 2). */
  seed(a: PySeed): void {
    if (a instanceof IntWords) {
      this.gen.initByArray(a.key());
      this.gaussNext = null;
      return;
    }
    let n: bigint;
    if (typeof a === 'number') {
      if (!Number.isSafeInteger(a)) throw new TypeError(`PyRandom.seed: ${a} is not a safe integer (pass a bigint or a string)`);
      n = BigInt(a);
    } else if (typeof a === 'bigint') {
      n = a;
    } else {
      if (this.python2) throw new TypeError('PyRandom.seed: python2 mode takes integer seeds only (Python 2 hashed strings)');
      const n = versionTwoKey(a); // before reading keyWords: it may have grown
      this.gen.initByArray(keyWords, n);
      this.gaussNext = null;
      return;
    }
    this.gen.initByArray(words32(n < 0n ? -n : n));
    this.gaussNext = null;
  }

  /** genrand_uint32: one raw 32-bit output. */
  nextUint32(): number {
    return this.gen.nextUint32();
  }

  /**
   * Where the stream stands, for keeping a copy elsewhere in step (engines/core/sandbox/runtimes/
   * python/stream-link.ts): within one `streamEpoch()` (no seeding or setstate in between), the words
   * drawn between two moments are the difference of their `streamPos()`.
   */
  streamEpoch(): number {
    return this.gen.epoch;
  }

  streamPos(): number {
    return this.gen.twists * MT_N + this.gen.mti;
  }

  /** gauss()'s saved second value (part of the state, as in CPython), null when none. */
  gaussPending(): number | null {
    return this.gaussNext;
  }

  /** Draws n 32-bit words without using them: the state n calls of nextUint32 leave. */
  skip(n: number): void {
    this.gen.skip(n);
  }

  /** Python 3's randint(1, 6) (MersenneTwister.d6: the same outputs consumed, without a loop). Not for python2 mode. */
  d6(): number {
    return this.gen.d6();
  }

  /** random(): 53-bit float in [0, 1) from two 32-bit draws (a>>5, b>>6). */
  random(): number {
    const a = this.gen.nextUint32() >>> 5;
    const b = this.gen.nextUint32() >>> 6;
    return (a * 67108864 + b) / TWO_53;
  }

  /** getrandbits(k) as a bigint, for any k >= 0. */
  getrandbits(k: number): bigint {
    if (!Number.isInteger(k) || k < 0) throw new RangeError('number of bits must be non-negative');
    if (k <= 53) return BigInt(this.getrandbitsNumber(k));
    return this.getrandbitsWords(k).toBigInt();
  }

  /** getrandbits(k) as its 32-bit words, least significant first: the same draws, no bigint. */
  getrandbitsWords(k: number): IntWords {
    if (!Number.isInteger(k) || k < 0) throw new RangeError('number of bits must be non-negative');
    const words = new Uint32Array(Math.ceil(k / 32));
    for (let i = 0, left = k; left > 0; i++, left -= 32) {
      const r = this.gen.nextUint32();
      words[i] = left < 32 ? r >>> (32 - left) : r;
    }
    return new IntWords(words);
  }

  /** getrandbits(k) for k <= 53 as a number (same draws as getrandbits). */
  getrandbitsNumber(k: number): number {
    if (k <= 32) return k === 0 ? 0 : this.gen.nextUint32() >>> (32 - k);
    if (k > 53) throw new RangeError('getrandbitsNumber: k must be <= 53');
    const lo = this.gen.nextUint32();
    const hi = this.gen.nextUint32() >>> (64 - k);
    return hi * TWO_32 + lo;
  }

  /** _randbelow(n) for 1 <= n <= 2^53: getrandbits(n.bit_length()) with rejection. */
  randbelow(n: number): number {
    if (this.python2 && n >= TWO_53) return Number(this.randbelowBig(BigInt(n)));
    const k = bitLength(n);
    if (k <= 32) {
      const shift = 32 - k;
      let r = this.gen.nextUint32() >>> shift;
      while (r >= n) r = this.gen.nextUint32() >>> shift;
      return r;
    }
    let r = this.getrandbitsNumber(k);
    while (r >= n) r = this.getrandbitsNumber(k);
    return r;
  }

  /** _randbelow(n) for any positive bigint. */
  randbelowBig(n: bigint): bigint {
    if (n <= 0n) throw new RangeError('randbelow: n must be positive');
    // Python 2.7: k = int(1.00001 + log(n - 1, 2.0)); Python 3: k = n.bit_length().
    const k = this.python2 ? Math.trunc(1.00001 + Math.log(Number(n - 1n)) / Math.log(2.0)) : bigBitLength(n);
    let r = this.getrandbits(k);
    while (r >= n) r = this.getrandbits(k);
    return r;
  }

  /** Python 2.7's draw for a width below 2^53: int(random() * n). */
  private py2Below(n: number): number {
    return Math.trunc(this.random() * n);
  }

  private below(n: number): number {
    return this.python2 ? this.py2Below(n) : this.randbelow(n);
  }

  /**
   * randrange(stop) / randrange(start, stop[, step]). Numbers in, number out (ranges beyond
   * 2^53 are computed exactly and must be passed as bigints); a bigint argument gives a bigint.
   */
  randrange(start: number, stop?: number, step?: number): number;
  randrange(start: bigint | number, stop?: bigint | number, step?: bigint | number): bigint | number;
  randrange(start: bigint | number, stop?: bigint | number, step: bigint | number = 1): bigint | number {
    // randrange(n), the common call, for a positive int n below 2^32: _randbelow(n) (Python 3).
    if (stop === undefined && typeof start === 'number' && start > 0 && start <= 0xffffffff && Number.isInteger(start) && !this.python2) return this.randbelow(start);
    const big = typeof start === 'bigint' || typeof stop === 'bigint' || typeof step === 'bigint';
    if (!big) {
      const s = start as number;
      const t = stop as number | undefined;
      const st = step as number;
      for (const v of [s, t, st]) {
        if (v !== undefined && !Number.isSafeInteger(v)) throw new TypeError(`randrange: ${v} is not an integer in the safe range (pass bigints)`);
      }
      const width = t === undefined ? s : t - s;
      if (Math.abs(width) < TWO_53) return this.randrangeNumber(s, t, st);
    }
    return this.randrangeBig(BigInt(start), stop === undefined ? undefined : BigInt(stop), BigInt(step));
  }

  private randrangeNumber(start: number, stop: number | undefined, step: number): number {
    if (stop === undefined) {
      if (start > 0) return this.below(start);
      throw new RangeError('empty range for randrange()');
    }
    const width = stop - start;
    if (step === 1) {
      if (width > 0) return start + this.below(width);
      throw new RangeError(`empty range for randrange() (${start}, ${stop}, ${width})`);
    }
    let n: number;
    if (step > 0) n = pyFloorDiv(width + step - 1, step);
    else if (step < 0) n = pyFloorDiv(width + step + 1, step);
    else throw new RangeError('zero step for randrange()');
    if (n <= 0) throw new RangeError('empty range for randrange()');
    return start + step * this.below(n);
  }

  private randrangeBig(start: bigint, stop: bigint | undefined, step: bigint): bigint {
    const below = (n: bigint): bigint =>
      this.python2 && n < BigInt(TWO_53) ? BigInt(this.py2Below(Number(n))) : this.randbelowBig(n);
    if (stop === undefined) {
      if (start > 0n) return below(start);
      throw new RangeError('empty range for randrange()');
    }
    const width = stop - start;
    if (step === 1n) {
      if (width > 0n) return start + below(width);
      throw new RangeError('empty range for randrange()');
    }
    let n: bigint;
    if (step > 0n) n = bigFloorDiv(width + step - 1n, step);
    else if (step < 0n) n = bigFloorDiv(width + step + 1n, step);
    else throw new RangeError('zero step for randrange()');
    if (n <= 0n) throw new RangeError('empty range for randrange()');
    return start + step * below(n);
  }

  /** randint(a, b) = randrange(a, b + 1). */
  randint(a: number, b: number): number;
  randint(a: bigint | number, b: bigint | number): bigint | number;
  randint(a: bigint | number, b: bigint | number): bigint | number {
    if (typeof a === 'number' && typeof b === 'number') {
      // Fast path (same draws): randrange(a, b + 1) with a small width is a + _randbelow(width).
      const width = b + 1 - a;
      if (!this.python2 && width > 0 && width <= 0xffffffff && Number.isSafeInteger(a) && Number.isSafeInteger(b)) return a + this.randbelow(width);
      return this.randrange(a, b + 1);
    }
    return this.randrange(BigInt(a), BigInt(b) + 1n);
  }

  /** choice(seq): seq[_randbelow(len(seq))] (Python 2: int(random() * len)). */
  choice<T>(seq: ArrayLike<T>): T {
    return chooseWith(seq, (n) => this.below(n));
  }

  /** shuffle(x) in place: Fisher–Yates from the end, j = _randbelow(i + 1). */
  shuffle<T>(x: T[]): void {
    shuffleWith(x, (n) => this.below(n));
  }

  /**
   * sample(population, k): CPython's two strategies — a shrinking pool copy when the
   * population is small relative to k, else rejection against a set of chosen indices.
   */
  sample<T>(population: ArrayLike<T>, k: number): T[] {
    const n = population.length;
    if (!Number.isInteger(k) || k < 0 || k > n) throw new RangeError('Sample larger than population or is negative');
    const result: T[] = new Array(k);
    let setsize = 21;
    if (k > 5) setsize += 4 ** Math.ceil(Math.log(k * 3) / Math.log(4));
    if (n <= setsize) {
      const pool = Array.from(population);
      for (let i = 0; i < k; i++) {
        const j = this.below(n - i);
        result[i] = pool[j]!;
        pool[j] = pool[n - i - 1]!;
      }
    } else {
      const selected = new Set<number>();
      for (let i = 0; i < k; i++) {
        let j = this.below(n);
        while (selected.has(j)) j = this.below(n);
        selected.add(j);
        result[i] = population[j]!;
      }
    }
    return result;
  }

  /**
   * sample(population, k) written into `out` (its first k places), with `scratch` as the pool
   * strategy's copy of the population: the same draws and result as sample, without allocating
   * (a caller drawing thousands of samples a second keeps the two arrays). The set strategy
   * (a large population) goes through sample.
   */
  sampleInto<T>(population: ArrayLike<T>, k: number, out: T[], scratch: T[]): T[] {
    const n = population.length;
    if (this.python2 || n > sampleSetsize(k) || !Number.isInteger(k) || k < 0 || k > n) {
      const r = this.sample(population, k);
      for (let i = 0; i < k; i++) out[i] = r[i]!;
      return out;
    }
    for (let i = 0; i < n; i++) scratch[i] = population[i]!;
    for (let i = 0; i < k; i++) {
      const j = this.randbelow(n - i);
      out[i] = scratch[j]!;
      scratch[j] = scratch[n - i - 1]!;
    }
    return out;
  }

  /** choices(population, weights?, k): Python 3.6+ (floor(random() * n), or bisect on cumulative weights). */
  choices<T>(population: ArrayLike<T>, k = 1, weights?: readonly number[]): T[] {
    const n = population.length;
    const out: T[] = [];
    if (!weights) {
      for (let i = 0; i < k; i++) out.push(population[Math.floor(this.random() * n)]!);
      return out;
    }
    if (weights.length !== n) throw new RangeError('The number of weights does not match the population');
    const cum: number[] = [];
    let acc = 0;
    for (const w of weights) cum.push((acc += w));
    const total = cum[n - 1]!;
    for (let i = 0; i < k; i++) {
      const x = this.random() * total;
      let lo = 0;
      let hi = n - 1;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (x < cum[mid]!) hi = mid;
        else lo = mid + 1;
      }
      out.push(population[lo]!);
    }
    return out;
  }

  /** uniform(a, b) = a + (b - a) * random(). */
  uniform(a: number, b: number): number {
    return a + (b - a) * this.random();
  }

  /** gauss(mu, sigma): Box–Muller with CPython's cached second deviate (libm-exact only). */
  gauss(mu = 0, sigma = 1): number {
    let z = this.gaussNext;
    this.gaussNext = null;
    if (z === null) {
      const x2pi = this.random() * TWOPI;
      const g2rad = Math.sqrt(-2.0 * Math.log(1.0 - this.random()));
      z = Math.cos(x2pi) * g2rad;
      this.gaussNext = Math.sin(x2pi) * g2rad;
    }
    return mu + z * sigma;
  }

  /** normalvariate(mu, sigma): Kinderman and Monahan, as CPython (libm-exact only). */
  normalvariate(mu = 0, sigma = 1): number {
    let z: number;
    for (;;) {
      const u1 = this.random();
      const u2 = 1.0 - this.random();
      z = (NV_MAGICCONST * (u1 - 0.5)) / u2;
      if ((z * z) / 4.0 <= -Math.log(u2)) break;
    }
    return mu + z * sigma;
  }

  /** expovariate(lambd) = -log(1 - random()) / lambd (libm-exact only). */
  expovariate(lambd: number): number {
    return -Math.log(1.0 - this.random()) / lambd;
  }

  /** getstate(): CPython's (3, (624 words..., pos), gauss_next) as plain JSON. */
  getstate(): PyRandomState {
    const internal = Array.from(this.gen.mt);
    internal.push(Math.min(this.gen.mti, MT_N));
    return { kind: 'PyRandom', version: 3, internal, gaussNext: this.gaussNext };
  }

  /** setstate(state) from getstate() here or from a CPython getstate() tuple turned into JSON. */
  setstate(state: PyRandomState | { internal: readonly number[]; gaussNext?: number | null }): void {
    const internal = state.internal;
    if (internal.length !== MT_N + 1) throw new RangeError(`state vector must have ${MT_N + 1} entries`);
    const pos = internal[MT_N]!;
    if (!Number.isInteger(pos) || pos < 0 || pos > MT_N) throw new RangeError('invalid state: position out of range');
    this.gen.load(internal, pos);
    this.gaussNext = state.gaussNext ?? null;
  }

  getState(): PyRandomState {
    return this.getstate();
  }

  setState(state: RngState): void {
    if (state.kind !== 'PyRandom') throw new TypeError(`cannot restore a ${state.kind} state into PyRandom`);
    this.setstate(state as PyRandomState);
  }

  /** Takes `other`'s state (what `self.setstate(other.getstate())` gives), in place. */
  copyFrom(other: PyRandom): void {
    this.gen.copyFrom(other.gen);
    this.gaussNext = other.gaussNext;
  }

  /** A copy with the same state (what `r2 = Random(); r2.setstate(r.getstate())` gives). */
  clone(): PyRandom {
    const c = new PyRandom(UNSEEDED, { python2: this.python2 });
    c.gen.copyFrom(this.gen);
    c.gaussNext = this.gaussNext;
    return c;
  }
}

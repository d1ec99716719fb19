/**
 * Pair i's generator in the Mersenne-Twister kinds (cpython3, cpython2): the state both games of
 * pair i of a `koth ab` run — and of a rule A/B — start from, made from (seed, i) only.
 *
 * It is not `random.seed('<seed>/pair/<i>')` (what it was until November 2026): CPython's seeding
 * of a str is SHA-512 plus init_by_array, 1,870 dependent steps, and a dice pair paid more for it
 * than for a game. Instead the run's seed is hashed once (SHA-512 of its UTF-8 bytes, the first 16
 * bytes as four little-endian words k0..k3) and pair i's 624 state words are
 *
 *     word j = fmix32((k[j % 4] + i·0x9E3779B9 + j·0x85EBCA6B) mod 2^32),   j = 0..623,
 *
 * fmix32 being murmur3's finalizer (a bijection of 32-bit words), at position 0 (the first draw
 * reads word 0, tempered; the first twist comes after 624 draws): CPython's
 * `random.Random().setstate((3, tuple(words) + (0,), None))` gives the same generator (the
 * recipe in docs/ab.md "Pair i's generator", run against this module by
 * engines/core/rng/pair-state.test.ts). Two pairs i ≠ i' (both < 2^32) differ in every word:
 * i·0x9E3779B9 is one-to-one mod 2^32 and fmix32 is a bijection. The words are computed as they are
 * drawn (MersenneTwister.initPair): a dice game draws about 200 of them.
 */
import * as nodeCrypto from 'node:crypto';
import { PyRandom } from './python-random.ts';

/** Pair indices are below this (the pair's offset i·0x9E3779B9 is taken mod 2^32). */
export const MAX_PAIRS = 2 ** 32;

let lastSeed: string | undefined;
let lastKey = new Uint32Array(4);

/** k0..k3 of a run's seed: the first 16 bytes of SHA-512(UTF-8 of seed), little-endian words (the last seed's kept). */
export function pairKey(seed: string): Uint32Array {
  if (seed === lastSeed) return lastKey;
  const d = nodeCrypto.createHash('sha512').update(seed, 'utf8').digest();
  const key = new Uint32Array(4);
  for (let t = 0; t < 4; t++) key[t] = d.readUInt32LE(4 * t);
  lastSeed = seed;
  lastKey = key;
  return key;
}

function checkIndex(i: number): void {
  if (!Number.isInteger(i) || i < 0 || i >= MAX_PAIRS) throw new RangeError(`pair index ${i}: pairs are numbered 0 to 2^32 − 1`);
}

/** Puts `r` in pair i's state of a run seeded with `seed`, in place (gauss's pending value cleared). */
export function seedPair(r: PyRandom, seed: string, i: number): void {
  checkIndex(i);
  r.seedPair(pairKey(seed), i);
}

/** A new generator in pair i's state (Python 2 mode for the cpython2 kind). */
export function pairRandom(seed: string, i: number, options: { python2?: boolean } = {}): PyRandom {
  const r = new PyRandom(0, options);
  seedPair(r, seed, i);
  return r;
}

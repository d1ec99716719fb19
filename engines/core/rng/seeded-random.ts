/**
 * SeededRandom — the generator for games whose originals were C++ (gun-duel), built on
 * seedrandom's ARC4 generator. It cannot reproduce a clock-seeded C++ run (nothing can),
 * but it is deterministic, fast, and its state is a plain JSON value like PyRandom's.
 */
import seedrandom from 'seedrandom';
import { chooseWith, shuffleWith, type Rng, type RngState } from './rng.ts';

interface Arc4State {
  i: number;
  j: number;
  S: number[];
}

export interface SeededRandomState extends RngState {
  kind: 'SeededRandom';
  arc4: Arc4State;
}

export class SeededRandom implements Rng {
  private prng: seedrandom.StatefulPRNG<seedrandom.State.Arc4>;

  constructor(seed: string | number | bigint = 0) {
    this.prng = seedrandom(String(seed), { state: true as const });
  }

  random(): number {
    return this.prng.double();
  }

  /** Uniform integer in [0, n): 32-bit draws with rejection (no modulo bias). */
  randbelow(n: number): number {
    if (!(n >= 1) || !Number.isSafeInteger(n)) throw new RangeError(`randbelow: bad bound ${n}`);
    if (n <= 0x100000000) {
      const limit = 0x100000000 - (0x100000000 % n);
      let r = this.prng.int32() >>> 0;
      while (r >= limit) r = this.prng.int32() >>> 0;
      return r % n;
    }
    return Math.floor(this.prng.double() * n);
  }

  randint(a: number, b: number): number {
    if (b < a) throw new RangeError(`randint: empty range (${a}, ${b})`);
    return a + this.randbelow(b - a + 1);
  }

  choice<T>(seq: ArrayLike<T>): T {
    return chooseWith(seq, (n) => this.randbelow(n));
  }

  shuffle<T>(items: T[]): void {
    shuffleWith(items, (n) => this.randbelow(n));
  }

  getState(): SeededRandomState {
    const s = this.prng.state() as unknown as Arc4State;
    return { kind: 'SeededRandom', arc4: { i: s.i, j: s.j, S: [...s.S] } };
  }

  setState(state: RngState): void {
    if (state.kind !== 'SeededRandom') throw new TypeError(`cannot restore a ${state.kind} state into SeededRandom`);
    const arc4 = (state as SeededRandomState).arc4;
    this.prng = seedrandom('', { state: { i: arc4.i, j: arc4.j, S: [...arc4.S] } as unknown as seedrandom.State.Arc4 });
  }
}

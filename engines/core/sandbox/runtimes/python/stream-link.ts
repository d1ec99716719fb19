/**
 * One generator stream shared by the engine and Python code: a Python random.Random of the
 * sandbox (a KothStream, bootstrap.ts: the bots' module-global `random` is stream 0, a ruins
 * adventurer's `self.random` one of its own) kept in step with an engine PyRandom (bit-exact
 * CPython) — by counting words, not by copying states:
 *
 *  - before a call, `out(rng)` is the number of 32-bit words the engine drew since both last
 *    agreed (PyRandom.streamPos within one streamEpoch); Python draws as many (one C call to
 *    getrandbits), which leaves the same state, twists included. Anything that is not a plain
 *    draw (a reseed, setstate, a pending gauss value, another generator object) sends the whole
 *    state instead (koth_stream_set).
 *  - after the call, Python's KothStream says how many words the bot drew through it (random() 2,
 *    getrandbits(k) ceil(k/32): every other method of random.Random goes through those two), or
 *    that it was reseeded or set; `in(rng, code)` then skips as many words or fetches the whole
 *    state (koth_stream_get).
 *
 * A bot that reached the C generator around those methods would leave the two apart:
 * `check(rng)` compares whole states (the runs do it after every game) and throws.
 */
import type { PyRandom } from '../../../rng/python-random.ts';
import { MT_N } from '../../../rng/mersenne-twister.ts';
import type { PyFast, PythonHost } from './host.ts';

/** The two streams differ: a bot drew from the generator without going through its methods. */
export class StreamDiverged extends Error {
  constructor(where: string) {
    super(
      `the Python generator and the engine's are no longer in step (${where}): some code drew from random's C generator ` +
        'without going through its Python methods, so this run would not be the original one. Please report it with the bot files.',
    );
    this.name = 'StreamDiverged';
  }
}

export class StreamLink {
  private rng: PyRandom | undefined;
  private epoch = -1;
  private pos = 0;
  private readonly set: PyFast;
  private readonly get: PyFast;
  private readonly catchup: PyFast;

  constructor(
    host: PythonHost,
    /** The stream's id on the Python side (koth_sandbox.streams). */
    readonly sid: number,
  ) {
    this.set = host.fast('koth_stream_set');
    this.get = host.fast('koth_stream_get');
    this.catchup = host.fast('koth_stream_catchup');
  }

  /** Before a call that may draw from the stream: the words Python must draw to catch up (0 when in step). */
  out(rng: PyRandom): number {
    if (rng === this.rng && rng.streamEpoch() === this.epoch && rng.gaussPending() === null) {
      const adv = rng.streamPos() - this.pos;
      if (adv >= 0) {
        this.pos += adv;
        return adv;
      }
    }
    const s = rng.getstate();
    this.set(this.sid, JSON.stringify([...s.internal, s.gaussNext]));
    this.agree(rng);
    return 0;
  }

  /** After the call: `code` is koth_stream_code (words drawn << 1, or 1: fetch the whole state). */
  in(rng: PyRandom, code: number): void {
    if (code === 1) {
      const st = JSON.parse(this.get(this.sid) as string) as (number | null)[];
      rng.setstate({ internal: st.slice(0, MT_N + 1) as number[], gaussNext: st[MT_N + 1] ?? null });
    } else if (code > 0) {
      rng.skip(code / 2);
    }
    this.agree(rng);
  }

  /** Both sides' whole states are equal (else StreamDiverged). */
  check(rng: PyRandom, where: string): void {
    const adv = this.out(rng);
    if (adv) this.catchup(this.sid, adv);
    const st = JSON.parse(this.get(this.sid) as string) as (number | null)[];
    const mine = rng.getstate();
    const same = mine.gaussNext === st[MT_N + 1] && mine.internal.every((w, i) => w === st[i]);
    if (!same) throw new StreamDiverged(where);
    this.agree(rng);
  }

  /** Forget the agreement (Python's side was replaced): the next call sends the whole state. */
  reset(): void {
    this.rng = undefined;
  }

  private agree(rng: PyRandom): void {
    this.rng = rng;
    this.epoch = rng.streamEpoch();
    this.pos = rng.streamPos();
  }
}

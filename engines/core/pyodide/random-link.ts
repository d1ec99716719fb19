/**
 * One generator stream shared by the engine and Python code in the sandbox: a Python
 * random.Random (the bots' module-global `random`, or an adventurer's `self.random`) kept in
 * step with the engine's PyRandom (bit-exact CPython). Before a call the host sends what
 * changed since both last agreed, after it Python sends back what the call drew:
 *   null           nothing changed
 *   { adv: k }     k 32-bit words were drawn and no twist happened: drawing k words on the
 *                  other side reaches the same state (the common case: a die or two)
 *   a whole state  anything else (a twist, a reseed, setstate, gauss)
 * Python's half is koth_state_in / koth_state_out in bootstrap.ts.
 */
import type { PyRandom, PyRandomState } from '../rng/python-random.ts';

export type StateDelta = null | { adv: number } | PyRandomState;

const N = 624;

export class RandomLink {
  /** The PyRandom the Python generator last agreed with, and that state. */
  private rng: PyRandom | undefined;
  private agreed: number[] | undefined;
  private agreedGauss: number | null = null;

  /** What to send before a call that may use the Python generator as `random`'s stand-in. */
  outgoing(random: PyRandom): StateDelta {
    const now = random.getstate();
    if (this.rng !== random || !this.agreed || now.gaussNext !== this.agreedGauss) return now;
    const a = now.internal;
    const b = this.agreed;
    if (a[N]! < b[N]!) return now;
    for (let i = 0; i < N; i++) if (a[i] !== b[i]) return now;
    return a[N] === b[N] ? null : { adv: a[N]! - b[N]! };
  }

  /** Applies what Python drew during the call; both sides then agree. */
  incoming(random: PyRandom, d: StateDelta): void {
    if (d !== null) {
      if ('adv' in d) for (let i = 0, k = d.adv as number; i < k; i++) random.nextUint32();
      else random.setstate(d);
    }
    const s = random.getstate();
    this.rng = random;
    this.agreed = s.internal;
    this.agreedGauss = s.gaussNext;
  }

  /** Forget the agreement (the Python side was reset or replaced): the next call sends a whole state. */
  reset(): void {
    this.rng = undefined;
    this.agreed = undefined;
  }
}

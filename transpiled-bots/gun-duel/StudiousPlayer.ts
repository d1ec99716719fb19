import { BULLET, LOAD, METAL, PLASMA, Player, THERMAL, type Action } from '../../engines/gun-duel/player.ts';
import { fromRepo } from './source.ts';

export const provenance = fromRepo('StudiousPlayer', '1d905df68b7e8687e8f2053e40403105c83af708e361bc15d84382a8d737f5e6', {
  author: 'H Walters',
  answerId: 105066,
  notes: "Per-opponent model of action counts in 15 ammo states (kept across duels in the tournament's PlayerEnv store, keyed by opponent id). One of its branches compares b with b (never true); kept.",
});

/** Counts of the opponent's actions in one ammo state: load, bullet, plasma, metal, thermal. */
interface Counts {
  l: number;
  b: number;
  p: number;
  m: number;
  t: number;
}
type Model = Counts[];

const newModel = (): Model => Array.from({ length: 15 }, () => ({ l: 0, b: 0, p: 0, m: 0, t: 0 }));
const bucket = (x: number) => (x >= 3 || x < 0 ? 3 : x);

/**
 * State = 8·(opponent ammo bucket) + (own ammo bucket), buckets 0, 1, 2, 3+ (written as two
 * octal digits in the original); state 0 is not modelled (always load).
 */
export default class StudiousPlayer extends Player {
  static readonly botName = 'StudiousPlayer';
  private osa = 0;
  /** The original keeps this unsigned; it only matters for ≥ 3 (bucket 3), which is the same here. */
  private oppAmmo = 0;

  private get model(): Model {
    const all = this.env.statics('StudiousPlayer.models', () => new Map<number, Model>());
    let m = all.get(this.getOpponent());
    if (!m) all.set(this.getOpponent(), (m = newModel()));
    return m;
  }

  private counts(osa: number): Counts | undefined {
    let ndx = (osa % 4) + 4 * Math.floor(osa / 8);
    if (ndx === 0) return undefined;
    --ndx;
    return ndx < 15 ? this.model[ndx] : undefined;
  }

  private rnd(max: number): number {
    return this.getRandomInteger(max);
  }

  fight(): Action {
    const os = 8 * bucket(this.oppAmmo);
    const ss = bucket(this.getAmmo());
    this.osa = os + ss;
    const a = this.counts(this.osa);
    if (!a) return LOAD;
    const { l, b, p, m, t } = a;
    switch (this.osa) {
      case 0o01:
        return l > m ? BULLET : LOAD;
      case 0o02:
      case 0o03:
        if (t > m + l) return BULLET;
        if (m > t + l) return PLASMA;
        return this.rnd(1) ? BULLET : PLASMA;
      case 0o10:
        return l > b ? LOAD : METAL;
      case 0o11:
        if (l > b + m) return BULLET;
        if (b > l + m) return METAL;
        if (m > b + l) return LOAD;
        if (!this.rnd(2)) return METAL;
        if (!this.rnd(1)) return LOAD;
        return BULLET;
      case 0o12:
      case 0o13:
        if (b > l + m + t) return METAL;
        if (t > m) return BULLET;
        if (m > t) return PLASMA;
        return this.rnd(1) ? BULLET : PLASMA;
      case 0o20:
        if (l + m + t > b + p) return LOAD;
        if (b > p) return METAL;
        if (p > b) return THERMAL;
        return this.rnd(1) ? METAL : THERMAL;
      case 0o21:
      case 0o31:
        if (l > m + b + p) return this.rnd(2) ? BULLET : LOAD;
        if (m > l + b + p) return LOAD;
        if (t > l + b + p) return LOAD;
        if (b > p) return METAL;
        if (p > b) return THERMAL;
        return this.rnd(2) ? METAL : THERMAL;
      case 0o22:
        if (l + t > b + p + m) return BULLET;
        if (l + m > b + p + t) return PLASMA;
        if (b + p > l + m + t) {
          if (b > p) return METAL;
          if (p > b) return THERMAL;
          return this.rnd(1) ? METAL : THERMAL;
        }
        if (m + t > b + p) return LOAD;
        if (this.rnd(2)) return LOAD;
        if (this.rnd(1)) {
          if (b > p) return METAL;
          // (the original's second test here compares b with b: never true)
          return this.rnd(1) ? METAL : THERMAL;
        }
        if (m > t) return PLASMA;
        if (t > m) return BULLET;
        return this.rnd(1) ? BULLET : PLASMA;
      case 0o23:
        if (l + t > b + p + m) return BULLET;
        if (l + m > b + p + t) return PLASMA;
        if (b + p > l + m + t) {
          if (b > p) return METAL;
          if (p > b) return THERMAL;
          return this.rnd(1) ? METAL : THERMAL;
        }
        if (m + t > b + p) {
          if (m > t) return PLASMA;
          if (t > m) return BULLET;
          return this.rnd(1) ? BULLET : PLASMA;
        }
        if (this.rnd(1)) return b > p ? METAL : THERMAL;
        if (m > t) return PLASMA;
        if (t > m) return BULLET;
        return this.rnd(1) ? BULLET : PLASMA;
      case 0o30:
        if (l + m + t > b + p) return LOAD;
        if (b + p >= l + m + t) {
          if (b > p) return METAL;
          if (p > b) return THERMAL;
          return this.rnd(1) ? METAL : THERMAL;
        }
        if (this.rnd(1)) return this.rnd(1) ? METAL : THERMAL;
        return LOAD;
      case 0o32:
        if (l + t > b + p + m) return BULLET;
        if (l + m > b + p + t) return PLASMA;
        if (b + p > l + m + t) {
          if (b > p) return METAL;
          if (p > b) return THERMAL;
          return this.rnd(1) ? METAL : THERMAL;
        }
        if (m + t > b + p) return LOAD;
        if (this.rnd(2)) return LOAD;
        if (this.rnd(1)) return b > p ? METAL : THERMAL;
        if (m > t) return PLASMA;
        if (t > m) return BULLET;
        return this.rnd(1) ? BULLET : PLASMA;
      case 0o33: {
        // the unsigned sum is passed as an int max
        let sr = this.rnd(l + t + p + b + m + 1);
        if (sr < l + t) return BULLET;
        sr -= l + t;
        if (sr < p) return THERMAL;
        return PLASMA;
      }
    }
    return LOAD;
  }

  /** Replaces the base bookkeeping: tracks the opponent's ammo and counts its action in the state it was taken. */
  override perceive(action: Action): void {
    if (action === LOAD) ++this.oppAmmo;
    else if (action === BULLET) --this.oppAmmo;
    else if (action === PLASMA) this.oppAmmo -= 2;
    const a = this.counts(this.osa);
    if (!a) return;
    if (action === LOAD) ++a.l;
    else if (action === BULLET) ++a.b;
    else if (action === PLASMA) ++a.p;
    else if (action === METAL) ++a.m;
    else if (action === THERMAL) ++a.t;
  }
}

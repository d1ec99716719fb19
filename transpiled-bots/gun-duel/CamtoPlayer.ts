import { BULLET, LOAD, METAL, PLASMA, Player, THERMAL, type Action } from '../../engines/gun-duel/player.ts';
import { fromRepo } from './source.ts';

export const provenance = fromRepo('CamtoPlayer', '48429c592cc342c220431310081e73d03129a6213fc02f5ce29039f58f4e5e0a', {
  notes: 'The original shifts its 10-slot pick history reading one slot past the end; the slot read is overwritten at once, so the port just shifts.',
});

/** Alternates between options with a counter, remembers whether it blocked last turn, and breaks suspected loops. */
export default class CamtoPlayer extends Player {
  static readonly botName = 'CamtoPlayer';
  private s = 1;
  private ltb = false;
  private loop = false;
  private readonly hist = new Array<number>(10).fill(0);

  private appears(k: number): number {
    let c = 0;
    for (const v of this.hist) if (v === k) c++;
    return c;
  }

  private alt(odd: number, even: number): number {
    this.s++;
    return this.s % 2 ? odd : even;
  }

  fight(): Action {
    const ammo = this.getAmmo();
    const bad = this.getAmmoOpponent();
    const turn = this.getTurn();
    let pick = 0; // 1 load, 2 bullet, 3 plasma, 4 metal, 5 thermal
    for (const k of [2, 3, 4, 5]) if (this.appears(k) >= 4) this.loop = true;

    if (ammo === 0 && bad === 1) pick = 4;
    if (ammo === 0 && bad >= 2) pick = this.alt(4, 5);
    if (ammo === 0 && bad >= 1 && this.ltb) pick = 1;
    if (ammo === 1 && bad === 0) pick = 2;
    if (ammo === 1 && bad === 1) pick = this.alt(2, 4);
    if (ammo === 1 && bad >= 2) pick = this.alt(4, 5);
    if (ammo === 1 && bad >= 1 && this.ltb) pick = 2;
    if (ammo >= 2) pick = this.alt(2, 3);

    if (ammo === 0 && this.loop) pick = 1;
    if (ammo === 1 && bad === 0 && this.loop) {
      this.loop = false;
      pick = 1;
    }
    if (ammo === 1 && bad === 1 && this.loop) {
      this.loop = false;
      pick = 4;
    }
    if (ammo >= 2 && this.loop) {
      this.loop = false;
      pick = this.alt(2, 3);
    }
    if (turn === 3 && this.appears(1) === 2 && this.appears(2) === 1) pick = 4;
    if (turn === 1) pick = 2;
    if (ammo === 0 && bad === 0) pick = 1;

    this.hist.shift();
    this.hist.push(pick);
    switch (pick) {
      case 1:
        this.ltb = false;
        return LOAD;
      case 2:
        this.ltb = false;
        return BULLET;
      case 3:
        this.ltb = false;
        return PLASMA;
      case 4:
        this.ltb = true;
        return METAL;
      case 5:
        this.ltb = true;
        return THERMAL;
    }
    throw new Error('CamtoPlayer: no pick (the original falls off the end of fight(); unreachable with non-negative ammo)');
  }
}

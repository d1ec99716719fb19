import { BULLET, LOAD, METAL, Player, THERMAL, type Action } from '../../engines/gun-duel/player.ts';
import { fromRepo } from './source.ts';

export const provenance = fromRepo('BarricadePlayer', '61c86d6c5b817c7736d7d1cea7ca7b961daef696726b65584e834d767901a4fa', { author: 'devRicher', answerId: 104909 });

/** Loads first; then a 1..100 draw each turn: ≤15 with ammo shoots, else a turn-and-ammo rule. */
export default class BarricadePlayer extends Player {
  static readonly botName = 'BarricadePlayer';
  fight(): Action {
    if (this.getTurn() === 0) return LOAD;
    const r = this.getRandomInteger(99) + 1;
    if (r <= 15 && this.getAmmo() > 0) return BULLET;
    if (this.getTurn() % 5 === 0) return LOAD;
    const oa = this.getAmmoOpponent();
    if (oa === 1) return METAL;
    if (oa > 1) return r <= 50 ? METAL : THERMAL;
    if (oa === 0) return LOAD;
    return BULLET;
  }
}

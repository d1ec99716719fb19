import { BULLET, LOAD, METAL, PLASMA, Player, THERMAL, type Action } from '../../engines/gun-duel/player.ts';
import { fromRepo } from './source.ts';

export const provenance = fromRepo('SurvivorPlayer', 'aa17bc88ea5c41b7c0f6213db9053165e7d785f6df9c0feaf5b13023887f53e3');

/** Loads first; fires only with three or more in hand; otherwise shields or loads by the opponent's ammo. */
export default class SurvivorPlayer extends Player {
  static readonly botName = 'SurvivorPlayer';
  fight(): Action {
    const my = this.getAmmo();
    const opp = this.getAmmoOpponent();
    if (this.getTurn() === 0) return LOAD;
    if (opp === 0) {
      if (my > 2) return this.getRandomInteger(1) % 2 ? BULLET : PLASMA;
      return LOAD;
    }
    if (opp === 1) return my > 2 ? PLASMA : METAL;
    if (my > 2) return PLASMA;
    return this.getRandomInteger(1) % 2 ? METAL : THERMAL;
  }
}

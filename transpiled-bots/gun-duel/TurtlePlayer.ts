import { BULLET, LOAD, METAL, PLASMA, Player, THERMAL, type Action } from '../../engines/gun-duel/player.ts';
import { fromRepo } from './source.ts';

export const provenance = fromRepo('TurtlePlayer', '2c9a6f9e703725fc8b4e68dd1ea3d86365ead26247d08ec9e0940b38460b377e', { author: 'FlipTack', answerId: 104905 });

/** Shields when threatened (one time in five it fires instead, if it can); else loads or fires. */
export default class TurtlePlayer extends Player {
  static readonly botName = 'TurtlePlayer';
  fight(): Action {
    if (this.getAmmoOpponent() > 0) {
      // the draw is made before the ammo test (left-to-right &&)
      if (this.getRandomInteger() % 5 === 0 && this.getAmmo() > 0) return this.getAmmo() > 1 ? PLASMA : BULLET;
      if (this.getAmmoOpponent() === 1) return METAL;
      return this.getRandomInteger() % 2 ? METAL : THERMAL;
    }
    if (this.getAmmo() === 0) return LOAD;
    if (this.getAmmo() > 1) return PLASMA;
    return this.getRandomInteger() % 2 ? LOAD : BULLET;
  }
}

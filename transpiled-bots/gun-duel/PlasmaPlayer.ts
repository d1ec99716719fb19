import { LOAD, PLASMA, Player, THERMAL, type Action } from '../../engines/gun-duel/player.ts';
import { fromRepo } from './source.ts';

export const provenance = fromRepo('PlasmaPlayer', 'f84b9c4b377d767ce9bc6d455b85bbfe48eab5280ffd5663bec536b6c4a298c8', { author: 'Brian J', answerId: 104933 });

/** Plasma whenever it has two; thermal when the opponent could plasma; else load. */
export default class PlasmaPlayer extends Player {
  static readonly botName = 'PlasmaPlayer';
  fight(): Action {
    if (this.getAmmo() > 1) return PLASMA;
    if (this.getAmmoOpponent() > 1) return THERMAL;
    return LOAD;
  }
}

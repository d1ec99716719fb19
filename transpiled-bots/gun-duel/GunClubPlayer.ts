import { BULLET, LOAD, Player, type Action } from '../../engines/gun-duel/player.ts';
import { fromRepo } from './source.ts';

export const provenance = fromRepo('GunClubPlayer', 'c72efaa03bdf39eddc6d9365c953514fa6dc7edcdb9426ef68a1c6241e2ec492', { author: 'Frenzy Li (controller example)' });

/** Loads on even turns, shoots a bullet on odd ones. */
export default class GunClubPlayer extends Player {
  static readonly botName = 'GunClubPlayer';
  fight(): Action {
    return this.getTurn() % 2 ? BULLET : LOAD;
  }
}

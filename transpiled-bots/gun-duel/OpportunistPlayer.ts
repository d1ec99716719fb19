import { BULLET, LOAD, METAL, Player, type Action } from '../../engines/gun-duel/player.ts';
import { fromRepo } from './source.ts';

export const provenance = fromRepo('OpportunistPlayer', 'c96f5f7fa156b619e25b15eed5f60c257b196a7db0ffc9d9ef3d1e88041933e4', { author: 'ColdK', answerId: 104902 });

/** Cycles load, metal, bullet by turn. */
export default class OpportunistPlayer extends Player {
  static readonly botName = 'OpportunistPlayer';
  fight(): Action {
    const k = this.getTurn() % 3;
    return k === 0 ? LOAD : k === 1 ? METAL : BULLET;
  }
}

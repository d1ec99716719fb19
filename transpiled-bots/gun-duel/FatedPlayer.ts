import { BULLET, LOAD, METAL, PLASMA, Player, THERMAL, type Action } from '../../engines/gun-duel/player.ts';
import { fromRepo } from './source.ts';

export const provenance = fromRepo('FatedPlayer', '48885f3b2304c827488d5ebfc886557acd46805a25736ae9752413abffc900f9', { author: 'H Walters', answerId: 105131 });

/**
 * Uniform choice among: load; plasma (ammo ≥ 2) and bullet (ammo ≥ 1, or ≥ 2 via the
 * switch fall-through); thermal (opponent ammo ≥ 2) and metal (opponent ammo ≥ 1).
 * Candidates in that order: load, [plasma], [bullet], [thermal], [metal].
 */
export default class FatedPlayer extends Player {
  static readonly botName = 'FatedPlayer';
  fight(): Action {
    const c: Action[] = [LOAD];
    const a = this.getAmmo();
    if (a !== 0 && a !== 1) c.push(PLASMA);
    if (a !== 0) c.push(BULLET);
    const o = this.getAmmoOpponent();
    if (o !== 0 && o !== 1) c.push(THERMAL);
    if (o !== 0) c.push(METAL);
    return c[this.getRandomInteger(c.length - 1)]!;
  }
}

import { BULLET, LOAD, METAL, PLASMA, Player, THERMAL, type Action } from '../../engines/gun-duel/player.ts';
import { fromRepo } from './source.ts';

export const provenance = fromRepo('SadisticShooter', '9fb279723ccb4d5c1a89f060d3f7cb42e83643e6cbdc1edc22895008b785601f', { author: 'muddyfish', answerId: 104947 });

/** Deterministic rule list on (turn, ammo, opponent ammo, opponent's last three actions). */
export default class SadisticShooter extends Player {
  static readonly botName = 'SadisticShooter';

  private static lastSame(h: readonly Action[], k: number): boolean {
    if (h.length < k) return false;
    const first = h[h.length - k];
    for (let i = h.length - k; i < h.length; i++) if (h[i] !== first) return false;
    return true;
  }

  fight(): Action {
    const my = this.getAmmo();
    const opp = this.getAmmoOpponent();
    const turn = this.getTurn();
    if (turn === 90) return LOAD;
    if (my === 0 && opp === 0) return LOAD;
    if (my >= 2 && SadisticShooter.lastSame(this.getHistoryOpponent(), 3)) {
      const last = this.getHistoryOpponent()[turn - 1];
      if (last === THERMAL) return BULLET;
      if (last === METAL) return THERMAL;
    }
    if (my < 2 && opp === 1) return METAL;
    if (my === 1) {
      if (opp === 0) return LOAD;
      if (turn === 2) return THERMAL;
      return BULLET;
    }
    if (opp >= 2) return THERMAL;
    if (my >= 2) return turn === 4 ? BULLET : PLASMA;
    return LOAD;
  }
}

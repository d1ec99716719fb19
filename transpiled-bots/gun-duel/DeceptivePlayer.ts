import { BULLET, LOAD, METAL, PLASMA, Player, THERMAL, type Action } from '../../engines/gun-duel/player.ts';
import { fromRepo } from './source.ts';

export const provenance = fromRepo('DeceptivePlayer', '48c369077d5bf2f0ac77c148bb3e7593b7177e29e8ac752df5dcbdc5f7c3169a', {
  author: 'Sxntk',
  answerId: 104972,
  notes: 'Its last resort returns the out-of-range action 5 (needs negative opponent ammo: unreachable in a real duel). Random draws use GetRandomInteger() with max = INT_MAX (the two-draw path).',
});

export default class DeceptivePlayer extends Player {
  static readonly botName = 'DeceptivePlayer';
  fight(): Action {
    const ammo = this.getAmmo();
    const opp = this.getAmmoOpponent();
    const turn = this.getTurn();
    if (ammo === 0) return LOAD;
    if (turn % 10 || opp >= 3) {
      switch (this.getRandomInteger() % 5) {
        case 0:
          return BULLET;
        case 1:
          return METAL;
        case 2:
          return ammo === 1 ? BULLET : PLASMA;
        case 3:
          return THERMAL;
        case 4:
          return LOAD;
      }
    }
    if (ammo === 2) return BULLET;
    if (opp === 0) return LOAD;
    if (opp === 1) return METAL;
    if (opp === 2) return THERMAL;
    return 5;
  }
}

import { BULLET, LOAD, METAL, PLASMA, Player, THERMAL, type Action } from '../../engines/gun-duel/player.ts';
import { fromRepo } from './source.ts';

export const provenance = fromRepo('NotSoPatientPlayer', '0213f5a0344e53d8d8dce3c0c540b1f60861a0469b1c7ecf737e30511629e288', {
  notes: "Its static per-opponent action counts live in the tournament's PlayerEnv store. At turn 99 with no ammo it asks GetRandomInteger(-1), the reversed range libstdc++ serves through its wide path.",
});

const MAX_TURNS = 100;

export default class NotSoPatientPlayer extends Player {
  static readonly botName = 'NotSoPatientPlayer';
  private burstMode = false;
  private bullet1 = -1;
  private bullet2 = -1;

  /** opponentMoves[opponent*5 + action] (static long[50][5] in the original; flat so an index past a row lands in the next, as in C++). */
  private get moves(): Float64Array {
    return this.env.statics('NotSoPatientPlayer.opponentMoves', () => new Float64Array(50 * 5));
  }

  fight(): Action {
    const turn = this.getTurn();
    const ammo = this.getAmmo();
    const opp = this.getAmmoOpponent();
    const left = MAX_TURNS - turn;
    if (!this.burstMode && ammo + 2 >= left * 2) {
      this.burstMode = true;
      if (ammo !== left * 2) {
        this.bullet1 = this.getRandomInteger(left - 1) + turn;
        if (ammo + 2 === left * 2) {
          this.bullet2 = this.getRandomInteger(left - 2) + turn;
          if (this.bullet2 >= this.bullet1) this.bullet2++;
        }
      }
    }
    if (this.burstMode) return turn === this.bullet1 || turn === this.bullet2 ? BULLET : PLASMA;

    if (turn >= 3) {
      const h = this.getHistoryOpponent();
      const h1 = h[turn - 1]!;
      const h2 = h[turn - 2]!;
      const h3 = h[turn - 3]!;
      if (h1 === METAL && h2 === METAL && h3 === METAL) return ammo >= 2 ? PLASMA : LOAD;
      if (h1 === THERMAL && h2 === THERMAL && h3 === THERMAL) return ammo >= 1 ? BULLET : LOAD;
      const def = (x: Action) => x === METAL || x === THERMAL;
      if (def(h1) && def(h2) && def(h3)) return ammo >= 2 ? PLASMA : ammo === 1 ? BULLET : LOAD;
    }
    if (opp === 0) return LOAD;
    if (opp === 1) return METAL;
    const m = this.moves;
    const o = this.getOpponent() * 5;
    return m[o + BULLET]! * 2 >= m[o + PLASMA]! ? METAL : THERMAL;
  }

  override perceive(action: Action): void {
    super.perceive(action);
    this.moves[this.getOpponent() * 5 + action]!++;
  }
}

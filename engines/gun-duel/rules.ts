/**
 * One duel of the Futuristic Gun Duel, as GunDuel::fight runs it: up to 100 turns; each turn
 * A acts, then B acts (each `performFight`), validity is checked (ammo not negative, action
 * in range — see variants.ts for the bug), A perceives B's action, then B perceives A's,
 * and the outcome table decides. The duel ends on a win, on an invalid action (the valid
 * side wins; both invalid → draw) or after the turn limit (draw). Then both are told the
 * result, A first.
 */
import { RESULT_DRAW, RESULT_LOSS, RESULT_WIN, type Action, type Player } from './player.ts';
import type { GunDuelVariant } from './variants.ts';

export const DRAW = 0;
export const AWIN = 1;
export const BWIN = 2;
export type Outcome = 0 | 1 | 2;

/** OUTCOME[a][b]: rows = A's action (load, bullet, plasma, metal, thermal), columns = B's. */
export const OUTCOME: readonly (readonly Outcome[])[] = [
  [DRAW, BWIN, BWIN, DRAW, DRAW],
  [AWIN, DRAW, BWIN, DRAW, AWIN],
  [AWIN, AWIN, DRAW, AWIN, DRAW],
  [DRAW, DRAW, BWIN, DRAW, DRAW],
  [DRAW, BWIN, DRAW, DRAW, DRAW],
];
const FLAT: readonly Outcome[] = OUTCOME.flat();

export const DEFAULT_TURNS = 100;

const valid = (a: Action) => Number.isInteger(a) && a >= 0 && a < 5;

export function fight(pa: Player, pb: Player, variant: GunDuelVariant = 'original', turns = DEFAULT_TURNS): Outcome {
  let turn = 0;
  let forceEnd = false;
  let status: Outcome = DRAW;
  while (!forceEnd && turn < turns && status === DRAW) {
    const actionA = pa.performFight();
    const actionB = pb.performFight();
    const validA = pa.getAmmo() >= 0 && valid(actionA);
    const validB = pb.getAmmo() >= 0 && valid(variant === 'original' ? actionA : actionB);
    pa.perceive(actionB);
    pb.perceive(actionA);
    if (validA && validB) {
      // with the original bug an out-of-range B action reads the table row-major past its row
      const k = actionA * 5 + actionB;
      status = valid(actionB) ? OUTCOME[actionA]![actionB]! : k >= 0 && k < 25 ? FLAT[k]! : DRAW;
    } else {
      if (validA && !validB) status = AWIN;
      else if (!validA && validB) status = BWIN;
      else status = DRAW;
      forceEnd = true;
    }
    ++turn;
  }
  if (status === AWIN) {
    pa.declared(RESULT_WIN);
    pb.declared(RESULT_LOSS);
  } else if (status === BWIN) {
    pa.declared(RESULT_LOSS);
    pb.declared(RESULT_WIN);
  } else {
    pa.declared(RESULT_DRAW);
    pb.declared(RESULT_DRAW);
  }
  return status;
}

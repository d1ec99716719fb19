/**
 * Rule variants of the gun duel.
 *  - `original`: GunDuel::fight validates player B's action with player A's action (the
 *    known bug: B's action is never range-checked, B's ammo is). An out-of-range action by B
 *    then indexes past the outcome table's row; we model the row-major read the compiled
 *    original makes (row a, column 5 ⇒ row a+1, column 0) and, past the table, a draw.
 *    Conversely an out-of-range action by A makes B "invalid" too: a draw where B should win.
 *  - `fixed`: B is validated with B's own action, so an invalid action by B loses.
 * None of the 17 tournament players ever returns an out-of-range action (DeceptivePlayer's
 * fall-through needs negative opponent ammo, which ends a duel first), so both variants give
 * identical tournaments; the difference shows only with a player that returns one
 * (see rules.test.ts).
 */
export type GunDuelVariant = 'original' | 'fixed';
export const VARIANTS: readonly GunDuelVariant[] = ['original', 'fixed'];
export const DEFAULT_VARIANT: GunDuelVariant = 'original';

export const VARIANT_HELP: Record<GunDuelVariant, string> = {
  original: "as the final controller: player B's validity is computed from player A's action (bug kept)",
  fixed: "player B's validity is computed from B's own action",
};

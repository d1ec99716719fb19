/**
 * camelup.py's known bugs as named rule flags, each checked against the 2018 code of GitHub
 * trbarron/Camel_Up_Cup_2K18. `original` is the controller at 46f6797 (2018-06-20, "Fixed
 * stack_from_bottom bug where it defaulted to being on"), the one the published results are
 * taken from (engines/camel-up/README.md says why); `pre-0620` is 2ec4082, the same day just
 * before that fix; `fixed` corrects every flag.
 */
import type { RuleFlag, RuleVariant } from '../core/game.ts';

export interface CamelFlags {
  /** MoveCamel starts with `stack_from_bottom = True`: every move takes the −1-trap path. */
  stackFromBottom: boolean;
  /** The −1 path pops `stack-c-1` from the square, not the moving camel and those above it. */
  bottomStackPopsWrongCamels: boolean;
  /** Round and game settlement loop `range(0, len(bets) - 1)`: the last bet is never settled. */
  settlementSkipsLastBet: boolean;
  /** Game loser bets are checked against the WINNING camel. */
  loserBetsCheckWinner: boolean;
  /** EndOfRound runs again at game end after a move that ended the round (no observable effect: the first run cleared the bets). */
  endOfRoundTwice: boolean;
}

export const CAMEL_RULE_FLAGS: RuleFlag[] = [
  {
    id: 'stackFromBottom',
    description: 'stacking on every camel move',
    original: 'before 46f6797 MoveCamel began with stack_from_bottom = True, so every move put the moving stack UNDER the camels at its destination (and took the buggy pop path below)',
    fixed: 'a moving stack goes on top, except after a −1 trap',
  },
  {
    id: 'bottomStackPopsWrongCamels',
    description: 'which camels a −1 trap moves',
    original: 'the −1 path pops index stack-c-1 of the square: when the moving camel is not at the bottom, the camels UNDER it move instead of those above it',
    fixed: 'the moving camel and those above it move, in order, under the destination stack',
  },
  {
    id: 'settlementSkipsLastBet',
    description: 'settling round and game bets',
    original: 'EndOfRound and EndOfGame loop over range(0, len(bets) - 1): the last bet placed is never paid nor charged',
    fixed: 'every bet is settled',
  },
  {
    id: 'loserBetsCheckWinner',
    description: 'settling game loser bets',
    original: 'EndOfGame checks game loser bets against the winning camel (and indexes the payout table without its bound)',
    fixed: 'loser bets are checked against the losing camel; payouts 8/5/3/1, then 1',
  },
  {
    id: 'endOfRoundTwice',
    description: 'the end of the last round',
    original: 'a move that ends both the round and the game runs EndOfRound twice (harmless: the first run clears the round bets)',
    fixed: 'EndOfRound runs once',
  },
];

export const CAMEL_VARIANTS: Record<'original' | 'pre-0620' | 'fixed', RuleVariant & { flags: CamelFlags }> = {
  original: {
    description: 'camelup.py at 46f6797 (2018-06-20, after the stack_from_bottom fix): the published results',
    flags: { stackFromBottom: false, bottomStackPopsWrongCamels: true, settlementSkipsLastBet: true, loserBetsCheckWinner: true, endOfRoundTwice: true },
  },
  'pre-0620': {
    description: 'camelup.py at 2ec4082 (2018-06-20, before that fix): stack_from_bottom defaulting on',
    flags: { stackFromBottom: true, bottomStackPopsWrongCamels: true, settlementSkipsLastBet: true, loserBetsCheckWinner: true, endOfRoundTwice: true },
  },
  fixed: {
    description: "every bug corrected (the question's rules)",
    flags: { stackFromBottom: false, bottomStackPopsWrongCamels: false, settlementSkipsLastBet: false, loserBetsCheckWinner: false, endOfRoundTwice: false },
  },
};

export const DEFAULT_CAMEL_VARIANT = 'original';

export function camelFlags(name: string): CamelFlags {
  const v = CAMEL_VARIANTS[name as keyof typeof CAMEL_VARIANTS];
  if (!v) throw new Error(`unknown camel-up rule variant "${name}"`);
  return v.flags;
}

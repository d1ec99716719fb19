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
  /** 2018 (true): round bets lost pay [-1,-1,-1,0], so a round's fourth losing bet is free; 2026: every losing bet costs 1. */
  fourthLosingRoundBetFree: boolean;
  /** 2018 (true): the game ends when a camel stands on square 16, 17 or 18 only; 2026: on any square >= 16. */
  finishOnly16to18: boolean;
  /** 2018 (true): players get a full deep copy of the state; 2026: player_view, opponents' game bets redacted. */
  fullStateCopy: boolean;
  /** 2018 (true): a player's exception ends the tournament; 2026: the player rolls instead ([0]). */
  crashEndsTournament: boolean;
  /** 2018 (true): answers are taken as given (an unknown action is skipped, a bet on "3" accepted, a second game bet on a camel ignored, a trap anywhere free); 2026: an invalid answer rolls instead. */
  invalidActionsUnchecked: boolean;
}

/** The 2026 revision of camelup.py (trbarron/Camel_Up_Cup_2K18, 2af27ad … 2dbad1c, Feb–Jul 2026); line numbers are of camelup.py at 2dbad1c. */
export const CAMEL_2026 = { repo: 'trbarron/Camel_Up_Cup_2K18', commit: '2dbad1c', file: 'camelup.py' } as const;

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
  {
    id: 'fourthLosingRoundBetFree',
    description: 'losing round bets',
    original: 'EndOfRound pays losing round bets from [-1,-1,-1,0] (2018): the fourth losing bet of a round costs nothing',
    fixed: '2026 (camelup.py@2dbad1c lines 209-210, "Every losing round bet costs a coin"): every losing round bet costs 1',
  },
  {
    id: 'finishOnly16to18',
    description: 'when the game ends',
    original: 'MoveCamel ends the game when squares 16, 17 or 18 hold a camel (2018): a camel pushed to 19 by a +1 trap on 18 does not end it',
    fixed: '2026 (camelup.py@2dbad1c line 139, range(finish_line, len(g.camel_track))): a camel on any square >= 16 ends the game',
  },
  {
    id: 'fullStateCopy',
    description: 'what a player is handed',
    original: 'PlayGame hands every player copy.deepcopy(g) (2018): every game bet (hashed) of every seat',
    fixed: "2026 (camelup.py@2dbad1c lines 42-53 player_view, line 92): opponents' game bets are [None, seat], their player_game_bets rows [None] * n",
  },
  {
    id: 'crashEndsTournament',
    description: "a player's exception",
    original: "PlayGame catches nothing (2018): a player's exception ends the tournament",
    fixed: '2026 (camelup.py@2dbad1c lines 91-94, "Crashing bots roll the dice"): the player rolls instead ([0])',
  },
  {
    id: 'invalidActionsUnchecked',
    description: 'an invalid answer',
    original: 'action() takes the answer as given (2018): an unknown action number prints "oh jeez" and is skipped, a trap needs only free neighbours, a bet on "3" or any value is taken, a second game bet on one camel is ignored',
    fixed:
      '2026 (camelup.py@2dbad1c lines 58-83, 146-150, 164-168, 174-178, 184): an action outside 0-4, a malformed answer, a trap of type not ±1, off squares 1-27 or on camels, a bet on a camel not in g.camels or a second game bet on one camel raises, and the player rolls instead; a failed MoveTrap leaves the old trap removed',
  },
];

const Y2018 = { fourthLosingRoundBetFree: true, finishOnly16to18: true, fullStateCopy: true, crashEndsTournament: true, invalidActionsUnchecked: true } as const;

export const CAMEL_VARIANTS: Record<'original' | 'pre-0620' | 'fixed' | '2026', RuleVariant & { flags: CamelFlags }> = {
  original: {
    description: 'camelup.py at 46f6797 (2018-06-20, after the stack_from_bottom fix): the published results',
    flags: { stackFromBottom: false, bottomStackPopsWrongCamels: true, settlementSkipsLastBet: true, loserBetsCheckWinner: true, endOfRoundTwice: true, ...Y2018 },
  },
  'pre-0620': {
    description: 'camelup.py at 2ec4082 (2018-06-20, before that fix): stack_from_bottom defaulting on',
    flags: { stackFromBottom: true, bottomStackPopsWrongCamels: true, settlementSkipsLastBet: true, loserBetsCheckWinner: true, endOfRoundTwice: true, ...Y2018 },
  },
  fixed: {
    description: "every 2018 bug corrected (the question's rules); the 2026 changes not made",
    flags: { stackFromBottom: false, bottomStackPopsWrongCamels: false, settlementSkipsLastBet: false, loserBetsCheckWinner: false, endOfRoundTwice: false, ...Y2018 },
  },
  '2026': {
    description: "camelup.py at 2dbad1c (2026, the revived Cup): the 2018 bugs fixed (EndOfRound still runs twice at the end, harmlessly) and the five 2026 flags' new behaviours",
    flags: {
      stackFromBottom: false,
      bottomStackPopsWrongCamels: false,
      settlementSkipsLastBet: false,
      loserBetsCheckWinner: false,
      endOfRoundTwice: true,
      fourthLosingRoundBetFree: false,
      finishOnly16to18: false,
      fullStateCopy: false,
      crashEndsTournament: false,
      invalidActionsUnchecked: false,
    },
  },
};

export const DEFAULT_CAMEL_VARIANT = 'original';

/**
 * A variant's flags. `A+flag` names variant A with one flag toggled (the per-flag runs of
 * `--compare-rules`): a plain string, so worker threads and checkpoints can carry it.
 */
export function camelFlags(name: string): CamelFlags {
  const [base, ...toggled] = name.split('+');
  const v = CAMEL_VARIANTS[base as keyof typeof CAMEL_VARIANTS];
  if (!v) throw new Error(`unknown camel-up rule variant "${name}"`);
  if (!toggled.length) return v.flags;
  const flags = { ...v.flags };
  for (const f of toggled) {
    if (!(f in flags)) throw new Error(`unknown camel-up rule flag "${f}" in "${name}"`);
    flags[f as keyof CamelFlags] = !flags[f as keyof CamelFlags];
  }
  return flags;
}

/** The flags on which two variants differ, in CAMEL_RULE_FLAGS order. */
export function differingFlags(a: string, b: string): (keyof CamelFlags)[] {
  const fa = camelFlags(a);
  const fb = camelFlags(b);
  return CAMEL_RULE_FLAGS.map((f) => f.id as keyof CamelFlags).filter((k) => fa[k] !== fb[k]);
}

/** The flags on which a variant differs from the published one's (`original`), each with what it does and its source lines (a replay's summary ends with it). */
export function rulesNote(rules: string): string {
  const diff = differingFlags(DEFAULT_CAMEL_VARIANT, rules);
  if (!diff.length) return '';
  const on = camelFlags(rules);
  return `\nRules "${rules}" differ from "${DEFAULT_CAMEL_VARIANT}" in ${diff.length} flag(s):\n` + diff.map((k) => {
    const f = CAMEL_RULE_FLAGS.find((x) => x.id === k)!;
    return `  ${k} ${on[k] ? 'on' : 'off'}: ${on[k] ? f.original : f.fixed}`;
  }).join('\n');
}

import type { RuleFlag, RuleVariant } from '../core/game.ts';

/**
 * The dice controller's versions as named rule flags. `original` is the first controller
 * posted with the question (its edit history); `fixed` is the updated controller, which
 * produced the official table and is the default.
 */
export interface DiceFlags {
  /** A bot reaching 40 during the last round moves the last-round initiator again. */
  lastRoundRetrigger: boolean;
  /** Bots receive the live scores list (and can change it) instead of a copy. */
  liveScores: boolean;
  /** The controller's wins and played_games are dicts prefilled with the pool's names (not defaultdicts). */
  prefilledStats: boolean;
}

export const DICE_RULE_FLAGS: (RuleFlag & { id: keyof DiceFlags })[] = [
  {
    id: 'lastRoundRetrigger',
    description: 'Last-round index bug: a second bot reaching 40 in the same pass becomes the last-round initiator, so every bot before it — the first to reach 40 included — gets an extra final turn.',
    original: 'Controller.play: `if game_scores[index] >= self.end_score:` then `last_round_initiator = index`',
    fixed: 'Controller.play: `if game_scores[index] >= self.end_score and not last_round:`',
  },
  {
    id: 'liveScores',
    description: 'Bots are handed the live scores list instead of a copy (a bot could read scores updated during its own pass, or modify them).',
    original: 'Controller.single_bot: `bot.make_throw(game_scores, last_round)`',
    fixed: 'Controller.single_bot: `bot.make_throw(game_scores[:], last_round)`',
  },
  {
    id: 'prefilledStats',
    description:
      "The controller's wins and played_games are dicts prefilled with every pool name (in pool order) instead of defaultdicts filled as bots play and win; only an answer that reads the controller object (CloneBot, 2019-02-18) sees the difference.",
    original: 'Controller.__init__: `self.wins = {bot.__name__: 0 for bot in self.bots}`',
    fixed: 'Controller.__init__: `self.wins = defaultdict(int)`',
  },
];

export const DICE_VARIANTS: Record<'original' | 'fixed', RuleVariant & { flags: DiceFlags }> = {
  original: { description: 'the first controller (question edit history): last-round index bug, live scores list', flags: { lastRoundRetrigger: true, liveScores: true, prefilledStats: true } },
  fixed: { description: 'the updated controller posted in the question (made the official table)', flags: { lastRoundRetrigger: false, liveScores: false, prefilledStats: false } },
};

export type DiceVariantName = keyof typeof DICE_VARIANTS;
export const DEFAULT_DICE_VARIANT: DiceVariantName = 'fixed';

export function diceFlags(name: string): DiceFlags {
  const v = DICE_VARIANTS[name as DiceVariantName];
  if (!v) throw new Error(`unknown dice rules "${name}": use ${Object.keys(DICE_VARIANTS).join(' or ')}`);
  return v.flags;
}

/**
 * Variants that are the first controller, which computes `game % (games // 100)` for its
 * progress bar and so raises ZeroDivisionError with fewer than 100 games per thread.
 */
export const CRASHES_BELOW_100_GAMES: ReadonlySet<string> = new Set(['original']);

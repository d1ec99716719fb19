/**
 * The dice game as the core sees it: one GameModule (rules in rules.ts, formats in
 * tournament.ts, variants in variants.ts, CLI in cli.ts, published tables in published.ts).
 */
import type { GameModule } from '../core/runner/game.ts';
import { registerDiceCli, registerDicePlay, statisticalReplay, DICE_DEFAULTS } from './cli.ts';
import { diceTrials, type DiceRunOptions } from './tournament.ts';
import type { DiceStats } from './stats.ts';
import { DEFAULT_DICE_VARIANT, DICE_RULE_FLAGS, DICE_VARIANTS } from './variants.ts';
import { diceClass } from '../../transpiled-bots/dice/index.ts';
import { diceBench } from './bench.ts';

export const diceGame: GameModule<DiceRunOptions, DiceStats> = {
  id: 'dice',
  title: 'A game of dice, but avoid number 6',
  questionId: 177765,
  ruleFlags: DICE_RULE_FLAGS,
  variants: DICE_VARIANTS,
  defaultVariant: DEFAULT_DICE_VARIANT,
  trials: diceTrials(diceClass),
  registerCli({ replay, play }) {
    registerDiceCli(replay);
    registerDicePlay(play);
  },
  defaultReplay: (ctx) =>
    statisticalReplay({
      seed: DICE_DEFAULTS.seed,
      rules: DEFAULT_DICE_VARIANT,
      table: 'official-final',
      confidence: DICE_DEFAULTS.confidence,
      workers: ctx.workers,
      shardSize: DICE_DEFAULTS.shardSize,
      json: ctx.json,
    }),
  bench: diceBench,
};

/**
 * The dice game (question 177765) as the core sees it: one GameDescriptor. Rules in
 * rules.ts, formats in tournament.ts, shardable trials in trials.ts, variants in variants.ts,
 * CLI in cli.ts, published tables in published.ts, answer extractor in extract.ts; the ports
 * are in transpiled-bots/dice/.
 */
import { diceVerifier } from './verify.ts';
import type { GameDescriptor } from '../core/game.ts';
import type { ReplayKit } from '../core/cli/kit.ts';
import { registerDiceCli, registerDicePlay, statisticalReplay, dicePool, DICE_PARAMS, diceWatchSamples } from './cli.ts';
import { paramDefaults } from '../core/cli/params.ts';
import type { DiceRunOptions } from './tournament.ts';
import { trials } from './trials.ts';
import type { DiceStats } from './stats.ts';
import { DEFAULT_DICE_VARIANT, DICE_RULE_FLAGS, DICE_VARIANTS } from './variants.ts';
import { PUBLISHED_DICE_TABLES } from './published.ts';
import { diceExtractor } from './extract.ts';
import { knownBots } from '../../transpiled-bots/dice/index.ts';
import { diceBench } from './bench.ts';
import { diceOriginals } from './originals.ts';
import { trials as abTrials } from './ab.ts';
import { diceBotClasses } from '../../transpiled-bots/dice/index.ts';

export const diceGame: GameDescriptor<DiceRunOptions, DiceStats> = {
  id: 'dice',
  questionId: 177765,
  title: 'A game of dice, but avoid number 6',
  botLanguage: 'Python 3',
  extractor: diceExtractor,
  generator: 'cpython3',
  knownBots,
  published: PUBLISHED_DICE_TABLES.map((t) => ({ name: t.name, source: 'question 177765, official final high score list', bots: t.rows.map((r) => r.bot) })),
  verify: diceVerifier,
  engine: {
    ab: {
      pairs: 'the same seed, seats, opponents (up to 7 from the field) and dice, A where B sat; the bots draw from the controller\'s generator, so once A and B decide differently the streams part',
      score: 'a, b: the seat won the game (1; a win shared by k bots 1/k), else 0',
      bots: () => diceBotClasses.map((c) => c.botName),
      field: () => dicePool('official'),
      minField: 1,
      batch: 200,
      trials: abTrials,
      python: { batch: 10 },
    },
    ruleFlags: DICE_RULE_FLAGS,
    variants: DICE_VARIANTS,
    defaultVariant: DEFAULT_DICE_VARIANT,
    trials,
    entrants: { python: diceOriginals },
    watchSamples: diceWatchSamples,
    registerCli({ replay, play }, kit: ReplayKit) {
      registerDiceCli(replay, kit);
      registerDicePlay(play, kit);
    },
    params: DICE_PARAMS,
    // The declared defaults of `koth replay dice`, with the root command's --workers and --json.
    defaultReplay: (ctx) => statisticalReplay({ ...paramDefaults<Parameters<typeof statisticalReplay>[0]>(diceGame.engine!), workers: ctx.workers, json: ctx.json }, ctx.kit),
    bench: diceBench,
    conformance: {
      trials: { opts: { bots: dicePool('official'), rules: 'fixed' }, trials: 12_000, shardSize: 1_000 },
      replayArgs: ['--games', '2000', '--workers', '1'],
    },
  },
};

/**
 * The dice game (question 177765) as the core sees it: one GameDescriptor. Rules in
 * rules.ts, formats in tournament.ts, shardable trials in trials.ts, variants in variants.ts,
 * the CLI's parameters in params.ts and its modes in cli.ts, published tables in published.ts, answer extractor in extract.ts; the ports
 * are in transpiled-bots/dice/, handed to the game by engines/wiring/dice.ts (ports.ts).
 */
import { diceVerifier } from './verify.ts';
import type { GameDescriptor } from '../core/game.ts';
import { DICE_PLAY, DICE_REPLAY } from './cli.ts';
import { DICE_PARAMS } from './params.ts';
import { diceWatchSamples } from './watch.ts';
import { defaultStatisticalReplay } from '../core/cli/replay.ts';
import type { DiceRunOptions } from './tournament.ts';
import { trials } from './trials.ts';
import type { DiceStats } from './stats.ts';
import { DEFAULT_DICE_VARIANT, DICE_RULE_FLAGS, DICE_VARIANTS } from './variants.ts';
import { PUBLISHED_DICE_TABLES } from './published.ts';
import { diceExtractor } from './extract.ts';
import { diceBench } from './bench.ts';
import { abBench } from './ab-bench.ts';
import { diceOriginals } from './originals.ts';
import { trials as abTrials } from './ab.ts';
import { DICE_HOST } from './host.ts';
import { dicePools, dicePorts, officialDicePool } from './ports.ts';

export const diceGame: GameDescriptor<DiceRunOptions, DiceStats> = {
  id: 'dice',
  questionId: 177765,
  title: 'A game of dice, but avoid number 6',
  botLanguage: 'Python 3',
  extractor: diceExtractor,
  generator: 'cpython3',
  get knownBots() {
    return dicePorts.knownBots();
  },
  published: PUBLISHED_DICE_TABLES.map((t) => ({ name: t.name, source: 'question 177765, official final high score list', bots: t.rows.map((r) => r.bot) })),
  verify: diceVerifier,
  engine: {
    ab: {
      pairs: 'the same seed, seats, opponents (up to 7 from the field) and dice, A where B sat; the bots draw from the controller\'s generator, so once A and B decide differently the streams part',
      score: 'a, b: the seat won the game (1; a win shared by k bots 1/k), else 0',
      bots: () => dicePorts.names(),
      field: officialDicePool,
      minField: 1,
      batch: 200,
      trials: abTrials,
      python: { batch: 10 },
      bench: (ctx) => abBench(ctx, diceGame.engine!.ab!),
    },
    pools: dicePools,
    ruleFlags: DICE_RULE_FLAGS,
    variants: DICE_VARIANTS,
    defaultVariant: DEFAULT_DICE_VARIANT,
    trials,
    entrants: { python: diceOriginals },
    host: DICE_HOST,
    watchSamples: diceWatchSamples,
    params: DICE_PARAMS,
    replay: DICE_REPLAY,
    play: DICE_PLAY,
    // The declared defaults of `koth replay dice`, with the root command's --workers and --json.
    defaultReplay: (ctx) => defaultStatisticalReplay(diceGame, ctx),
    bench: diceBench,
    conformance: {
      trials: { opts: { bots: officialDicePool(), rules: 'fixed' }, trials: 12_000, shardSize: 1_000 },
      replayArgs: ['--games', '2000', '--workers', '1'],
    },
  },
};

/**
 * Camel Up Cup 2k18 (question 167101) as the core sees it: camelup.py in rules.ts, its bugs as
 * flags in variants.ts, the tournament and trials in tournament.ts / trials.ts, the published
 * points in published.ts, the CLI's parameters in params.ts and its modes in cli.ts; the ports in transpiled-bots/camel-up/, handed to
 * the game by engines/wiring/camel-up.ts (ports.ts).
 */
import { camelOriginals } from './originals.ts';
import { camelVerifier } from './verify.ts';
import { publishedTablesOf, type GameDescriptor } from '../core/game.ts';
import { camelUpExtractor } from './extract.ts';
import { defaultStatisticalReplay } from '../core/cli/replay.ts';
import { CAMEL_PLAY, CAMEL_REPLAY } from './cli.ts';
import { CAMEL_PARAMS } from './params.ts';
import { camelWatchSamples } from './watch.ts';
import { trials } from './trials.ts';
import { camelBench } from './bench.ts';
import type { CamelRunOptions, CamelStats } from './tournament.ts';
import { CAMEL_RULE_FLAGS, CAMEL_VARIANTS, DEFAULT_CAMEL_VARIANT } from './variants.ts';
import publishedJson from '../../fixtures/camel-up/published/camel-up.json' with { type: 'json' };
import { trials as abTrials, python as abPython } from './ab.ts';
import { camelUpPools, camelUpPorts, housePorts, isHousePort, questionPorts } from './ports.ts';
import { CAMEL_TEST_BOTS } from './test-bots.ts';
import { CAMEL_HOST } from './host.ts';

export const camelUpGame: GameDescriptor<CamelRunOptions, CamelStats> = {
  id: 'camel-up',
  questionId: 167101,
  title: 'Camel Up Cup: An AI board game tournament (Camel Up Cup 2k18)',
  botLanguage: 'Python 3',
  extractor: camelUpExtractor,
  generator: 'cpython3',
  get knownBots() {
    return camelUpPorts.knownBots();
  },
  published: publishedTablesOf(publishedJson),
  verify: camelVerifier,
  engine: {
    ab: {
      pairs: 'the same 3 opponents from the field (drawn with replacement), seats, camels\' starting squares, per-round move order and dice (scripted: drawn from a stream of their own, whatever the players do)',
      score: 'a, b: the seat won (most money; shared by k: 1/k), else 0; a game in which no seated player ever rolls (Player1 and Player2 only bet) ends after 1000 actions with no winner (camelup.py would hang), and so does a game camelup.py raised in (the 2018 rules\' illegal trap)',
      // Every port (the 2026 house bots' too: `koth registry camel-up` lists them), and our test players.
      bots: () => [...questionPorts(), ...housePorts(), ...CAMEL_TEST_BOTS.map((p) => p.name)],
      field: () => ['Player0', 'Player1', 'Player2'],
      // A 2026 house bot's port named (A, B or --field): camelup.py 2026, the rules it was written for (as koth verify plays it).
      rulesFor: (named) => (named.some(isHousePort) ? '2026' : undefined),
      minField: 1,
      batch: 50,
      trials: abTrials,
      python: abPython,
    },
    pools: camelUpPools,
    ruleFlags: CAMEL_RULE_FLAGS,
    variants: CAMEL_VARIANTS,
    defaultVariant: DEFAULT_CAMEL_VARIANT,
    trials,
    entrants: { python: camelOriginals },
    watchSamples: camelWatchSamples,
    params: CAMEL_PARAMS,
    replay: CAMEL_REPLAY,
    play: CAMEL_PLAY,
    // The declared defaults of `koth replay camel-up`, with the root command's --workers and --json.
    defaultReplay: (ctx) => defaultStatisticalReplay(camelUpGame, ctx),
    bench: camelBench,
    conformance: {
      trials: { opts: { bots: ['Player0', 'Player1', 'Player2', 'Player0'], rules: 'original' }, trials: 60, shardSize: 10 },
      replayArgs: ['--games', '20', '--workers', '1', '--pool', 'dumb'],
    },
    host: CAMEL_HOST,
  },
};

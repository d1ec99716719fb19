/**
 * Adventurers in the ruins (question 183101) as the core sees it. Rules in rules.ts, the
 * tournament in tournament.ts, driver versions in variants.ts, the CLI's
 * parameters in params.ts and its modes in cli.ts, the
 * answer extractor in extract.ts; ports in transpiled-bots/ruins/, handed to the game by engines/wiring/ruins.ts (ports.ts). A ruins tournament is
 * one sequential stream (run_tournament's generator), so it has no shardable trials: it is
 * replayed exactly.
 */
import { ruinsVerifier } from './verify.ts';
import type { GameDescriptor } from '../core/game.ts';
import { unportedBots } from '../core/provenance.ts';
import { RUINS_PLAY, RUINS_REPLAY } from './cli.ts';
import { ruinsPublishedReport } from './published.ts';
import { RUINS_PARAMS } from './params.ts';
import { ruinsWatchSamples } from './watch.ts';
import { RUINS_PUBLISHED } from './published.ts';
import { ruinsBench } from './bench.ts';
import { ruinsOriginals } from './originals.ts';
import { ruinsExtractor } from './extract.ts';
import { DEFAULT_RUINS_VARIANT, RUINS_RULE_FLAGS, RUINS_VARIANTS } from './variants.ts';
import { trials as abTrials, python as abPython } from './ab.ts';
import { RUINS_TEST_BOTS, ruinsPools, ruinsPorts } from './ports.ts';
import { RUINS_HOST } from './host.ts';

const published = RUINS_PUBLISHED.map((t) => ({ name: t.name, source: 'question 183101, leaderboard as of 2019-05-04', bots: t.rows.map((r) => r.bot) }));

export const ruinsGame: GameDescriptor = {
  id: 'ruins',
  questionId: 183101,
  title: 'Adventurers in the Ruins (treasure-raiding KotH)',
  botLanguage: 'Python 3',
  extractor: ruinsExtractor,
  generator: 'cpython3',
  get knownBots() {
    const ported = ruinsPorts.knownBots();
    return [
      ...ported,
      ...unportedBots(
        'ruins',
        183101,
        published.flatMap((t) => t.bots).filter((b) => !ported.some((k) => k.bot === b)),
        'question 183101 (answers); not reachable here: scrape it with koth scrape ruins',
      ),
    ];
  },
  published,
  verify: ruinsVerifier,
  engine: {
    ab: {
      pairs: 'the same game seed and seats (A or B first, then up to 9 opponents from the field); single games are alike under both driver versions',
      score: 'a, b: the seat has the top score of the game (shared by k: 1/k), else 0',
      bots: () => ruinsPorts.names(),
      field: () => [...RUINS_TEST_BOTS],
      minField: 1,
      batch: 20,
      trials: abTrials,
      python: abPython,
    },
    pools: ruinsPools,
    ruleFlags: RUINS_RULE_FLAGS,
    variants: RUINS_VARIANTS,
    defaultVariant: DEFAULT_RUINS_VARIANT,
    entrants: { python: ruinsOriginals },
    watchSamples: ruinsWatchSamples,
    replay: RUINS_REPLAY,
    play: RUINS_PLAY,
    params: RUINS_PARAMS,
    defaultReplay: async () => ruinsPublishedReport(),
    bench: ruinsBench,
    conformance: { replayArgs: ['--seed', 'K48XMESC', '--pool', 'test-bots'] },
    host: RUINS_HOST,
  },
};

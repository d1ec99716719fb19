/**
 * A game of atomic proportions (question 95889) as the core sees it. The posted controller in
 * rules.ts, its bugs as flags in variants.ts, 20-game runs and trials in tournament.ts /
 * trials.ts, the published scores in published.ts, the CLI's parameters in params.ts and its modes in cli.ts, external programs as
 * bots in external.ts; ports in transpiled-bots/atomas/, handed to the game by engines/wiring/atomas.ts (ports.ts).
 */
import type { GameDescriptor } from '../core/game.ts';
import { publishedTablesOf } from '../core/game.ts';
import { unportedBots } from '../core/provenance.ts';
import { atomasExtractor } from './extract.ts';
import { defaultStatisticalReplay } from '../core/cli/replay.ts';
import { ATOMAS_PLAY, ATOMAS_REPLAY } from './cli.ts';
import { ATOMAS_PARAMS } from './params.ts';
import { atomasWatchSamples } from './watch.ts';
import { trials } from './trials.ts';
import type { AtomasRunOptions, AtomasRunStats } from './tournament.ts';
import { ATOMAS_RULE_FLAGS, ATOMAS_VARIANTS, DEFAULT_ATOMAS_VARIANT } from './variants.ts';
import publishedJson from '../../fixtures/atomas/published/atomas.json' with { type: 'json' };
import { trials as abTrials } from './ab.ts';
import { atomasAbEntrants } from './ab-entrants.ts';
import { atomasPools, atomasPorts } from './ports.ts';
import { ATOMAS_PROGRAMS } from './external.ts';
import { ATOMAS_HOST } from './host.ts';

const published = publishedTablesOf(publishedJson);

export const atomasGame: GameDescriptor<AtomasRunOptions, AtomasRunStats> = {
  id: 'atomas',
  questionId: 95889,
  title: 'A game of atomic proportions',
  botLanguage: 'Python 2',
  extractor: atomasExtractor,
  generator: 'cpython2',
  get knownBots() {
    const ported = atomasPorts.knownBots();
    return [...ported, ...unportedBots('atomas', 95889, published[0]!.bots.filter((b) => !ported.some((k) => k.bot === b)), 'question 95889 (answers)')];
  },
  published,
  verify: {
    unavailable:
      'the Atomas answers are Python 2 programs that read the board on stdin and print a move (not classes the Python 3 sandbox can hold in one seat beside a port). ' +
      'What proves the ports instead: the recorded decision traces fixtures/atomas/traces/{RandomBot,BadPlayer,draftBot}.json.gz (every call of the posted bots in real runs of the posted controller, with the generator state after it), ' +
      'replayed call for call by transpiled-bots/atomas/traces.test.ts, and the 15 goldens fixtures/atomas/goldens/<Bot>-seed{1,2,3,7,95889}.json of the posted controller, reproduced game for game by engines/atomas/goldens.test.ts',
  },
  engine: {
    // What it seats besides its ports: programs, spawned once per move (external.ts).
    entrants: { program: ATOMAS_PROGRAMS },
    // `koth host`: solo games; posted answers are programs, seated only with --allow-programs (host.ts).
    host: ATOMAS_HOST,
    ab: {
      pairs: 'one game each on the same Python 2 generator (the same atom sequence until a bot draws from random differently); the field is not used (a solo game)',
      score: 'a = 1 if the candidate\'s score beats the baseline\'s in the pair, 1/2 if equal, 0 below; b = 1 - a',
      bots: () => atomasPorts.names(),
      field: () => [],
      minField: 0,
      batch: 5,
      trials: abTrials,
      botHint: 'or a --bot-cmd program by its Name',
      entrants: atomasAbEntrants,
    },
    pools: atomasPools,
    ruleFlags: ATOMAS_RULE_FLAGS,
    variants: ATOMAS_VARIANTS,
    defaultVariant: DEFAULT_ATOMAS_VARIANT,
    trials,
    watchSamples: atomasWatchSamples,
    params: ATOMAS_PARAMS,
    replay: ATOMAS_REPLAY,
    play: ATOMAS_PLAY,
    // The declared defaults of `koth replay atomas`, with the root command's --workers and --json.
    defaultReplay: (ctx) => defaultStatisticalReplay(atomasGame, ctx),
    conformance: {
      trials: { opts: { bot: 'RandomBot', rules: 'original' }, trials: 40, shardSize: 5 },
      replayArgs: ['--runs', '20', '--workers', '1', '--bots', 'RandomBot'],
    },
  },
};

/**
 * The Futuristic Gun Duel (question 104896) as the core sees it: duel rules in rules.ts, the
 * tournament in tournament.ts, variants in variants.ts, trials in trials.ts, the CLI's
 * parameters in params.ts and its modes in cli.ts, published table in published.ts, the answer
 * extractor in extract.ts; the 17 ports in
 * transpiled-bots/gun-duel/. Exact replays use libstdc++'s engines modelled in
 * engines/core/rng/libstdcpp.ts (all three built from the clock reading S); statistical
 * tournaments draw their three seeds from a seedrandom stream (the `seedrandom` kind).
 */
import { publishedTablesOf, type GameDescriptor } from '../core/game.ts';
import { gunDuelExtractor } from './extract.ts';
import { gunDuelVerifier } from './verify.ts';
import { placePublished, recordedDistribution } from './distribution.ts';
import { GUN_DUEL_PLAY, GUN_DUEL_REPLAY } from './cli.ts';
import { GUN_DUEL_PARAMS } from './params.ts';
import { gunDuelWatchSamples } from './watch.ts';
import { trials, type GunDuelAcc, type GunDuelRunOptions } from './trials.ts';
import { DEFAULT_VARIANT, VARIANTS, VARIANT_HELP } from './variants.ts';
import { gunDuelBench, ORIGINAL_BIN_HINT } from './bench.ts';
import publishedJson from '../../fixtures/gun-duel/published/gun-duel.json' with { type: 'json' };
import { trials as abTrials } from './ab.ts';
import { gunDuelAbEntrants } from './ab-entrants.ts';
import { gunDuelPools, gunDuelPorts } from './ports.ts';
import { GUN_DUEL_CPP } from './cpp/cli.ts';
import { GUN_DUEL_PROGRAMS } from './external.ts';
import { GUN_DUEL_HOST } from './host.ts';

export const gunDuelGame: GameDescriptor<GunDuelRunOptions, GunDuelAcc> = {
  id: 'gun-duel',
  questionId: 104896,
  title: 'The Futuristic Gun Duel',
  botLanguage: 'C++',
  // --cpp-players: the answers compiled to WebAssembly (engines/gun-duel/cpp/), run in C++ sandbox workers
  answersRuntime: 'wasm',
  extractor: gunDuelExtractor,
  generator: 'seedrandom',
  get knownBots() {
    return gunDuelPorts.knownBots();
  },
  published: publishedTablesOf(publishedJson),
  // port against its compiled original, in lockstep, in a C++ sandbox worker (verify.ts)
  verify: gunDuelVerifier,

  engine: {
    // What it seats besides its ports: C++ answers as posted (cpp/cli.ts) and programs (external.ts).
    entrants: { cpp: GUN_DUEL_CPP, program: GUN_DUEL_PROGRAMS },
    // `koth host`: duels of two seats, posted C++ answers compiled to WebAssembly (host.ts).
    host: GUN_DUEL_HOST,
    ab: {
      pairs: 'one duel against the same opponent from the field, on the same side, with the same identifiers and engine seeds',
      score: 'a, b: the duel won 1, drawn 1/2, lost 0',
      bots: () => gunDuelPorts.names(),
      field: () => gunDuelPorts.names(),
      minField: 1,
      batch: 500,
      trials: abTrials,
      botHint: 'or a class of --cpp-players files, or a --bot-cmd program by its Name',
      entrants: gunDuelAbEntrants,
    },
    pools: gunDuelPools,
    ruleFlags: [
      {
        id: 'validB-from-actionA',
        description: "GunDuel::fight checks player B's action range with player A's action",
        original: "validB = B's ammo >= 0 && actionA < 5 (GunDuel.hpp, a6e74c9)",
        fixed: "validB = B's ammo >= 0 && actionB < 5",
      },
    ],
    variants: Object.fromEntries(VARIANTS.map((v) => [v, { description: VARIANT_HELP[v], flags: { 'validB-from-actionA': v === 'original' } }])),
    defaultVariant: DEFAULT_VARIANT,
    trials,
    watchSamples: gunDuelWatchSamples,
    replay: GUN_DUEL_REPLAY,
    play: GUN_DUEL_PLAY,
    params: GUN_DUEL_PARAMS,
    // Our engine's tournaments recorded as data (fixtures/gun-duel/distribution: cheap to
    // place the published board in); `koth replay gun-duel --tournaments N` runs new ones.
    defaultReplay: async () => placePublished(recordedDistribution()),
    bench: gunDuelBench,
    // The user's own build of the original, timed as it is (--original-bin PATH).
    benchProgram: { hint: ORIGINAL_BIN_HINT, checkout: 'a checkout of fzql/GunDuel: its 17 answers compiled to WebAssembly (cold and cached) and one tournament of them timed in a C++ sandbox worker' },
    conformance: {
      trials: { opts: { variant: DEFAULT_VARIANT, repetition: 2, players: ['GunClubPlayer', 'PlasmaPlayer', 'TurtlePlayer', 'FatedPlayer'] }, trials: 4, shardSize: 1 },
      replayArgs: ['--exact', '--seed', '1', '--repetition', '1', '--players', 'GunClubPlayer,PlasmaPlayer,TurtlePlayer,FatedPlayer'],
    },
  },
};

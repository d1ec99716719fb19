/**
 * The parameters of `koth replay gun-duel` and `koth play gun-duel` as data (engines/core/cli/params.ts
 * reads them): the descriptor's `engine.params`, and the declared defaults the commands fall back on.
 */
import { UserError } from '../core/cli/errors.ts';
import { maxWorkers, nonEmpty, paramDefaults, positiveInt, type GameParams } from '../core/cli/kit.ts';
import { ratingsParam } from '../core/cli/ratings.ts';
import { CPP_LIBRARIES } from './player.ts';
import { VARIANTS, type GunDuelVariant } from './variants.ts';
import { EXTERNAL_PARAMS } from './external-cli.ts';

const PLAYERS_HELP = 'players (names or 0-based registration indices, comma-separated)';

/** The parameters of `koth replay gun-duel` and `koth play gun-duel` (engines/core/cli/params.ts). */
export const GUN_DUEL_PARAMS: GameParams = {
  replay: {
    report: 'default-only', // --report: the published scoreboard in the recorded distribution (its default replay) only
    params: [
      { flags: '--exact', help: 'exact replay of the g++ build with every clock reading = S (one fresh process per tournament)', rules: [{ excludes: ['--tournaments', '--from', '--checkpoint'], why: 'it plays one tournament with every clock reading = S' }] },
      { common: 'seed', default: '2017', help: 'clock reading S for --exact; master seed of the statistical mode', rules: [{ needs: ['--exact', '--compare-rules', '--tournaments'], why: 'without them the published scoreboard is placed in recorded tournaments' }] },
      { flags: '--players <list>', help: `${PLAYERS_HELP} for --exact / --compare-rules`, rules: [{ needs: ['--exact', '--compare-rules'], why: 'the distribution uses the 17 tournament players' }] },
      { flags: '--repetition <n>', help: 'duels per pair per round', parse: positiveInt, default: 100 },
      { common: 'rules', help: 'duel rules' },
      { flags: '--stdlib <lib>', help: "the C++ library the original is built with: libstdc++ (g++, our oracle) or msvc (Visual C++, as the published run); without --tournaments, the recorded distribution of that model", choices: CPP_LIBRARIES, default: 'libstdc++' },
      { flags: '--tournaments <N>', help: 'statistical mode: N tournaments, each scoreboard printed with --json', parse: positiveInt, fallback: 8 },
      { flags: '--from <file>', help: 'place the published scoreboard in a saved --tournaments --json output instead of running (made with the same --repetition, --rules and --stdlib)', parse: nonEmpty('a file written by --tournaments N --json'), rules: [{ excludes: ['--tournaments', '--seed', '--checkpoint'], why: 'the file holds tournaments already played' }] },
      { common: 'cppPlayers', rules: [{ excludes: ['--compare-rules', '--compare-stdlib', '--from'], why: 'compiled answers play new tournaments: --exact or --tournaments N' }, { needs: ['--exact', '--tournaments'], why: 'compiled answers play new tournaments' }, { excludes: ['--bot-cmd'], why: 'compiled answers run in C++ sandbox workers, programs on this machine: one or the other in a run for now' }] },
      {
        flags: '--compare-rules [A,B]',
        help: "A,B: --tournaments N pairs of tournaments, each the same seeds and players under rules A and B; each player's paired difference in points (99% intervals; A,A is the self-test). Bare (the old form, kept for scripts): the seed played exactly under original and fixed, duel by duel",
        parse: gunDuelRulePair,
        rules: [{ excludes: ['--exact', '--from', '--rules'], why: 'it plays both rules itself' }],
      },
      { flags: '--compare-stdlib', help: 'recorded data: how often each player reaches its published place under the libstdc++ and the MSVC model', rules: [{ excludes: ['--exact', '--compare-rules', '--tournaments', '--from', '--seed', '--players', '--repetition', '--rules', '--stdlib', '--checkpoint'], why: 'it shows recorded tournaments only' }] },
      { common: 'workers', help: `worker threads for --tournaments, at most ${maxWorkers()} here` },
      { common: 'queue', rules: [{ needs: ['--tournaments', '--compare-rules'], why: 'only --tournaments runs and the rule A/B are cut into shards' }] },
      { common: 'checkpoint', help: 'with --tournaments or --compare-rules A,B: save progress to this file and resume from it (checked writable before the run)', rules: [{ needs: ['--tournaments', '--compare-rules'], why: 'only new tournaments make progress to save' }] },
      { common: 'json' },
      ratingsParam('every duel of the tournaments (all rounds): the winner beats the loser, a draw is 0.5 each; the bootstrap blocks are tournaments', [
        { needs: '--tournaments', why: 'every duel of new tournaments is a rated game (a recorded distribution or --from file keeps scoreboards, not duels)' },
        { excludes: ['--exact', '--compare-rules', '--compare-stdlib', '--from'], why: 'ratings are fitted on the duels of --tournaments N' },
      ]),
      ...EXTERNAL_PARAMS,
    ],
  },
  play: {
    params: [
      { common: 'seed', default: '2017', help: 'clock reading S (an integer)' },
      { flags: '--players <list>', help: `${PLAYERS_HELP}; default all 17` },
      { flags: '--repetition <n>', help: 'duels per pair per round', parse: positiveInt, default: 1 },
      { common: 'rules', help: 'duel rules' },
      { flags: '--stdlib <lib>', help: 'the C++ library the original is taken to be built with', choices: CPP_LIBRARIES, default: 'libstdc++' },
      { common: 'watch' },
      { common: 'json', help: "machine-readable output: the first round's duels (a, b, actions, status) and the scoreboard" },
    ],
  },
};

/** The declared defaults of `koth replay gun-duel`. */
export const GUN_DUEL_DEFAULTS = paramDefaults<{ seed: string; tournaments: number; repetition: number }>({ params: GUN_DUEL_PARAMS });

/** `--compare-rules A,B`'s parser: two of the duel rules (bare, the option is the old exact comparison). */
function gunDuelRulePair(text: string): [GunDuelVariant, GunDuelVariant] {
  const v = text.split(',').map((x) => x.trim());
  if (v.length !== 2 || v.some((x) => !(VARIANTS as readonly string[]).includes(x))) throw new UserError(`--compare-rules takes two variants of ${VARIANTS.join(', ')}, e.g. original,fixed (A,A is the self-test: every difference 0); bare --compare-rules is the old exact one-seed comparison`);
  return v as [GunDuelVariant, GunDuelVariant];
}

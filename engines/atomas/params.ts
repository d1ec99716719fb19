/**
 * The parameters of `koth replay atomas` and `koth play atomas` as data (engines/core/cli/params.ts
 * reads them): the descriptor's `engine.params`, and the declared defaults the commands fall back on.
 */
import { ratingsRefusedParam } from '../core/cli/ratings.ts';
import { paramDefaults, positiveInt, type GameParams } from '../core/cli/kit.ts';
import { GAMES_PER_RUN } from './tournament.ts';
import { ATOMAS_ANSWERS } from './ports.ts';

/** Why `--ratings` is refused (replay's option and its hook). */
export const NO_RATINGS = 'Atomas is a solo score game — each bot plays its own games, alone, and is compared by its score, so no game has a winner and a loser for a Bradley–Terry fit';
/** The posted answers, for help texts and messages. */
export const BOT_NAMES = ATOMAS_ANSWERS.join(', ');

/** The parameters of `koth replay atomas` and `koth play atomas` (engines/core/cli/params.ts). */
export const ATOMAS_PARAMS: GameParams = {
  replay: {
    rulesHelp: true,
    params: [
      { flags: '--exact', help: 'exact replay of one bot: random.seed(S) once, 20 games, golden-format output', noReport: true, rules: [{ excludes: ['--compare-rules'], why: '--exact replays one controller version (--rules) game for game; --compare-rules runs both statistically' }] },
      { common: 'seed', default: '95889', help: 'master seed; with --exact, the integer given to random.seed' },
      { flags: '--runs <N>', help: '20-game runs per bot', parse: positiveInt, fallback: 300, rules: [{ excludes: ['--exact'], why: '--exact plays one run of --games games' }] },
      { common: 'games', help: `with --exact: games in the run (the controller played ${GAMES_PER_RUN})`, rules: [{ needs: '--exact', why: 'a statistical run is --runs of 20 games each' }] },
      { common: 'bots', help: `bots to run (${BOT_NAMES})` },
      { common: 'pool', help: 'answers (the three posted bots; default)' },
      { common: 'rules', help: 'controller version' },
      { common: 'compareRules' },
      { common: 'confidence', default: 0.99 },
      { common: 'workers' },
      { common: 'queue' },
      { common: 'shardSize', default: 25 },
      { common: 'checkpoint', rules: [{ excludes: ['--exact'], why: 'an exact replay is one stream from random.seed(S): it is not cut into shards, so there is nothing to resume' }] },
      { common: 'json' },
      ratingsRefusedParam(NO_RATINGS),
      { common: 'botCmd', rules: [{ needs: '--exact', why: 'it plays one program in an --exact run, from --seed S' }] },
      { common: 'moveTimeout' },
    ],
  },
  play: {
    params: [
      { common: 'seed', default: '1', help: 'the integer given to random.seed' },
      { common: 'games', help: 'games to play (the first of the run)', default: 1 },
      { common: 'bots', help: `the bot (${BOT_NAMES}); default ${ATOMAS_ANSWERS[0]!}` },
      { common: 'rules', help: 'controller version' },
      { common: 'json', help: 'one JSON object per move (game, input, output, scoreBefore), then {"games": [...]}' },
      { common: 'watch' },
    ],
  },
};

/** The declared defaults of `koth replay atomas`. */
export const ATOMAS_DEFAULTS = paramDefaults<{ runs: number }>({ params: ATOMAS_PARAMS });

/**
 * The parameters of `koth replay dice` and `koth play dice` as data (engines/core/cli/params.ts
 * reads them): the descriptor's `engine.params`, and the declared defaults the commands fall back on.
 */
import { paramDefaults, positiveInt, type GameParams } from '../core/cli/kit.ts';
import { ratingsParam } from '../core/cli/ratings.ts';
import { PUBLISHED_DICE_TABLES } from './published.ts';

/** Games of an exact replay when --games is not given (a statistical run: the declared --games). */
export const EXACT_GAMES = 1000;
const DICE_SEED = '2019';
const CHECKPOINT_EXACT = { excludes: ['--exact'], why: 'an exact replay is one stream from random.seed(S): it is not cut into shards, so there is nothing to resume' };

/** The parameters of `koth replay dice` and `koth play dice` (engines/core/cli/params.ts). */
export const DICE_PARAMS: GameParams = {
  replay: {
    rulesHelp: true,
    params: [
      { flags: '--exact', help: 'exact replay of the original controller: random.seed(S), one stream, golden-format output', noReport: true, rules: [{ excludes: ['--compare-rules'], why: '--exact replays one controller version (--rules) game for game; --compare-rules runs both statistically' }] },
      { common: 'seed', default: DICE_SEED, help: 'master seed (an integer is read as Python would read it)' },
      { common: 'games', fallback: 400_000, help: `games to play (default 400000 statistical, ${EXACT_GAMES} with --exact)` },
      { common: 'bots', help: 'bots in pool order (the role of Bot.__subclasses__()); overrides --pool' },
      { common: 'pool', help: 'official (the 49 of the official table), rule-benders (+NeoBot, KwisatzHaderach, HarkonnenBot), all (every direct Bot subclass of the 2019-01-07 snapshot), ported' },
      { common: 'rules', help: 'controller version' },
      { flags: '--table <name>', help: 'published table to compare with', choices: PUBLISHED_DICE_TABLES.map((t) => t.name), default: 'official-final' },
      { common: 'compareRules' },
      { common: 'confidence', default: 0.999 },
      { common: 'workers' },
      { common: 'queue' },
      { common: 'shardSize', default: 10_000 },
      { common: 'checkpoint', rules: [CHECKPOINT_EXACT] },
      { common: 'json' },
      ratingsParam('the winners (the seated bots holding the top score; ties share) beat the other seated bots', [{ excludes: ['--exact', '--compare-rules'], why: 'ratings are fitted on a statistical replay of one rule variant' }]),
      { common: 'pythonBots' },
    ],
  },
  play: {
    params: [
      { common: 'seed', default: DICE_SEED, help: 'random.seed(S) before the first game' },
      { common: 'games', default: 1 },
      { common: 'bots', help: 'bots in pool order; 8 are drawn per game' },
      { common: 'pool', help: 'official, rule-benders, all or ported' },
      { common: 'rules', help: 'controller version' },
      { common: 'json', help: 'one JSON object per turn (JSON lines), then the game statistics' },
      { common: 'pythonBots' },
      { common: 'watch' },
      { flags: '--show-game <K>', help: 'with --report: the page shows game K only (the first controller plays at least 100 games)', parse: positiveInt, rules: [{ needs: '--report', why: 'it picks the game the page shows' }] },
    ],
  },
};

/** The declared defaults of `koth replay dice` (what its statistical run uses when an option is not given). */
export const DICE_DEFAULTS = paramDefaults<{ seed: string; games: number }>({ params: DICE_PARAMS });

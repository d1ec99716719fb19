/**
 * The parameters of `koth replay camel-up` and `koth play camel-up` as data (engines/core/cli/params.ts
 * reads them): the descriptor's `engine.params`, and the declared defaults the commands fall back on.
 */
import { ratingsParam } from '../core/cli/ratings.ts';
import { paramDefaults, timeLimit, type GameParams, type ParamDecl } from '../core/cli/kit.ts';
import { camelOriginals, MOVE_TIMEOUT_HELP } from './originals.ts';
import { CAMEL_POOLS } from './ports.ts';
import { FORMAT_2026_HELP } from './format2026-cli.ts';

const MOVE_TIMEOUT: ParamDecl = { flags: '--move-timeout <s>', help: MOVE_TIMEOUT_HELP, parse: timeLimit(1000), rules: [{ needs: '--python-bots', why: 'ports have no time limit' }] };
const MORE_POOLS = `misbehaving (${CAMEL_POOLS.misbehaving!.join(', ')}: our own players that crash and answer what camelup.py 2026 refuses; --rules 2026) or house (${CAMEL_POOLS.house!.join(', ')}: the 2026 house bots' ports; --rules 2026)`;

/** The parameters of `koth replay camel-up` and `koth play camel-up` (engines/core/cli/params.ts). */
export const CAMEL_PARAMS: GameParams = {
  replay: {
    rulesHelp: true,
    params: [
      { flags: '--exact', help: 'exact replay of camelup.py: random.seed(S) once, then its tournament loop; golden-format output', noReport: true, rules: [{ excludes: ['--compare-rules'], why: '--exact replays one controller version (--rules) game for game; --compare-rules runs both statistically' }] },
      { common: 'pythonBots', help: `with --exact: ${camelOriginals.help}`, parse: undefined, rules: [{ needs: '--exact', why: 'one process, one stream: the sandbox is not shared by worker shards' }] },
      { common: 'asOf' },
      MOVE_TIMEOUT,
      { flags: '--format <year>', help: FORMAT_2026_HELP, rules: [{ excludes: ['--compare-rules', '--python-bots', '--as-of', '--move-timeout'], why: 'the 2026 tournament runs the ported bots under the 2026 rules (README: "The 2026 tournament and its Elo")' }] },
      { common: 'seed', default: '2018', help: 'master seed; with --exact, given to random.seed (an integer is read as Python reads it)' },
      { common: 'games', fallback: 200, help: "games (default 200; with --exact, camelup.py's own count: ceil(players / 10) * 100)" },
      { common: 'bots', help: 'the pool, in order (at least 4 players)' },
      { common: 'pool', help: `all (${CAMEL_POOLS.all!.join(', ')}; default), dumb (${CAMEL_POOLS.dumb!.join(', ')}: fast), ${MORE_POOLS}` },
      { common: 'rules', help: 'controller version' },
      { common: 'compareRules' },
      { common: 'confidence', default: 0.99 },
      { common: 'workers' },
      { common: 'queue' },
      { common: 'shardSize', default: 10 },
      { common: 'checkpoint', rules: [{ excludes: ['--exact'], why: 'an exact replay is one stream from random.seed(S): it is not cut into shards, so there is nothing to resume' }] },
      { common: 'json' },
      ratingsParam('the players holding the most money (ties share) beat the other seated players, as the 2026 leaderboard reads a game; a pool entry named twice is rated as "Name#2"', [{ excludes: ['--exact', '--compare-rules', '--format'], why: 'ratings are fitted on a statistical replay of one rule variant; --format 2026 prints its own Elo' }]),
    ],
  },
  play: {
    params: [
      { common: 'seed', default: '1', help: 'random.seed(S) before the first game (an integer is read as Python reads it)' },
      { common: 'games', default: 1 },
      { common: 'bots', help: 'the pool, in order (at least 4 players; four are seated per game in shuffled order)' },
      { common: 'pool', help: `all (${CAMEL_POOLS.all!.join(', ')}; default), dumb (${CAMEL_POOLS.dumb!.join(', ')}), ${MORE_POOLS}` },
      { common: 'rules', help: 'controller version' },
      { common: 'json', help: 'one JSON object per turn (JSON lines: game, turn, seat, player, action, money before it), then {"games": [...]} as replay --exact prints it' },
      { common: 'pythonBots', parse: undefined },
      { common: 'asOf' },
      MOVE_TIMEOUT,
      { common: 'watch', rules: [{ excludes: ['--python-bots'], why: 'the step-by-step page reads the track from the ported game before every action; the sandboxed originals only hand back the actions' }] },
    ],
  },
};

/** The declared defaults of `koth replay camel-up`. */
export const CAMEL_DEFAULTS = paramDefaults<{ seed: string; games: number; shardSize: number; confidence: number }>({ params: CAMEL_PARAMS });

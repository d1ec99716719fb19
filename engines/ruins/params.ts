/**
 * The parameters of `koth replay ruins` and `koth play ruins` as data (engines/core/cli/params.ts
 * reads them): the descriptor's `engine.params`.
 */
import { nonEmpty, positiveInt, type GameParams, type ParamDecl } from '../core/cli/kit.ts';
import { ratingsParam } from '../core/cli/ratings.ts';

const SEED_HELP = 'the string given to ruins.py -s (passed to random.Random as a str, so "1234" is not the int 1234)';
const PYTHON_BOTS: ParamDecl = { common: 'pythonBots', parse: nonEmpty('Python files, or "cache"') };
const BOTS: ParamDecl = { common: 'bots', help: 'bots to run instead of a pool, comma-separated, in load order' };

/** The parameters of `koth replay ruins` and `koth play ruins` (engines/core/cli/params.ts). */
export const RUINS_PARAMS: GameParams = {
  replay: {
    report: 'default-only', // --report: the published table and the missing bots (its default replay), or the rule A/B (--compare-rules)
    params: [
      { common: 'seed', help: `tournament seed: ${SEED_HELP}` },
      { common: 'pool', help: 'bots to run: test-bots (the default when --seed is given)' },
      BOTS,
      { common: 'rules', help: 'driver version: fixed = HEAD 2019-04-22 (default), original = just before the 2019-04-13 "Fix tournament bug"' },
      { common: 'compareRules', rules: [{ excludes: ['--python-bots', '--rules'], why: 'the rule A/B plays the ported bots under both driver versions' }] },
      { flags: '--tournaments <N>', help: 'with --compare-rules: pairs of tournaments (default 20), each seed drawn from --seed', parse: positiveInt, rules: [{ needs: '--compare-rules', why: 'a plain replay is the one tournament of --seed' }] },
      { common: 'confidence', default: 0.99 },
      { common: 'workers' },
      { common: 'queue', rules: [{ needs: '--compare-rules', why: 'only the rule A/B is cut into shards' }] },
      { common: 'shardSize', default: 1 },
      { common: 'checkpoint', rules: [{ needs: '--compare-rules', why: 'only the rule A/B is cut into shards' }] },
      { common: 'json', help: 'machine-readable output: {"rows":[{"bot","score","meanScore"}], "poolRows", "finalGames", "ended", "lead", "winner", ...}; without --seed, the comparison report' },
      PYTHON_BOTS,
      { common: 'asOf', help: 'with --python-bots cache: the as-of scrape of that day (koth scrape ruins --as-of DAY)' },
      ratingsParam("every game of the tournament (pool and final): the bots holding the table's top score (ties share) beat the other bots at the table; Drunkards are not rated; the bootstrap blocks are runs of 8 consecutive games", [
        { needs: ['--seed', '--pool', '--bots'], why: 'ratings are fitted on the games of a tournament played here (the published table has no games)' },
        { excludes: ['--python-bots'], why: 'the original answers play in a sandbox worker that hands back the scoreboard, not each game' },
      ]),
    ],
  },
  play: {
    params: [
      { common: 'seed', help: `game seed: ${SEED_HELP}` },
      { common: 'pool', help: 'bots to run: test-bots (default)' },
      BOTS,
      PYTHON_BOTS,
      { common: 'asOf' },
      { flags: '--log', help: "print the driver's game log exactly as ruins.py -1 prints it: turns, moves, takes and fights, deaths with their trap messages, exceptions, the score table" },
      { flags: '--debug', help: 'with --log: also the lines only ruins.py --debug prints (every action as the driver read it, the items a dead adventurer spilled)', rules: [{ needs: '--log', why: 'the debug lines are lines of the game log' }] },
      { common: 'json', help: 'machine-readable output: {"rows":[{"bot","character","money" (null when dead),"treasures","weight","stamina","score"}]} in the printed order; with --log also "log"' },
      { common: 'watch', rules: [{ excludes: ['--python-bots'], why: 'the step-by-step page reads the rooms and adventurers from the ported game after every turn; the sandboxed originals only hand back the log' }] },
    ],
  },
};

/**
 * Runs of the Atomas controller: `__main__` plays 20 games in one process, so the
 * controller's globals (and, under `original`, the atom range and move count) carry from one
 * game to the next; a controller crash ends the whole run. Exact replay: `random.seed(S)`
 * once, Python 2.7's algorithms (PyRandom python2 mode), the bot in-process on the same
 * generator (fixtures/atomas/goldens/README.md).
 */
import { PyRandom } from '../core/rng/python-random.ts';
import type { Rng } from '../core/rng/rng.ts';
import type { TrialSpec } from '../core/game.ts';
import { AtomasController, type AtomasBot, type AtomasGame } from './rules.ts';
import { atomasFlags } from './variants.ts';

export const GAMES_PER_RUN = 20;

/** One bot call (koth play atomas): the line it read (`atom/board`), what it printed, the score before the move. */
export interface AtomasMove {
  game: number;
  input: string;
  output: string;
  scoreBefore: number;
}
export type AtomasMoveHook = (m: AtomasMove) => void;

/** One run of up to 20 games with one bot; it stops after a game that crashed. */
export function runGames(bot: AtomasBot, random: PyRandom, rules: string, games = GAMES_PER_RUN, onMove?: AtomasMoveHook): AtomasGame[] {
  const controller = new AtomasController(random, atomasFlags(rules));
  const out: AtomasGame[] = [];
  for (let g = 0; g < games; g++) {
    const game = controller.playGame(bot, onMove && ((input, output) => onMove({ game: g + 1, input, output, scoreBefore: controller.score })));
    out.push(game);
    if (game.crash) break;
  }
  return out;
}

/** `koth replay atomas --exact`: random.seed(S) (an int, as Python 2 seeded it), then one run. */
export function runExact(bot: AtomasBot, seed: bigint | number, rules: string, games = GAMES_PER_RUN, onMove?: AtomasMoveHook): { games: AtomasGame[] } {
  return { games: runGames(bot, new PyRandom(seed, { python2: true }), rules, games, onMove) };
}

export interface AtomasRunOptions {
  bot: string;
  rules: string;
}

/** Per bot: the 20-game means of many runs, in run order (a crashed game is left out of its mean). */
export interface AtomasRunStats {
  bot: string;
  rules: string;
  /** Mean score of the completed games of each run. */
  means: number[];
  /** Runs that ended in a controller crash, and the crashes by message. */
  crashedRuns: number;
  /** Runs that crashed in their first game (no completed game: no mean). */
  emptyRuns: number;
  crashes: Record<string, number>;
  /** Games completed in all runs. */
  games: number;
}

export function emptyStats(o: AtomasRunOptions): AtomasRunStats {
  return { bot: o.bot, rules: o.rules, means: [], crashedRuns: 0, emptyRuns: 0, crashes: {}, games: 0 };
}

export function mergeStats(a: AtomasRunStats, b: AtomasRunStats): AtomasRunStats {
  const crashes = { ...a.crashes };
  for (const [k, n] of Object.entries(b.crashes)) crashes[k] = (crashes[k] ?? 0) + n;
  return { ...a, means: [...a.means, ...b.means], crashedRuns: a.crashedRuns + b.crashedRuns, emptyRuns: a.emptyRuns + b.emptyRuns, crashes, games: a.games + b.games };
}

/** Trials: one trial = one 20-game run, on the shard's Python-2 generator (runs follow each other on it). */
export function atomasTrials(resolve: (name: string) => AtomasBot | undefined): TrialSpec<AtomasRunOptions, AtomasRunStats> {
  return {
    generator: 'cpython2',
    run(opts, rng: Rng, count, tick) {
      if (!(rng instanceof PyRandom) || !rng.python2) throw new Error('atomas needs a Python 2 PyRandom');
      const bot = resolve(opts.bot);
      if (!bot) throw new Error(`no atomas port ${opts.bot}`);
      const acc = emptyStats(opts);
      for (let r = 0; r < count; r++) {
        const games = runGames(bot, rng, opts.rules);
        const done = games.filter((g) => !g.crash);
        // A run that crashed in its first game has no mean (the original printed no score).
        if (done.length) acc.means.push(done.reduce((s, g) => s + g.score, 0) / done.length);
        else acc.emptyRuns++;
        acc.games += done.length;
        const crash = games.find((g) => g.crash)?.crash;
        if (crash) {
          acc.crashedRuns++;
          acc.crashes[crash] = (acc.crashes[crash] ?? 0) + 1;
        }
        tick?.(1);
      }
      return acc;
    },
    merge: mergeStats,
    empty: emptyStats,
    // Every run either has a mean (a completed game) or is an empty run.
    count: (acc) => acc.means.length + acc.emptyRuns,
  };
}

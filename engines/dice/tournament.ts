/**
 * Dice tournament formats: the sharded statistical run (many independent shards, each with
 * its own module-global generator, as the original's worker processes each had their own),
 * and the exact replay (one process, `random.seed(S)`, one sequential stream).
 */
import { PyRandom } from '../core/rng/python-random.ts';
import type { Seed } from '../core/rng/rng.ts';
import type { TrialSpec } from '../core/game.ts';
import type { DiceBotClass } from './bot.ts';
import { DiceController, type DiceTurnEvent } from './rules.ts';
import { emptyStats, mergeStats, type DiceStats } from './stats.ts';
import { diceFlags } from './variants.ts';

export interface DiceRunOptions {
  /** Bot class names in pool order (the role of `Bot.__subclasses__()`). */
  bots: string[];
  /** Rule variant name (variants.ts). */
  rules: string;
}

export type ClassResolver = (name: string) => DiceBotClass | undefined;

export function resolveBots(names: readonly string[], resolve: ClassResolver): DiceBotClass[] {
  const missing = names.filter((n) => !resolve(n));
  if (missing.length) throw new Error(`no port for ${missing.join(', ')}`);
  return names.map((n) => resolve(n)!);
}

export function diceTrials(resolve: ClassResolver): TrialSpec<DiceRunOptions, DiceStats> {
  return {
    generator: 'cpython3',
    run(opts, rng, count, tick) {
      if (!(rng instanceof PyRandom)) throw new Error('dice needs a PyRandom (the module-global generator of the original)');
      const controller = new DiceController(resolveBots(opts.bots, resolve), rng, diceFlags(opts.rules));
      return controller.simulate(count, tick);
    },
    merge: mergeStats,
    empty: (opts) => emptyStats(opts.bots),
    count: (acc) => acc.games,
  };
}

/** The golden format: what the original controller collected, field for field. */
export interface DiceExactResult {
  seed: number | string;
  games: number;
  rules: string;
  bots: string[];
  tiedGames: number;
  timedOutGames: number;
  totalRounds: number;
  highestRound: number;
  winningScores: Record<string, number>;
  rows: ({ bot: string } & DiceStats['rows'][number])[];
}

/** `random.seed(S)`, then one Controller over `games` games in a single stream. */
export function runExact(
  seed: Seed,
  games: number,
  opts: DiceRunOptions,
  resolve: ClassResolver,
  tick?: (n: number) => void,
  onTurn?: (e: DiceTurnEvent) => void,
  /** Handed the run's generator before the first game (to check another copy of the stream against it). */
  onGenerator?: (random: PyRandom) => void,
): DiceExactResult {
  const random = new PyRandom(typeof seed === 'string' && /^-?\d+$/.test(seed) ? BigInt(seed) : seed);
  onGenerator?.(random);
  const controller = new DiceController(resolveBots(opts.bots, resolve), random, diceFlags(opts.rules));
  controller.onTurn = onTurn;
  const s = controller.simulate(games, tick);
  const shown = typeof seed === 'bigint' && Number.isSafeInteger(Number(seed)) ? Number(seed) : typeof seed === 'number' ? seed : String(seed);
  return toExactResult(shown, opts.rules, s);
}

export function toExactResult(seed: number | string, rules: string, s: DiceStats): DiceExactResult {
  return {
    seed,
    games: s.games,
    rules,
    bots: s.bots,
    tiedGames: s.tiedGames,
    timedOutGames: s.timedOutGames,
    totalRounds: s.totalRounds,
    highestRound: s.highestRound,
    winningScores: s.winningScores,
    rows: s.bots.map((bot, i) => ({ bot, ...s.rows[i]! })),
  };
}

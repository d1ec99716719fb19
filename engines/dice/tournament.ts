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
    check: diceStatsProblems,
  };
}

/**
 * What cannot be true of dice statistics (a shard handed in by a queue worker, a checkpoint),
 * beyond their shape: every game has one winning score and at least one winner and one round,
 * no count exceeds the games, the rows are the run's bots. [] when nothing.
 */
export function diceStatsProblems(acc: DiceStats, opts: DiceRunOptions): string[] {
  const out: string[] = [];
  const g = acc.games;
  const bots = [...new Set(opts.bots)];
  if (acc.bots.length !== bots.length || acc.bots.some((b, i) => b !== bots[i])) out.push(`its bots are not this run's (${bots.length} bots in pool order)`);
  if (acc.tiedGames > g) out.push(`${acc.tiedGames} tied games of ${g}`);
  if (acc.timedOutGames > g) out.push(`${acc.timedOutGames} timed-out games of ${g}`);
  if (acc.totalRounds < g || acc.highestRound > acc.totalRounds || (g > 0 && acc.highestRound < 1) || acc.totalRoundsSq < acc.totalRounds) out.push(`its rounds (${acc.totalRounds} in all, at most ${acc.highestRound} in a game) cannot be those of ${g} games`);
  const keys = Object.keys(acc.winningScores);
  if (keys.some((k) => !/^(0|[1-9]\d*)$/.test(k))) out.push('a winning score that is not a whole number');
  const scored = Object.values(acc.winningScores).reduce((a, b) => a + b, 0);
  if (scored !== g) out.push(`${scored} winning scores for ${g} games`);
  if (acc.seatWins.length > bots.length) out.push(`wins by seat for ${acc.seatWins.length} seats, with ${bots.length} bots`);
  const wins = acc.rows.reduce((a, r) => a + r.wins, 0);
  const seatWins = acc.seatWins.reduce((a, b) => a + (b ?? 0), 0);
  if (wins < g || seatWins !== wins) out.push(`${wins} wins (by seat ${seatWins}) for ${g} games`);
  acc.rows.forEach((r, i) => {
    if (r.wins > r.played || r.played > g || r.successes > r.turns || r.winScoreSum > r.scoreSum) out.push(`the row of ${acc.bots[i] ?? i} is impossible (wins ${r.wins}, played ${r.played} of ${g} games)`);
  });
  return out;
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

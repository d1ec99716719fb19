import type { Command } from 'commander';
import type { Rng } from '../rng/rng.ts';
import type { ComparisonReport } from '../stats/compare.ts';

/**
 * A named rule flag: one known controller bug (or rule ambiguity) with the original
 * behaviour on one side and the fix on the other. `original` and `fixed` presets are just
 * two maps of these flags.
 */
export interface RuleFlag {
  id: string;
  description: string;
  /** What the original controller does (cite the source line modelled). */
  original: string;
  /** What the fixed behaviour is. */
  fixed: string;
}

export interface RuleVariant {
  description: string;
  flags: Record<string, boolean>;
}

/**
 * Shardable trials: a trial is one game (dice, camel-up) or one whole tournament
 * (gun-duel, atomas's 20-game series). The runner splits N trials into shards, gives each
 * shard its own generator derived from (master seed, shard index), runs shards on worker
 * threads and merges the accumulators in shard order. `opts` and the accumulator must be
 * structured-cloneable (they cross thread boundaries and go into checkpoint files).
 */
export interface TrialSpec<Opts, Acc> {
  run(opts: Opts, rng: Rng, count: number, tick?: (done: number) => void): Acc;
  merge(a: Acc, b: Acc): Acc;
  empty(opts: Opts): Acc;
}

/** Common flags every `koth replay <game>` accepts. */
export interface ReplayContext {
  json: boolean;
  workers: number;
}

/**
 * Everything a game supplies (OpenSpiel's "one small interface" idea): identity, rule
 * variants, shardable trials for the generic runner, and its CLI verbs. The rules
 * themselves live in the game's folder; the core never changes for a new game.
 */
export interface GameModule<Opts = any, Acc = any> {
  id: string;
  title: string;
  questionId: number;
  /** Rule variants by name (`original`, `fixed`, ...), and which is the default. */
  ruleFlags?: RuleFlag[];
  variants?: Record<string, RuleVariant>;
  defaultVariant?: string;
  trials?: TrialSpec<Opts, Acc>;
  /** Adds `koth replay <id>` (and `koth play <id>` if the game has single games). */
  registerCli(cmds: { replay: Command; play: Command }): void;
  /** What `koth replay` with no game runs for this game on the embedded data. */
  defaultReplay(ctx: ReplayContext): Promise<ComparisonReport | undefined>;
  /** Figures for `koth bench` (speed of this engine, next to the original's where it can run). */
  bench?(ctx: BenchContext): Promise<BenchFigure[]>;
}

export interface BenchContext {
  /** Smaller runs (used by tests of the bench command itself). */
  quick: boolean;
  workers: number;
}

/** One line of `koth bench`: our figure, and the original's measured (or recorded) beside it. */
export interface BenchFigure {
  name: string;
  value: number;
  unit: string;
  reference?: { value: number; source: string };
  note?: string;
}

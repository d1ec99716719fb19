/**
 * A game's commands as data, the types: `koth replay <game>` (its modes, the statistical replay,
 * the rule A/B of --compare-rules, its error mapping) and `koth play <game>`, as a descriptor's
 * `engine.replay` and `engine.play` declare them. The core runs them (replay.ts,
 * rule-ab-command.ts); this file holds only types and imports nothing that imports the
 * descriptor (engines/core/game.ts), so the descriptor can name them without an import cycle.
 */
import type { Command } from 'commander';
import type { Originals, ReplayKit } from '../kit-types.ts';
import type { Seed } from '../rng/rng.ts';
import type { RunResult } from '../runner/runner.ts';
import type { TrialSpec } from '../runner/trial-spec.ts';
import type { ComparisonReport } from '../stats/compare.ts';
import type { RuleAbAcc, RuleAbOptions } from '../ab/rule-trials.ts';
import type { RuleAbResult } from '../ab/rules.ts';

/** An error of the game's own (a crash class) and the user's error it becomes (a UserError with its exit code). */
export interface ErrorMapping {
  match(e: unknown): boolean;
  toUserError(e: any): unknown;
}

/** What a mode's code is handed. */
export interface ModeContext {
  kit: ReplayKit;
  /** The game command (what was given on the command line: `command.getOptionValueSource`). */
  command: Command;
}

/** One of a game's own modes of `koth replay <game>` (an exact replay, a format, a recorded table...). */
export interface ReplayMode<O = any> {
  /** When it runs (absent: always, when reached). */
  when?(opts: O): boolean;
  run(opts: O, ctx: ModeContext): void | Promise<void>;
}

/** One sharded run of a statistical replay. */
export interface StatisticalRun<RunOpts> {
  /** The game's trial options. */
  opts: RunOpts;
  seed: Seed;
  trials: number;
  /** Its part of the checkpoint file, when a command makes several runs (atomas: one per bot and variant). */
  checkpointPart?: string;
  label: string;
}

/** The statistical replay (the default mode): sharded runs of the game's trials, then its comparison with the published table. */
export interface StatisticalReplay<O = any, RunOpts = any, Acc = any> {
  spec: TrialSpec<RunOpts, Acc>;
  /** What a trial is, for messages ("games", "runs"). */
  unit: string;
  /** A fixed shard size, for a command without --shard-size (else the option's). */
  shardSize?: number;
  /** With --python-bots the runs are played by the original answers (kit.originals, handed to `runs` and `report`). */
  originals?: boolean;
  runs(opts: O, originals?: Originals<any>): StatisticalRun<RunOpts>[];
  /** The comparison report of the runs' results (in the order of `runs`). */
  report(opts: O, results: { run: StatisticalRun<RunOpts>; res: RunResult<Acc> }[], originals?: Originals<any>): ComparisonReport;
}

/** `koth replay <game>` as data (its descriptor's `engine.replay`). */
export interface ReplayCommand<O = any> {
  description: string;
  /** Help text after the options (and after the rule variants, when the parameters ask for them); the examples and the exit codes follow it. */
  help?: string;
  examples: readonly string[];
  /** Anything more the command needs (hooks: `refuseRatings`). */
  configure?(cmd: Command): void;
  /** Combinations of options no declared rule can refuse (throws UserError); runs first. */
  check?(opts: O): void;
  modes?: readonly ReplayMode<O>[];
  ruleAb?: RuleAbCommand<O>;
  statistical?: StatisticalReplay<O>;
  errors?: readonly ErrorMapping[];
}

/** `koth play <game>` as data (its descriptor's `engine.play`). */
export interface PlayCommand<O = any> {
  description: string;
  help?: string;
  examples: readonly string[];
  run(opts: O, ctx: ModeContext): void | Promise<void>;
  errors?: readonly ErrorMapping[];
}

/** One sharded run of rule pairs (most comparisons are one; atomas's is one per bot). */
export interface RuleAbRun<RunOpts> {
  /** The game's trial options under rules A and under rules B. */
  a: RunOpts;
  b: RunOpts;
  /** The keys summed: the rows (bots), and a second breakdown (groups: dice's and camel-up's seats). */
  keys: string[];
  groupKeys?: string[];
  pairs: number;
  seed: Seed;
  /** Its part of the checkpoint file, when the command makes several runs ('rules' when absent). */
  checkpointPart?: string;
  label: string;
}

/** What a game declares for `--compare-rules A,B` (its descriptor's `engine.replay.ruleAb`). */
export interface RuleAbCommand<O = any, RunOpts = any, Acc = any> {
  /** The game's trials as rule pairs: `ruleAbTrials(trials, ruleOutcomes)` of its trials module. */
  spec: TrialSpec<RuleAbOptions<RunOpts>, RuleAbAcc<Acc>>;
  /** What a row's value is (e.g. "Win%"), the unit of a difference, the factor from a trial's result (100: win% of 0/1 results). */
  metric: string;
  diffUnit: string;
  scale?: number;
  /** Decimals of the text table and the page. */
  digits: number;
  /** A fixed confidence and shard size, for a command without --confidence / --shard-size (else the options'). */
  confidence?: number;
  shardSize?: number;
  /** The seed the result names (else --seed). */
  seed?(opts: O): string;
  /** Checks before anything runs or opens (throws UserError). */
  check?(opts: O, pair: [string, string]): void;
  /** With --python-bots the runs are played by the original answers (kit.originals, handed to `runs`; every run's shards go to their sandbox workers). */
  originals?: boolean;
  /** The sharded runs of a pair of variants; several runs' rows stand side by side (their keys in order). */
  runs(opts: O, pair: [string, string], originals?: Originals<any>): RuleAbRun<RunOpts>[];
  /** The title and key label of the groups' table (its caption on the page), when the runs have groupKeys. */
  groups?: { title: string; keyLabel: string; caption?: string };
  /** The game's own figures (`extra` of the result), from the runs' accumulators. */
  extra?(opts: O, accs: RuleAbAcc<Acc>[], pair: [string, string]): Record<string, unknown>;
  /** A sentence on what a pair is and what else was seen: the page's summary, and in the text where `noteInText` says (absent: the page only). */
  note?(r: RuleAbResult, accs: RuleAbAcc<Acc>[]): string;
  noteInText?: 'before' | 'after';
  /** The command line that reruns the comparison (`keys`: the rows' keys). */
  command(opts: O, pair: [string, string], keys: string[]): string;
  /** More comparisons on top, on the same pairs (camel-up: A with one flag set as in B): their rows go to the result's `breakdown`. */
  breakdown?: { title(pair: [string, string]): string; parts(pair: [string, string]): { part: string; pair: [string, string] }[] };
}

/** The common option values the core reads of a game command: the dispatch, the statistical runs and the rule A/B. */
export interface ReplayOptionValues {
  seed: string;
  compareRules?: unknown;
  confidence?: number;
  shardSize?: number;
  workers: number;
  queue?: string;
  checkpoint?: string;
  json?: boolean;
  pythonBots?: string;
}

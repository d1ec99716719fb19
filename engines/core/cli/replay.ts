/**
 * `koth replay <game>` and `koth play <game>` as the core builds them from what a game declares
 * (boardgame.io's one plain config object): `engine.replay` (a `ReplayCommand`: its help, the
 * checks no option rule can say, its own modes, the rule A/B, the statistical replay, how its
 * errors reach the user) and `engine.play` (a `PlayCommand`). The options come from the game's
 * declared parameters (params.ts, `kit.command`). The core owns the dispatch:
 *
 *   1. `check(opts)`;
 *   2. `--compare-rules A,B` (a pair once parsed): the declared `ruleAb` (rule-ab-command.ts);
 *   3. the first of the game's `modes` whose `when(opts)` holds (no `when`: always);
 *   4. else the declared `statistical` replay: its sharded runs on kit.runSharded, its
 *      comparison report printed by kit.emitReport (table or JSON, the exit code of its verdict);
 *
 * and every error of the action goes through the game's declared `errors` once, in one place
 * (a crash of the original controller → exit 3, a missing program → exit 2, …).
 */
import type { Command } from 'commander';
import type { GameDescriptor, ReplayContext, ReplayKit } from '../game.ts';
import type { Seed } from '../rng/rng.ts';
import type { RunResult } from '../runner/runner.ts';
import type { TrialSpec } from '../runner/trial-spec.ts';
import type { ComparisonReport } from '../stats/compare.ts';
import type { Originals } from './originals.ts';
import { helpFooter } from './kit.ts';
import { paramDefaults } from './params.ts';
import { runRuleAbCommand, type RuleAbCommand } from './rule-ab-command.ts';

export type { RuleAbCommand, RuleAbRun } from './rule-ab-command.ts';

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

/** The common option values the dispatch and the statistical runs read. */
interface ReplayOptionValues {
  seed: string;
  compareRules?: unknown;
  shardSize?: number;
  workers: number;
  queue?: string;
  checkpoint?: string;
  json?: boolean;
  pythonBots?: string;
}

/** f(), its errors mapped by the game's declared `errors` (the first that matches). */
export async function withGameErrors<T>(errors: readonly ErrorMapping[] | undefined, f: () => T | Promise<T>): Promise<T> {
  try {
    return await f();
  } catch (e) {
    const m = errors?.find((x) => x.match(e));
    throw m ? m.toUserError(e) : e;
  }
}

/** The statistical replay's report: its runs on the kit (with the originals when declared and asked for), then the game's report. */
async function statisticalReport<O extends ReplayOptionValues>(game: string, s: StatisticalReplay<O>, opts: O, kit: ReplayKit): Promise<ComparisonReport> {
  const play = async (originals?: Originals<any>) => {
    const results = [];
    for (const run of s.runs(opts, originals)) {
      const res = await kit.runSharded({
        game,
        spec: s.spec,
        opts: run.opts,
        ...(originals ? originals.sharded() : {}),
        seed: run.seed,
        trials: run.trials,
        shardSize: s.shardSize ?? opts.shardSize!,
        workers: opts.workers,
        queue: opts.queue,
        checkpoint: opts.checkpoint,
        ...(run.checkpointPart ? { checkpointPart: run.checkpointPart } : {}),
        label: run.label,
        unit: s.unit,
      });
      results.push({ run, res });
    }
    return s.report(opts, results, originals);
  };
  return s.originals && opts.pythonBots ? kit.originals(game, opts, { workers: opts.workers }, play) : play();
}

/** A game's statistical replay with these options, its errors mapped (what `defaultReplay` and the command run). */
export function statisticalReplay<O extends ReplayOptionValues>(game: GameDescriptor, opts: O, kit: ReplayKit): Promise<ComparisonReport> {
  const decl = game.engine?.replay;
  if (!decl?.statistical) throw new Error(`${game.id} declares no statistical replay`);
  return withGameErrors(decl.errors, () => statisticalReport(game.id, decl.statistical!, opts, kit));
}

/** `defaultReplay` of a game whose default is its statistical replay: the declared defaults, with the root command's --workers and --json. */
export function defaultStatisticalReplay(game: GameDescriptor, ctx: ReplayContext): Promise<ComparisonReport> {
  return statisticalReplay(game, { ...paramDefaults<ReplayOptionValues>(game.engine!), workers: ctx.workers, json: ctx.json }, ctx.kit);
}

/** Adds `koth replay <id>` and `koth play <id>` as the game declares them (then its own `registerCli`, for anything else). */
export function registerGameCli(game: GameDescriptor, cmds: { replay: Command; play: Command }, kit: ReplayKit): void {
  const engine = game.engine;
  if (!engine) return;
  const r = engine.replay;
  if (r) {
    const cmd = kit.command(cmds.replay, game.id).description(r.description);
    r.configure?.(cmd);
    cmd.addHelpText('after', (r.help ?? '') + helpFooter(r.examples)).action((opts: ReplayOptionValues) =>
      withGameErrors(r.errors, async () => {
        r.check?.(opts);
        if (r.ruleAb && Array.isArray(opts.compareRules)) return void (await runRuleAbCommand(game.id, r.ruleAb, opts, kit));
        const mode = r.modes?.find((m) => !m.when || m.when(opts));
        if (mode) return mode.run(opts, { kit, command: cmd });
        if (!r.statistical) throw new Error(`koth replay ${game.id}: no mode for these options, and no statistical replay`);
        kit.emitReport(await statisticalReport(game.id, r.statistical, opts, kit), !!opts.json);
      }),
    );
  }
  const p = engine.play;
  if (p) {
    const cmd = kit.command(cmds.play, game.id).description(p.description);
    cmd.addHelpText('after', (p.help ?? '') + helpFooter(p.examples)).action((opts: unknown) => withGameErrors(p.errors, () => p.run(opts, { kit, command: cmd })));
  }
  engine.registerCli?.(cmds, kit);
}

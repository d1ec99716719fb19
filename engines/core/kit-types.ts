/**
 * What a game's CLI is handed, as types: the kit (runs, reports, sandbox pools), the opened
 * original answers, the context of `koth replay`. Apart from game.ts so that the declared
 * commands (engines/core/cli/declared.ts) and the A/B core can name them without importing the
 * descriptor (which names them in turn): the import graph keeps no cycle (test/layering.test.ts).
 */
import type { Command } from 'commander';
import type { TrialSpec } from './runner/trial-spec.ts';
import type { Seed } from './rng/rng.ts';
import type { RunResult } from './runner/runner.ts';
import type { SandboxPool, TaskHandlers } from './sandbox/pool.ts';
import type { SandboxRuntime } from './sandbox/heartbeat.ts';
import type { ComparisonReport } from './stats/compare.ts';
import type { ReportPart } from './report/html/sink.ts';
import type { CppEntrants, ProgramEntrants } from './entrants/entrant.ts';

export interface ShardedRun<Opts, Acc> {
  /** Game id (names the run, the checkpoint and where workers load the trials from). */
  game: string;
  spec: TrialSpec<Opts, Acc>;
  opts: Opts;
  seed: Seed;
  trials: number;
  shardSize: number;
  workers: number;
  /** A Redis URL: the shards go to a BullMQ queue that `koth worker` processes pull from (engines/core/runner/queue/). */
  queue?: string | undefined;
  checkpoint?: string | undefined;
  /**
   * This run's name inside the checkpoint file, when one command makes several sharded runs
   * (a rule variant of --compare-rules, atomas's "<bot>/<variant>"): they share the one file
   * the user named, each resumed by itself. "main" when absent.
   */
  checkpointPart?: string;
  /** Files whose content keys the checkpoint (a --bot-cmd program and its script: engines/core/entrants/program-files.ts): a changed one is refused on resume. */
  inputs?: readonly string[];
  label?: string;
  /**
   * This run is one stretch of a longer one (koth ab: pairs in stretches): `before` of the whole's
   * trials came before it, and the whole has at most `most`. Messages (interrupted after …) count the whole.
   */
  stretchOf?: { before: number; most: number };
  /** What a trial is, for messages ("games", "tournaments"). */
  unit?: string;
  /**
   * Asked after each shard merged in order (the merged value, the shard's index): true ends the run
   * there, complete — no later shard is merged, and locally none starts (runner.ts RunOptions.enough).
   */
  enough?: (acc: Acc, index: number) => boolean;
  /** Called once per finished shard (the bench times them). */
  onShard?: (done: number, total: number) => void;
  /** Run every shard in these sandbox workers (runs with original Python bots: kit.sandboxPool). */
  sandbox?: SandboxPool;
  /** What a failed shard of the sandbox means to the user (the originals' error mapping, engines/core/cli/originals.ts). */
  sandboxError?: (e: unknown) => unknown;
}

/** What a game's CLI is handed: the common options and runs, bound to where games' trials live. */
export interface ReplayKit {
  /** Runs trials on the runner with Ctrl-C handling: interrupted → UserError (exit 130) saying how to resume. */
  runSharded<Opts, Acc>(run: ShardedRun<Opts, Acc>): Promise<RunResult<Acc>>;
  /** Prints a comparison report (table or JSON) and sets the exit code from its verdict. */
  emitReport(report: ComparisonReport, json: boolean): void;
  /** Hands a part to the HTML report (`--report DIR`) without printing it (emitReport offers its comparison itself). */
  offerReport(part: ReportPart): void;
  /** `koth replay|play <game>` (by `parent`'s name) with the game's declared parameters (`engine.params`, params.ts): options, --help, rules. */
  command(parent: Command, game: string): Command;
  /** `parseSeed` with a clear error for an empty seed. */
  seed(text: string | undefined, fallback?: string): Seed;
  /**
   * Sandbox workers for original Python bots (engines/core/sandbox/pool.ts), each holding the
   * game's trials module (its engine, its Python adapter and job functions) and Pyodide.
   */
  sandboxPool(game: string, workers: number, o?: { timeoutMs?: number; runtime?: SandboxRuntime }): SandboxPool;
  /**
   * `--python-bots`: opens the game's original Python answers (its `engine.entrants.python`) in
   * sandbox workers, hands them to `use`, closes the workers afterwards (engines/core/cli/originals.ts).
   */
  originals<T, Args = any>(game: string, opts: OriginalsOptions, o: { workers?: number; timeoutMs?: number }, use: (p: Originals<Args>) => Promise<T>): Promise<T>;
}

/** The options of `--python-bots` a game's command passes to the one core path (engines/core/cli/originals.ts). */
export interface OriginalsOptions {
  pythonBots?: string;
  bots?: string;
  pool?: string;
  asOf?: string;
  /** The rule variant, when the original's classes depend on it. */
  rules?: string;
}

/**
 * How a game runs its ORIGINAL Python answers in sandbox workers (`--python-bots`): the game says
 * where sources come from and which of its jobs lists the classes; the core reads the files,
 * starts the pool, checks --bots and maps every sandbox failure to the CLI's errors.
 */
export interface OriginalBots<Args = any> {
  /** Help of `--python-bots`. */
  help: string;
  /** The original driver, for messages ("the original controller", "ruins.py"). */
  controller: string;
  /** What a seat holds, for messages ("bot", "player"). */
  noun: string;
  /** What the sources define, for messages ("classes", "players"). */
  classNoun?: string;
  /** A file given on the command line, as a source of the game's jobs. */
  fromFile(path: string, code: string): unknown;
  /** `--python-bots cache`: the scraped answers as sources (absent: files only). */
  fromCache?(asOf: string | null): unknown[];
  /** The job arguments (sources, rules...) handed to every job and shard. */
  args(sources: unknown[], opts: OriginalsOptions): Args;
  /** Job of the trials module returning `OriginalsInspection` (engines/core/cli/originals.ts). */
  inspectJob: string;
  /** Whether --bots may name a class twice (the original's pool could). */
  repeats?: boolean;
  /** The fewest seats a game has (fewer: exit 2, saying why). */
  seats?: { min: number; why?: string };
  /** Said after a refusal of classes (what else to do). */
  refusedHint?: string;
  /** Said after a refused module (what else to do). */
  refusedModuleHint?: string;
  /** The game's own errors coming back as data from a sandbox worker, rebuilt (undefined: the core's mapping). */
  rebuild?(d: { name: string; message: string; fields: Record<string, unknown>; cause?: unknown }): Error | undefined;
}

/**
 * What a game seats besides its ports (its descriptor's `engine.entrants`): one entry per kind,
 * each saying how that kind is opened. The kinds a game accepts are the entries present
 * (acceptedKinds); options, help and refusals of every command derive from them.
 */
export interface GameEntrants {
  /** `python`: how the original Python answers run in sandbox workers (engines/core/cli/originals.ts). */
  python?: OriginalBots;
  cpp?: CppEntrants;
  program?: ProgramEntrants;
}

/** What an inspect job returns: the classes in the original's order, and the modules it skipped. */
export interface OriginalsInspection {
  classes: { name: string; file: string; direct?: boolean; refused?: string | null }[];
  skipped?: { origin: string; error: string }[];
}

/** The opened originals (engines/core/cli/originals.ts): the pool, the job arguments (sources and rules), and the bots to seat. */
export interface Originals<Args = unknown> {
  game: string;
  spec: OriginalBots<Args>;
  pool: SandboxPool;
  /** The game's job arguments holding the sources (what every job and shard is handed). */
  args: Args;
  /** The bots to seat, in pool order. */
  names: string[];
  /** True when --bots named them (else the original's own discovery order). */
  named: boolean;
  /** Runs a job of the game's trials module; failures become the CLI's errors. */
  run(fn: string, args: unknown, h?: TaskHandlers): Promise<unknown>;
  /** What a failure of a sandbox task means to the user (also for shards of a sharded run). */
  error(e: unknown): unknown;
  /** The fields of a sharded run (ShardedRun) that run its shards here: a failed shard becomes the CLI's error (a stop: exit 3). */
  sharded(): { sandbox: SandboxPool; sandboxError: (e: unknown) => unknown };
  close(): Promise<void>;
}

/** Common flags every `koth replay` accepts. */
export interface ReplayContext {
  json: boolean;
  workers: number;
  kit: ReplayKit;
}

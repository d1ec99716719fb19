/**
 * The replay CLI kit: what every `koth replay <game>` / `koth play <game>` shares, so a game's
 * cli.ts holds only what is its own. A game command is built from the game's declared
 * parameters (params.ts: options, help, defaults, rules); sharded runs with Ctrl-C and
 * checkpoints, and the exit-code table (errors.ts).
 *
 * The kit knows no game: the CLI builds it with a function that says where a game's trials
 * module is (engines/registry.ts), so workers can load it.
 */
import type { Command } from 'commander';
import { parseSeed } from '../rng/rng.ts';
import type { BotPools, GameEngine, ReplayKit, ShardedRun } from '../game.ts';
import { withOriginals } from './originals.ts';
import { SandboxPool } from '../sandbox/pool.ts';
import { answerOutput } from './answer-output.ts';
import { printable } from '../report/printable.ts';
import { CheckpointMismatch, CheckpointWriteError } from '../runner/checkpoint.ts';
import { runTrials, type RunResult } from '../runner/runner.ts';
import { MAX_SHARDS } from '../runner/shards.ts';
import { isAuthProblem, QueueBadUrl, QueueMisconfigured, QueueUnreachable, redact, redactWord } from '../runner/queue/connection.ts';
import { kothVersion, QueueJobFailed } from '../runner/queue/protocol.ts';
// The coordinator (bullmq, ioredis) is loaded when a run goes to a queue: not at every start of the CLI.
import type { runQueued } from '../runner/queue/coordinator.ts';

export type { ReplayKit, ShardedRun };
import { renderComparison } from '../report/table.ts';
import type { ReportSink } from '../report/html/sink.ts';
import { EXIT, exitCodeHelp, UserError } from './errors.ts';
import { runningAsProgram } from './interrupt.ts';
import { fsErrorText } from './files.ts';
import { applyParams } from './params.ts';

export * from './params.ts';
export { checkOutputFile, checkOutputFolder, fsErrorText, readInputFile, readJsonInput } from './files.ts';

/**
 * The sandbox's limits the environment sets (positive numbers; else the pool's or the game's own):
 * KOTH_SANDBOX_TIMEOUT_MS one call's time limit (over the game's own), KOTH_SANDBOX_MEMORY_MB
 * Python's memory cap per worker, KOTH_SANDBOX_GRACE_MS how long an interrupted call may take to
 * stop before its worker is ended (docs/sandbox.md).
 */
export function sandboxEnvLimits(): { timeoutMs?: number; memoryMb?: number; graceMs?: number } {
  const env = (k: string) => (Number(process.env[k]) > 0 ? Number(process.env[k]) : undefined);
  return { timeoutMs: env('KOTH_SANDBOX_TIMEOUT_MS'), memoryMb: env('KOTH_SANDBOX_MEMORY_MB'), graceMs: env('KOTH_SANDBOX_GRACE_MS') };
}

/**
 * A comma-separated bot list: empty entries are refused, and so is a bot named twice (the
 * printed recipe must reproduce the figures; a pool is a set of classes, as in the originals).
 */
export function parseBotList(text: string): string[] {
  const names = text.split(',').map((s) => s.trim());
  if (!names.some(Boolean)) throw new UserError('--bots is empty: name the bots, e.g. --bots A,B,C, or leave it out for the default pool');
  if (names.some((n) => !n)) throw new UserError(`--bots "${text}" has an empty entry: separate bot names with single commas`);
  const seen = new Set<string>();
  const twice = [...new Set(names.filter((n) => (seen.has(n) ? true : (seen.add(n), false))))];
  if (twice.length) throw new UserError(`--bots names ${twice.join(', ')} more than once: each bot is one entry of the pool (the original controllers ran each class once)`);
  return names;
}

/** The bots a run uses: --bots (checked against the game's known bots), else the named pool (`fallback`: the game's default pool, unless a mode of the command picks another). */
export function resolveBots(opts: { bots?: string; pool?: string }, pools: BotPools, game: string, fallback: string = pools.default): string[] {
  if (opts.bots !== undefined) {
    const names = parseBotList(opts.bots);
    const unknown = names.filter((n) => !pools.known(n));
    if (unknown.length) throw new UserError(`no port for ${unknown.join(', ')} in ${game} (see "koth registry ${game}" for every known bot)`);
    return names;
  }
  const name = opts.pool ?? fallback;
  const pool = pools.resolve(name);
  if (!pool) throw new UserError(`unknown pool "${name}": use ${pools.names.join(', ')}, or ${pools.instead ?? 'list bots with --bots A,B,C'}`);
  return [...pool];
}

/** The command as the user typed it (`koth …`), each word quoted for a POSIX shell where needed: shown on reports and pages that it remakes. */
export function commandLine(argv: readonly string[] = process.argv.slice(2)): string {
  // A URL's password (--queue redis://:secret@host) is never shown: the line is printed on pages and reports.
  return ['koth', ...argv.map(redactWord).map((a) => (/^[\w@%+=:,./-]+$/.test(a) ? a : `'${a.replace(/'/g, "'\\''")}'`))].join(' ');
}

/** Redis cannot be reached (--queue, koth worker, koth queue): exit 4, saying what to check. */
export function queueUnreachable(e: QueueUnreachable): UserError {
  return new UserError(isAuthProblem(e.message) ? e.message : `${e.message}; is redis-server running there (and the password right)?`, EXIT.network);
}

/** The user's error for a queue failure (exit 4 Redis, 2 a URL naming what is not there, 70 a shard failed or came back wrong), or undefined for any other error. */
export function queueError(e: unknown): UserError | undefined {
  if (e instanceof QueueUnreachable) return queueUnreachable(e);
  if (e instanceof QueueMisconfigured) return new UserError(e.message, EXIT.network);
  if (e instanceof QueueBadUrl) return new UserError(`${e.message}. Nothing was run.`, EXIT.usage);
  if (e instanceof QueueJobFailed) return new UserError(e.message, EXIT.internal);
  return undefined;
}

/** The kit a CLI hands its games: `trialsModuleOf` says where a game's trials module is (for workers); what the games offer the HTML report goes to `sink`; `engineOf` gives a game's engine (its declared parameters, variants, `entrants.python` for --python-bots). */
export function createReplayKit(trialsModuleOf: (game: string) => string, sink?: ReportSink, engineOf: (game: string) => GameEngine | undefined = () => undefined): ReplayKit {
  /** Sharded runs under way: they handle Ctrl-C themselves (stop at a shard, keep the checkpoint). */
  let sharding = 0;
  const kit: ReplayKit = {
    async runSharded<Opts, Acc>(r: ShardedRun<Opts, Acc>): Promise<RunResult<Acc>> {
      const shards = Math.ceil(r.trials / r.shardSize);
      if (shards > MAX_SHARDS) {
        throw new UserError(
          `${r.trials} ${r.unit ?? 'trials'} in shards of ${r.shardSize} would be ${shards} shards; the most is ${MAX_SHARDS} (${MAX_SHARDS * r.shardSize} ${r.unit ?? 'trials'} at this shard size): ask for fewer, or raise --shard-size (part of the run identity: it changes the results)`,
        );
      }
      const controller = new AbortController();
      const now = new AbortController();
      const onSigint = interruptHandler(controller, now, r.unit ?? 'trials');
      process.on('SIGINT', onSigint);
      sharding++;
      try {
        if (r.queue) return await queuedRun(r, controller.signal);
        const res = await runTrials<Opts, Acc>({
          game: r.game,
          spec: r.spec,
          trialsModule: trialsModuleOf(r.game),
          opts: r.opts,
          seed: r.seed,
          trials: r.trials,
          shardSize: r.shardSize,
          workers: r.workers,
          ...(r.checkpoint ? { checkpoint: r.checkpoint, ...(r.checkpointPart ? { checkpointPart: r.checkpointPart } : {}), ...(r.inputs?.length ? { inputs: r.inputs } : {}) } : {}),
          label: r.label ?? r.game,
          ...(r.onShard ? { onShard: r.onShard } : {}),
          ...(r.enough ? { enough: r.enough } : {}),
          ...(r.sandbox ? { sandbox: r.sandbox } : {}),
          // Compiled answers' stdout/stderr, shown as an --exact run shows it (docs/sandbox.md).
          ...(r.sandbox?.runtime === 'wasm' ? { onOutput: answerOutput() } : {}),
          signal: controller.signal,
          abort: now.signal,
          ...(runningAsProgram() ? { offThread: true } : {}),
        });
        const unit = r.unit ?? 'trials';
        // How far the whole run got, and of how many (a stretch of koth ab counts the stretches before it).
        const before = r.stretchOf?.before ?? 0;
        const done = before + res.done;
        const ofAll = r.stretchOf ? `of at most ${r.stretchOf.most}` : `of ${r.trials}`;
        if (res.checkpointError) {
          const w = res.checkpointError;
          const kept = before + w.savedTrials
            ? `The last checkpoint written is kept in ${w.path} (${r.stretchOf ? `the first ${before + w.savedTrials} ${unit}` : `${w.savedTrials} of ${r.trials} ${unit}${r.checkpointPart ? ` of ${r.checkpointPart}` : ''}`})`
            : `Nothing of this run had been saved in ${w.path} yet`;
          const why = `could not write the checkpoint ${w.path}: ${fsErrorText(w.cause)}`;
          if (res.interrupted) {
            throw new UserError(
              `${why}, so the run stopped after ${done} ${ofAll} ${unit}. ${kept}: free space (or fix the folder) and rerun the same command to resume from it.`,
              EXIT.interrupted,
            );
          }
          process.stderr.write(printable(`koth: warning: ${why} at the end of the run. Every ${unit.replace(/s$/, '')} was played and the results below are whole; ${kept.charAt(0).toLowerCase() + kept.slice(1)}.`) + '\n');
        }
        if (res.interrupted) {
          throw new UserError(
            r.checkpoint && done === 0
              ? `interrupted after 0 ${ofAll} ${unit}: none finished, so ${r.checkpoint} holds nothing of this run; rerun the same command to start it again`
              : r.checkpoint
              ? `interrupted after ${done} ${unit}; progress is saved in ${r.checkpoint}: rerun the same command to resume`
              : `interrupted after ${done} ${ofAll} ${unit}; rerun with --checkpoint FILE to be able to resume long runs`,
            EXIT.interrupted,
          );
        }
        return r.sandbox ? { ...res, ranOn: `${res.workers} sandbox worker(s) (${r.sandbox.runtime === 'wasm' ? 'compiled C++ answers in WebAssembly' : 'the original Python bots in Pyodide'})` } : res;
      } catch (e) {
        if (r.sandboxError) e = r.sandboxError(e);
        if (e instanceof CheckpointMismatch) throw new UserError(e.message);
        throw queueError(e) ?? e;
      } finally {
        sharding--;
        process.off('SIGINT', onSigint);
        onSigint.done();
      }
    },
    emitReport(report, json) {
      sink?.offer({ kind: 'comparison', report }); // to the HTML report, when one is being written (--report)
      if (json) process.stdout.write(JSON.stringify(report, null, 2) + '\n');
      else process.stdout.write(renderComparison(report) + '\n');
      // tableVerdict already leaves out disagreements with a documented cause.
      process.exitCode = report.verdict === 'disagree' ? EXIT.disagree : EXIT.ok;
    },
    offerReport(part) {
      sink?.offer(part);
    },
    sandboxPool(game, workers, o = {}) {
      const env = sandboxEnvLimits();
      return new SandboxPool({ workers, modules: [trialsModuleOf(game)], ...env, timeoutMs: env.timeoutMs ?? o.timeoutMs, runtime: o.runtime });
    },
    seed(text, fallback) {
      const t = text ?? fallback;
      if (t === undefined) throw new UserError('give a seed: --seed S');
      return parseSeed(t);
    },
    command(parent: Command, game: string) {
      const engine = engineOf(game);
      const cmd = parent.command(game);
      const spec = engine?.params?.[parent.name() as 'replay' | 'play'];
      return spec ? applyParams(cmd, spec, engine) : cmd;
    },
    originals(game, opts, o, use) {
      const spec = engineOf(game)?.entrants?.python;
      if (!spec) throw new UserError(`--python-bots: ${game} cannot run its original answers`);
      return withOriginals(game, spec, opts, kit, { ...o, sharding: () => sharding > 0 }, use);
    },
  };
  return kit;
}

/** How long the shards under way may take to finish after a Ctrl-C before they are stopped (docs/cli.md, "Ctrl-C"). */
export const INTERRUPT_GRACE_MS = 5000;

/**
 * Ctrl-C during a sharded run: the first stops handing out shards (`stop`) and says so; the
 * shards under way may finish for INTERRUPT_GRACE_MS, then — or at a second Ctrl-C, at once —
 * they are stopped (`now`): the run ends with what finished, which its checkpoint keeps.
 */
function interruptHandler(stop: AbortController, now: AbortController, unit: string): (() => void) & { done(): void } {
  let timer: NodeJS.Timeout | undefined;
  const handler = () => {
    if (stop.signal.aborted) {
      if (!now.signal.aborted) now.abort();
      return;
    }
    stop.abort();
    process.stderr.write(`koth: Ctrl-C: no new shard starts; the ${unit} under way may finish for ${INTERRUPT_GRACE_MS / 1000} s (Ctrl-C again stops them at once)\n`);
    timer = setTimeout(() => now.abort(), INTERRUPT_GRACE_MS);
    timer.unref();
  };
  return Object.assign(handler, { done: () => clearTimeout(timer) });
}

async function queuedRun<Opts, Acc>(r: ShardedRun<Opts, Acc>, signal: AbortSignal): Promise<RunResult<Acc>> {
  // A sandbox run's shards go to `koth worker` processes that start sandbox workers of the run's runtime (compiled C++: wasm;
  // original Python bots: python, their sources sent by content, engines/core/runner/content.ts).
  const sandbox = r.sandbox ? { runtime: r.sandbox.runtime, timeoutMs: r.sandbox.timeoutMs } : undefined;
  let res: Awaited<ReturnType<typeof runQueued<Opts, Acc>>>;
  try {
    const { sandbox: _local, ...rest } = r;
    const { runQueued } = await import('../runner/queue/coordinator.ts');
    res = await runQueued<Opts, Acc>({ ...rest, label: r.label ?? r.game, url: r.queue!, version: kothVersion(), signal, ...(sandbox ? { sandbox } : {}) });
  } catch (e) {
    // A checkpoint that cannot be written stops the run as it does a local one; the queue keeps the finished shards.
    if (e instanceof CheckpointWriteError) {
      throw new UserError(
        `could not write the checkpoint ${e.path}: ${fsErrorText(e.cause)}, so the run stopped; the finished shards stay on the queue ${redact(r.queue!)}: free space (or fix the folder) and rerun the same command to resume`,
        EXIT.interrupted,
      );
    }
    throw e;
  }
  const unit = r.unit ?? 'trials';
  if (res.interrupted) {
    const ofAll = r.stretchOf ? `of at most ${r.stretchOf.most}` : `of ${r.trials}`;
    throw new UserError(`interrupted after ${(r.stretchOf?.before ?? 0) + res.done} ${ofAll} ${unit}; the finished shards stay on the queue ${redact(r.queue!)}: rerun the same command to resume ("koth queue clean" removes them)`, EXIT.interrupted);
  }
  // The shards ran on `koth worker` processes, however many pulled from the queue: not on --workers threads here.
  return { acc: res.acc, shards: res.shards, resumedShards: res.resumedShards, trials: r.trials, done: res.done, workers: r.workers, ranOn: `koth worker processes through the queue ${redact(r.queue!)}${sandbox?.runtime === 'python' ? ' (the original Python bots in their Pyodide sandbox workers)' : ''}`, elapsedMs: res.elapsedMs, interrupted: false };
}

/** The standard closing lines of a game command's --help: examples, then the exit codes. */
export function helpFooter(examples: readonly string[]): string {
  return `\nExamples:\n${examples.map((e) => `  ${e}`).join('\n')}\n\n${exitCodeHelp()}`;
}

/**
 * The replay CLI kit: what every `koth replay <game>` / `koth play <game>` shares, so a game's
 * cli.ts holds only what is its own. Options with one meaning everywhere (seed, games,
 * workers, shard size, checkpoint, confidence, --json, --bots/--pool, --rules,
 * --compare-rules), their parsing and validation, sharded runs with Ctrl-C and checkpoints,
 * and the exit-code table (errors.ts).
 *
 * The kit knows no game: the CLI builds it with a function that says where a game's trials
 * module is (engines/registry.ts), so workers can load it.
 */
import { availableParallelism } from 'node:os';
import { Command, InvalidArgumentError, Option } from 'commander';
import type { Seed } from '../rng/rng.ts';
import { parseSeed } from '../rng/rng.ts';
import type { GameEngine, OriginalBots, ReplayKit, ShardedRun } from '../game.ts';
import { withOriginals } from './originals.ts';
import { SandboxPool } from '../sandbox/pool.ts';
import { CheckpointMismatch, CheckpointWriteError } from '../runner/checkpoint.ts';
import { defaultWorkers, runTrials, type RunResult } from '../runner/runner.ts';
import { MAX_SHARDS } from '../runner/shards.ts';
import { checkQueueUrl, isAuthProblem, kothVersion, QueueBadUrl, QueueJobFailed, QueueMisconfigured, QueueUnreachable, redact, redactWord, runQueued } from '../runner/queue.ts';

export type { ReplayKit, ShardedRun };
import { renderComparison } from '../report/table.ts';
import type { ReportSink } from '../report/html/sink.ts';
import { EXIT, exitCodeHelp, UserError } from './errors.ts';
import { fsErrorText, outputFileProblem, outputFolderProblem } from './files.ts';

export { checkOutputFile, checkOutputFolder, fsErrorText, readInputFile, readJsonInput } from './files.ts';

/** A whole number >= 1; `1_000_000` is accepted; at most Number.MAX_SAFE_INTEGER (beyond it a number is no longer exact). */
export function positiveInt(v: string): number {
  const n = Number(v.replace(/_/g, ''));
  if (!/^\s*[\d_]+\s*$/.test(v) || !(n >= 1)) {
    throw new InvalidArgumentError('must be a positive whole number (e.g. 100000; 1e6 as 1000000)');
  }
  if (!Number.isSafeInteger(n)) {
    throw new InvalidArgumentError(`Too large: the most is ${Number.MAX_SAFE_INTEGER} (Number.MAX_SAFE_INTEGER, the largest whole number counted exactly).`);
  }
  return n;
}

/**
 * The most worker threads a run may ask for: 4 per CPU core of this machine, never more than
 * 64. Results do not depend on the number of workers; threads beyond the cores only cost memory
 * (each worker is a V8 isolate with its own copy of the engine: --workers 1000 took 2.8 GB).
 */
export function maxWorkers(cores = availableParallelism()): number {
  return Math.min(64, 4 * Math.max(1, cores));
}

/** --workers: a positive whole number up to maxWorkers(). */
export function workerCount(v: string): number {
  const n = positiveInt(v);
  const cores = availableParallelism();
  const max = maxWorkers(cores);
  if (n > max) {
    throw new InvalidArgumentError(
      `More workers than this machine can use: the most is ${max} (4 per CPU core, ${cores} core${cores === 1 ? '' : 's'} here, never more than 64); results do not depend on the number of workers.`,
    );
  }
  return n;
}

/** The highest confidence accepted: twelve nines (a z of 7.1; beyond it the interval hardly widens and doubles lose the digits). */
export const MAX_CONFIDENCE = 0.999999999999;

/** A confidence level strictly between 0.5 and 1, at most MAX_CONFIDENCE. */
export function confidence(v: string): number {
  const c = Number(v);
  if (!(c > 0.5 && c < 1)) throw new InvalidArgumentError('must be a fraction between 0.5 and 1, e.g. 0.999');
  if (c > MAX_CONFIDENCE) throw new InvalidArgumentError(`Too close to 1: the most is ${MAX_CONFIDENCE} (twelve nines), e.g. 0.999.`);
  return c;
}

/**
 * An option's value that must not be another option: commander reads `--seed --json` as the
 * seed "--json"; that is refused instead.
 */
export function notAnOption(what: string): (v: string) => string {
  return (v) => {
    if (/^--?[A-Za-z]/.test(v)) throw new InvalidArgumentError(`needs ${what}, but got the option "${v}" (give ${what} before other options)`);
    return v;
  };
}

/** An option's value that must not be empty (`--python-bots ""` would otherwise mean "not given"). */
export function nonEmpty(what: string): (v: string) => string {
  const notOpt = notAnOption(what);
  return (v) => {
    if (!v.trim()) throw new InvalidArgumentError(`The value is empty: give ${what}, or leave the option out.`);
    return notOpt(v);
  };
}

/**
 * An option naming a file koth will write (--checkpoint, --record): checked when the command
 * line is read, before anything runs, by writing a probe where the file will go. A folder, a
 * device, a path through a file, or a folder where nothing can be written is refused (exit 2).
 */
export function outputFile(what = 'a file name'): (v: string) => string {
  const notOpt = nonEmpty(what);
  return (v) => {
    notOpt(v);
    const p = outputFileProblem(v);
    if (p) throw new InvalidArgumentError(`${p[0]!.toUpperCase()}${p.slice(1)}. Nothing was run: give a file that can be written.`);
    return v;
  };
}

/** An option naming a folder koth will write `file` into (--report DIR → DIR/index.html), checked as outputFile is. */
export function outputFolder(file: string, what = 'a folder'): (v: string) => string {
  const notOpt = nonEmpty(what);
  return (v) => {
    notOpt(v);
    const p = outputFolderProblem(v, file);
    if (p) throw new InvalidArgumentError(`${p[0]!.toUpperCase()}${p.slice(1)}. Nothing was run: give a folder where ${file} can be written.`);
    return v;
  };
}

/**
 * How an option relates to others: `needs` another option (or `--option=value`) to mean
 * anything, or `excludes` options it cannot be combined with. Checked before the action runs;
 * an option given where it would be ignored is refused (exit 2) with the rule, not dropped.
 */
export interface OptionRule {
  /** The option given on the command line, e.g. '--debug'. */
  option: string;
  /** The option it goes with, e.g. '--log' or '--python-bots=cache'; a list: any one of them. */
  needs?: string | readonly string[];
  /** Options it cannot be given with. */
  excludes?: readonly string[];
  /** Why, appended to the message. */
  why?: string;
}

/** Adds the rules to a command (see OptionRule). A default value does not count as given. */
export function optionRules(cmd: Command, rules: readonly OptionRule[]): Command {
  const find = (long: string) => {
    const o = cmd.options.find((x) => x.long === long);
    if (!o) throw new Error(`optionRules: ${cmd.name()} has no option ${long}`);
    return o;
  };
  const needsOf = (r: OptionRule) => (r.needs === undefined ? [] : typeof r.needs === 'string' ? [r.needs] : [...r.needs]);
  for (const r of rules) for (const name of [r.option, ...needsOf(r).map((n) => n.split('=')[0]!), ...(r.excludes ?? [])]) find(name);
  cmd.hook('preAction', (_hooked, action) => {
    if (action !== cmd) return;
    const given = (long: string) => ['cli', 'env'].includes(cmd.getOptionValueSource(find(long).attributeName()) ?? '');
    const value = (long: string) => cmd.getOptionValue(find(long).attributeName()) as unknown;
    for (const r of rules) {
      if (!given(r.option)) continue;
      const why = r.why ? ` (${r.why})` : '';
      const needs = needsOf(r);
      if (needs.length) {
        const met = needs.some((n) => {
          const [need, want] = n.split('=') as [string, string | undefined];
          return given(need) && (want === undefined || String(value(need)) === want);
        });
        const names = needs.map((n) => n.replace('=', ' ')).join(' or ');
        if (!met) throw new UserError(`${r.option} goes with ${names}${why}: add ${needs.length > 1 ? 'one of them' : names}, or leave ${r.option} out. Nothing was run.`);
      }
      const clash = (r.excludes ?? []).filter(given);
      if (clash.length) throw new UserError(`${r.option} cannot be combined with ${clash.join(', ')}${why}: give one of them. Nothing was run.`);
    }
  });
  return cmd;
}

/** Options of `koth replay <game>` that do not change what its report shows. */
const REPORT_NEUTRAL = ['report', 'json', 'workers'];

/** `--report DIR` asked of a mode that compares with no published table (exit 2). */
export function noReportError(game: string, options: readonly string[], dir: string): UserError {
  return new UserError(
    `koth replay ${game} with ${options.join(', ')} gives no comparison with a published table, so no report can be written; nothing was run. ` +
      `For the report run "koth replay ${game} --report ${dir}" (see "koth replay ${game} --help" for the options a report can show)`,
  );
}

/**
 * Which modes of `koth replay <game>` give the HTML report something (`--report DIR`, added by
 * the replay command): every mode but those of the options in `noComparison` (an exact replay
 * compares with no published table), or, with 'any', only the game's default replay (no option
 * of its own given). `--report` with such an option is refused before anything runs (exit 2),
 * not after the run.
 */
export function reportModes(cmd: Command, noComparison: readonly string[] | 'any'): Command {
  if (noComparison !== 'any') for (const long of noComparison) if (!cmd.options.some((o) => o.long === long)) throw new Error(`reportModes: ${cmd.name()} has no option ${long}`);
  cmd.hook('preAction', (_hooked, action) => {
    if (action !== cmd) return;
    const dir = (cmd.getOptionValue('report') ?? cmd.parent?.getOptionValue('report')) as string | undefined;
    if (!dir) return;
    const given = cmd.options.filter((o) => !REPORT_NEUTRAL.includes(o.attributeName()) && ['cli', 'env'].includes(cmd.getOptionValueSource(o.attributeName()) ?? ''));
    const offending = given.filter((o) => noComparison === 'any' || noComparison.includes(o.long!));
    if (offending.length) throw noReportError(cmd.name(), offending.map((o) => o.long!), dir);
  });
  return cmd;
}

/** The options given on the command line that are not REPORT_NEUTRAL (a game command's own choices). */
export function ownOptionsGiven(cmd: Command): string[] {
  return cmd.options.filter((o) => !REPORT_NEUTRAL.includes(o.attributeName()) && cmd.getOptionValueSource(o.attributeName()) === 'cli').map((o) => o.long!);
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

/** The bots a run uses: --bots (checked against `known`), else the named pool. */
export function resolveBots(
  opts: { bots?: string; pool?: string },
  pools: { names: readonly string[]; resolve(name: string): readonly string[] | undefined; default: string },
  known: (name: string) => boolean,
  game: string,
): string[] {
  if (opts.bots !== undefined) {
    const names = parseBotList(opts.bots);
    const unknown = names.filter((n) => !known(n));
    if (unknown.length) throw new UserError(`no port for ${unknown.join(', ')} in ${game} (see "koth registry ${game}" for every known bot)`);
    return names;
  }
  const name = opts.pool ?? pools.default;
  const pool = pools.resolve(name);
  if (!pool) throw new UserError(`unknown pool "${name}": use ${pools.names.join(', ')}, or list bots with --bots A,B,C`);
  return [...pool];
}

/**
 * --queue URL: run the shards on `koth worker` processes through Redis (results do not depend on
 * it). A bad URL is a UserError (exit 2), not commander's InvalidArgumentError, whose message
 * would repeat the value, password and all.
 */
export function queueOption(): Option {
  return new Option('--queue <url>', 'redis://[:password@]host:port[/db]: put the shards on this Redis queue for "koth worker" processes (results do not depend on it)').argParser((v: string) => {
    const why = checkQueueUrl(v);
    if (why) throw new UserError(`${why}. Nothing was run.`);
    return v;
  });
}

/**
 * Refuses --queue on a command whose --exact mode is one stream (dice, atomas, camel-up): an
 * exact replay is not cut into shards, so the queue would be ignored. Checked before anything
 * runs or connects. Added with the common option 'workers' (which adds --queue).
 */
function queueExcludesExact(cmd: Command): void {
  cmd.hook('preAction', (_hooked, action) => {
    if (action !== cmd) return;
    const long = (name: string) => cmd.options.find((x) => x.long === name);
    const exact = long('--exact');
    const queue = long('--queue');
    if (!exact || !queue) return;
    const given = (o: Option) => ['cli', 'env'].includes(cmd.getOptionValueSource(o.attributeName()) ?? '');
    if (given(exact) && given(queue)) {
      throw new UserError('--queue cannot be combined with --exact (an exact replay is one stream from random.seed(S): it is not cut into shards, so it runs here): leave one of them out. Nothing was run.');
    }
  });
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

export const CHECKPOINT_HELP = 'save progress to this file and resume from it after an interruption (checked writable before the run)';

/** The options the kit can add to a game's command, each with one meaning in every game. */
export type CommonOption = 'seed' | 'games' | 'workers' | 'shardSize' | 'checkpoint' | 'confidence' | 'json' | 'bots' | 'pool' | 'rules' | 'compareRules';

/**
 * The common options' values as commander hands them to a game's action (camel-case names);
 * a game's own options interface extends it (or `Pick`s the ones it adds).
 */
export interface CommonOptionValues {
  seed: string;
  games?: number;
  workers: number;
  queue?: string;
  shardSize: number;
  checkpoint?: string;
  confidence: number;
  json?: boolean;
  bots?: string;
  pool?: string;
  rules: string;
  compareRules?: string;
}

export interface CommonDefaults {
  seed?: string;
  games?: number;
  shardSize?: number;
  confidence?: number;
  /** Help text of --seed (what the seed means for this game). */
  seedHelp?: string;
  gamesHelp?: string;
  poolHelp?: string;
  botsHelp?: string;
  jsonHelp?: string;
  rulesHelp?: string;
}

/** Adds the named common options to a command, with the game's defaults and variants. */
export function addCommonOptions(cmd: Command, names: readonly CommonOption[], engine: Pick<GameEngine, 'variants' | 'defaultVariant'>, d: CommonDefaults = {}): Command {
  const variants = Object.keys(engine.variants ?? {});
  for (const name of names) {
    switch (name) {
      case 'seed':
        cmd.addOption(new Option('--seed <S>', d.seedHelp ?? 'master seed (an integer is read as Python reads it)').argParser(notAnOption('a seed')).default(d.seed));
        break;
      case 'games':
        cmd.option('--games <N>', d.gamesHelp ?? `games to play${d.games ? ` (default ${d.games})` : ''}`, positiveInt);
        break;
      case 'workers':
        cmd.option('--workers <n>', `worker threads, at most ${maxWorkers()} here (results do not depend on it)`, workerCount, defaultWorkers());
        cmd.addOption(queueOption());
        queueExcludesExact(cmd);
        break;
      case 'shardSize':
        cmd.option('--shard-size <n>', 'trials per shard (part of the run identity: changes results)', positiveInt, d.shardSize ?? 10_000);
        break;
      case 'checkpoint':
        cmd.addOption(new Option('--checkpoint <file>', CHECKPOINT_HELP).argParser(outputFile('a checkpoint file name')));
        break;
      case 'confidence':
        cmd.option('--confidence <p>', 'confidence of each row interval', confidence, d.confidence ?? 0.999);
        break;
      case 'json':
        cmd.option('--json', d.jsonHelp ?? 'machine-readable output on stdout');
        break;
      case 'bots':
        cmd.addOption(new Option('--bots <A,B,C>', d.botsHelp ?? 'bots in pool order, comma-separated; overrides --pool').argParser(notAnOption('bot names')));
        break;
      case 'pool':
        cmd.addOption(new Option('--pool <name>', d.poolHelp ?? 'a named pool of bots').argParser(notAnOption('a pool name')));
        break;
      case 'rules':
        if (variants.length) cmd.addOption(new Option('--rules <variant>', d.rulesHelp ?? 'controller version (rule variant)').choices(variants).default(engine.defaultVariant ?? variants[0]));
        break;
      case 'compareRules':
        if (variants.length) cmd.option('--compare-rules <A,B>', `A/B of two rule variants on common seeds (e.g. ${variants.slice(0, 2).join(',')})`);
        break;
    }
  }
  return cmd;
}

/** Help text: rule variants and flags of an engine, then the exit codes. */
export function rulesHelp(engine: Pick<GameEngine, 'variants' | 'ruleFlags'>): string {
  const v = engine.variants ?? {};
  if (!Object.keys(v).length) return '';
  return (
    `\nRule variants (--rules):\n${Object.entries(v).map(([k, x]) => `  ${k.padEnd(9)} ${x.description}`).join('\n')}\n` +
    (engine.ruleFlags?.length ? `Rule flags:\n${engine.ruleFlags.map((f) => `  ${f.id}: ${f.description}\n    original: ${f.original}\n    fixed:    ${f.fixed}`).join('\n')}\n` : '')
  );
}

/** Two variants named by --compare-rules A,B. */
export function parseCompareRules(text: string, engine: Pick<GameEngine, 'variants'>): [string, string] {
  const names = Object.keys(engine.variants ?? {});
  const v = text.split(',').map((s) => s.trim());
  if (v.length !== 2 || v.some((x) => !names.includes(x)) || v[0] === v[1]) {
    throw new UserError(`--compare-rules takes two different variants of ${names.join(', ')}, e.g. ${names.slice(0, 2).join(',')}`);
  }
  return v as [string, string];
}

/** The kit a CLI hands its games: `trialsModuleOf` says where a game's trials module is (for workers); what the games offer the HTML report goes to `sink`; `originalsOf` gives a game's `engine.originals` (--python-bots). */
export function createReplayKit(trialsModuleOf: (game: string) => string, sink?: ReportSink, originalsOf: (game: string) => OriginalBots | undefined = () => undefined): ReplayKit {
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
      const onSigint = () => controller.abort();
      process.once('SIGINT', onSigint);
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
          ...(r.checkpoint ? { checkpoint: r.checkpoint, ...(r.checkpointPart ? { checkpointPart: r.checkpointPart } : {}) } : {}),
          label: r.label ?? r.game,
          ...(r.onShard ? { onShard: r.onShard } : {}),
          ...(r.sandbox ? { sandbox: r.sandbox } : {}),
          signal: controller.signal,
        });
        const unit = r.unit ?? 'trials';
        if (res.checkpointError) {
          const w = res.checkpointError;
          const kept = w.savedTrials
            ? `The last checkpoint written is kept in ${w.path} (${w.savedTrials} of ${r.trials} ${unit}${r.checkpointPart ? ` of ${r.checkpointPart}` : ''})`
            : `Nothing of this run had been saved in ${w.path} yet`;
          const why = `could not write the checkpoint ${w.path}: ${fsErrorText(w.cause)}`;
          if (res.interrupted) {
            throw new UserError(
              `${why}, so the run stopped after ${res.done} of ${r.trials} ${unit}. ${kept}: free space (or fix the folder) and rerun the same command to resume from it.`,
              EXIT.interrupted,
            );
          }
          process.stderr.write(`koth: warning: ${why} at the end of the run. Every ${unit.replace(/s$/, '')} was played and the results below are whole; ${kept.charAt(0).toLowerCase() + kept.slice(1)}.\n`);
        }
        if (res.interrupted) {
          throw new UserError(
            r.checkpoint
              ? `interrupted after ${res.done} ${unit}; progress is saved in ${r.checkpoint}: rerun the same command to resume`
              : `interrupted after ${res.done} of ${r.trials} ${unit}; rerun with --checkpoint FILE to be able to resume long runs`,
            EXIT.interrupted,
          );
        }
        return r.sandbox ? { ...res, ranOn: `${res.workers} sandbox worker(s) (the original Python bots in Pyodide)` } : res;
      } catch (e) {
        if (r.sandboxError) e = r.sandboxError(e);
        if (e instanceof CheckpointMismatch) throw new UserError(e.message);
        throw queueError(e) ?? e;
      } finally {
        sharding--;
        process.off('SIGINT', onSigint);
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
      // KOTH_SANDBOX_TIMEOUT_MS / KOTH_SANDBOX_MEMORY_MB: one call's time limit (over the game's own) and Python's memory cap per worker.
      const env = (k: string) => (Number(process.env[k]) > 0 ? Number(process.env[k]) : undefined);
      return new SandboxPool({ workers, modules: [trialsModuleOf(game)], timeoutMs: env('KOTH_SANDBOX_TIMEOUT_MS') ?? o.timeoutMs, memoryMb: env('KOTH_SANDBOX_MEMORY_MB'), runtime: o.runtime });
    },
    seed(text, fallback) {
      const t = text ?? fallback;
      if (t === undefined) throw new UserError('give a seed: --seed S');
      return parseSeed(t);
    },
    originals(game, opts, o, use) {
      const spec = originalsOf(game);
      if (!spec) throw new UserError(`--python-bots: ${game} cannot run its original answers`);
      return withOriginals(game, spec, opts, kit, { ...o, sharding: () => sharding > 0 }, use);
    },
  };
  return kit;
}

async function queuedRun<Opts, Acc>(r: ShardedRun<Opts, Acc>, signal: AbortSignal): Promise<RunResult<Acc>> {
  // A sandbox run's shards go to `koth worker` processes that start sandbox workers of the run's runtime (compiled C++: wasm;
  // original Python bots: python, their sources sent by content, engines/core/runner/content.ts).
  const sandbox = r.sandbox ? { runtime: r.sandbox.runtime, timeoutMs: r.sandbox.timeoutMs } : undefined;
  let res: Awaited<ReturnType<typeof runQueued<Opts, Acc>>>;
  try {
    const { sandbox: _local, ...rest } = r;
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
    throw new UserError(`interrupted after ${res.done} of ${r.trials} ${unit}; the finished shards stay on the queue ${redact(r.queue!)}: rerun the same command to resume ("koth queue clean" removes them)`, EXIT.interrupted);
  }
  // The shards ran on `koth worker` processes, however many pulled from the queue: not on --workers threads here.
  return { acc: res.acc, shards: res.shards, resumedShards: res.resumedShards, trials: r.trials, done: res.done, workers: r.workers, ranOn: `koth worker processes through the queue ${redact(r.queue!)}${sandbox?.runtime === 'python' ? ' (the original Python bots in their Pyodide sandbox workers)' : ''}`, elapsedMs: res.elapsedMs, interrupted: false };
}

/** The standard closing lines of a game command's --help: examples, then the exit codes. */
export function helpFooter(examples: readonly string[]): string {
  return `\nExamples:\n${examples.map((e) => `  ${e}`).join('\n')}\n\n${exitCodeHelp()}`;
}

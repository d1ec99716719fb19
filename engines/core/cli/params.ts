/**
 * A game command's parameters as data (OpenSpiel's `parameter_specification`): each option with
 * its flag, help, default, parser, and the options it needs or excludes and why. From a game's
 * declared lists (`engine.params.replay`, `.play`) the kit derives the commander options, the
 * `--help` lines, the defaults (`paramDefaults`: what `defaultReplay` runs with) and the rules
 * checked before an action runs (`optionRules`, `reportModes`, --queue against --exact, the
 * --compare-rules pair). The options with one meaning in every game (seed, games, workers,
 * queue, shard size, checkpoint, confidence, json, bots, pool, rules, compare-rules, the
 * user's bots of each kind — their help and parsers from the game's `engine.entrants` — and
 * play's watch page) are
 * declared once here (`COMMON`); a game names one (`{ common: 'seed' }`) and overrides only what
 * differs (its default, its help sentence, its rules).
 */
import { availableParallelism } from 'node:os';
import { Command, InvalidArgumentError, Option } from 'commander';
import type { CommandParams, CommonOption, GameEngine, GameParams, Param, ParamDecl, ParamRule } from '../game.ts';
import { defaultWorkers } from '../runner/runner.ts';
import { checkQueueUrl } from '../runner/queue/connection.ts';
import { asSentence, UserError } from './errors.ts';
import { join, normalize } from 'node:path';
import { outputFileProblem, outputFolderProblem } from './files.ts';
import { asOfEpoch } from '../io/as-of.ts';
import { MIN_ERROR_RATE } from '../stats/sprt.ts';
import { acceptedKinds, type ProgramEntrants, type UserEntrantKind } from '../entrants/entrant.ts';
import { KIND_FLAG } from '../entrants/options.ts';
import { DEFAULT_MOVE_TIMEOUT_MS } from '../entrants/program.ts';

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
 * The longest time limit a command takes (`--move-timeout`): 2^31 − 1 ms, about 24.8 days, the
 * longest timer Node keeps. A longer one would fire after 1 ms (Node's TimeoutOverflowWarning):
 * every move of a program would be killed at once.
 */
export const MAX_TIMEOUT_MS = 2 ** 31 - 1;

/**
 * A time limit's parser, in units of `unitMs` ms (1: ms, 1000: s): a positive whole number, at
 * most MAX_TIMEOUT_MS in all (refused with the most in the option's unit).
 */
export function timeLimit(unitMs = 1): (v: string) => number {
  const most = Math.floor(MAX_TIMEOUT_MS / unitMs);
  const unit = unitMs === 1 ? 'ms' : unitMs === 1000 ? 's' : `× ${unitMs} ms`;
  return (v) => {
    const n = positiveInt(v);
    if (n > most) throw new InvalidArgumentError(`Too long: the most is ${most} ${unit} (about 24.8 days, the longest timer Node keeps).`);
    return n;
  };
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
    if (p) throw new InvalidArgumentError(`${asSentence(p, [v, normalize(v)])}. Nothing was run: give a file that can be written.`);
    return v;
  };
}

/** An option naming a folder koth will write `file` into (--report DIR → DIR/index.html), checked as outputFile is. */
export function outputFolder(file: string, what = 'a folder'): (v: string) => string {
  const notOpt = nonEmpty(what);
  return (v) => {
    notOpt(v);
    const p = outputFolderProblem(v, file);
    if (p) throw new InvalidArgumentError(`${asSentence(p, [v, normalize(v), join(v, file)])}. Nothing was run: give a folder where ${file} can be written.`);
    return v;
  };
}

/**
 * How an option relates to others: `needs` another option (or `--option=value`) to mean
 * anything, or `excludes` options it cannot be combined with. Checked before the action runs;
 * an option given where it would be ignored is refused (exit 2) with the rule, not dropped.
 */
export interface OptionRule extends ParamRule {
  /** The option given on the command line, e.g. '--debug'. */
  option: string;
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
 * not after the run. `offers`: a mode that gives the report something whatever else is given.
 */
export function reportModes(cmd: Command, noComparison: readonly string[] | 'any', offers?: () => boolean): Command {
  if (noComparison !== 'any') for (const long of noComparison) if (!cmd.options.some((o) => o.long === long)) throw new Error(`reportModes: ${cmd.name()} has no option ${long}`);
  cmd.hook('preAction', (_hooked, action) => {
    if (action !== cmd) return;
    const dir = (cmd.getOptionValue('report') ?? cmd.parent?.getOptionValue('report')) as string | undefined;
    if (!dir || offers?.()) return;
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
 * --queue URL: run the shards on `koth worker` processes through Redis (results do not depend on
 * it). A bad URL is a UserError (exit 2), not commander's InvalidArgumentError, whose message
 * would repeat the value, password and all.
 */
export function queueOption(): Option {
  const q = commonParams().queue;
  return new Option(q.flags, q.help).argParser(queueUrl);
}

/**
 * Refuses --queue on a command whose --exact mode is one stream (dice, atomas, camel-up): an
 * exact replay is not cut into shards, so the queue would be ignored. Checked before anything
 * runs or connects. Added by applyParams to a command that declares both.
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


export const CHECKPOINT_HELP = 'save progress to this file and resume from it after an interruption (checked writable before the run)';

export type { CommandParams, CommonOption, CommonParam, GameParams, Param, ParamDecl, ParamRule } from '../game.ts';

/** What of a game's engine the parameters read (its variants, rule flags and declared parameters). */
export type EngineVariants = Pick<GameEngine, 'variants' | 'defaultVariant' | 'ruleFlags' | 'params' | 'entrants'>;

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
  /** Two different variants, checked before the action (see applyParams). */
  compareRules?: [string, string];
}

/** --queue's parser: a bad URL is a UserError (exit 2), not commander's InvalidArgumentError, whose message would repeat the value, password and all. */
function queueUrl(v: string): string {
  const why = checkQueueUrl(v);
  if (why) throw new UserError(`${why}. Nothing was run.`);
  return v;
}

/** A number (an Elo, …): `what` names it in the refusal. */
export const finiteNumber = (what: string) => (v: string) => {
  const n = Number(v);
  if (!v.trim() || !Number.isFinite(n)) throw new InvalidArgumentError(`must be a number (${what})`);
  return n;
};

/** An SPRT error rate (alpha, beta): in (0, 0.5), and a normal double (MIN_ERROR_RATE). */
export const errorRate = (v: string) => {
  const n = Number(v);
  if (!(n > 0 && n < 0.5)) throw new InvalidArgumentError('must be a fraction strictly between 0 and 0.5, e.g. 0.05');
  // A subnormal rate has lost its digits, and the bound ln((1 − β)/α) would be Infinity (H1 never accepted).
  if (n < MIN_ERROR_RATE) throw new InvalidArgumentError(`must be at least ${MIN_ERROR_RATE} (the smallest normal double: below it a rate loses its digits and the SPRT's bound ln((1 − beta)/alpha) is no longer finite), e.g. 1e-9`);
  return n;
};

/** `--as-of`: a day or an ISO timestamp, refused before anything runs otherwise (engines/core/io/as-of.ts). */
export function asOfDay(v: string): string {
  try {
    asOfEpoch(v);
  } catch (e) {
    throw new InvalidArgumentError(`${(e as Error).message}.`);
  }
  return v;
}

/** The common parameters, declared once; `rules` and `compareRules` take the engine's variants. */
export function commonParams(engine: EngineVariants = {}): Record<CommonOption, Param> {
  const variants = Object.keys(engine.variants ?? {});
  return {
    seed: { flags: '--seed <S>', help: 'master seed (an integer is read as Python reads it)', parse: notAnOption('a seed') },
    games: { flags: '--games <N>', help: 'games to play', parse: positiveInt },
    workers: { flags: '--workers <n>', help: `worker threads, at most ${maxWorkers()} here (results do not depend on it)`, parse: workerCount, default: defaultWorkers() },
    queue: { flags: '--queue <url>', help: 'redis://[:password@]host:port[/db]: put the shards on this Redis queue for "koth worker" processes (results do not depend on it)', parse: queueUrl },
    shardSize: { flags: '--shard-size <n>', help: 'trials per shard (part of the run identity: changes results)', parse: positiveInt, default: 10_000 },
    checkpoint: { flags: '--checkpoint <file>', help: CHECKPOINT_HELP, parse: outputFile('a checkpoint file name') },
    confidence: { flags: '--confidence <p>', help: 'confidence of each row interval', parse: confidence, default: 0.999 },
    json: { flags: '--json', help: 'machine-readable output on stdout' },
    bots: { flags: '--bots <A,B,C>', help: 'bots in pool order, comma-separated; overrides --pool', parse: notAnOption('bot names') },
    pool: { flags: '--pool <name>', help: 'a named pool of bots', parse: notAnOption('a pool name') },
    rules: { flags: '--rules <variant>', help: 'controller version (rule variant)', choices: variants, default: engine.defaultVariant ?? variants[0] },
    compareRules: { flags: '--compare-rules <A,B>', help: `A/B of two rule variants on common seeds (e.g. ${variants.slice(0, 2).join(',')})` },
    pythonBots: { flags: '--python-bots <files>', help: engine.entrants?.python?.help ?? 'run the original Python answers (sandboxed in Pyodide) instead of ports', parse: nonEmpty('Python files') },
    // The options that bring the user's bots take their help from the game's entrants (engine.entrants: engines/core/entrants).
    cppPlayers: { flags: '--cpp-players <files>', help: engine.entrants?.cpp?.help ?? 'play C++ answers as posted, compiled to WebAssembly and sandboxed', parse: nonEmpty('C++ files or "cache"') },
    ...programParams(engine.entrants?.program),
    // Refused without --python-bots cache in every game that declares it (it picks where the cached answers come from).
    asOf: { flags: '--as-of <day>', help: 'with --python-bots cache: the as-of scrape of that day', parse: asOfDay, rules: [{ needs: '--python-bots=cache', why: 'it picks the as-of scrape the cached answers come from' }] },
    // `koth play <game> --report DIR`: the watch page (the page shows commandLine()).
    watch: { flags: '--report <dir>', help: 'also write DIR/index.html: the game step by step (one self-contained page: inline SVG, ←/→, Home/End, a slider, play/pause; every step listed without script); DIR is checked writable before the game', parse: outputFolder('index.html', 'a folder for the page') },
  };
}

/** A repeatable option's values, in order (commander's argParser); with `names`, each one of them. */
function collect(names?: readonly string[]): (v: string, prev: unknown) => string[] {
  return (v, prev) => {
    if (names && !names.includes(v)) throw new InvalidArgumentError(`Allowed choices are ${names.join(', ')}.`);
    return [...((prev as string[] | undefined) ?? []), v];
  };
}

/**
 * The options that bring programs (`--bot-cmd` and what goes with it), derived from how the game
 * talks to them (engine.entrants.program: ProgramEntrants): named programs or one bare one, the
 * interfaces and line endings it allows, the sentences of its help (the core's when it says none).
 */
function programParams(p: ProgramEntrants | undefined): Pick<Record<CommonOption, Param>, 'botCmd' | 'interface' | 'moveTimeout' | 'stdioNewline'> {
  const said = p?.replay ?? {};
  const lines = p?.interfaces?.lines;
  return {
    botCmd: said.bare
      ? { flags: '--bot-cmd <program>', help: said.botCmd ?? 'play this program instead of a port' }
      : { flags: '--bot-cmd <Name=program>', help: said.botCmd ?? 'add a player that is a program in any language, under the name Name (repeatable)', parse: collect() as (v: string) => unknown },
    interface: {
      flags: '--interface <kind>',
      help: said.interface ?? `the interface the --bot-cmd programs use${p?.interfaces ? `: ${p.interfaces.help}` : ''}; once for all, or once per --bot-cmd in order`,
      parse: collect(p?.interfaces?.names) as (v: string) => unknown,
      rules: [{ needs: '--bot-cmd', why: 'it says how the --bot-cmd programs are run' }],
    },
    moveTimeout: {
      flags: '--move-timeout <ms>',
      help: said.moveTimeout ?? `with --bot-cmd: time limit of one move; a program past it is killed and its move is ${p?.timedOutMove ?? 'lost'}`,
      parse: timeLimit(),
      default: DEFAULT_MOVE_TIMEOUT_MS,
      rules: [{ needs: '--bot-cmd', why: 'ports answer at once' }],
    },
    stdioNewline: {
      flags: '--stdio-newline <style>',
      help: said.stdioNewline ?? `with --interface ${lines?.name ?? '<kind>'}: the line ending written to the program`,
      ...(lines ? { choices: Object.keys(lines.newlines), default: lines.default } : {}),
      rules: [{ needs: '--interface', why: `only ${lines?.name ?? 'line-reading'} programs read lines` }],
    },
  };
}

/** A declared list with every common entry made whole (the core's declaration, then what the game overrides). */
export function resolveParams(decls: readonly ParamDecl[], engine: EngineVariants = {}): Param[] {
  const common = commonParams(engine);
  return decls.map((d) => {
    if (!('common' in d)) return d;
    const { common: name, ...own } = d;
    return { ...common[name], ...own };
  });
}

/** The option's long name ('--shard-size') and commander's attribute name ('shardSize'). */
export function longOf(p: Pick<Param, 'flags'>): string {
  return /--[\w-]+/.exec(p.flags)![0];
}
export function attributeOf(p: Pick<Param, 'flags'>): string {
  return longOf(p).slice(2).replace(/-(\w)/g, (_, c: string) => c.toUpperCase());
}

/** The declared defaults by attribute name (default, else fallback): what a command runs with when nothing is given. */
export function paramDefaults<T = Record<string, unknown>>(engine: EngineVariants, command: keyof GameParams = 'replay'): T {
  const out: Record<string, unknown> = {};
  for (const p of resolveParams(engine.params?.[command]?.params ?? [], engine)) {
    const v = p.default ?? p.fallback;
    if (v !== undefined) out[attributeOf(p)] = v;
  }
  return out as T;
}

/** The help line of a parameter: a fallback is named in it ("default N") when the sentence does not say it already. */
function helpOf(p: Param): string {
  return p.fallback === undefined || /\bdefault\b/.test(p.help) ? p.help : `${p.help} (default ${String(p.fallback)})`;
}

/** Adds the options of declared parameters to a command, in order; returns them resolved. */
function addOptions(cmd: Command, decls: readonly ParamDecl[], engine: EngineVariants): Param[] {
  const params = resolveParams(decls, engine);
  for (const p of params) {
    const o = new Option(p.flags, helpOf(p));
    if (p.parse) o.argParser(p.parse as (v: string, prev: unknown) => unknown);
    if (p.choices) o.choices(p.choices);
    if (p.default !== undefined) o.default(p.default);
    cmd.addOption(o);
  }
  return params;
}

const rulesOf = (params: readonly Param[]): OptionRule[] => params.flatMap((p) => (p.rules ?? []).map((r) => ({ option: longOf(p), ...r })));

/** Adds declared parameters to any commander command (their options and rules): a command of another kind (koth ab) reuses the common ones this way. */
export function addParams(cmd: Command, decls: readonly ParamDecl[], engine: EngineVariants = {}): Param[] {
  const params = addOptions(cmd, decls, engine);
  optionRules(cmd, rulesOf(params));
  return params;
}

/** Adds common parameters by name (with the core's help and defaults) to any command. */
export function addCommonParams(cmd: Command, names: readonly CommonOption[], engine: EngineVariants = {}): Param[] {
  return addParams(cmd, names.map((common) => ({ common })), engine);
}

/**
 * A game command built from its declared parameters: the options and their rules, `--report`'s
 * modes, --queue refused with --exact, --compare-rules checked (two different variants, handed to
 * the action as a pair) before the action, and the rule variants in --help when asked.
 */
export function applyParams(cmd: Command, spec: CommandParams, engine: EngineVariants = {}): Command {
  const params = addOptions(cmd, spec.params, engine);
  refuseUnseatedKinds(cmd, engine, new Set(params.map(longOf)));
  const noReport = params.filter((p) => p.noReport).map(longOf);
  // The rule A/B (--compare-rules A,B: a list once parsed) always offers its section (engines/core/ab/rules.ts).
  if (spec.report === 'default-only') reportModes(cmd, 'any', () => { const v: unknown = cmd.getOptionValue('compareRules'); return Array.isArray(v) || typeof v === 'string'; });
  else if (noReport.length) reportModes(cmd, noReport);
  optionRules(cmd, rulesOf(params));
  const longs = new Set(params.map(longOf));
  if (longs.has('--exact') && longs.has('--queue')) queueExcludesExact(cmd);
  if (longs.has('--compare-rules') && engine.variants) {
    cmd.hook('preAction', (_hooked, action) => {
      const text = action === cmd ? (cmd.getOptionValue('compareRules') as unknown) : undefined;
      if (typeof text === 'string') cmd.setOptionValue('compareRules', parseCompareRules(text, engine));
    });
  }
  // Commander ends each help text with a line break: the game's own text follows without a blank line, as one text did.
  if (spec.rulesHelp) cmd.addHelpText('after', rulesHelp(engine).replace(/\n$/, ''));
  return cmd;
}

/** What each kind of the user's bots is, in refusals. */
const KIND_WORDS: Readonly<Record<UserEntrantKind, string>> = { python: 'original Python answers', cpp: 'C++ answers', program: 'programs' };

const orList = (xs: readonly string[]) => (xs.length < 2 ? xs.join('') : `${xs.slice(0, -1).join(', ')} or ${xs.at(-1)}`);

/**
 * The option of a kind of the user's bots the game does not seat (engine.entrants) is refused
 * before anything runs, saying what the command plays instead, rather than being an unknown
 * option: each is a hidden option (not in --help) whose use is refused (exit 2).
 */
function refuseUnseatedKinds(cmd: Command, engine: EngineVariants, declared: ReadonlySet<string>): void {
  const accepted = acceptedKinds(engine.entrants);
  const refused = (['python', 'cpp', 'program'] as const).filter((k) => !accepted.includes(k) && !declared.has(KIND_FLAG[k]));
  if (!refused.length) return;
  for (const k of refused) cmd.addOption(new Option(`${KIND_FLAG[k]} <value>`).hideHelp());
  const offered = accepted.filter((k) => declared.has(KIND_FLAG[k]));
  cmd.hook('preAction', (_hooked, action) => {
    if (action !== cmd) return;
    const k = refused.find((x) => cmd.getOptionValueSource(attributeOf({ flags: KIND_FLAG[x] })) === 'cli');
    if (!k) return;
    const plays = `its ports${offered.length ? ` and ${orList(offered.map((x) => `${KIND_WORDS[x]} (${KIND_FLAG[x]})`))}` : ''}`;
    throw new UserError(`${KIND_FLAG[k]}: ${cmd.name()} seats no ${KIND_WORDS[k]}: koth ${cmd.parent?.name() ?? 'replay'} ${cmd.name()} plays ${plays}. Nothing was run.`);
  });
}

/** Help text: rule variants and flags of an engine. */
export function rulesHelp(engine: EngineVariants): string {
  const v = engine.variants ?? {};
  if (!Object.keys(v).length) return '';
  return (
    `\nRule variants (--rules):\n${Object.entries(v).map(([k, x]) => `  ${k.padEnd(9)} ${x.description}`).join('\n')}\n` +
    (engine.ruleFlags?.length ? `Rule flags:\n${engine.ruleFlags.map((f) => `  ${f.id}: ${f.description}\n    original: ${f.original}\n    fixed:    ${f.fixed}`).join('\n')}\n` : '')
  );
}

/** Two variants named by --compare-rules A,B. */
export function parseCompareRules(text: string, engine: EngineVariants): [string, string] {
  const names = Object.keys(engine.variants ?? {});
  const v = text.split(',').map((s) => s.trim());
  // A,A is allowed: the self-test of the paired rule A/B (engines/core/ab/rules.ts: every difference 0).
  if (v.length !== 2 || v.some((x) => !names.includes(x))) {
    throw new UserError(`--compare-rules takes two variants of ${names.join(', ')}, e.g. ${names.slice(0, 2).join(',')} (A,A is the self-test: every difference 0)`);
  }
  return v as [string, string];
}

/**
 * What is wrong with a game's declared parameters (empty when nothing): every parameter has
 * help, no flag is declared twice in a command, each default (and fallback) passes its own
 * parser and choices, and every rule names options of the same command (`--report` is added to
 * every `koth replay <game>` by the CLI).
 */
export function paramProblems(engine: EngineVariants): string[] {
  const bad: string[] = [];
  for (const [command, spec] of Object.entries(engine.params ?? {}) as [string, CommandParams][]) {
    const params = resolveParams(spec.params, engine);
    const where = (p: Param) => `${command} ${p.flags}`;
    const longs = params.map(longOf);
    const known = new Set([...longs, ...(command === 'replay' ? ['--report'] : [])]);
    longs.forEach((l, i) => longs.indexOf(l) !== i && bad.push(`${command}: ${l} is declared twice`));
    // An option that brings the user's bots of a kind the game does not seat (engine.entrants) would be refused by nothing.
    for (const [kind, flag] of [['python', '--python-bots'], ['cpp', '--cpp-players'], ['program', '--bot-cmd']] as const) {
      if (longs.includes(flag) && !engine.entrants?.[kind]) bad.push(`${command}: ${flag} is declared, but the game seats no ${kind} entrants (engine.entrants.${kind})`);
    }
    // What goes with --bot-cmd, as the core declares it (a game's own --move-timeout may mean another thing: camel-up's, of its Python bots).
    const commons = new Set(spec.params.flatMap((d) => ('common' in d ? [d.common] : [])));
    const program = engine.entrants?.program;
    for (const name of ['interface', 'moveTimeout', 'stdioNewline'] as const) {
      if (commons.has(name) && !program) bad.push(`${command}: ${longOf(commonParams()[name])} is declared, but the game seats no program entrants (engine.entrants.program)`);
    }
    if (program && commons.has('interface') && !program.interfaces) bad.push(`${command}: --interface is declared, but the game's programs have one interface (engine.entrants.program.interfaces)`);
    if (program && commons.has('stdioNewline') && !program.interfaces?.lines) bad.push(`${command}: --stdio-newline is declared, but no interface of the game's programs reads lines (engine.entrants.program.interfaces.lines)`);
    for (const p of params) {
      if (!p.help.trim()) bad.push(`${where(p)} has no help`);
      // An option its help says goes "with --X" is refused by the core without --X only when a rule says so (else a mode that cannot use it would ignore it).
      const partner = /^with (--[\w-]+)/.exec(p.help)?.[1];
      const needed = (p.rules ?? []).flatMap((r) => (r.needs === undefined ? [] : typeof r.needs === 'string' ? [r.needs] : [...r.needs])).map((n) => n.split('=')[0]!);
      if (partner && !needed.includes(partner)) bad.push(`${where(p)}: its help says "with ${partner}", but it declares no rule needing ${partner} (add rules: [{ needs: '${partner}' }], so that the core refuses it alone)`);
      if (p.default !== undefined && p.fallback !== undefined) bad.push(`${where(p)} has both a default and a fallback`);
      const v = p.default ?? p.fallback;
      if (v !== undefined && /<|\[/.test(p.flags)) {
        if (p.choices && !p.choices.includes(String(v))) bad.push(`${where(p)}: default ${String(v)} is not one of its choices`);
        try {
          p.parse?.(String(v));
        } catch (e) {
          bad.push(`${where(p)}: default ${String(v)} is refused by its own parser (${(e as Error).message})`);
        }
      }
      for (const r of p.rules ?? []) {
        const needs = r.needs === undefined ? [] : typeof r.needs === 'string' ? [r.needs] : r.needs;
        for (const n of [...needs.map((x) => x.split('=')[0]!), ...(r.excludes ?? [])]) if (!known.has(n)) bad.push(`${where(p)}: its rule names ${n}, which ${command} does not declare`);
      }
    }
  }
  return bad;
}

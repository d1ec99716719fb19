/**
 * What a game is, as the core sees it (OpenSpiel's one small interface; boardgame.io's plain
 * config object validated in one place). A game is a folder `engines/<id>/` whose index.ts
 * exports one `GameDescriptor`, plus one line in engines/registry.ts. Everything else — the
 * scraper's challenge table, the bot registry, the CLI, the conformance tests — is derived
 * from the registered descriptors. The core never imports a game.
 */
import type { Command } from 'commander';
import type { GeneratorKind } from './rng/generators.ts';
import { generatorKind } from './rng/generators.ts';
import type { TrialSpec } from './runner/trial-spec.ts';
import type { ComparisonReport } from './stats/compare.ts';
import type { KnownBot } from './provenance.ts';
import type { SandboxRuntime } from './sandbox/heartbeat.ts';
import type { SandboxContext } from './runner/trial-spec.ts';
import type { VerifyResult } from './verify/verify.ts';
import type { WatchPage } from './report/html/watch.ts';
import type { AbGame } from './ab/types.ts';
import type { PlayCommand, ReplayCommand } from './cli/declared.ts';

export type BotLanguage = 'Python 3' | 'Python 2' | 'C++';

/** A code block of an answer: its text (entities decoded) and the sha256 of its UTF-8 bytes. */
export interface CodeBlock {
  index: number;
  text: string;
  sha256: string;
}

export interface ExtractedBot {
  name: string;
  /** Index of the code block the bot was found in (several bots may share one). */
  block: number;
  /** sha256 of that block. */
  sha256: string;
  /** The answer's own title for it (ruins: the first H1; atomas: the header), when different from name. */
  title?: string;
  /** When the bot is not in the challenge's language: its language (gun-duel accepted others through interfaces of its own). */
  language?: string;
  /** Which of the challenge's interfaces for other languages it follows, when that shows (gun-duel: "exit-code" or "stdio"). */
  interface?: string;
}

export interface Extraction {
  blocks: CodeBlock[];
  bots: ExtractedBot[];
  /** Why no bot was found, when none was. */
  reason?: string;
}

/** How a game's answers are read: answer HTML → code blocks → bots. */
export interface AnswerExtractor {
  /** How a bot is recognised, in words (shown by `koth scrape --help`). */
  recognises: string;
  extract(html: string): Extraction;
  /**
   * The code one bot of an answer runs from, as a whole (what `koth host` stores and versions: a
   * changed text is a new version). Absent: the text of the block the bot was found in.
   */
  codeOf?(answer: Pick<Extraction, 'blocks' | 'bots'>, bot: ExtractedBot): string;
}

/** A published leaderboard the game compares with (the data itself stays in the game's folder). */
export interface PublishedTable {
  name: string;
  /** Where the figures come from (page, date). */
  source: string;
  /** The bots of the table, in its order. */
  bots: readonly string[];
}

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

export type { TrialSpec } from './runner/trial-spec.ts';

/* A game command's parameters as data: the CLI, --help, defaults and option rules are derived from them (engines/core/cli/params.ts). */

/** What a parameter needs or excludes, and why (checked by optionRules before the action). */
export interface ParamRule {
  /** The option it goes with, e.g. '--log' or '--python-bots=cache'; a list: any one of them. */
  needs?: string | readonly string[];
  /** Options it cannot be given with. */
  excludes?: readonly string[];
  /** Why, appended to the message. */
  why?: string;
}

/** One parameter of a game command, as data. */
export interface Param {
  /** Commander's flags: '--seed <S>', '--json'. */
  flags: string;
  /** One sentence for --help. */
  help: string;
  /** The value when not given: set by commander and shown by --help as "(default: …)". */
  default?: unknown;
  /**
   * The value the command uses when the option is not given, left unset so that the command can
   * tell "not given" apart (a mode picks another, e.g. --games with --exact); shown by --help.
   */
  fallback?: unknown;
  /** Reads the text given on the command line (commander's argParser; throws to refuse it). */
  parse?: (v: string) => unknown;
  /** The values allowed (commander's choices). */
  choices?: readonly string[];
  /** The options this one needs or excludes, and why (see OptionRule). */
  rules?: readonly ParamRule[];
  /** Given, this option's mode compares with no published table: `--report DIR` is refused (reportModes). */
  noReport?: boolean;
}

/** The options with one meaning in every game (their values: CommonOptionValues). */
export type CommonOption = 'seed' | 'games' | 'workers' | 'queue' | 'shardSize' | 'checkpoint' | 'confidence' | 'json' | 'bots' | 'pool' | 'rules' | 'compareRules' | 'pythonBots' | 'cppPlayers' | 'botCmd' | 'interface' | 'moveTimeout' | 'stdioNewline' | 'asOf' | 'watch';

/** A common parameter named by a game, with what differs for it (its default, its help, rules). */
export type CommonParam = { common: CommonOption } & Partial<Omit<Param, 'flags'>>;

/** An entry of a game's parameter list: a parameter of its own, or a common one. */
export type ParamDecl = Param | CommonParam;

/** The parameters of one game command (`koth replay <game>`, `koth play <game>`), in --help order. */
export interface CommandParams {
  params: readonly ParamDecl[];
  /** 'default-only': `--report DIR` shows the game's default replay only; any option of its own refuses it (reportModes 'any'). */
  report?: 'default-only';
  /** --help lists the engine's rule variants and flags (rulesHelp) first after the options. */
  rulesHelp?: boolean;
}

/** A game's declared parameters, by command. */
export interface GameParams {
  replay?: CommandParams;
  play?: CommandParams;
}



export type { ShardedRun, ReplayKit, OriginalsOptions, OriginalBots, GameEntrants, OriginalsInspection, Originals, ReplayContext } from './kit-types.ts';
import type { ReplayKit, GameEntrants, ReplayContext } from './kit-types.ts';
import type { HostGame } from './host/play.ts';

/** What the conformance tests run for this game (small, fast samples). */
export interface ConformanceSample<Opts> {
  /** Options and size of a sharded run (determinism, worker count, resume). */
  trials?: { opts: Opts; trials: number; shardSize: number };
  /** Arguments after `koth replay <id>` for a quick `--json` run (`--json` is appended). */
  replayArgs?: string[];
}

/**
 * The bots a game's runs seat when --bots does not name them: its named pools, declared by the
 * game, which owns them (a pool is a fact of the tournament: dice's official pool is the rows of
 * its published table). `resolveBots` (engines/core/cli/kit.ts) reads --bots and --pool with them.
 */
export interface BotPools {
  /** The names --pool takes, in the order messages list them. */
  names: readonly string[];
  /** The pool of a run that names neither --bots nor --pool. */
  default: string;
  /** A pool's bots, in seat order; undefined for a name that is no pool. */
  resolve(name: string): readonly string[] | undefined;
  /** Whether --bots may name this bot (a port, or a player of the game's own). */
  known(name: string): boolean;
  /** What the message for an unknown pool offers instead (default: 'list bots with --bots A,B,C'). */
  instead?: string;
}

/** The engine of a game: rules live in its folder; this is what it offers the core. */
export interface GameEngine<Opts = any, Acc = any> {
  /** Its named pools of bots (--pool, the default pool, the A/B field): see BotPools. */
  pools?: BotPools;
  /** Rule variants by name (`original`, `fixed`, ...), and which is the default. */
  ruleFlags?: RuleFlag[];
  variants?: Record<string, RuleVariant>;
  defaultVariant?: string;
  trials?: TrialSpec<Opts, Acc>;
  /** Module a worker imports `trials` from; the registry's convention (engines/wiring/<id>-trials.ts: engines/<id>/trials.ts with the game's ports handed) when absent. */
  trialsModule?: string;
  /** `koth ab <id>`: paired A/B games of two bots (engines/core/ab; the pairs in engines/<id>/ab.ts); `bench`: its figures in `koth bench ab`. */
  ab?: AbGame & { bench?(ctx: BenchContext): Promise<BenchFigure[]> };
  /**
   * The user's bots it seats besides its ports, by kind (engines/core/entrants: python — how the
   * original Python answers run in sandbox workers, engines/core/cli/originals.ts; cpp; program):
   * the options that bring them, their help and refusals are derived from it.
   */
  entrants?: GameEntrants;
  /** `koth host` (engines/core/host/play.ts): the seats of a hosted game and how a batch of them is played, when the game can be hosted. */
  host?: HostGame;
  /** The parameters of `koth replay <id>` and `koth play <id>` as data: the CLI, --help, defaults and option rules are derived from them (engines/core/cli/params.ts). */
  params?: GameParams;
  /**
   * `koth replay <id>` as data (engines/core/cli/replay.ts): its help, its own modes, the rule A/B
   * (`ruleAb`), the statistical replay, its errors; the core builds the command from it and `params`.
   */
  replay?: ReplayCommand;
  /** `koth play <id>` as data (engines/core/cli/replay.ts), when the game has single games to show. */
  play?: PlayCommand;
  /** Anything more than `replay` and `play` declare, added with the kit (`kit.command`). */
  registerCli?(cmds: { replay: Command; play: Command }, kit: ReplayKit): void;
  /** What `koth replay` with no game runs for this game on the embedded data. */
  defaultReplay(ctx: ReplayContext): Promise<ComparisonReport | undefined>;
  /** Figures for `koth bench` (speed of this engine, next to the original's where it can run). */
  bench?(ctx: BenchContext): Promise<BenchFigure[]>;
  /**
   * Set when `koth bench` takes the original as a program the user built by the original
   * repository's own instructions (`--original-bin PATH`, timed as it is) instead of a checkout
   * (`--original DIR`); `hint` says, in words, where it comes from and how it is built.
   */
  benchProgram?: { hint: string; /** What `--original DIR` means for this game too, when it takes one (gun-duel: the checkout whose answers are compiled to WebAssembly). */ checkout?: string };
  /** A few sample games step by step (`koth play <id> --report`'s pages), linked from the replay report. */
  watchSamples?(): WatchPage[];
  conformance: ConformanceSample<Opts>;
}

/** An original's source for `koth verify`: where it came from and its Python text. */
export interface VerifySource {
  path: string;
  code: string;
}

/** What a game's verifier returns for one bot (the CLI adds the source's sha256 and the nondeterminism check). */
export type VerifyOutcome = Omit<VerifyResult, 'source' | 'nondeterministic'>;

/**
 * `koth verify <game> <bot>`: the game's port and its original (Python, sandboxed) fed the same
 * situations — seeded games of the game's engine with the bot in one seat, port and original in
 * lockstep, then edge cases — from the same generator state at each decision.
 */
export interface GameVerifier {
  /** The ports that can be checked (class names), in the game's order. */
  ports(): string[];
  /**
   * Port against original. Throws VerifyInputError (engines/core/verify) for a source that cannot be checked, a SandboxStop when the sandbox ends the original.
   * `prepared`: what `prepare` made of the source; `sandbox`: the sandbox worker's context (its runtime, heartbeat, labels).
   */
  verify(bot: string, source: VerifySource, o: { seed: string; games: number; prepared?: unknown; sandbox?: SandboxContext; rules?: string }): VerifyOutcome;
  /**
   * Rule variants the situations can be played under (`koth verify --rules NAME`), and the one a
   * bot is checked under when none is given. Absent: the game's verifier knows one rule set only.
   */
  rules?: { names: readonly string[]; defaultFor(bot: string): string };
  /** The sandbox runtime the originals run in ('python' when absent). */
  runtime?: SandboxRuntime;
  /** Run on the main thread before the job (C++: compiles the source in a worker thread); its plain-data result goes to `verify` as `prepared`. May throw VerifyInputError. */
  prepare?(bot: string, source: VerifySource): Promise<unknown>;
  /** What an answer's code block needs around it to load, when taken from the scrape cache (the controller file's imports). */
  wrap?(code: string): string;
  /** The edge cases, in words (for --help). */
  edgeCases: string;
  /** Seeded games `koth verify` plays when --games is not given (default 20). */
  defaultGames?: number;
  /** Time limit of one call into the original (ms), when the sandbox's 10 s is too short for it. */
  timeoutMs?: number;
  /**
   * The game's own errors that mean its sandbox stopped the original (gun-duel: a compiled
   * original that trapped or ran out of memory), as the stop's reason and message (exit 3, as a
   * SandboxStop); undefined for any other error. The CLI knows no game's error names.
   */
  stopOf?(e: unknown): { reason: string; message: string } | undefined;
}

/** A game whose originals cannot be run beside the ports, and what proves its ports instead. */
export interface VerifyUnavailable {
  unavailable: string;
}

/** One game folder's self-description. */
export interface GameDescriptor<Opts = any, Acc = any> {
  /** Short id used everywhere: CLI, cache folder, fixtures (`dice`, `camel-up`). */
  id: string;
  /** StackExchange question id on codegolf. */
  questionId: number;
  /** The question's title on the site (case, white space and HTML entities aside): `koth scrape` checks the question under questionId has it. */
  title: string;
  botLanguage: BotLanguage;
  /**
   * The sandbox runtime the posted answers run in unported (engines/core/sandbox/heartbeat.ts):
   * 'python' (Pyodide) or 'wasm' (C++ compiled to WebAssembly). Absent: 'python'.
   */
  answersRuntime?: SandboxRuntime;
  /** How the scraper finds bots in this challenge's answers. */
  extractor: AnswerExtractor;
  /** The generator the original controller used (what exact replays are handed). */
  generator: GeneratorKind;
  /** Every bot the project knows of, ported or not, in the original's order. */
  knownBots: readonly KnownBot[];
  published: readonly PublishedTable[];
  /** Present once the game has an engine. */
  engine?: GameEngine<Opts, Acc>;
  /** `koth verify`: the port-vs-original verifier, or why there is none and what proves the ports instead. */
  verify?: GameVerifier | VerifyUnavailable;
}

export const isVerifier = (v: GameDescriptor['verify']): v is GameVerifier => !!v && !('unavailable' in v);

export interface BenchContext {
  /** Smaller runs (used by tests of the bench command itself). */
  quick: boolean;
  workers: number;
  kit: ReplayKit;
  /** A checkout of the original the user fetched (`koth bench --original DIR`), run beside ours. */
  original?: string;
  /** A program the user built from the original by its own repository's instructions (`koth bench --original-bin PATH`; checked: an executable file). */
  originalBin?: string;
  /** Repeated runs per figure (min/median/max). */
  runs?: number;
}

/** One line of `koth bench`: our figure, and the original's measured (or recorded) beside it. */
export interface BenchFigure {
  name: string;
  value: number;
  unit: string;
  reference?: { value: number; source: string; runs?: number[] };
  note?: string;
  /** Our value in each repeated run (value is their median). */
  runs?: number[];
  /** The goal the figure is held to (issue 40's host goals) and whether this run met it (null: not checked, a `--quick` run is not the goal's size). */
  goal?: { text: string; met: boolean | null };
}

/**
 * The one place a descriptor is checked: a list of problems (empty when valid). Ids are
 * lowercase words joined by '-', every known bot belongs to the game and names its question,
 * bot names are unique, variants name declared flags and the default variant exists (the
 * declared parameters: engines/core/cli/params.ts, paramProblems).
 */
export function validateGame(g: GameDescriptor): string[] {
  const bad: string[] = [];
  if (!/^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/.test(g.id)) bad.push(`id "${g.id}" must be lowercase words joined by "-"`);
  if (!Number.isSafeInteger(g.questionId) || g.questionId <= 0) bad.push(`questionId ${g.questionId} is not a positive integer`);
  if (!g.title) bad.push('title is empty');
  try {
    generatorKind(g.generator);
  } catch (e) {
    bad.push((e as Error).message);
  }
  const seen = new Set<string>();
  for (const k of g.knownBots) {
    if (seen.has(k.bot)) bad.push(`bot ${k.bot} is listed twice`);
    seen.add(k.bot);
    if (k.challenge !== g.id || k.provenance.challenge !== g.id) bad.push(`bot ${k.bot} belongs to "${k.challenge}", not "${g.id}"`);
    if (k.provenance.questionId !== g.questionId) bad.push(`bot ${k.bot}: provenance names question ${k.provenance.questionId}, the game is ${g.questionId}`);
    if (k.provenance.bot !== k.bot) bad.push(`bot ${k.bot}: provenance names ${k.provenance.bot}`);
  }
  const e = g.engine;
  if (e?.variants) {
    const flags = new Set((e.ruleFlags ?? []).map((f) => f.id));
    for (const [name, v] of Object.entries(e.variants)) {
      for (const f of Object.keys(v.flags)) if (!flags.has(f)) bad.push(`variant ${name} sets undeclared flag ${f}`);
      for (const f of flags) if (!(f in v.flags)) bad.push(`variant ${name} leaves flag ${f} unset`);
    }
    if (e.defaultVariant && !(e.defaultVariant in e.variants)) bad.push(`default variant ${e.defaultVariant} is not a variant`);
  }
  if (e?.pools) {
    if (!e.pools.names.includes(e.pools.default)) bad.push(`pools: the default pool ${e.pools.default} is not one of ${e.pools.names.join(', ')}`);
    for (const name of e.pools.names) {
      const bots = e.pools.resolve(name);
      if (!bots) bad.push(`pools: ${name} resolves to nothing`);
      else for (const b of bots.filter((b) => !e.pools!.known(b))) bad.push(`pools: ${name} names ${b}, which is no known bot`);
    }
  }
  if (g.verify && 'unavailable' in g.verify && !g.verify.unavailable.trim()) bad.push('verify.unavailable gives no reason');
  if (e?.trials) {
    try {
      generatorKind(e.trials.generator);
    } catch (err) {
      bad.push(`trials: ${(err as Error).message}`);
    }
  }
  return bad;
}

/** Published bots that have no port: what is missing to rerun a table. */
export function missingPorts(g: GameDescriptor, table: PublishedTable): string[] {
  const ported = new Set(g.knownBots.filter((k) => k.ported).map((k) => k.bot));
  return table.bots.filter((b) => !ported.has(b));
}

/** The published tables of a leaderboard file (fixtures/<game>/published/*.json: `tables[].rows[]` with `bot` or `player`). */
export function publishedTablesOf(json: { source: string; tables: { name: string; rows: { bot?: string; player?: string }[] }[] }): PublishedTable[] {
  return json.tables.map((t) => ({ name: t.name, source: json.source, bots: t.rows.map((r) => r.bot ?? r.player ?? '') }));
}

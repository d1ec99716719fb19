/**
 * Jobs of the sandbox workers (engines/core/sandbox/pool.ts) for ruins runs with the ORIGINAL
 * Python answers: the engine and Pyodide in one thread (engines/core/sandbox/runtimes/python/local.ts). Results
 * and crashes go back as plain data; originals.ts turns them into the CLI's output and errors.
 * A tournament is one sequential stream; `trials` below shards whole tournaments (the rule A/B).
 */
import type { OriginalsInspection } from '../core/game.ts';
import type { JobContext } from '../core/sandbox/job-worker.ts';
import { ControllerCrash } from '../core/py/errors.ts';
import type { AdventurerClass } from './adventurer.ts';
import { loadPythonRuinsBots, SandboxStop, type LoadedPythonBots, type PythonSource } from './python-bots.ts';
import { Ruins, scoreRows, type LogLine, type ScoreRow } from './rules.ts';
import { runTournament, type TournamentResult } from './tournament.ts';
import { RUINS_VARIANTS } from './variants.ts';
import { drunkard, ruinsClass } from './ports.ts';
import type { TrialSpec } from '../core/runner/trial-spec.ts';
import type { PyRandom } from '../core/rng/python-random.ts';
import type { RuleOutcomes } from '../core/ab/rules.ts';

export interface RuinsPythonArgs {
  sources: PythonSource[];
  /** Classes to seat, by name, in this order (else every class in load order). */
  bots?: string[];
}

/** An exception ruins.py did not catch (or the sandbox's stop), as data. */
export interface RuinsCrashData {
  kind: 'crash' | 'stop';
  pyType: string;
  message: string;
  where: string;
  bot?: string;
  reason?: string;
  partial?: Record<string, unknown>;
}

export interface RuinsPythonRun {
  skipped: LoadedPythonBots['skipped'];
  incidents: [string, string[]][];
  crash?: RuinsCrashData;
}

function load(args: RuinsPythonArgs, ctx: JobContext): { loaded: LoadedPythonBots; classes: AdventurerClass[] } {
  const loaded = loadPythonRuinsBots(args.sources, ctx.python);
  const classes = args.bots ? args.bots.map((n) => loaded.classes.find((c) => c.botName === n)!) : loaded.classes;
  return { loaded, classes };
}

function crashData(e: unknown): RuinsCrashData | undefined {
  if (e instanceof SandboxStop) return { kind: 'stop', pyType: e.pyType, message: e.pyMessage.slice(e.bot.length + 2), where: e.where, bot: e.bot, reason: e.reason, ...(e.partial ? { partial: e.partial } : {}) };
  if (e instanceof ControllerCrash) return { kind: 'crash', pyType: e.pyType, message: e.pyMessage, where: e.where, ...(e.partial ? { partial: e.partial } : {}) };
  return undefined;
}

/** Rebuilds the error the engine threw in the worker (originals.ts). */
export function crashOf(d: RuinsCrashData): ControllerCrash {
  const e = d.kind === 'stop' ? new SandboxStop(d.bot!, d.reason!, d.message) : new ControllerCrash(d.pyType, d.message, d.where);
  e.where = d.where;
  if (d.partial) e.partial = d.partial;
  return e;
}

/** Job: the modules' classes in the driver's order, and the modules the driver would have skipped. */
export function ruinsInspect(args: RuinsPythonArgs, ctx: JobContext): OriginalsInspection {
  const { loaded } = load(args, ctx);
  return { classes: loaded.classes.map((c) => ({ name: c.botName, file: '' })), skipped: loaded.skipped };
}

function guarded<T>(loaded: LoadedPythonBots | undefined, f: () => T): { value?: T } & RuinsPythonRun {
  const out = (): RuinsPythonRun => ({ skipped: loaded?.skipped ?? [], incidents: [...(loaded?.incidents ?? new Map<string, string[]>())] });
  try {
    return { value: f(), ...out() };
  } catch (e) {
    const crash = crashData(e);
    if (!crash) throw e;
    return { crash, ...out() };
  }
}

/** Job: a whole tournament as `ruins.py -s SEED` runs it. */
export function ruinsTournamentJob(args: RuinsPythonArgs & { seed: string; rules: string }, ctx: JobContext): { value?: TournamentResult } & RuinsPythonRun {
  const { loaded, classes } = load(args, ctx);
  const flags = RUINS_VARIANTS[args.rules as keyof typeof RUINS_VARIANTS].flags;
  return guarded(loaded, () => runTournament(classes, args.seed, { flags, drunkard: drunkard() }));
}

/** Job: one game as `ruins.py -s SEED -1` plays it (the log too when asked). */
export function ruinsGameJob(args: RuinsPythonArgs & { seed: string; log: boolean }, ctx: JobContext): { value?: { rows: ScoreRow[]; turnNumber: number }; log: LogLine[] } & RuinsPythonRun {
  const { loaded, classes } = load(args, ctx);
  const game = new Ruins(classes, args.seed, { log: args.log });
  const r = guarded(loaded, () => ({ rows: scoreRows(game.runGame()), turnNumber: game.turnNumber }));
  return { ...r, log: game.log };
}

export const BENCH_SEED = 'K48XMESC';
class Enough extends Error {}

/** Single games (seeds bench/0, bench/1, ...); a game the driver itself would crash in counts as played up to there. */
export function singles(bots: readonly AdventurerClass[], games: number): number {
  for (let i = 0; i < games; i++) {
    try {
      new Ruins(bots, `bench/${i}`).runGame();
    } catch (e) {
      if (!(e instanceof ControllerCrash)) throw e;
    }
  }
  return games;
}

/** Plays the BENCH_SEED tournament until `limit` games (or its end); returns the games played. */
export function playTournament(bots: readonly AdventurerClass[], limit: number): number {
  let n = 0;
  try {
    runTournament(bots, BENCH_SEED, {
      flags: RUINS_VARIANTS.fixed.flags,
      drunkard: drunkard(),
      onGame: () => {
        if (++n >= limit) throw new Enough();
      },
    });
  } catch (e) {
    if (!(e instanceof Enough)) throw e;
  }
  return n;
}

/** Job of `koth bench ruins`: the original bots' first `limit` games of the tournament (whole) or single games. */
export function ruinsBenchJob(args: RuinsPythonArgs & { whole: boolean; limit: number }, ctx: JobContext): number {
  const { classes } = load(args, ctx);
  return args.whole ? playTournament(classes, args.limit) : singles(classes, args.limit);
}

// ---- Shardable tournaments with the ports: one trial = one whole tournament, its seed drawn
// from the trial's generator (getrandbits(64) as ruins.py's -s string). Used by the rule A/B
// (--compare-rules, engines/core/ab/rules.ts): a pair is one seed under both driver versions.

export interface RuinsRunOptions {
  bots: string[];
  rules: string;
}

export interface RuinsAcc {
  /** Per tournament: its seed and finalists' rows (none: ruins.py would have crashed). */
  tournaments: { seed: string; rows: { bot: string; score: number }[] }[];
}

export const trials: TrialSpec<RuinsRunOptions, RuinsAcc> = {
  generator: 'cpython3',
  run(o, rng, count, tick) {
    const out: RuinsAcc = { tournaments: [] };
    const classes = o.bots.map((n) => {
      const c = ruinsClass(n);
      if (!c) throw new Error(`no ruins port ${n}`);
      return c;
    });
    const flags = RUINS_VARIANTS[o.rules as keyof typeof RUINS_VARIANTS].flags;
    for (let i = 0; i < count; i++) {
      const seed = String((rng as PyRandom).getrandbits(64));
      try {
        const r = runTournament(classes, seed, { flags, drunkard: drunkard() });
        out.tournaments.push({ seed, rows: r.rows.map(({ bot, score }) => ({ bot, score })) });
      } catch (e) {
        if (!(e instanceof ControllerCrash)) throw e;
        out.tournaments.push({ seed, rows: [] });
      }
      tick?.(1);
    }
    return out;
  },
  merge: (a, b) => ({ tournaments: [...a.tournaments, ...b.tournaments] }),
  empty: () => ({ tournaments: [] }),
  count: (acc) => acc.tournaments.length,
};

/** Rule A/B: per bot of the pool, won the tournament (1, a shared top 1/k) or not (0); a tournament ruins.py would have crashed in has no winner (every bot 0). */
export const ruleOutcomes: RuleOutcomes<RuinsRunOptions, RuinsAcc> = (acc, o) => {
  const rows = acc.tournaments[0]?.rows ?? [];
  if (!rows.length) return { rows: Object.fromEntries(o.bots.map((b) => [b, 0])) };
  const top = Math.max(...rows.map((r) => r.score));
  const tops = new Set(rows.filter((r) => r.score === top).map((r) => r.bot));
  return { rows: Object.fromEntries(o.bots.map((b) => [b, tops.has(b) ? 1 / tops.size : 0])) };
};

/** Hosted games (`koth host`): the sandbox jobs playing a batch, and one game for its watch page (engines/ruins/host.ts). */
export { ruinsHostGames, ruinsHostWatchGame } from './host.ts';

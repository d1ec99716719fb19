/**
 * The dice game's shardable trials (one trial = one game), as worker threads import them, and
 * the jobs of the sandbox workers (engines/core/sandbox/pool.ts) for runs with the ORIGINAL
 * Python bots: there the engine and Pyodide share one thread (engines/core/sandbox/runtimes/python/local.ts).
 */
import type { TrialSpec } from '../core/game.ts';
import type { RatingsOptions } from '../core/stats/pairwise.ts';
import { withRatings } from '../core/runner/with-ratings.ts';
import type { JobContext } from '../core/sandbox/job-worker.ts';
import type { OriginalsInspection } from '../core/game.ts';
import { localPython } from '../core/sandbox/runtimes/python/local.ts';
import { PyRandom } from '../core/rng/python-random.ts';
import type { Seed } from '../core/rng/rng.ts';
import { diceClass } from './ports.ts';
import { loadPythonDiceBots, type LoadedDiceBots } from './python-bots.ts';
import type { DiceTurnEvent } from './rules.ts';
import type { DiceStats } from './stats.ts';
import type { RuleOutcomes } from '../core/ab/rules.ts';
import { diceTrials, runExact, type DiceExactResult, type DiceRunOptions } from './tournament.ts';

/** Original bot files (path for messages, code) loaded into a sandbox worker's Python. */
export interface DicePythonFiles {
  files: { path: string; code: string }[];
}

export type DiceTrialOptions = DiceRunOptions & { python?: DicePythonFiles; ratings?: RatingsOptions };

const portTrials = diceTrials(diceClass);

function pythonResolver(loaded: LoadedDiceBots) {
  const byName = new Map<string, LoadedDiceBots['classes'][number]>();
  for (const c of loaded.classes) if (!byName.has(c.name)) byName.set(c.name, c);
  return (n: string) => {
    const c = byName.get(n);
    if (c?.refused) throw new Error(`${n} cannot run in the sandbox: ${c.refused}`);
    return c?.cls;
  };
}

const diceSpec: TrialSpec<DiceTrialOptions, DiceStats> = {
  ...portTrials,
  run(opts, rng, count, tick) {
    if (!opts.python) return portTrials.run(opts, rng, count, tick);
    // Every shard loads the files afresh: class attributes start as in a new process, so the
    // result does not depend on which worker ran which shards before.
    const loaded = loadPythonDiceBots(opts.python.files, localPython());
    const stats = diceTrials(pythonResolver(loaded)).run(opts, rng, count, tick);
    loaded.link.check(rng as PyRandom, 'at the end of a shard');
    return stats;
  },
};

/** The trials, with --ratings' pairwise sums beside the statistics when asked (engines/core/stats/pairwise.ts; the rows are the run's bots). */
export const trials = withRatings(diceSpec, (o) => [...new Set(o.bots)]);

/** Job: the classes the files define, as the controller found them, with refusals. */
export function diceInspect(args: DicePythonFiles, ctx: JobContext): OriginalsInspection {
  return { classes: loadPythonDiceBots(args.files, ctx.python).classes.map(({ name, direct, refused, file }) => ({ name, direct, refused, file })) };
}

/** Job: the exact replay (`random.seed(S)`, one stream) with the original bots; `turns` sends every turn as a JSON line. */
export function diceExact(args: DicePythonFiles & DiceRunOptions & { seed: Seed; games: number; turns?: boolean }, ctx: JobContext): DiceExactResult {
  const loaded = loadPythonDiceBots(args.files, ctx.python);
  let random: PyRandom | undefined;
  const resolve = pythonResolver(loaded);
  const result = runExact(
    args.seed,
    args.games,
    { bots: args.bots, rules: args.rules },
    (n) => resolve(n),
    (n) => ctx.tick(n),
    args.turns ? (e: DiceTurnEvent) => ctx.emit(JSON.stringify(e)) : undefined,
    (r) => (random = r),
  );
  loaded.link.check(random!, 'at the end of the run');
  return result;
}

/**
 * Rule A/B (--compare-rules, engines/core/ab/rules.ts): one game's results — per bot that played,
 * won (1) or not (0; ties count for every winner); per seat (0 plays first), won or not.
 */
export const ruleOutcomes: RuleOutcomes<DiceTrialOptions, DiceStats> = (acc) => ({
  rows: Object.fromEntries(acc.bots.flatMap((b, i) => (acc.rows[i]!.played ? [[b, acc.rows[i]!.wins ? 1 : 0]] : []))),
  groups: Object.fromEntries(Array.from({ length: 8 }, (_, i) => [String(i), acc.seatWins[i] ? 1 : 0])),
});

/** Hosted games (`koth host`): the sandbox job playing a batch (engines/dice/host.ts). */
export { diceHostGames, diceHostWatchGame } from './host.ts';

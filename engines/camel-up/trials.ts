/**
 * The camel-up shardable trials (one trial = one game), as worker threads import them, and the
 * jobs of the sandbox workers for runs with the original Python players.
 */
import { camelTrials } from './tournament.ts';
import { camelBot } from './ports.ts';
import type { OriginalsInspection } from '../core/game.ts';
import type { JobContext } from '../core/sandbox/job-worker.ts';
import { ControllerCrash, PythonError, SandboxStop } from '../core/py/errors.ts';
import type { Seed } from '../core/rng/rng.ts';
import { CamelUnfollowable, loadPythonCamelPlayers, pyIntTag, type CamelPythonSource } from './python-players.ts';
import { runExact, type CamelTurnEvent } from './tournament.ts';

import { ratedNames, type RatingsOptions } from '../core/stats/pairwise.ts';
import { withRatings } from '../core/runner/with-ratings.ts';
import type { TrialSpec } from '../core/runner/trial-spec.ts';
import type { CamelRunOptions, CamelStats } from './tournament.ts';
import { withFormat2026 } from './format2026.ts';
import type { RuleOutcomes } from '../core/ab/rules.ts';

/** camel-up's games, and those of `--format 2026` (opts.format: the 2026 tournament loop, format2026.ts). */
export const trials = withRatings(withFormat2026(camelTrials(camelBot), camelBot) as TrialSpec<CamelRunOptions & { ratings?: RatingsOptions }, CamelStats>, (o) => ratedNames(o.bots));

// ---- Jobs of the sandbox workers (engines/core/sandbox/pool.ts) for runs with the ORIGINAL
// Python players: the engine and Pyodide in one thread. Crashes come back as data; originals.ts
// rebuilds them as the errors the CLI reports.

export interface CamelPythonArgs {
  sources: CamelPythonSource[];
  rules: string;
}

/** An exception camelup.py did not catch, a value the engine cannot carry, or the sandbox's stop, as data. */
export interface CamelCrashData {
  kind: 'stop' | 'unfollowable' | 'crash';
  pyType: string;
  pyMessage: string;
  where: string;
  bot?: string;
  reason?: string;
}

export function camelCrashData(e: PythonError): CamelCrashData {
  if (e instanceof SandboxStop) return { kind: 'stop', pyType: e.pyType, pyMessage: e.pyMessage.slice(e.bot.length + 2), where: e.where, bot: e.bot, reason: e.reason };
  const c = e instanceof ControllerCrash ? e : ControllerCrash.from(e);
  return { kind: c instanceof CamelUnfollowable ? 'unfollowable' : 'crash', pyType: c.pyType, pyMessage: c.pyMessage, where: c.where };
}

/** Job: the players the files define, in file order, with refusals. */
export function camelInspect(args: CamelPythonArgs, ctx: JobContext): OriginalsInspection {
  return { classes: loadPythonCamelPlayers(args.sources, { sandbox: ctx.python, rules: args.rules }).classes.map(({ name, refused, file }) => ({ name, refused, file })) };
}

/** Job: camelup.py's tournament loop after random.seed(S) with the original players; `turns` sends every turn as a JSON line (an int beyond 2**53 − 1 of an answer tagged as the sandbox tags it). */
export function camelExactJob(
  args: CamelPythonArgs & { bots: string[]; seed: Seed; games: number; turns?: boolean },
  ctx: JobContext,
): { value?: ReturnType<typeof runExact>; crash?: CamelCrashData; notes: string[] } {
  const loaded = loadPythonCamelPlayers(args.sources, { sandbox: ctx.python, rules: args.rules });
  const resolve = (n: string) => loaded.classes.find((c) => c.name === n)?.player;
  try {
    const value = runExact(args.bots, resolve, args.seed, args.rules, args.games, args.turns ? (e: CamelTurnEvent) => ctx.emit(JSON.stringify(e, (_k, v: unknown) => (typeof v === 'bigint' ? pyIntTag(v) : v))) : undefined);
    return { value, notes: loaded.notes };
  } catch (e) {
    if (e instanceof PythonError) return { crash: camelCrashData(e), notes: loaded.notes };
    throw e;
  }
}

/**
 * Rule A/B (--compare-rules, engines/core/ab/rules.ts): one game's points per player (a point to
 * every max-money holder; a player seated twice: its mean over its seats), and per seat.
 */
export const ruleOutcomes: RuleOutcomes<CamelRunOptions, CamelStats> = (acc) => {
  const pts = new Map<string, [number, number]>();
  acc.bots.forEach((b, i) => {
    if (!acc.played[i]) return;
    const t = pts.get(b) ?? [0, 0];
    pts.set(b, [t[0] + acc.points[i]!, t[1] + acc.played[i]!]);
  });
  return { rows: Object.fromEntries([...pts].map(([b, [p, n]]) => [b, p / n])), groups: Object.fromEntries(acc.seatPoints.map((p, i) => [String(i), p])) };
};

/** Hosted games (`koth host`): the sandbox jobs playing a batch, and one game for its watch page (engines/camel-up/host.ts). */
export { camelHostGames, camelHostWatchGame } from './host.ts';

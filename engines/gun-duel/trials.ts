/**
 * Statistical mode as shardable trials: one trial = one whole tournament. The runner gives
 * each shard a generator keyed by (master seed, shard index); with the shard size 1 used by
 * the CLI a shard is one tournament, so each tournament's three engine seeds come from a
 * seedrandom stream keyed by (master seed, tournament index).
 */
import type { TrialSpec } from '../core/game.ts';
import type { RuleOutcomes } from '../core/ab/rules.ts';
import type { RatingsOptions } from '../core/stats/pairwise.ts';
import { withRatings } from '../core/runner/with-ratings.ts';
import type { SandboxContext } from '../core/runner/trial-spec.ts';
import type { JobContext } from '../core/sandbox/job-worker.ts';
import { cppPlayerClass } from './cpp/players.ts';
import type { CppAnswer } from './cpp/answers.ts';
import { exactSeeds, type TournamentResult } from './tournament.ts';
import type { Rng } from '../core/rng/rng.ts';
import { SeededRandom } from '../core/rng/seeded-random.ts';
import { findPlayer, gunDuelPool, gunDuelPorts } from './ports.ts';
import { runTournament, type ScoreRow, type TournamentSeeds } from './tournament.ts';
import type { GunDuelVariant } from './variants.ts';
import { CPP_LIBRARIES, type CppLibrary, type PlayerClass } from './player.ts';
import { withExternal, withExternalPlayers, type ExternalSpec, type ExternalStats } from './external.ts';

export interface GunDuelRunOptions {
  variant: GunDuelVariant;
  repetition: number;
  /** Player names (registration order); the 17 of the final tournament when absent. */
  players?: string[];
  /** The C++ library the original is taken to be built with; libstdc++ (g++) when absent. */
  lib?: CppLibrary;
  /** Answers as posted, compiled (--cpp-players): each takes the place of the port of its class name; run only in C++ sandbox workers. */
  cpp?: CppAnswer[];
  /** Programs in other languages (--bot-cmd): each tournament starts its own (external.ts). */
  external?: ExternalSpec[];
}

/**
 * The tournament's players: `names` (registration order; the 17 ports' order when absent, with
 * compiled answers that have no port at the end), each the compiled answer of that class name
 * when there is one, else its port. Compiled answers need the sandbox worker's context: they
 * never run outside one.
 */
export function resolvePlayers(names: readonly string[] | undefined, cpp: readonly CppAnswer[] | undefined, sandbox: SandboxContext | undefined): PlayerClass[] {
  const compiled = new Map<string, PlayerClass>();
  if (cpp?.length) {
    if (!sandbox || sandbox.runtime !== 'wasm') throw new Error('compiled answers run only inside a C++ sandbox worker (SandboxPool with runtime "wasm")');
    for (const a of cpp) compiled.set(a.name.toLowerCase(), cppPlayerClass(a, { cells: sandbox.cells, label: (t) => sandbox.label(t), output: sandbox.output && ((lines) => sandbox.output!(lines)) }));
  }
  const order = names ?? [...gunDuelPorts.names(), ...(cpp ?? []).filter((a) => !findPlayer(a.name)).map((a) => a.name)];
  return order.map((n) => {
    const p = compiled.get(n.toLowerCase()) ?? findPlayer(n);
    if (!p) throw new Error(`no player ${n}`);
    return p;
  });
}

export interface GunDuelAcc {
  tournaments: { seeds: TournamentSeeds; rows: ScoreRow[]; lib?: CppLibrary; external?: ExternalStats[] }[];
}

/** The three clock seeds of one statistical tournament, from a seedrandom stream. */
export function statisticalSeeds(key: string): TournamentSeeds {
  const r = new SeededRandom(key);
  return { shuffle: r.randbelow(2 ** 32), int: r.randbelow(2 ** 32), real: r.randbelow(2 ** 32) };
}

const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;

/**
 * What is wrong with a list of recorded tournaments read from a file (a checkpoint, a
 * `--from` file), or []: each needs its three unsigned 32-bit seeds and a scoreboard of known
 * players with whole, non-negative points, survival and round points.
 */
export function tournamentsProblems(list: unknown, extraPlayers: readonly string[] = []): string[] {
  if (!Array.isArray(list)) return ['"tournaments" is not a list'];
  const out: string[] = [];
  list.forEach((t: unknown, i) => {
    const where = `tournament ${i + 1}`;
    const o = t as Partial<GunDuelAcc['tournaments'][number]> | null;
    if (!o || typeof o !== 'object') return void out.push(`${where} is not an object`);
    const s = o.seeds as Record<string, unknown> | undefined;
    if (!s || typeof s !== 'object' || !(['shuffle', 'int', 'real'] as const).every((k) => isCount(s[k]) && (s[k] as number) < 2 ** 32)) out.push(`${where}: "seeds" needs shuffle, int and real (unsigned 32-bit)`);
    if (o.lib !== undefined && !CPP_LIBRARIES.includes(o.lib)) out.push(`${where}: "lib" ${JSON.stringify(o.lib)} is not one of ${CPP_LIBRARIES.join(', ')}`);
    if (!Array.isArray(o.rows) || !o.rows.length) return void out.push(`${where}: "rows" (the scoreboard) is missing or empty`);
    o.rows.forEach((r: Partial<ScoreRow> | null, j) => {
      const w = `${where}, row ${j + 1}`;
      if (!r || typeof r !== 'object') return void out.push(`${w} is not an object`);
      if (typeof r.player !== 'string' || !(findPlayer(r.player) || extraPlayers.includes(r.player))) out.push(`${w}: player ${JSON.stringify(r.player)} is not one of the tournament's players`);
      if (!isCount(r.points) || !isCount(r.survival)) out.push(`${w}: points and survival must be whole numbers >= 0`);
      if (!Array.isArray(r.rounds) || !r.rounds.every(isCount)) out.push(`${w}: "rounds" must be a list of whole numbers >= 0`);
    });
  });
  return out;
}

const tournaments: TrialSpec<GunDuelRunOptions, GunDuelAcc> = {
  generator: 'seedrandom',
  run(opts: GunDuelRunOptions, rng: Rng, count: number, tick?: (n: number) => void, sandbox?: SandboxContext): GunDuelAcc {
    const out: GunDuelAcc = { tournaments: [] };
    const pool = opts.cpp?.length ? resolvePlayers(opts.players, opts.cpp, sandbox) : undefined;
    for (let i = 0; i < count; i++) {
      const seeds = statisticalSeeds(`gun-duel/${rng.randbelow(2 ** 48)}`);
      const players = pool ?? (opts.players ? opts.players.map((n) => findPlayer(n)!) : gunDuelPool());
      const lib = opts.lib ?? 'libstdc++';
      const play = (pool: readonly PlayerClass[]) => runTournament({ players: pool, seeds, repetition: opts.repetition, variant: opts.variant, lib });
      if (opts.external?.length) {
        // One process per stdio program per tournament, ended with it.
        const { res, stats } = withExternalPlayers(opts.external, (x) => ({ res: play(withExternal(players, x.classes)), stats: x.stats() }));
        out.tournaments.push({ seeds, rows: res.rows, ...(lib === 'msvc' ? { lib } : {}), external: stats });
      } else {
        const res = play(players);
        out.tournaments.push({ seeds, rows: res.rows, ...(lib === 'msvc' ? { lib } : {}) });
      }
      tick?.(1);
    }
    return out;
  },
  merge: (a, b) => ({ tournaments: [...a.tournaments, ...b.tournaments] }),
  empty: () => ({ tournaments: [] }),
  count: (acc) => acc.tournaments.length,
  check: (acc, opts) => tournamentsProblems(acc.tournaments, [...(opts?.cpp ?? []).map((a) => a.name), ...(opts?.external ?? []).map((x) => x.name)]),
};

/** The rated rows of a run: its players in registration order (as resolvePlayers seats them). */
export function ratedPlayers(o: GunDuelRunOptions): string[] {
  const base = o.players ?? [...gunDuelPorts.names(), ...(o.cpp ?? []).filter((a) => !findPlayer(a.name)).map((a) => a.name)];
  // --bot-cmd programs take the place of a player of their name, or sit at the end (withExternal).
  return [...base, ...(o.external ?? []).map((x) => x.name).filter((n) => !base.includes(n))];
}

/** The tournaments, with --ratings' pairwise sums of every duel beside them when asked (engines/core/stats/pairwise.ts; a trial, and a block's unit, is a tournament). */
export const trials = withRatings<GunDuelRunOptions & { ratings?: RatingsOptions }, GunDuelAcc>(tournaments, ratedPlayers);

/** Job (C++ sandbox worker): one exact tournament (every clock reading = S) with compiled answers. */
export function gunDuelCppExact(
  args: { seed: string; players?: string[]; cpp: CppAnswer[]; repetition: number; variant: GunDuelVariant; lib?: CppLibrary },
  ctx: SandboxContext & Pick<JobContext, 'tick'>,
): TournamentResult {
  const players = resolvePlayers(args.players, args.cpp, ctx);
  return runTournament({ players, seeds: exactSeeds(BigInt(args.seed)), repetition: args.repetition, variant: args.variant, lib: args.lib, onRound: () => ctx.tick(1) });
}

/** Rule A/B (--compare-rules A,B, engines/core/ab/rules.ts): one tournament's points per player. */
export const ruleOutcomes: RuleOutcomes<GunDuelRunOptions, GunDuelAcc> = (acc) => ({ rows: Object.fromEntries((acc.tournaments[0]?.rows ?? []).map((r) => [r.player, r.points])) });

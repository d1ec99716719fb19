/**
 * The last-player-standing tournament, step for step as Tournament.hpp/.cpp (a6e74c9):
 *  - identifiers 0..n−1 shuffled once with std::shuffle on a fresh default_random_engine
 *    (libstdc++: minstd_rand0) and dealt to the players in registration order;
 *  - while more than one player is alive: each round, `repetition` times, every pair of
 *    living players (a < b in registration order) fights one duel, A = the lower index;
 *    both players are built afresh for each duel, each told the other's identifier;
 *  - a win is a point (round and total); at the round's end the players above the round's
 *    minimum survive; among those at the minimum, the ones whose total exceeds the lowest
 *    total of the tied ones survive too, the rest are eliminated; every player alive at the
 *    round's start gets the round's points appended to its history;
 *  - scoreboard order: rounds survived, then total points (both descending), sorted with
 *    libstdc++'s std::sort (stdsort.ts), so fully tied players come out in the original's order
 *    (with `lib: 'msvc'`: MSVC's, an insertion sort for ≤ 32 elements, i.e. stable).
 * `lib` picks the C++ library: engines, distributions, shuffle and sort (player.ts: CppLibrary).
 */
import { ratingsRecorder } from '../core/stats/pairwise.ts';
import { PlayerEnv, cppEngine, type CppEngine, type CppLibrary, type Player, type PlayerClass } from './player.ts';
import { AWIN, BWIN, fight, type Outcome } from './rules.ts';
import type { GunDuelVariant } from './variants.ts';
import { stdSort } from './stdsort.ts';
import { msvcSort } from '../core/rng/msvc.ts';

export interface TournamentSeeds {
  /** Seed of the Tournament constructor's engine (identifier shuffle). */
  shuffle: number;
  /** Seed of Player::GetRandomInteger's static engine. */
  int: number;
  /** Seed of CBetaPlayer::GetRandomDouble's static engine. */
  real: number;
}

/** Exact mode: every clock reading is S, so every engine is built with (unsigned)S. */
export function exactSeeds(s: number | bigint): TournamentSeeds {
  const u = Number(BigInt.asUintN(32, BigInt(s)));
  return { shuffle: u, int: u, real: u };
}

export interface ScoreRow {
  player: string;
  points: number;
  survival: number;
  rounds: number[];
}

export interface TournamentResult {
  identifiers: Record<string, number>;
  rows: ScoreRow[];
  round1Pairs: Record<string, Record<string, number>>;
}

export interface DuelRecord {
  round: number;
  a: number;
  b: number;
  pa: Player;
  pb: Player;
  status: Outcome;
}

export interface TournamentOptions {
  players: readonly PlayerClass[];
  seeds: TournamentSeeds;
  repetition?: number;
  variant?: GunDuelVariant;
  /** The C++ library the original is taken to be built with (engines, distributions, shuffle, sort); libstdc++ by default. */
  lib?: CppLibrary;
  /** Builds the engines instead of `cppEngine` (tests: e.g. a wrapped minstd_rand0 to drive MontePlayer's generic path). */
  engineFactory?: (lib: CppLibrary, seed: number) => CppEngine;
  onDuel?: (d: DuelRecord) => void;
  onRound?: (round: number, alive: number) => void;
}

interface Card {
  identifier: number;
  alive: boolean;
  point: number;
  pointTotal: number;
  survival: number;
  history: number[];
}

export function runTournament(opts: TournamentOptions): TournamentResult {
  const { players, seeds } = opts;
  const repetition = opts.repetition ?? 100;
  const variant = opts.variant ?? 'original';
  const n = players.length;
  const ids = Array.from({ length: n }, (_, i) => i);
  const lib = opts.lib ?? 'libstdc++';
  const make = opts.engineFactory ?? cppEngine;
  make(lib, seeds.shuffle).shuffleInPlace(ids);
  const sc: Card[] = ids.map((identifier) => ({ identifier, alive: true, point: 0, pointTotal: 0, survival: 0, history: [] }));
  const env = new PlayerEnv(seeds.int, seeds.real, lib, make);
  const pairs = Array.from({ length: n }, () => new Array<number>(n).fill(0));
  let round = 0;
  const rated = ratingsRecorder();
  const aliveCount = () => sc.filter((c) => c.alive).length;
  while (aliveCount() > 1) {
    opts.onRound?.(round, aliveCount());
    for (const c of sc) c.point = 0;
    for (let rep = 0; rep < repetition; ++rep) {
      for (let a = 0; a < n - 1; ++a) {
        if (!sc[a]!.alive) continue;
        for (let b = a + 1; b < n; ++b) {
          if (!sc[b]!.alive) continue;
          const pa = new players[a]!(sc[b]!.identifier, env);
          const pb = new players[b]!(sc[a]!.identifier, env);
          const status = fight(pa, pb, variant);
          if (status === AWIN) {
            sc[a]!.point++;
            sc[a]!.pointTotal++;
            if (round === 0) pairs[a]![b]!++;
          } else if (status === BWIN) {
            sc[b]!.point++;
            sc[b]!.pointTotal++;
            if (round === 0) pairs[b]![a]!++;
          }
          // --ratings: every duel is a rated game — the winner over the loser, a draw 0.5 each.
          rated?.game([a, b], (i) => status !== (i === 0 ? BWIN : AWIN), false);
          opts.onDuel?.({ round, a, b, pa, pb, status });
        }
      }
    }
    endRound(sc);
    round++;
  }
  rated?.endTrial();
  const idx = Array.from({ length: n }, (_, i) => i);
  (lib === 'msvc' ? msvcSort : stdSort)(idx, (a, b) => sc[a]!.survival > sc[b]!.survival || (sc[a]!.survival === sc[b]!.survival && sc[a]!.pointTotal > sc[b]!.pointTotal));
  const name = (i: number) => players[i]!.botName;
  const round1Pairs: Record<string, Record<string, number>> = {};
  for (let a = 0; a < n; a++) {
    const row: Record<string, number> = {};
    for (let b = 0; b < n; b++) if (b !== a) row[name(b)] = pairs[a]![b]!;
    round1Pairs[name(a)] = row;
  }
  return {
    identifiers: Object.fromEntries(players.map((p, i) => [p.botName, sc[i]!.identifier])),
    rows: idx.map((i) => ({ player: name(i), points: sc[i]!.pointTotal, survival: sc[i]!.survival, rounds: [...sc[i]!.history] })),
    round1Pairs,
  };
}

function endRound(sc: Card[]): void {
  let minPoint = Infinity;
  for (const c of sc) if (c.alive && c.point < minPoint) minPoint = c.point;
  let minPointTotal = Infinity;
  for (const c of sc) {
    if (!c.alive) continue;
    if (c.point > minPoint) {
      c.history.push(c.point);
      c.survival++;
    } else if (c.pointTotal < minPointTotal) minPointTotal = c.pointTotal;
  }
  for (const c of sc) {
    if (!c.alive || c.point > minPoint) continue;
    c.history.push(c.point);
    if (c.pointTotal > minPointTotal) c.survival++;
    else c.alive = false;
  }
}

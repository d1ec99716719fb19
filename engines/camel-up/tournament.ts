/**
 * camelup.py's tournament: ceil(players / 10) * 100 games; before each, the pool's indices are
 * shuffled (random.shuffle, CPython 3) and the first four play in that order; every player
 * holding the maximum money gets a point. One module-global generator for the controller
 * and the bots. Exact replay: random.seed(S) once before the first game.
 */
import { ratingsRecorder } from '../core/stats/pairwise.ts';
import { PyRandom } from '../core/rng/python-random.ts';
import type { Rng, Seed } from '../core/rng/rng.ts';
import type { TrialSpec } from '../core/game.ts';
import { PythonError } from '../core/py/errors.ts';
import { CamelGame, type CamelGameState, type CamelPlayer } from './rules.ts';
import { camelFlags } from './variants.ts';

export const tournamentGames = (players: number) => Math.ceil(players / 10) * 100;

export interface CamelGameRecord {
  /** Player names in seat (play) order. */
  order: string[];
  winnerSeats: number[];
  /** Money per seat, in seat order. */
  money: number[];
}

export type PlayerResolver = (name: string) => CamelPlayer | undefined;

function resolvePool(names: readonly string[], resolve: PlayerResolver): CamelPlayer[] {
  const missing = names.filter((n) => !resolve(n));
  if (missing.length) throw new Error(`no camel-up port for ${missing.join(', ')}`);
  if (names.length < 4) throw new PythonError('IndexError', 'list index out of range');
  return names.map((n) => resolve(n)!);
}

/** `games` games of a tournament on one generator, as camelup.py's loop plays them. */
export function playGames(
  names: readonly string[],
  resolve: PlayerResolver,
  random: PyRandom,
  rules: string,
  games: number,
  each?: (g: CamelGameRecord, order: number[]) => void,
  onAction?: (e: CamelTurnEvent) => void,
  onState?: (game: number, g: CamelGameState) => void,
): CamelGameRecord[] {
  const pool = resolvePool(names, resolve);
  const flags = camelFlags(rules);
  const out: CamelGameRecord[] = [];
  for (let k = 0; k < games; k++) {
    const order = names.map((_, i) => i);
    random.shuffle(order);
    const seats = order.slice(0, 4);
    const game = new CamelGame(seats.map((i) => pool[i]!), random, flags);
    const r = game.play(
      onAction &&
        ((seat, action) => {
          onState?.(k + 1, game.g);
          onAction({ game: k + 1, turn: game.turns + 1, seat, player: names[seats[seat]!]!, action, money: [...game.g.player_money_values] });
        }),
    );
    onState?.(k + 1, game.g);
    const rec = { order: seats.map((i) => names[i]!), winnerSeats: r.winnerSeats, money: r.money };
    out.push(rec);
    each?.(rec, seats);
  }
  return out;
}

/** `onState` (koth play camel-up --report): the game's state before every action and at its end, to read (not change). */
export function runExact(
  names: readonly string[],
  resolve: PlayerResolver,
  seed: Seed,
  rules: string,
  games: number,
  onAction?: (e: CamelTurnEvent) => void,
  onState?: (game: number, g: CamelGameState) => void,
): { games: CamelGameRecord[] } {
  return { games: playGames(names, resolve, new PyRandom(typeof seed === 'string' && /^-?\d+$/.test(seed) ? BigInt(seed) : seed), rules, games, undefined, onAction, onState) };
}

/** One turn of a played game (`koth play camel-up`): who answered what, and the money before it took effect. */
export interface CamelTurnEvent {
  game: number;
  turn: number;
  seat: number;
  player: string;
  action: unknown[];
  money: number[];
}

export interface CamelRunOptions {
  /** Pool in order (indices are shuffled per game). */
  bots: string[];
  rules: string;
}

export interface CamelStats {
  bots: string[];
  rules: string;
  games: number;
  /** Points per pool entry (a point to every max-money holder). */
  points: number[];
  /** Games played per pool entry. */
  played: number[];
  /** Wins by seat (0 plays first). */
  seatPoints: number[];
}

export const emptyStats = (o: CamelRunOptions): CamelStats => ({ bots: o.bots, rules: o.rules, games: 0, points: o.bots.map(() => 0), played: o.bots.map(() => 0), seatPoints: [0, 0, 0, 0] });

export function mergeStats(a: CamelStats, b: CamelStats): CamelStats {
  return {
    ...a,
    games: a.games + b.games,
    points: a.points.map((p, i) => p + b.points[i]!),
    played: a.played.map((p, i) => p + b.played[i]!),
    seatPoints: a.seatPoints.map((p, i) => p + b.seatPoints[i]!),
  };
}

/** Trials: one trial = one game, on the shard's generator (CPython 3 kind). */
export function camelTrials(resolve: PlayerResolver): TrialSpec<CamelRunOptions, CamelStats> {
  return {
    generator: 'cpython3',
    run(opts, rng: Rng, count, tick) {
      if (!(rng instanceof PyRandom)) throw new Error('camel-up needs a PyRandom (the module-global generator of the original)');
      const acc = emptyStats(opts);
      playGames(opts.bots, resolve, rng, opts.rules, count, (rec, seats) => {
        acc.games++;
        for (const i of seats) acc.played[i]! += 1;
        for (const s of rec.winnerSeats) {
          acc.points[seats[s]!]! += 1;
          acc.seatPoints[s]! += 1;
        }
        // --ratings: the game's result for the fit — the max-money holders (ties share) over the other seated players.
        ratingsRecorder()?.game(seats, (s) => rec.winnerSeats.includes(s));
        tick?.(1);
      });
      return acc;
    },
    merge: mergeStats,
    empty: emptyStats,
    count: (acc) => acc.games,
  };
}

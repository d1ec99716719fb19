/**
 * The Camel Up Cup 2026 tournament as a format (`koth replay camel-up --format 2026`): the
 * loop of tournament_core.py (trbarron/Camel_Up_Cup_2K18 at 2dbad1c, `run_game`) and the
 * leaderboard's rating (lambda/handler.py `_fit_elo`, in engines/core/stats/bradley-terry.ts),
 * plus what the leaderboard lacks: a bootstrap interval for each Elo and whether two
 * neighbours' order is significant.
 *
 * run_game, per game: four seats drawn with `random.sample(range(n), 4)` from the pool of n
 * (with fewer than 4 bots: `random.randrange(n)` four times, repeats allowed), seated in the
 * order drawn; the game is camelup.py 2026's (`--rules 2026`: player_view, a raising bot or an
 * invalid answer rolls instead); every seat holding the most coins shares the win (1 / number
 * of winners each). run_game reads `result[0]` for its action statistics OUTSIDE its try: an
 * empty answer, one that is not subscriptable, or whose first element is unhashable raises there
 * and ended the original tournament (exit 3), where camelup.py's own PlayGame rolls instead.
 *
 * This is the game half (the loop, its trials beside camel-up's, the Elo model); the command
 * (pool, run, table, report section) is format2026-cli.ts.
 */
import type { TrialSpec } from '../core/game.ts';
import { PyRandom } from '../core/rng/python-random.ts';
import type { Rng } from '../core/rng/rng.ts';
import { bootstrapRatings, fitBradleyTerry, type RatedGame } from '../core/stats/bradley-terry.ts';
import { CamelGame, type CamelGameState } from './rules.ts';
import type { CamelTurnEvent, PlayerResolver } from './tournament.ts';
import { camelFlags } from './variants.ts';
import { RUN_GAME_READ } from './python-players.ts';

/** tournament.py plays 100 games by default, the Lambda leaderboard CAMEL_TOTAL_GAMES = 500: the leaderboard's. */
export const FORMAT_2026_GAMES = 500;
/** Bootstrap resamples of the games for the Elo intervals and the neighbour test. */
export const FORMAT_2026_RESAMPLES = 1000;

/** One game of the 2026 loop. */
export interface Format26Game {
  /** Pool indices by seat (seat 0 plays first). */
  seats: number[];
  /** Names by seat. */
  order: string[];
  money: number[];
  winnerSeats: number[];
  turns: number;
}

/** run_game raised (not camelup.py): the original tournament ended here. Its stack starts with its name, so it is recognised when it comes back from a worker thread. */
export class RunGameCrash extends Error {
  override name = 'RunGameCrash';
  constructor(
    message: string,
    /** The Python exception run_game raised (type and message). */
    readonly pyType = '',
    readonly pyMessage = '',
  ) {
    super(message);
    this.stack = `RunGameCrash: ${message}`;
  }
}

/** What run_game's `ACTION_MAP.get(result[0], "unknown")` does with an answer: undefined when it reads it, else the Python exception it raises. */
function statsLineError(result: unknown): [string, string] | undefined {
  // A Python player's answer as the sandbox read it (python-players.ts): what run_game raised on the answer itself.
  if (Array.isArray(result) && RUN_GAME_READ in result) return (result as unknown as Record<symbol, [string, string]>)[RUN_GAME_READ];
  if (typeof result === 'string') return result.length ? undefined : ['IndexError', 'string index out of range'];
  if (!Array.isArray(result)) {
    const t = result === null || result === undefined ? 'NoneType' : typeof result === 'boolean' ? 'bool' : typeof result === 'number' ? (Number.isInteger(result) ? 'int' : 'float') : typeof result;
    return ['TypeError', `'${t}' object is not subscriptable`];
  }
  if (result.length === 0) return ['IndexError', 'list index out of range'];
  const first: unknown = result[0];
  if (Array.isArray(first)) return ['TypeError', "unhashable type: 'list'"];
  if (first !== null && typeof first === 'object') return ['TypeError', "unhashable type: 'dict'"];
  return undefined;
}

/**
 * `games` games of tournament_core's loop on one generator (`random`, the module-global one the
 * bots share); `onAction` sees every answer run_game read (a hosted game counts them:
 * engines/camel-up/host.ts); `watch`, when given, sees them as turn events with the game's state
 * before every action and at its end (a hosted game's watch page), as tournament.ts playGames
 * hands them to `koth play camel-up --report`.
 */
export function playTournament2026(
  names: readonly string[],
  resolve: PlayerResolver,
  random: PyRandom,
  games: number,
  each: (g: Format26Game, k: number) => void,
  onAction?: (seat: number, action: unknown) => void,
  watch?: { onAction(e: CamelTurnEvent): void; onState(game: number, g: CamelGameState): void },
): void {
  const missing = names.filter((n) => !resolve(n));
  if (missing.length) throw new Error(`no camel-up port for ${missing.join(', ')}`);
  const pool = names.map((n) => resolve(n)!);
  const flags = camelFlags('2026');
  const n = names.length;
  const range = names.map((_, i) => i);
  for (let k = 0; k < games; k++) {
    const seats = n >= 4 ? random.sample(range, 4) : [0, 1, 2, 3].map(() => random.randrange(n));
    const game = new CamelGame(seats.map((i) => pool[i]!), random, flags);
    const r = game.play((seat, action) => {
      const err = statsLineError(action);
      if (err) {
        throw new RunGameCrash(
          `tournament_core.run_game raises ${err[0]}: ${err[1]} in game ${k + 1}: seat ${seat} (${names[seats[seat]!]}) answered ${JSON.stringify(action) ?? String(action)}, ` +
            'and run_game reads result[0] for its action statistics outside its try (camelup.py\'s PlayGame would roll instead). The original tournament ended with this exception.',
          err[0],
          err[1],
        );
      }
      onAction?.(seat, action);
      if (watch) {
        watch.onState(k + 1, game.g);
        watch.onAction({ game: k + 1, turn: game.turns + 1, seat, player: names[seats[seat]!]!, action: action as unknown[], money: [...game.g.player_money_values] });
      }
    });
    watch?.onState(k + 1, game.g);
    each({ seats, order: seats.map((i) => names[i]!), money: r.money, winnerSeats: r.winnerSeats, turns: r.turns }, k);
  }
}

// ---- Sharded runs: the trials of `--format 2026` beside camel-up's own (trials.ts dispatches on opts.format).

export interface Format26Options {
  bots: string[];
  rules: string;
  format: '2026';
}

/**
 * Shard results. Win shares are counted in twelfths (a tie of 2, 3 or 4 winners gives each
 * 6, 4 or 3), coins as the sums of gains and of losses apart, so every figure is a whole
 * number >= 0 as checkpoints require. `log`: per game [pool index by seat × 4, bit mask of
 * the winning seats] — what the rating and its bootstrap need.
 */
export interface Format26Stats {
  bots: string[];
  rules: string;
  format: string;
  games: number;
  winTwelfths: number[];
  played: number[];
  coinsUp: number[];
  coinsDown: number[];
  seatWinTwelfths: number[];
  log: number[][];
}

const isFormat = (o: unknown): o is Format26Options => !!o && typeof o === 'object' && (o as { format?: unknown }).format === '2026';

export const emptyFormat26 = (o: Format26Options): Format26Stats => ({
  bots: o.bots,
  rules: o.rules,
  format: o.format,
  games: 0,
  winTwelfths: o.bots.map(() => 0),
  played: o.bots.map(() => 0),
  coinsUp: o.bots.map(() => 0),
  coinsDown: o.bots.map(() => 0),
  seatWinTwelfths: [0, 0, 0, 0],
  log: [],
});

function addGame(acc: Format26Stats, g: Format26Game): void {
  acc.games++;
  const share = 12 / g.winnerSeats.length;
  g.seats.forEach((i, s) => {
    acc.played[i]! += 1;
    const m = g.money[s]!;
    if (m >= 0) acc.coinsUp[i]! += m;
    else acc.coinsDown[i]! -= m;
    if (g.winnerSeats.includes(s)) {
      acc.winTwelfths[i]! += share;
      acc.seatWinTwelfths[s]! += share;
    }
  });
  acc.log.push([...g.seats, g.winnerSeats.reduce((m, s) => m | (1 << s), 0)]);
}

const mergeFormat26 = (a: Format26Stats, b: Format26Stats): Format26Stats => {
  const sum = (x: number[], y: number[]) => x.map((v, i) => v + y[i]!);
  return {
    ...a,
    games: a.games + b.games,
    winTwelfths: sum(a.winTwelfths, b.winTwelfths),
    played: sum(a.played, b.played),
    coinsUp: sum(a.coinsUp, b.coinsUp),
    coinsDown: sum(a.coinsDown, b.coinsDown),
    seatWinTwelfths: sum(a.seatWinTwelfths, b.seatWinTwelfths),
    log: [...a.log, ...b.log],
  };
};

/** camel-up's trials with `--format 2026` beside them: opts with `format: '2026'` run the 2026 loop (the spec's types stay the base's; format2026 reads its own). */
export function withFormat2026<O, A>(base: TrialSpec<O, A>, resolve: PlayerResolver): TrialSpec<O, A> {
  const spec: TrialSpec<unknown, unknown> = {
    generator: base.generator,
    run(opts, rng: Rng, count, tick, sandbox) {
      if (!isFormat(opts)) return base.run(opts as O, rng, count, tick, sandbox);
      if (!(rng instanceof PyRandom)) throw new Error('camel-up needs a PyRandom (the module-global generator of the original)');
      const acc = emptyFormat26(opts);
      playTournament2026(opts.bots, resolve, rng, count, (g) => {
        addGame(acc, g);
        tick?.(1);
      });
      return acc;
    },
    merge: (a, b) => (isFormat(a) ? mergeFormat26(a as Format26Stats, b as Format26Stats) : base.merge(a as A, b as A)),
    empty: (o) => (isFormat(o) ? emptyFormat26(o) : base.empty(o as O)),
    count: (acc) => (isFormat(acc) ? (acc as Format26Stats).games : base.count(acc as A)),
    check(acc, o) {
      if (!isFormat(o)) return base.check ? base.check(acc as A, o as O) : [];
      const s = acc as Format26Stats;
      const n = o.bots.length;
      const bad = s.log.findIndex((e) => !Array.isArray(e) || e.length !== 5 || e.slice(0, 4).some((i) => !Number.isInteger(i) || i >= n) || !Number.isInteger(e[4]) || e[4]! < 1 || e[4]! > 15);
      const problems = bad >= 0 ? [`results.log[${bad}] is not [4 pool indices below ${n}, a winner mask 1..15]`] : [];
      if (s.log.length !== s.games) problems.push(`results.log has ${s.log.length} games, not ${s.games}`);
      return problems;
    },
  };
  return spec as unknown as TrialSpec<O, A>;
}

// ---- The table: wins, games, win %, average coins, Elo [low, high], neighbours' order.

export interface Format26Row {
  bot: string;
  wins: number;
  games: number;
  /** Coins of all its games (run_game's coins_total). */
  coins: number;
  winPct: number | null;
  avgCoins: number | null;
  /** The leaderboard's Elo, unrounded (it shows round(elo, 1)); null for a bot that never played. */
  elo: number | null;
  eloLow: number | null;
  eloHigh: number | null;
  /** Against the next row: whether their order is significant, and the share of resamples in which it flips. */
  aboveNext?: { bot: string; significant: boolean; flipShare: number };
}

export interface Format26Result {
  challenge: 'camel-up';
  format: '2026';
  rules: '2026';
  seed: string;
  exact: boolean;
  games: number;
  pool: string[];
  confidence: number;
  resamples: number;
  /** Ranked by Elo (highest first); bots that never played last. */
  bots: Format26Row[];
  /** Win share and win % by seat (0 plays first). */
  seats: { seat: number; wins: number; winPct: number }[];
  /** --exact: every game as run_game played it. */
  gameLog?: { order: string[]; money: number[]; winners: string[]; turns: number }[];
}

export interface Tally {
  wins: number[];
  played: number[];
  coins: number[];
  seatWins: number[];
  games: number;
  rated: RatedGame[];
}

export function tallyOfStats(s: Format26Stats): Tally {
  return {
    wins: s.winTwelfths.map((w) => w / 12),
    played: s.played,
    coins: s.coinsUp.map((u, i) => u - s.coinsDown[i]!),
    seatWins: s.seatWinTwelfths.map((w) => w / 12),
    games: s.games,
    rated: s.log.map((e) => ({ participants: e.slice(0, 4).map((i) => s.bots[i]!), winners: [0, 1, 2, 3].filter((b) => e[4]! & (1 << b)) })),
  };
}

/** As run_game adds them: in game order, `1 / len(winners)` per winning seat (floats as Python sums them). */
export function tallyOfGames(names: readonly string[], games: readonly Format26Game[]): Tally {
  const t: Tally = { wins: names.map(() => 0), played: names.map(() => 0), coins: names.map(() => 0), seatWins: [0, 0, 0, 0], games: games.length, rated: [] };
  for (const g of games) {
    g.seats.forEach((i, s) => {
      t.played[i]! += 1;
      t.coins[i]! += g.money[s]!;
      if (g.winnerSeats.includes(s)) {
        t.wins[i]! += 1 / g.winnerSeats.length;
        t.seatWins[s]! += 1 / g.winnerSeats.length;
      }
    });
    t.rated.push({ participants: g.order, winners: g.winnerSeats });
  }
  return t;
}

export function resultOf(names: readonly string[], t: Tally, o: { seed: string; exact: boolean; confidence: number; resamples: number }): Format26Result {
  const boot = t.rated.length ? bootstrapRatings(t.rated, { resamples: o.resamples, confidence: o.confidence, rng: new PyRandom(`${o.seed}/bootstrap`) }) : null;
  const rated = new Map((boot?.ratings ?? []).map((r) => [r.name, r]));
  const ranked = [...(boot?.ratings.map((r) => r.name) ?? []), ...names.filter((n) => !rated.has(n))];
  const bots: Format26Row[] = ranked.map((bot) => {
    const i = names.indexOf(bot);
    const r = rated.get(bot);
    const games = t.played[i]!;
    return {
      bot,
      wins: t.wins[i]!,
      games,
      coins: t.coins[i]!,
      winPct: games ? (100 * t.wins[i]!) / games : null,
      avgCoins: games ? t.coins[i]! / games : null,
      elo: r?.elo ?? null,
      eloLow: r?.low ?? null,
      eloHigh: r?.high ?? null,
    };
  });
  for (const nb of boot?.neighbours ?? []) {
    bots.find((b) => b.bot === nb.higher)!.aboveNext = { bot: nb.lower, significant: nb.significant, flipShare: nb.flipShare };
  }
  return {
    challenge: 'camel-up',
    format: '2026',
    rules: '2026',
    seed: o.seed,
    exact: o.exact,
    games: t.games,
    pool: [...names],
    confidence: o.confidence,
    resamples: o.resamples,
    bots,
    seats: t.seatWins.map((w, seat) => ({ seat, wins: w, winPct: t.games ? (100 * w) / t.games : 0 })),
  };
}

/** The leaderboard's Elo of a set of games (for tests and the exact mode): fitBradleyTerry on the games' winners. */
export const eloOfGames = (games: readonly Format26Game[]) => fitBradleyTerry(games.map((g) => ({ participants: g.order, winners: g.winnerSeats })));

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
 */
import pc from 'picocolors';
import { EXIT, UserError } from '../core/cli/errors.ts';
import type { CommonOptionValues, ReplayKit } from '../core/cli/kit.ts';
import type { TrialSpec } from '../core/game.ts';
import { printable, renderTable } from '../core/report/table.ts';
import { PythonError } from '../core/py/errors.ts';
import { PyRandom } from '../core/rng/python-random.ts';
import { parseSeed, type Rng } from '../core/rng/rng.ts';
import { bootstrapRatings, fitBradleyTerry, type RatedGame } from '../core/stats/bradley-terry.ts';
import type { ComparisonReport } from '../core/stats/compare.ts';
import { confidencePercent } from '../core/stats/intervals.ts';
import { CamelGame } from './rules.ts';
import type { PlayerResolver } from './tournament.ts';
import { camelFlags } from './variants.ts';

export const FORMATS = ['2026'] as const;
/** tournament.py plays 100 games by default, the Lambda leaderboard CAMEL_TOTAL_GAMES = 500: the leaderboard's. */
export const FORMAT_2026_GAMES = 500;
/** Bootstrap resamples of the games for the Elo intervals and the neighbour test. */
export const FORMAT_2026_RESAMPLES = 1000;
export const FORMAT_2026_HELP =
  `2026: the Camel Up Cup 2026 tournament (tournament_core.run_game of 2dbad1c: 4 distinct bots drawn per game with random.sample, ties share the win; ` +
  `${FORMAT_2026_GAMES} games unless --games) rated with the leaderboard's Elo (Bradley–Terry) and bootstrap intervals; implies --rules 2026`;

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
  constructor(message: string) {
    super(message);
    this.stack = `RunGameCrash: ${message}`;
  }
}

/** What run_game's `ACTION_MAP.get(result[0], "unknown")` does with an answer: undefined when it reads it, else the Python exception it raises. */
function statsLineError(result: unknown): [string, string] | undefined {
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

/** `games` games of tournament_core's loop on one generator (`random`, the module-global one the bots share). */
export function playTournament2026(names: readonly string[], resolve: PlayerResolver, random: PyRandom, games: number, each: (g: Format26Game, k: number) => void): void {
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
        );
      }
    });
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

interface Tally {
  wins: number[];
  played: number[];
  coins: number[];
  seatWins: number[];
  games: number;
  rated: RatedGame[];
}

function tallyOfStats(s: Format26Stats): Tally {
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
function tallyOfGames(names: readonly string[], games: readonly Format26Game[]): Tally {
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

function resultOf(names: readonly string[], t: Tally, o: { seed: string; exact: boolean; confidence: number; resamples: number }): Format26Result {
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

// ---- The command.

export interface Format26CliOptions extends CommonOptionValues {
  format?: string;
  exact?: boolean;
}

/**
 * The pool of `--format 2026`: --bots (read by `botList`), or --pool (default `house` when
 * registered, else `all`); at least 2 bots (tournament.py's rule), each once (run_game keys its
 * statistics by name).
 */
export function format2026Pool(opts: Format26CliOptions, pools: Readonly<Record<string, readonly string[]>>, known: (name: string) => boolean, botList: (text: string) => string[]): string[] {
  let names: string[];
  if (opts.bots !== undefined) {
    names = botList(opts.bots);
    const unknown = names.filter((n) => !known(n));
    if (unknown.length) throw new UserError(`no port for ${unknown.join(', ')} in camel-up (see "koth registry camel-up" for every known bot)`);
  } else {
    const name = opts.pool ?? (pools.house ? 'house' : 'all');
    if (!pools[name]) throw new UserError(`unknown pool "${name}": use ${Object.keys(pools).join(', ')}, or list bots with --bots A,B,C`);
    names = [...pools[name]];
  }
  if (names.length < 2) throw new UserError(`--format 2026 needs at least 2 bots (tournament.py refuses fewer); got ${names.length}`);
  const twice = names.filter((n, i) => names.indexOf(n) !== i);
  if (twice.length) throw new UserError(`pool "${opts.pool}" names ${[...new Set(twice)].join(', ')} more than once; run_game keys its statistics by name, so the seats would merge: choose a pool without repeats or list the bots with --bots`);
  return names;
}

/** `koth replay camel-up --format 2026 …`. `rulesGiven`: --rules was on the command line (it must then be 2026). */
export async function runFormat2026(
  opts: Format26CliOptions,
  kit: ReplayKit,
  o: { pools: Readonly<Record<string, readonly string[]>>; resolve: PlayerResolver; spec: TrialSpec<unknown, unknown>; rulesGiven: boolean; botList: (text: string) => string[] },
): Promise<void> {
  if (opts.format !== '2026') throw new UserError(`unknown --format "${opts.format}": use ${FORMATS.join(', ')}`);
  if (o.rulesGiven && opts.rules !== '2026') throw new UserError(`--format 2026 plays the 2026 rules: leave --rules ${opts.rules} out (or give --rules 2026). Nothing was run.`);
  const names = format2026Pool(opts, o.pools, (n) => !!o.resolve(n), o.botList);
  const games = opts.games ?? FORMAT_2026_GAMES;
  const common = { seed: opts.seed, confidence: opts.confidence, resamples: FORMAT_2026_RESAMPLES };
  let result: Format26Result;
  if (opts.exact) {
    const played: Format26Game[] = [];
    try {
      playTournament2026(names, o.resolve, new PyRandom(parseSeed(opts.seed)), games, (g) => played.push(g));
    } catch (e) {
      throw crashOf(e);
    }
    result = resultOf(names, tallyOfGames(names, played), { ...common, exact: true });
    result.gameLog = played.map((g) => ({ order: g.order, money: g.money, winners: g.winnerSeats.map((s) => g.order[s]!), turns: g.turns }));
  } else {
    let s: Format26Stats;
    try {
      const res = await kit.runSharded({
        game: 'camel-up',
        spec: o.spec as TrialSpec<Format26Options, Format26Stats>,
        opts: { bots: names, rules: '2026', format: '2026' },
        seed: opts.seed,
        trials: games,
        shardSize: opts.shardSize,
        workers: opts.workers,
        queue: opts.queue,
        checkpoint: opts.checkpoint,
        checkpointPart: 'format-2026',
        label: 'camel-up --format 2026',
        unit: 'games',
      });
      s = res.acc;
    } catch (e) {
      throw crashOf(e);
    }
    result = resultOf(names, tallyOfStats(s), { ...common, exact: false });
    kit.offerReport({ kind: 'comparison', report: reportOf(result) });
  }
  process.stdout.write(opts.json ? JSON.stringify(result, null, 2) + '\n' : renderFormat2026(result));
}

/** A RunGameCrash (also as a worker thread hands it back: a plain Error whose stack starts with its name) is exit 3; anything else is rethrown. */
function crashOf(e: unknown): unknown {
  const texts = e instanceof Error ? [`${e.name}: ${e.message}`, e.stack ?? ''] : [];
  const m = texts.map((t) => /^RunGameCrash: ([^\n]*)/.exec(t)).find(Boolean);
  if (m) return new UserError(m[1]!, EXIT.originalCrashed);
  if (e instanceof PythonError) return new UserError(`camelup.py raises here (uncaught): ${e.message}. The original tournament ended with this exception.`, EXIT.originalCrashed);
  return e;
}

const fmt = (x: number | null, d = 1) => (x === null ? '—' : x.toFixed(d));

export function renderFormat2026(r: Format26Result): string {
  const pct = confidencePercent(r.confidence);
  const head =
    `Camel Up Cup 2026 tournament (tournament_core.run_game, rules "2026"): ${r.games} games, 4 seats drawn per game from ${r.pool.length} bots, ` +
    `${r.exact ? `one stream after random.seed(${r.seed})` : `seed ${r.seed}`}\n` +
    `Elo: the leaderboard's Bradley–Terry fit (winner beats each loser, ties split, 100 MM steps, anchor 1500); [low, high]: ${pct} bootstrap intervals ` +
    `(${r.resamples} resamples of the games)\n`;
  const rows = r.bots.map((b, i) => [
    String(i + 1),
    printable(b.bot),
    fmt(b.wins),
    String(b.games),
    b.winPct === null ? '—' : `${b.winPct.toFixed(1)}%`,
    fmt(b.avgCoins),
    b.elo === null ? '—' : `${b.elo.toFixed(1)} [${fmt(b.eloLow)}, ${fmt(b.eloHigh)}]`,
    b.aboveNext ? (b.aboveNext.significant ? pc.bold(pc.yellow(`> (flips ${(100 * b.aboveNext.flipShare).toFixed(1)}%)`)) : `≈ (flips ${(100 * b.aboveNext.flipShare).toFixed(1)}%)`) : '',
  ]);
  return (
    pc.bold(head) +
    renderTable(['rank', 'bot', 'wins', 'games', 'win %', 'avg coins', 'Elo [low, high]', 'vs next'], rows) +
    `\n">": the order of a bot and the next flipped in fewer than ${((100 * (1 - r.confidence)) / 2).toFixed(2).replace(/\.?0+$/, '')}% of the resamples: significant at ${pct}; "≈": it flipped more often.\n` +
    `win % by seat (0 plays first): ${r.seats.map((s) => `${s.seat}: ${s.winPct.toFixed(1)}`).join(', ')}\n`
  );
}

/** The report section: no published 2026 table exists, so every row is our figure and its interval (n/a). */
function reportOf(r: Format26Result): ComparisonReport {
  const rows = r.bots.flatMap((b) => [
    {
      bot: b.bot,
      metric: 'Elo',
      published: null,
      reproduced: b.elo,
      low: b.eloLow,
      high: b.eloHigh,
      verdict: 'n/a' as const,
      note: b.aboveNext ? `${b.aboveNext.significant ? 'significantly above' : 'not told apart from'} ${b.aboveNext.bot} (order flips in ${(100 * b.aboveNext.flipShare).toFixed(1)}% of resamples)` : 'no published 2026 table',
    },
    { bot: b.bot, metric: 'win %', published: null, reproduced: b.winPct, low: null, high: null, verdict: 'n/a' as const, note: `${fmt(b.wins)} wins of ${b.games} games, ${fmt(b.avgCoins)} coins a game` },
  ]);
  return {
    challenge: 'camel-up',
    table: 'Camel Up Cup 2026 tournament (--format 2026): the leaderboard\'s Elo with bootstrap intervals; no published 2026 table (its bots and seeds are not public)',
    verdict: 'n/a',
    confidence: r.confidence,
    rows,
    rules: r.rules,
    seed: r.seed,
    games: r.games,
    summary: `${r.games} games of tournament_core.run_game (4 of ${r.pool.length} bots per game), seed ${r.seed}; ${confidencePercent(r.confidence)} intervals from ${r.resamples} bootstrap resamples of the games.`,
  };
}

/**
 * `koth replay camel-up --format 2026`: the command half of the 2026 tournament (format2026.ts
 * is the game half: the loop, its trials, the Elo model) — the pool, the exact or sharded run,
 * the table, the report section and what a crash of run_game means to the user.
 */
import pc from 'picocolors';
import { EXIT, UserError } from '../core/cli/errors.ts';
import type { CommonOptionValues, ReplayKit } from '../core/cli/kit.ts';
import type { TrialSpec } from '../core/game.ts';
import { printable, renderTable } from '../core/report/table.ts';
import { PythonError } from '../core/py/errors.ts';
import { PyRandom } from '../core/rng/python-random.ts';
import { parseSeed } from '../core/rng/rng.ts';
import type { ComparisonReport } from '../core/stats/compare.ts';
import { confidencePercent, tailPercent } from '../core/stats/intervals.ts';
import { MIN_BOOTSTRAP_UNITS } from '../core/stats/bradley-terry.ts';
import type { PlayerResolver } from './tournament.ts';
import { FORMAT_2026_GAMES, FORMAT_2026_RESAMPLES, playTournament2026, resultOf, tallyOfGames, tallyOfStats, type Format26Game, type Format26Options, type Format26Result, type Format26Stats } from './format2026.ts';

export const FORMATS = ['2026'] as const;
export const FORMAT_2026_HELP =
  `2026: the Camel Up Cup 2026 tournament (tournament_core.run_game of 2dbad1c: 4 distinct bots drawn per game with random.sample, ties share the win; ` +
  `${FORMAT_2026_GAMES} games unless --games) rated with the leaderboard's Elo (Bradley–Terry) and bootstrap intervals; implies --rules 2026`;

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
    `${r.exact ? `one stream after random.seed(${printable(String(r.seed))})` : `seed ${printable(String(r.seed))}`}\n` +
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
    `\n">": the order of a bot and the next flipped in fewer than ${tailPercent(r.confidence)}% of the resamples: significant at ${pct}; "≈": it flipped more often.\n` +
    (r.games < MIN_BOOTSTRAP_UNITS ? pc.yellow(`Only ${r.games} game${r.games === 1 ? '' : 's'}: the intervals mean little and no order is claimed (fewer than ${MIN_BOOTSTRAP_UNITS}); play more games.`) + '\n' : '') +
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
    summary: `${r.games} games of tournament_core.run_game (4 of ${r.pool.length} bots per game), seed ${printable(String(r.seed))}; ${confidencePercent(r.confidence)} intervals from ${r.resamples} bootstrap resamples of the games.`,
  };
}

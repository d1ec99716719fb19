/**
 * `--ratings` of `koth replay <game>`: Bradley–Terry ratings (Elo scale) of every bot, with
 * block-bootstrap intervals (engines/core/stats/pairwise.ts), beside win% in the table, in the
 * JSON and in the HTML report. One option, one meaning, in every game: a game's cli.ts adds the
 * option (ratingsOption), passes ratingsRunOptions(...) into its sharded run's options and
 * hands the run's accumulator to attachRatings before it emits its report.
 */
import { Option, type Command } from 'commander';
import type { Param, ParamRule } from '../game.ts';
import type { Seed } from '../rng/rng.ts';
import { SeededRandom } from '../rng/seeded-random.ts';
import type { ComparisonReport } from '../stats/compare.ts';
import { blockBootstrap, ratingsBlockSize, ratingsReport, type RatingsAcc, type RatingsOptions, type RatingsReport } from '../stats/pairwise.ts';
import { UserError } from './errors.ts';
import { renderTable } from '../report/table.ts';

/** Resamples of the block bootstrap. */
export const RATINGS_RESAMPLES = 1000;
/** Level of the rating intervals (fixed: percentile intervals of 1000 resamples do not reach the rows' 99.9%). */
export const RATINGS_CONFIDENCE = 0.95;

/** `--ratings`, with what a result is for the fit in this game (`what`), shown in --help. */
export function ratingsOption(what: string): Option {
  return new Option('--ratings', ratingsHelp(what));
}

function ratingsHelp(what: string): string {
  return `also fit Bradley–Terry ratings (Elo scale, anchor 1500) of every bot, with 95% block-bootstrap intervals, beside win% (table, JSON "ratings"/"neighbours", --report). A game's result for the fit: ${what}`;
}

/** --ratings as a declared parameter of a game's command (engines/core/cli/params.ts): what a game's result is for the fit, and where it means nothing. */
export function ratingsParam(what: string, rules: readonly ParamRule[]): Param {
  return { flags: '--ratings', help: ratingsHelp(what), rules };
}

/** The options a sharded run adds when --ratings is given (else nothing): games per bootstrap block. */
export function ratingsRunOptions(given: boolean | undefined, games: number): { ratings?: RatingsOptions } {
  return given ? { ratings: { block: ratingsBlockSize(games) } } : {};
}

/** --ratings where it means nothing: exit 2, saying why and what to do. */
export function ratingsRefused(mode: string, why: string): UserError {
  return new UserError(`--ratings cannot be combined with ${mode} (${why}): leave one of them out. Nothing was run.`);
}

/**
 * The ratings of a run's accumulator, fitted and bootstrapped with a generator seeded from the
 * run's seed ("<seed>/ratings"), added to the report: `ratings`, `neighbours`, `ratingsFit`.
 * Does nothing when the run did not rate (acc without ratings).
 */
export function attachRatings(report: ComparisonReport, acc: object, seed: Seed | string): ComparisonReport {
  const rated = (acc as { ratings?: RatingsAcc }).ratings;
  if (!rated) return report;
  const r = ratingsOf(rated, seed);
  Object.assign(report, r);
  return report;
}

export function ratingsOf(acc: RatingsAcc, seed: Seed | string): RatingsReport {
  const block = Math.max(1, ...acc.blocks.map((b) => b.trials));
  const fit = blockBootstrap(acc, { resamples: RATINGS_RESAMPLES, confidence: RATINGS_CONFIDENCE, rng: new SeededRandom(`${String(seed)}/ratings`) });
  return ratingsReport(fit, block, String(seed));
}

/** The ratings a report carries, when it does. */
export function reportRatings(report: ComparisonReport): RatingsReport | undefined {
  const r = report.ratings as RatingsReport['ratings'] | undefined;
  if (!r || typeof r !== 'object') return undefined;
  return { ratings: r, neighbours: (report.neighbours as RatingsReport['neighbours']) ?? [], ratingsFit: report.ratingsFit as RatingsReport['ratingsFit'] };
}

/** A rating as a cell: "1623 [1590, 1655]". */
export function eloCell(r: { elo: number; low: number; high: number } | undefined): string {
  if (!r) return '—';
  const f = (x: number) => (Number.isFinite(x) ? x.toFixed(0) : '—');
  return `${f(r.elo)} [${f(r.low)}, ${f(r.high)}]`;
}

/** The line under a table: how the ratings were made, and which neighbours' order the bootstrap cannot tell. */
export function ratingsSummary(r: RatingsReport): string {
  const f = r.ratingsFit;
  const unsure = r.neighbours.filter((n) => !n.significant).map((n) => `${n.higher} / ${n.lower}`);
  return (
    `Elo: Bradley–Terry fit on ${f.games} games (anchor 1500), ${Math.round(f.confidence * 100)}% intervals from a block bootstrap (${f.resamples} resamples of ${f.blocks} blocks of up to ${f.blockTrials} ${f.blockTrials === 1 ? 'trial' : 'trials'}).` +
    (f.blocks < 10 ? ` Only ${f.blocks} block${f.blocks === 1 ? '' : 's'}: the intervals mean little; play more games.` : '') +
    (unsure.length ? ` Order not settled (flips in ≥ ${((1 - f.confidence) / 2) * 100}% of resamples): ${unsure.join(', ')}.` : ' Every neighbour\'s order is settled.')
  );
}

/** The ratings of a run's accumulator, or undefined when it did not rate (see attachRatings). */
export function ratingsOfAcc(acc: object, seed: Seed | string): RatingsReport | undefined {
  const rated = (acc as { ratings?: RatingsAcc }).ratings;
  return rated ? ratingsOf(rated, seed) : undefined;
}

/** The ratings as their own table (for a game whose report is not a comparison table): highest Elo first, then the fit line. */
export function renderRatings(r: RatingsReport): string {
  const rows = Object.entries(r.ratings).map(([bot, x], i) => [String(i + 1), bot, eloCell(x)]);
  return `${renderTable(['#', 'bot', `Elo [${Math.round(r.ratingsFit.confidence * 100)}%]`], rows, { columns: ['fixed', 'name', 'fixed'] })}\n${ratingsSummary(r)}`;
}

/**
 * `--ratings` on a game where a result has no winner to rate (a solo score game): the option
 * exists, so that every game answers it, and refuses before anything runs (exit 2), saying why.
 */
export function ratingsRefusedParam(why: string): Param {
  return { flags: '--ratings', help: `not in this game: ${why} (exit 2)` };
}

/** Refuses the declared --ratings (ratingsRefusedParam) before the action runs: exit 2, saying why and what to do. */
export function refuseRatings(cmd: Command, why: string): Command {
  cmd.hook('preAction', (_hooked, action) => {
    if (action === cmd && cmd.getOptionValue('ratings')) throw new UserError(`--ratings: ${why}. Nothing was run: leave --ratings out (the table's score intervals compare the bots).`);
  });
  return cmd;
}

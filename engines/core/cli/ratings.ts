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
import { confidencePercent } from '../stats/intervals.ts';
import { eloCell, ratingsSummary, reportRatings } from '../report/ratings.ts';

export { eloCell, ratingsSummary, reportRatings };

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

/** The ratings of a run's accumulator, or undefined when it did not rate (see attachRatings). */
export function ratingsOfAcc(acc: object, seed: Seed | string): RatingsReport | undefined {
  const rated = (acc as { ratings?: RatingsAcc }).ratings;
  return rated ? ratingsOf(rated, seed) : undefined;
}

/** The ratings as their own table (for a game whose report is not a comparison table): highest Elo first, then the fit line. */
export function renderRatings(r: RatingsReport): string {
  const rows = Object.entries(r.ratings).map(([bot, x], i) => [String(i + 1), bot, eloCell(x)]);
  return `${renderTable(['#', 'bot', `Elo [${confidencePercent(r.ratingsFit.confidence)}]`], rows, { columns: ['fixed', 'name', 'fixed'] })}\n${ratingsSummary(r)}`;
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

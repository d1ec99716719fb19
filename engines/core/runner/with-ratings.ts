/**
 * The ratings decorator of a game's trials (`--ratings`): the runner wraps a TrialSpec so that
 * each shard also sums its games' pairwise scores into blocks (engines/core/stats/pairwise.ts
 * holds the sums, their checks and the fit; this file only puts them beside a shard's own
 * results, merges and checks them as the runner does the rest).
 */
import type { TrialSpec } from './trial-spec.ts';
import { emptyRatings, mergeRatings, ratingsProblems, RatingsRecorder, recording, type RatingsAcc, type RatingsOptions } from '../stats/pairwise.ts';

/**
 * A game's trials with ratings beside them: opts with `ratings` also sum every game's result
 * (through ratingsRecorder(), called by the game's controller) into `acc.ratings`. `names`
 * gives the rated rows of a run, in the order of the rows the controller reports.
 */
export function withRatings<O extends { ratings?: RatingsOptions | undefined }, A>(base: TrialSpec<O, A>, names: (opts: O) => readonly string[]): TrialSpec<O, A & { ratings?: RatingsAcc }> {
  type R = A & { ratings?: RatingsAcc };
  return {
    generator: base.generator,
    run(opts, rng, count, tick, sandbox) {
      if (!opts.ratings) return base.run(opts, rng, count, tick, sandbox) as R;
      const rec = new RatingsRecorder(names(opts), opts.ratings.block);
      const acc = recording(rec, () => base.run(opts, rng, count, tick, sandbox));
      return { ...acc, ratings: rec.acc };
    },
    merge(a, b) {
      const m = base.merge(a, b) as R;
      return a.ratings && b.ratings ? { ...m, ratings: mergeRatings(a.ratings, b.ratings) } : m;
    },
    empty: (o) => (o.ratings ? { ...base.empty(o), ratings: emptyRatings(names(o)) } : (base.empty(o) as R)),
    count: (acc) => base.count(acc),
    check(acc, o) {
      const own = base.check ? base.check(acc, o) : [];
      if (!o.ratings) return own;
      if (!acc.ratings) return [...own, 'results lack the ratings of this run'];
      return [...own, ...ratingsProblems(acc.ratings, names(o), o.ratings.block, base.count(acc))];
    },
  };
}

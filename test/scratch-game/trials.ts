/** The scratch coin-flip game's trials: one trial = one flip of a fair coin from the shard's generator. */
import type { TrialSpec } from '../../engines/core/game.ts';

export interface CoinOpts {
  /** Probability of heads, in percent (a whole number so the option survives JSON). */
  headsPercent: number;
}

export interface CoinAcc {
  flips: number;
  heads: number;
  /** The first flips of the run, in order: proves shards merge in index order. */
  first: string;
}

export const trials: TrialSpec<CoinOpts, CoinAcc> = {
  generator: 'cpython3',
  run(opts, rng, count, tick) {
    let heads = 0;
    let first = '';
    for (let i = 0; i < count; i++) {
      const h = rng.randbelow(100) < opts.headsPercent;
      if (h) heads++;
      if (first.length < 8) first += h ? 'H' : 'T';
    }
    tick?.(count);
    return { flips: count, heads, first };
  },
  merge: (a, b) => ({ flips: a.flips + b.flips, heads: a.heads + b.heads, first: (a.first + b.first).slice(0, 64) }),
  empty: () => ({ flips: 0, heads: 0, first: '' }),
  count: (acc) => acc.flips,
};

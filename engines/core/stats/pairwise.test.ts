import { describe, expect, it } from 'vitest';
import { fixture } from '../../../test/fixtures.ts';
import { PyRandom } from '../rng/python-random.ts';
import { SeededRandom } from '../rng/seeded-random.ts';
import type { Rng } from '../rng/rng.ts';
import type { TrialSpec } from '../runner/trial-spec.ts';
import { CONVERGED_TOLERANCE, fitBradleyTerry, fitScoreMatrix, gameFromScores, type RatedGame } from './bradley-terry.ts';
import { blockBootstrap, mergeRatings, ratingsProblems, ratingsRecorder, RatingsRecorder, ratingsReport, sumBlocks, type RatingsAcc, type RatingsOptions } from './pairwise.ts';
import { withRatings } from '../runner/with-ratings.ts';

// Camel Up 2026 game logs (fixtures/camel-up/elo/README.md): games of four seats, ties, repeats.
const LOGS = fixture<{ logs: Record<string, [string, number][][]> }>('camel-up/elo/logs.json').logs;

/** The games into a recorder over `names` (blocks of `block` games). */
function record(games: readonly RatedGame[], names: readonly string[], block: number): RatingsAcc {
  const rec = new RatingsRecorder(names, block);
  for (const g of games) {
    const won = new Set(g.winners);
    rec.game(g.participants.map((p) => names.indexOf(p)), (i) => won.has(i));
  }
  return rec.acc;
}
const firstAppearance = (games: readonly RatedGame[]) => [...new Set(games.flatMap((g) => g.participants))];

describe('fit from pairwise sums', () => {
  for (const name of ['ties', 'undefeated-winless', 'small-games', 'tournament-seed1']) {
    it(`log "${name}": the fit from the summed matrix is fitBradleyTerry on the game list, to the last bit`, () => {
      const games = LOGS[name]!.map((g) => gameFromScores(g));
      const names = firstAppearance(games);
      const acc = record(games, names, 7);
      const sum = sumBlocks(acc);
      expect(sum.games).toBe(games.length);
      const want = fitBradleyTerry(games);
      const got = fitScoreMatrix(acc.names, sum.doubled, sum.played);
      expect([...got.keys()]).toEqual([...want.keys()]);
      for (const [k, r] of want) expect(got.get(k)!.elo).toBe(r.elo);
    });
  }

  it('in another row order (extra unplayed rows too) the same ratings up to rounding; an unplayed row is not rated', () => {
    const games = LOGS['tournament-seed1']!.map((g) => gameFromScores(g));
    const names = ['Nobody', ...firstAppearance(games).reverse()];
    const sum = sumBlocks(record(games, names, 1000));
    const got = fitScoreMatrix(names, sum.doubled, sum.played);
    expect(got.has('Nobody')).toBe(false);
    for (const [k, r] of fitBradleyTerry(games)) expect(got.get(k)!.elo).toBeCloseTo(r.elo, 9);
  });

  it('blocks: cut every `block` games, merged in order; the sums do not depend on the cut', () => {
    const games = LOGS['tournament-seed1']!.map((g) => gameFromScores(g));
    const names = firstAppearance(games);
    const a = record(games.slice(0, 30), names, 8);
    const b = record(games.slice(30), names, 8);
    expect(a.blocks.map((x) => x.games)).toEqual([8, 8, 8, 6]);
    const merged = mergeRatings(a, b);
    expect(sumBlocks(merged)).toEqual(sumBlocks(record(games, names, 5)));
    expect(ratingsProblems(merged, names, 8, games.length)).toEqual([]);
  });

  it('a block no games can give, or a count that is not the run\'s, is reported', () => {
    const games = LOGS['ties']!.map((g) => gameFromScores(g));
    const names = firstAppearance(games);
    const acc = record(games, names, 4);
    const bad = structuredClone(acc);
    bad.blocks[0]!.doubled[1] = 99;
    expect(ratingsProblems(bad, names, 4, games.length).join(' ')).toMatch(/scored .* against each other/);
    expect(ratingsProblems(acc, names, 4, games.length + 1).join(' ')).toMatch(/has \d+ trials, not/);
    expect(ratingsProblems(acc, names, 2, games.length).join(' ')).toMatch(/is not a block of 1\.\.2 trials/);
    expect(ratingsProblems(acc, [...names].reverse(), 4, games.length)).toEqual(["results.ratings.names are not this run's bots"]);
  });
});

describe('blockBootstrap', () => {
  const games = LOGS['tournament-seed1']!.map((g) => gameFromScores(g));
  const names = firstAppearance(games);
  const acc = record(games, names, Math.ceil(games.length / 40));

  it('the point ratings are the fit; intervals hold them; a function of the generator', () => {
    const a = blockBootstrap(acc, { resamples: 300, rng: new SeededRandom('x') });
    const b = blockBootstrap(acc, { resamples: 300, rng: new SeededRandom('x') });
    const c = blockBootstrap(acc, { resamples: 300, rng: new SeededRandom('y') });
    expect(a).toEqual(b);
    expect(a.ratings).not.toEqual(c.ratings);
    const fit = fitBradleyTerry(games, { iterations: 'converged' }); // --ratings fits to convergence (not _fit_elo's 100 steps)
    for (const r of a.ratings) {
      expect(r.elo).toBeCloseTo(fit.get(r.name)!.elo, 9);
      expect(r.low).toBeLessThanOrEqual(r.elo + 1e-9);
      expect(r.high).toBeGreaterThanOrEqual(r.elo - 1e-9);
      expect(r.high).toBeGreaterThan(r.low);
    }
    expect(a.blocks).toBe(acc.blocks.length);
    expect(a.games).toBe(games.length);
    expect(a.neighbours).toHaveLength(a.ratings.length - 1);
  });

  it('one block: every resample is the whole run (zero-width intervals), which the summary line warns of', () => {
    const one = blockBootstrap(record(games, names, games.length), { resamples: 50, rng: new SeededRandom('x') });
    for (const r of one.ratings) expect(r.high - r.low).toBeCloseTo(0, 9);
  });
});

describe('withRatings', () => {
  // A toy game: two seats drawn from three bots; the lower index wins unless the die says 0 (a tie).
  interface O { bots: string[]; ratings?: RatingsOptions }
  const toy: TrialSpec<O, { games: number }> = {
    generator: 'cpython3',
    run(o, rng: Rng, count) {
      for (let g = 0; g < count; g++) {
        const a = rng.randbelow(o.bots.length);
        const b = (a + 1 + rng.randbelow(o.bots.length - 1)) % o.bots.length;
        const tie = rng.randbelow(4) === 0;
        ratingsRecorder()?.game([a, b], (i) => tie || (i === 0) === a < b);
      }
      return { games: count };
    },
    merge: (x, y) => ({ games: x.games + y.games }),
    empty: () => ({ games: 0 }),
    count: (x) => x.games,
  };
  const spec = withRatings(toy, (o) => o.bots);
  const opts: O = { bots: ['A', 'B', 'C'], ratings: { block: 10 } };

  it('without `ratings` in the options: the game alone, no recorder active', () => {
    expect(spec.run({ bots: opts.bots }, new PyRandom(1), 5)).toEqual({ games: 5 });
    expect(spec.empty({ bots: opts.bots })).toEqual({ games: 0 });
    expect(ratingsRecorder()).toBeUndefined();
  });

  it('shards merged in any grouping give the same blocks; the check passes them; the order of strength is found', () => {
    const shard = (i: number) => spec.run(opts, new PyRandom(`s/${i}`), 25);
    const left = spec.merge(spec.merge(spec.merge(spec.empty(opts), shard(0)), shard(1)), shard(2));
    const right = spec.merge(spec.empty(opts), spec.merge(shard(0), spec.merge(shard(1), shard(2))));
    expect(left).toEqual(right);
    expect(left.ratings!.blocks.map((b) => b.games)).toEqual([10, 10, 5, 10, 10, 5, 10, 10, 5]);
    expect(spec.check!(left, opts)).toEqual([]);
    expect(spec.check!({ games: 75 }, opts)).toEqual(['results lack the ratings of this run']);
    const r = blockBootstrap(left.ratings!, { resamples: 100, rng: new SeededRandom(1) });
    expect(r.ratings.map((x) => x.name)).toEqual(['A', 'B', 'C']);
    expect(ratingsRecorder()).toBeUndefined();
  });
});

describe('ratings say what they do not know', () => {
  /** A beats B 3 games in 5; C, seated with A or B, never wins. `k` games of each kind per round, `rounds` rounds. */
  function record(rounds: number, block = 50): RatingsAcc {
    const rec = new RatingsRecorder(['A', 'B', 'C'], block);
    for (let i = 0; i < rounds; i++) {
      for (let j = 0; j < 5; j++) rec.game([0, 1], (seat) => (j < 3 ? seat === 0 : seat === 1));
      rec.game([0, 2], (seat) => seat === 0);
      rec.game([1, 2], (seat) => seat === 0);
    }
    return rec.acc;
  }
  it('--ratings fits to convergence (a fixed point of the MM step), not 100 MM steps; the model says so', () => {
    const acc = record(2000);
    const all = sumBlocks(acc);
    const r = blockBootstrap(acc, { resamples: 20, rng: new SeededRandom('conv') });
    const mm100 = fitScoreMatrix(acc.names, all.doubled, all.played, { iterations: 100 });
    const fixed = fitScoreMatrix(acc.names, all.doubled, all.played, { iterations: 'converged' });
    // 100 MM steps stop far from the maximum here (the anchor's half games are few beside 14,000 games)
    expect(Math.abs(mm100.get('A')!.elo - fixed.get('A')!.elo)).toBeGreaterThan(5);
    const elo = new Map(r.ratings.map((x) => [x.name, x.elo]));
    for (const [name, x] of fixed) expect(elo.get(name)).toBe(x.elo);
    // converged: one more MM step moves no Elo by more than the stated tolerance
    const strengths = [...fixed.values()].map((x) => x.strength);
    const step = mmStep(acc.names.length, all.doubled, strengths);
    for (let i = 0; i < strengths.length; i++) expect(Math.abs(400 * Math.log10(step[i]! / strengths[i]!))).toBeLessThan(CONVERGED_TOLERANCE);
    expect(ratingsReport(r, 50, '1').ratingsFit.model).toMatch(/fitted to convergence \(Newton steps until none moves an Elo by more than 1e-6; not the 2026 leaderboard's 100 MM steps\)/);
  });
  it('a bot that never won gets an upper bound only (JSON low null, the bound as high, and why): its fit falls with more games, out of its own earlier interval; the bounds nest', () => {
    const smallRun = blockBootstrap(record(500), { resamples: 50, rng: new SeededRandom('c') });
    const largeRun = blockBootstrap(record(4000), { resamples: 50, rng: new SeededRandom('c') });
    const small = ratingsReport(smallRun, 50, '1');
    const large = ratingsReport(largeRun, 50, '1');
    for (const r of [small, large]) {
      const c = r.ratings.C!;
      expect(c.low).toBeNull();
      expect(c.oneSided).toMatchObject({ side: 'upper', why: 'never won', tail: 0.025 });
      expect(c.high).toBe(c.oneSided!.bound);
      expect(c.high!).toBeLessThan(r.ratings.B!.low!);
      expect(r.ratings.A!.oneSided).toBeUndefined();
      expect(r.ratings.A!.low).toBeLessThan(r.ratings.A!.elo);
    }
    // the fit of C falls by hundreds of Elo from 500 to 4000 rounds (it is the anchor's, not the data's): its bootstrap
    // intervals do not even overlap (what the table showed); the one-sided ranges (−∞, bound] nest: more games, a lower bound
    const [c1, c2] = [smallRun.ratings.find((x) => x.name === 'C')!, largeRun.ratings.find((x) => x.name === 'C')!];
    expect(c1.elo - c2.elo).toBeGreaterThan(300);
    expect(c2.high).toBeLessThan(c1.low);
    expect(large.ratings.C!.high!).toBeLessThan(small.ratings.C!.high!);
    expect(large.ratings.C!.elo).toBeLessThan(large.ratings.C!.high!);
  });
});

describe('one-sided bounds both ways', () => {
  it('a bot that never lost gets a lower bound (JSON high null); two bots that never won are not settled against each other', () => {
    const rec = new RatingsRecorder(['A', 'B', 'C', 'D', 'E'], 40);
    for (let i = 0; i < 400; i++) {
      rec.game([0, 1, 2], (seat) => seat === 0); // A beats B and C
      rec.game([1, 2, 3], (seat) => (i % 3 === 0 ? seat === 1 : seat === 0)); // B and C split ... D never wins
      rec.game([1, 3], (seat) => seat === 0);
      rec.game([2, 4], (seat) => seat === 0); // E never wins either (and never meets D)
    }
    const r = ratingsReport(blockBootstrap(rec.acc, { resamples: 40, rng: new SeededRandom('both') }), 40, '1');
    expect(r.ratings.A).toMatchObject({ high: null, oneSided: { side: 'lower', why: 'never lost' } });
    expect(r.ratings.A!.low).toBe(r.ratings.A!.oneSided!.bound);
    expect(r.ratings.A!.low!).toBeGreaterThan(r.ratings.B!.high!);
    expect(r.ratings.D).toMatchObject({ low: null, oneSided: { side: 'upper', why: 'never won' } });
    expect(r.ratings.B!.oneSided).toBeUndefined();
    expect(r.ratings.E!.oneSided?.why).toBe('never won');
    const bottom = r.neighbours.find((n) => [n.higher, n.lower].sort().join() === 'D,E')!;
    expect(bottom).toBeDefined();
    expect(bottom.significant).toBe(false);
  });
});

/** One simultaneous MM step of _fit_elo's iteration on doubled scores (the anchor at strength 1, half a game each way). */
function mmStep(n: number, doubled: ArrayLike<number>, ps: readonly number[]): number[] {
  return ps.map((p, a) => {
    let won = 0.5;
    let denom = 1 / (p + 1);
    for (let b = 0; b < n; b++) {
      won += doubled[a * n + b]! / 2;
      if (b !== a) denom += (doubled[a * n + b]! + doubled[b * n + a]!) / 2 / (p + ps[b]!);
    }
    return won / denom;
  });
}

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SeededRandom } from '../rng/seeded-random.ts';
import {
  DEFAULT_PAIR_VARIANCE,
  Sprt,
  eloFromScore,
  expectedPairs,
  llrPentanomial,
  llrScores,
  llrTrinomial,
  llrTrinomialBayesElo,
  normalCdf,
  MAX_HYPOTHESIS_ELO,
  hypothesisProblem,
  scoreFromElo,
  sprtBounds,
  summarizePairs,
  type SprtParams,
} from './sprt.ts';

/** One case of fixtures/stats/sprt-reference.json (see its README: fishtest and cutechess figures). */
interface Case {
  kind: 'trinomial' | 'pentanomial' | 'scores';
  counts?: number[];
  hist?: Array<[number, number]>;
  elo0: number;
  elo1: number;
  fishtest: { llr: number; elo?: number; elo95?: number; los?: number; regularized?: number[]; state?: string; lower_bound?: number; upper_bound?: number };
  cutechess?: { llr: number; lBound: number; uBound: number; eloDiff: number | string; eloErrorMargin: number | string; losPercent: number | string };
}
const ref = JSON.parse(readFileSync(new URL('../../../fixtures/stats/sprt-reference.json', import.meta.url), 'utf8')) as {
  alpha: number;
  beta: number;
  cases: Case[];
};
const VALUES = { trinomial: [0, 0.5, 1], pentanomial: [0, 0.25, 0.5, 0.75, 1] } as const;
const label = (c: Case): string => `${c.kind} ${JSON.stringify(c.counts ?? c.hist)} elo0=${c.elo0} elo1=${c.elo1}`;

/** |ours − theirs| ≤ 1e-9·|theirs| (+1e-12 for figures that are 0 up to rounding, e.g. a symmetric LLR). */
function close(ours: number, theirs: number, rel = 1e-9): void {
  expect(Math.abs(ours - theirs)).toBeLessThanOrEqual(rel * Math.abs(theirs) + 1e-12);
}

function ourLlr(c: Case): number {
  if (c.kind === 'trinomial') return llrTrinomial(c.counts as [number, number, number], c.elo0, c.elo1);
  if (c.kind === 'pentanomial') return llrPentanomial(c.counts as [number, number, number, number, number], c.elo0, c.elo1);
  return llrScores(c.hist as Array<[number, number]>, c.elo0, c.elo1);
}

describe('the reference fixture', () => {
  it('holds at least 10 trinomial and 10 pentanomial vectors, with zeros, small and large', () => {
    const tri = ref.cases.filter((c) => c.kind === 'trinomial');
    const penta = ref.cases.filter((c) => c.kind === 'pentanomial');
    expect(tri.length).toBeGreaterThanOrEqual(10);
    expect(penta.length).toBeGreaterThanOrEqual(10);
    for (const set of [tri, penta]) {
      expect(set.some((c) => c.counts?.includes(0))).toBe(true);
      expect(set.some((c) => (c.counts ?? []).reduce((a, b) => a + b, 0) < 10)).toBe(true);
      expect(set.some((c) => (c.counts ?? []).reduce((a, b) => a + b, 0) > 30000)).toBe(true);
    }
  });
});

describe("LLR = fishtest's LLR_logistic (GSPRT) for the same counts", () => {
  for (const c of ref.cases) {
    it(label(c), () => close(ourLlr(c), c.fishtest.llr));
  }
  it('llrScores on the five pentanomial values equals llrPentanomial, and ignores the order and splitting of entries', () => {
    for (const c of ref.cases.filter((x) => x.kind === 'pentanomial')) {
      const hist = (c.counts as number[]).map((n, i): [number, number] => [VALUES.pentanomial[i], n]);
      close(llrScores(hist, c.elo0, c.elo1), c.fishtest.llr);
      const shuffled = [...hist].reverse().flatMap(([v, n]): Array<[number, number]> => [[v, n / 2], [v, n / 2]]);
      close(llrScores(shuffled, c.elo0, c.elo1), c.fishtest.llr);
    }
  });
  it('llrScores adds the end points 0 and 1 at the regulariser (1e-3) when they are absent', () => {
    for (const c of ref.cases.filter((x) => x.kind === 'scores' && x.hist?.[0][1] === 1e-3)) {
      const inner = (c.hist as Array<[number, number]>).filter(([v]) => v !== 0 && v !== 1);
      close(llrScores(inner, c.elo0, c.elo1), c.fishtest.llr);
    }
  });
  it('the trinomial counts as pair outcomes 0, ½, 1 give the same LLR (a game is a pair of one)', () => {
    for (const c of ref.cases.filter((x) => x.kind === 'trinomial')) {
      close(llrScores((c.counts as number[]).map((n, i): [number, number] => [VALUES.trinomial[i], n]), c.elo0, c.elo1), c.fishtest.llr);
    }
  });
});

describe("bounds and stopping = fishtest's SPRT", () => {
  it('bounds are ln(β/(1−α)) and ln((1−β)/α), as fishtest and cutechess give them', () => {
    const [lo, hi] = sprtBounds(ref.alpha, ref.beta);
    for (const c of ref.cases.filter((x) => x.fishtest.lower_bound !== undefined)) {
      close(lo, c.fishtest.lower_bound as number);
      close(hi, c.fishtest.upper_bound as number);
    }
    for (const c of ref.cases.filter((x) => x.cutechess)) {
      close(lo, c.cutechess?.lBound as number);
      close(hi, c.cutechess?.uBound as number);
    }
    expect(sprtBounds(0.05, 0.05)[1]).toBeCloseTo(2.944, 3);
  });
  it("the verdict on each case's counts (LLR against the bounds) is fishtest's state: accepted = H1, rejected = H0", () => {
    const [lo, hi] = sprtBounds(ref.alpha, ref.beta);
    const states = new Set<string>();
    for (const c of ref.cases.filter((x) => x.kind !== 'scores')) {
      const llr = ourLlr(c);
      expect(llr >= hi ? 'accepted' : llr <= lo ? 'rejected' : '', label(c)).toBe(c.fishtest.state);
      states.add(c.fishtest.state as string);
    }
    expect([...states].sort()).toEqual(['', 'accepted', 'rejected']);
  });
  it("Sprt fed a case's pairs one by one ends on fishtest's LLR; its verdict on those counts is fishtest's state", () => {
    let decided = 0;
    for (const c of ref.cases.filter((x) => x.kind === 'pentanomial')) {
      const s = new Sprt({ elo0: c.elo0, elo1: c.elo1, alpha: ref.alpha, beta: ref.beta });
      const counts = c.counts as number[];
      // interleave the outcomes (largest remaining bin first) so the order is not sorted
      const left = [...counts];
      for (let k = counts.reduce((a, b) => a + b, 0); k > 0; k--) {
        const i = left.indexOf(Math.max(...left));
        left[i]--;
        s.push(VALUES.pentanomial[i]);
      }
      close(s.llr(), c.fishtest.llr);
      expect(s.hist()).toEqual(counts.map((n, i): [number, number] => [VALUES.pentanomial[i], n]).filter(([, n]) => n > 0));
      const state = s.llr() >= s.bounds()[1] ? 'accepted' : s.llr() <= s.bounds()[0] ? 'rejected' : '';
      expect(state).toBe(c.fishtest.state);
      if (state !== '') decided++;
    }
    expect(decided).toBeGreaterThan(0);
  });
});

describe("Elo difference ± error and LOS = fishtest's get_elo (95%)", () => {
  for (const c of ref.cases.filter((x) => x.fishtest.elo !== undefined && x.kind !== 'scores')) {
    it(label(c), () => {
      // get_elo works on regularised counts (zeros → 1e-3): summarizePairs takes them as given
      const values = VALUES[c.kind as 'trinomial' | 'pentanomial'];
      const s = summarizePairs((c.fishtest.regularized as number[]).map((n, i): [number, number] => [values[i], n]), 0.95);
      close(s.elo.diff, c.fishtest.elo as number);
      close(s.elo.error, c.fishtest.elo95 as number);
      close(s.los, c.fishtest.los as number);
    });
  }
});

describe("cutechess-cli's figures for the same trinomial counts (recorded beside, a different model)", () => {
  const cases = ref.cases.filter((c) => c.cutechess);
  it('llrTrinomialBayesElo reproduces its BayesElo LLR', () => {
    expect(cases.length).toBeGreaterThanOrEqual(10);
    for (const c of cases) close(llrTrinomialBayesElo(c.counts as [number, number, number], c.elo0, c.elo1), c.cutechess?.llr as number);
  });
  it('its LLR differs from fishtest’s (the models differ) on lopsided or small samples', () => {
    const diffs = cases.map((c) => Math.abs((c.cutechess?.llr as number) - c.fishtest.llr));
    expect(Math.max(...diffs)).toBeGreaterThan(0.01);
  });
  it('its Elo difference is ours on the raw counts; its ± margin within 1% (cutechess approximates erfInv; the error grows with the interval)', () => {
    let compared = 0;
    for (const c of cases) {
      const [l, d, w] = c.counts as number[];
      const s = summarizePairs([[0, l], [0.5, d], [1, w]], 0.95);
      const cc = c.cutechess as NonNullable<Case['cutechess']>;
      if (typeof cc.eloDiff !== 'number' || typeof cc.eloErrorMargin !== 'number') continue; // ±inf / NaN: cutechess does not clamp
      close(eloFromScore(s.mean), cc.eloDiff);
      expect(Math.abs(s.elo.error - cc.eloErrorMargin)).toBeLessThanOrEqual(0.01 * cc.eloErrorMargin);
      compared++;
    }
    expect(compared).toBeGreaterThanOrEqual(8);
  });
  it('its LOS is 100·Φ((W − L)/√(W + L)), draws ignored — not the LOS we report (fishtest’s)', () => {
    for (const c of cases) {
      const [l, , w] = c.counts as number[];
      close(100 * normalCdf((w - l) / Math.sqrt(w + l)), c.cutechess?.losPercent as number);
    }
  });
  it('cutechess gives ±inf Elo when every game is lost; our summary clamps as fishtest does', () => {
    const lost = cases.find((c) => c.counts?.[0] === 100 && c.counts[2] === 0) as Case;
    expect(lost.cutechess?.eloDiff).toBe('-inf');
    const s = summarizePairs([[0, 100]], 0.95);
    close(s.elo.diff, eloFromScore(1e-3));
    expect(s.los).toBe(0);
  });
});

describe('summarizePairs', () => {
  it('the self-test: every pair even → exactly 0 difference, 0 Elo, LOS ½, zero-width interval', () => {
    const s = summarizePairs([[0.5, 1000]], 0.95);
    expect(s).toEqual({ pairs: 1000, mean: 0.5, variance: 0, low: 0.5, high: 0.5, elo: { diff: 0, low: 0, high: 0, error: 0 }, los: 0.5 });
  });
  it('no pairs: the whole range, LOS ½', () => {
    const s = summarizePairs([], 0.95);
    expect([s.pairs, s.mean, s.low, s.high, s.los]).toEqual([0, 0.5, 0, 1, 0.5]);
  });
  it('mean, variance and a z interval of the mean by hand', () => {
    const s = summarizePairs([[0, 1], [0.25, 1], [1, 2]], 0.95);
    expect(s.mean).toBeCloseTo(0.5625, 15);
    const v = (0.5625 ** 2 + 0.3125 ** 2 + 2 * 0.4375 ** 2) / 4;
    expect(s.variance).toBeCloseTo(v, 15);
    expect(s.high).toBeCloseTo(Math.min(1, 0.5625 + 1.959963984540054 * Math.sqrt(v / 4)), 12);
    expect(s.elo.diff).toBeCloseTo(eloFromScore(0.5625), 12);
  });
  it('a wider confidence widens the interval', () => {
    const h: Array<[number, number]> = [[0.25, 30], [0.5, 50], [0.75, 40]];
    const a = summarizePairs(h, 0.95);
    const b = summarizePairs(h, 0.999);
    expect(b.high - b.low).toBeGreaterThan(a.high - a.low);
    expect(b.mean).toBe(a.mean);
  });
  it('bad input is a RangeError naming it', () => {
    expect(() => summarizePairs([[1.5, 1]], 0.95)).toThrow(/\[0, 1\]/);
    expect(() => summarizePairs([[0.5, -1]], 0.95)).toThrow(/count/);
    expect(() => summarizePairs([[0.5, 1]], 1)).toThrow(/confidence/);
  });
});

describe('Elo ↔ score', () => {
  it('logistic: 0.75 ↔ 400·log10(3), and the two are inverse', () => {
    expect(eloFromScore(0.75)).toBeCloseTo(400 * Math.log10(3), 12);
    for (const e of [-800, -5, 0, 3.5, 120, 700]) expect(eloFromScore(scoreFromElo(e))).toBeCloseTo(e, 9);
    expect(eloFromScore(1)).toBe(Infinity);
  });
  it('normalCdf: Φ(0) = ½, Φ(1.959964) ≈ 0.975, tails', () => {
    expect(normalCdf(0)).toBe(0.5);
    expect(normalCdf(1.959963984540054)).toBeCloseTo(0.975, 14);
    expect(normalCdf(-30)).toBeGreaterThan(4.8e-198); // Φ(−30) = 4.906e-198: no cancellation in the tail
    expect(normalCdf(-30)).toBeLessThan(5e-198);
  });
});

describe('Sprt (incremental)', () => {
  const P: SprtParams = { elo0: 0, elo1: 5, alpha: 0.05, beta: 0.05 };
  it('no pairs: LLR 0, no verdict', () => {
    const s = new Sprt(P);
    expect([s.llr(), s.verdict(), s.pairs(), s.stoppedAt()]).toEqual([0, null, 0, null]);
    expect(s.hist()).toEqual([]);
  });
  it('the self-test (every pair ½) drifts to H0 and the verdict stays once reached', () => {
    const s = new Sprt(P);
    let first = 0;
    for (let i = 1; i <= 20000 && first === 0; i++) {
      s.push(0.5);
      if (s.verdict() !== null) first = i;
    }
    expect(s.verdict()).toBe('H0');
    expect(s.stoppedAt()?.pairs).toBe(first);
    expect(s.llr()).toBeLessThanOrEqual(s.bounds()[0]);
    for (let i = 0; i < 2000; i++) s.push(1); // later wins move the LLR, not the verdict
    expect(s.llr()).toBeGreaterThan(s.bounds()[1]);
    expect(s.verdict()).toBe('H0');
    expect(s.stoppedAt()?.pairs).toBe(first);
  });
  it('the LLR at every step equals llrScores of the pairs so far (with the pentanomial bins)', () => {
    const s = new Sprt(P);
    const xs = [1, 0.75, 0.5, 1 / 3, 0.5, 1, 2 / 3, 0.25, 1, 1];
    const seen: Array<[number, number]> = [[0, 0], [0.25, 0], [0.5, 0], [0.75, 0], [1, 0]];
    for (const x of xs) {
      s.push(x);
      seen.push([x, 1]);
      close(s.llr(), llrScores(seen, P.elo0, P.elo1));
    }
    expect(s.hist().map(([v]) => v)).toEqual([0.25, 1 / 3, 0.5, 2 / 3, 0.75, 1]);
    expect(s.pairs()).toBe(xs.length);
  });

  it('over thousands of pairs (each push starting from the last roots) the LLR stays llrScores of the pairs so far, to 1e-12', () => {
    // Outcomes of multi-player pairs (thirds too), drawn from a fixed sequence: a drift towards the candidate.
    const r = new SeededRandom('sprt-long');
    const values = [0, 0.25, 1 / 3, 0.5, 2 / 3, 0.75, 1];
    const weights = [5, 10, 3, 50, 3, 12, 7];
    const s = new Sprt({ ...P, alpha: 1e-9, beta: 1e-9 }); // wide bounds: no verdict to stop at
    const counts = new Map<number, number>(values.map((v) => [v, 0]));
    for (let k = 1; k <= 3000; k++) {
      let u = r.random() * 90;
      let j = 0;
      while (u >= weights[j]!) u -= weights[j++]!;
      s.push(values[j]!);
      counts.set(values[j]!, counts.get(values[j]!)! + 1);
      // Sprt's bins: the pentanomial values always, a third once seen.
      const hist = [...counts].filter(([v, c]) => c > 0 || v % 0.25 === 0);
      if (k % 50 === 0 || k < 20) close(s.llr(), llrScores(hist, P.elo0, P.elo1), 1e-12);
    }
  });
  it('bad input is a RangeError naming it', () => {
    expect(() => new Sprt({ ...P, alpha: 0 })).toThrow(/alpha/);
    expect(() => new Sprt({ ...P, elo1: -1 })).toThrow(/elo0 must be below elo1/);
    expect(() => new Sprt({ ...P, alpha: 0.6, beta: 0.5 })).toThrow(/alpha \+ beta/);
    expect(() => new Sprt(P).push(Number.NaN)).toThrow(/\[0, 1\]/);
    expect(() => llrTrinomial([1, -2, 3], 0, 5)).toThrow(/counts/);
  });
});

describe("expectedPairs (Wald's exit time of fishtest's Brownian approximation)", () => {
  const P: SprtParams = { elo0: 0, elo1: 20, alpha: 0.05, beta: 0.05 };
  it('at the midpoint it is −lower·upper/σ² (zero drift), and continuous around it', () => {
    const [a, b] = sprtBounds(P.alpha, P.beta);
    const ds = scoreFromElo(20) - scoreFromElo(0);
    const mid = eloFromScore((scoreFromElo(0) + scoreFromElo(20)) / 2);
    close(expectedPairs(mid, P), (-a * b) / (ds * ds / DEFAULT_PAIR_VARIANCE));
    close(expectedPairs(mid + 1e-6, P), expectedPairs(mid, P), 1e-6);
    expect(expectedPairs(mid + 30, P)).toBeLessThan(expectedPairs(mid + 5, P));
    expect(Number.isFinite(expectedPairs(2000, P))).toBe(true);
    expect(Number.isFinite(expectedPairs(-2000, P))).toBe(true);
  });
  it('matches the mean run length of simulated SPRTs (seeded; games with and without draws)', () => {
    // x = (r1 + r2) / 2, r1 and r2 independent game results: win w, draw d, loss 1 − w − d
    for (const [trueElo, d] of [[-10, 0.6], [10, 0.6], [35, 0.6], [35, 0]]) {
      const s = scoreFromElo(trueElo);
      const w = s - d / 2;
      const pairVariance = (w + d / 4 - s * s) / 2;
      const rng = new SeededRandom(`sprt-expected-${trueElo}-${d}`);
      const game = (): number => {
        const u = rng.random();
        return u < w ? 1 : u < w + d ? 0.5 : 0;
      };
      const runs = 150;
      let total = 0;
      let h1 = 0;
      for (let r = 0; r < runs; r++) {
        const t = new Sprt(P);
        while (t.verdict() === null) t.push((game() + game()) / 2);
        total += t.pairs();
        if (t.verdict() === 'H1') h1++;
      }
      const theory = expectedPairs(trueElo, P, pairVariance);
      const msg = `trueElo ${trueElo}, draws ${d}: simulated ${total / runs} pairs, theory ${theory}`;
      // the theory ignores the overshoot of the bounds, so simulated runs are a little longer
      expect(total / runs / theory, msg).toBeGreaterThan(0.85);
      expect(total / runs / theory, msg).toBeLessThan(1.3);
      // the variance matters: with many draws the default (no draws) is far off
      if (d > 0) expect(total / runs / expectedPairs(trueElo, P), msg).toBeLessThan(0.6);
      // and the verdicts go the right way
      if (trueElo <= P.elo0) expect(h1).toBeLessThanOrEqual(runs * 0.1);
      if (trueElo >= P.elo1) expect(h1).toBeGreaterThanOrEqual(runs * 0.9);
    }
  });
});

describe('extreme hypotheses (audit #6): the LLR where the model can represent them, a refusal with the reason beyond', () => {
  /** fixtures/stats/sprt-extreme.json: the same GSPRT evaluated in 80-digit arithmetic (tools/oracle/stats/extreme.py), and fishtest's own answer. */
  const extreme = JSON.parse(readFileSync(new URL('../../../fixtures/stats/sprt-extreme.json', import.meta.url), 'utf8')) as {
    cases: Array<{ counts: [number, number, number, number, number]; elo0: number; elo1: number; exact: number; fishtest: number | string }>;
  };
  it('llrPentanomial equals the 80-digit evaluation to 1e-9 for |Elo| up to 123,061 (fishtest itself answers only below 2,890)', () => {
    expect(extreme.cases.length).toBeGreaterThan(200);
    for (const c of extreme.cases) {
      const ours = llrPentanomial(c.counts, c.elo0, c.elo1);
      expect(Math.abs(ours - c.exact), `${JSON.stringify(c.counts)} elo0=${c.elo0} elo1=${c.elo1}: ${ours} vs ${c.exact}`).toBeLessThanOrEqual(1e-9 * Math.abs(c.exact) + 1e-15);
    }
    // fishtest's brentq, 1e-9 inside the poles, fails from |Elo| 2,890 on (the margin falls below an ulp of the pole)
    const failed = extreme.cases.filter((c) => typeof c.fishtest === 'string');
    expect(Math.min(...failed.map((c) => Math.max(Math.abs(c.elo0), Math.abs(c.elo1))))).toBe(2890);
    for (const c of extreme.cases.filter((x) => Math.max(Math.abs(x.elo0), Math.abs(x.elo1)) < 2890)) expect(typeof c.fishtest).toBe('number');
  });
  it('the bound is where the score L(elo) or 1 − L(elo) leaves the normal doubles; beyond it a RangeError says why, at any push', () => {
    expect(MAX_HYPOTHESIS_ELO).toBeCloseTo(400 * 1022 * Math.log10(2), 9);
    expect(scoreFromElo(-MAX_HYPOTHESIS_ELO + 1e-6)).toBeGreaterThanOrEqual(2 ** -1022);
    expect(scoreFromElo(-MAX_HYPOTHESIS_ELO - 1e-6)).toBeLessThan(2 ** -1022);
    expect(hypothesisProblem(0, MAX_HYPOTHESIS_ELO - 1e-6)).toBeUndefined();
    expect(hypothesisProblem(-MAX_HYPOTHESIS_ELO + 1e-6, 0)).toBeUndefined();
    for (const [e0, e1] of [[0, 1e6], [-1e6, 5], [-1e308, 5], [0, MAX_HYPOTHESIS_ELO + 1e-6], [-MAX_HYPOTHESIS_ELO - 1e-6, 0]]) {
      expect(hypothesisProblem(e0, e1)).toMatch(/123,061/);
      expect(() => new Sprt({ elo0: e0, elo1: e1, alpha: 0.05, beta: 0.05 })).toThrow(/123,061/);
    }
    // two hypotheses the doubles cannot tell apart are one hypothesis
    expect(hypothesisProblem(0, 1e-300)).toMatch(/same/);
    const s = new Sprt({ elo0: 0, elo1: 7000, alpha: 0.05, beta: 0.05 });
    for (let i = 0; i < 3; i++) s.push(0.5);
    expect(s.verdict()).toBe('H0');
  });
});

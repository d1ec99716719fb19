/**
 * docs/ab.md, "Where koth ab differs from fishtest, on purpose": every figure of its three tables
 * that can be computed is computed here — our Elo/LOS and our stopping pairs, from the SPRT of
 * engines/core/stats/sprt.ts on the pairs of fixtures/stats/ab-vs-fishtest.json — and fishtest's
 * are the recorded ones (fixtures/stats/ab-vs-fishtest.json, sprt-reference.json). The fixture's
 * pairs are koth ab's own: the first pairs of two runs are played again here.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Sprt, summarizePairs } from '../engines/core/stats/sprt.ts';
import { abOutcomes } from '../tools/oracle/stats/ab-pairs.ts';
import { fixture } from './fixtures.ts';

interface Stop {
  pairs: number;
  state: 'accepted' | 'rejected';
}
interface Run {
  game: string;
  candidate: string;
  baseline: string;
  seed: string;
  sprt: { elo0: number; elo1: number; alpha: number; beta: number };
  fishtest: { overshoot: Stop; plain: Stop };
  quarters?: string;
  outcomes?: number[];
}
const RUNS = fixture<{ runs: Run[] }>('stats/ab-vs-fishtest.json').runs;
const REF = fixture<{ cases: Array<{ kind: string; counts?: number[]; fishtest: { elo?: number; elo95?: number; los?: number } }> }>('stats/sprt-reference.json').cases;
const DOC = readFileSync(new URL('../docs/ab.md', import.meta.url), 'utf8');
const SECTION = DOC.slice(DOC.indexOf('## Where `koth ab` differs from fishtest'), DOC.indexOf('## The pairs, per game'));

/** The body rows of the markdown table whose header starts with `head`, as cells. */
function table(head: string): string[][] {
  const lines = SECTION.split('\n');
  const at = lines.findIndex((l) => l.startsWith(`| ${head}`));
  expect(at, `a table headed "${head}" in docs/ab.md`).toBeGreaterThan(-1);
  const rows: string[][] = [];
  for (let i = at + 2; i < lines.length && lines[i]!.startsWith('|'); i++) rows.push(lines[i]!.split('|').slice(1, -1).map((c) => c.trim()));
  return rows;
}

const outcomesOf = (r: Run): number[] => (r.quarters ? [...r.quarters].map((c) => Number(c) / 4) : r.outcomes!);
const rounded = (xs: number[]) => xs.map((x) => Math.floor(4 * x + 0.5) / 4);

/** Where koth ab's SPRT stops on these outcomes: the pair and the verdict. */
function ourStop(xs: number[], p: Run['sprt']): { pairs: number; verdict: string } {
  const s = new Sprt(p);
  for (const x of xs) {
    s.push(x);
    if (s.verdict()) return { pairs: s.pairs(), verdict: s.verdict()! };
  }
  throw new Error(`no stop within the fixture's ${xs.length} pairs`);
}

function runOf(cell: string): Run {
  const m = /^(\S+) (\S+) vs (\S+), seed (\S+)$/.exec(cell);
  expect(m, cell).not.toBeNull();
  const r = RUNS.find((x) => x.game === m![1] && x.candidate === m![2] && x.baseline === m![3] && x.seed === m![4]);
  expect(r, cell).toBeDefined();
  return r!;
}

describe('docs/ab.md: where koth ab differs from fishtest (the figures)', () => {
  it('1. Elo ± error and LOS: ours of the pairs as played, fishtest get_elo of the regularised counts', () => {
    const rows = table('pairs [LL, LD, LW+DD, DW, WW]');
    expect(rows.length).toBeGreaterThanOrEqual(4);
    const cell = (elo: number, error: number, los: number) => `${elo.toFixed(1)} ± ${error.toFixed(1)}, ${(100 * los).toFixed(1)}%`;
    for (const [pairs, ours, theirs] of rows) {
      const counts = JSON.parse(/^\[[^\]]*\]/.exec(pairs!)![0]) as number[];
      const s = summarizePairs(counts.map((n, i): [number, number] => [i / 4, n]), 0.95);
      expect(cell(s.elo.diff, s.elo.error, s.los), pairs).toBe(ours);
      const f = REF.find((c) => c.kind === 'pentanomial' && JSON.stringify(c.counts) === JSON.stringify(counts))!.fishtest;
      expect(cell(f.elo! + 0, f.elo95!, f.los!).replace('-0.0 ', '0.0 '), pairs).toBe(theirs);
    }
  });

  it('2. no overshoot correction: our stop, fishtest\'s (recorded), the difference; without its correction fishtest stops where we do', () => {
    const rows = table('run (elo0 0, elo1 5, α = β = 0.05) | koth ab stops at | fishtest stops at');
    expect(rows).toHaveLength(16);
    const earlier: number[] = [];
    for (const [name, ours, theirs, by] of rows) {
      const r = runOf(name!);
      const s = ourStop(outcomesOf(r), r.sprt);
      expect(`${s.pairs} (${s.verdict})`, name).toBe(ours);
      expect(r.fishtest.overshoot.state).toBe(s.verdict === 'H1' ? 'accepted' : 'rejected');
      expect(String(r.fishtest.overshoot.pairs), name).toBe(theirs);
      expect(String(s.pairs - r.fishtest.overshoot.pairs), name).toBe(by);
      expect(r.fishtest.plain.pairs, name).toBe(s.pairs);
      earlier.push(s.pairs - r.fishtest.overshoot.pairs);
    }
    const mean = earlier.reduce((a, b) => a + b, 0) / earlier.length;
    expect(SECTION).toContain(`**${Math.min(...earlier)} to ${Math.max(...earlier)}\npairs earlier (${mean.toFixed(1)} on average over the ${earlier.length} gun-duel runs)**`);
  });

  it('3. outcomes not multiples of ¼: how many, our stop on them and on them rounded, fishtest\'s on the rounded', () => {
    const rows = table('run (elo0 0, elo1 5, α = β = 0.05) | pairs not a multiple of ¼');
    expect(rows).toHaveLength(4);
    for (const [name, count, ours, ourRounded, theirs] of rows) {
      const r = runOf(name!);
      const xs = outcomesOf(r);
      const s = ourStop(xs, r.sprt);
      expect(`${s.pairs} (${s.verdict})`, name).toBe(ours);
      expect(String(xs.slice(0, s.pairs).filter((x) => 4 * x !== Math.floor(4 * x)).length), name).toBe(count);
      const t = ourStop(rounded(xs), r.sprt);
      expect(String(t.pairs), name).toBe(ourRounded);
      expect(r.fishtest.plain.pairs, name).toBe(t.pairs);
      expect(String(r.fishtest.overshoot.pairs), name).toBe(theirs);
    }
  });

  it("the fixture's pairs are koth ab's: the first 150 of a gun-duel and a dice run played again", () => {
    for (const r of [RUNS.find((x) => x.game === 'gun-duel')!, RUNS.find((x) => x.game === 'dice')!]) {
      expect(abOutcomes(r.game, r.candidate, r.baseline, 150, r.seed), `${r.game} seed ${r.seed}`).toEqual(outcomesOf(r).slice(0, 150));
    }
  });
});

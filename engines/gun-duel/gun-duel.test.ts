import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { koth } from '../../test/helpers.ts';
import { runKoth } from '../../test/test-server.ts';
import { POOL } from '../../transpiled-bots/gun-duel/index.ts';
import { exactSeeds, runTournament } from './tournament.ts';
import '../wiring/gun-duel.ts';
import { placePublished } from './distribution.ts';
import { percentile, outside99, summarize, compareSamples, publishedPlaceFrequencies } from './stats.ts';
import { statisticalSeeds, trials } from './trials.ts';
import { SeededRandom } from '../core/rng/seeded-random.ts';
import { ORIGINAL_CLOCK_RUNS, RECORDED_DISTRIBUTION, RECORDED_MSVC_DISTRIBUTION } from './data.ts';

const fx = (p: string) => JSON.parse(readFileSync(new URL(`../../fixtures/gun-duel/${p}`, import.meta.url), 'utf8'));

describe('koth replay gun-duel (CLI)', () => {
  it('with no options places the published scoreboard in the recorded distribution (the libstdc++ model: 3 exact tournaments identical to the g++ goldens + statistical ones)', () => {
    const r = koth(['replay', 'gun-duel', '--json']);
    expect(r.status, r.stderr).toBe(0);
    const j = r.json();
    expect(j.tournaments).toBe(RECORDED_DISTRIBUTION.tournaments.length);
    expect(j.tournaments).toBeGreaterThanOrEqual(3);
    expect(j.originalRuns).toBe(ORIGINAL_CLOCK_RUNS.length);
    expect(j.originalRuns).toBeGreaterThanOrEqual(27);
    expect(j.rows).toHaveLength(17);
    expect(j.verdict).toBe('agree');
  });
  it('--compare-stdlib counts published places under the libstdc++ and the MSVC model from the recorded runs', () => {
    const r = koth(['replay', 'gun-duel', '--compare-stdlib', '--json']);
    expect(r.status, r.stderr).toBe(0);
    const j = r.json();
    expect(j.rows).toHaveLength(17);
    expect(j.libstdcpp).toBe(RECORDED_DISTRIBUTION.tournaments.length + ORIGINAL_CLOCK_RUNS.length);
    expect(j.msvc).toBe(RECORDED_MSVC_DISTRIBUTION.tournaments.length);
    const survivor = j.rows.find((x: { player: string }) => x.player === 'SurvivorPlayer');
    expect(survivor.publishedPlace).toBe(6);
    expect(survivor.a.n).toBe(j.libstdcpp);
  });
  it('--exact --seed S --json equals the compiled original (small tournament: 6 players, 5 duels/pair/round)', () => {
    const r = koth(['replay', 'gun-duel', '--exact', '--seed', '12345', '--repetition', '5', '--players', '2,3,7,10,15,9', '--json']);
    expect(r.status, r.stderr).toBe(0);
    expect(r.json()).toEqual(fx('traces/result-s12345-r5-2,3,7,10,15,9.json'));
  });
  it('--help explains options, variants and examples; bad input exits non-zero with advice', async () => {
    // Texts and refusals of main(), called in this process (no run starts; the bundle's own runs: the tests around).
    const h = await runKoth(['replay', 'gun-duel', '--help']);
    expect(h.stdout).toMatch(/--exact/);
    expect(h.stdout).toMatch(/original .*player A's action/);
    expect(h.stdout).toMatch(/Examples:/);
    const bad = await runKoth(['replay', 'gun-duel', '--exact', '--players', 'NoSuchPlayer,MontePlayer']);
    expect(bad.status).not.toBe(0);
    expect(bad.stderr).toMatch(/unknown player "NoSuchPlayer".*Known/);
    const bh = await runKoth(['replay', 'gun-duel', '--exact', '--players', 'BlackHatPlayer,MontePlayer']);
    expect(bh.stderr).toMatch(/disqualified/);
    const seed = await runKoth(['replay', 'gun-duel', '--exact', '--seed', 'abc']);
    expect(seed.status).not.toBe(0);
    expect(seed.stderr).toMatch(/must be an integer/);
    const rules = await runKoth(['replay', 'gun-duel', '--rules', 'newest']);
    expect(rules.status).not.toBe(0);
  });
  it('--compare-rules shows that no tournament player triggers the validation bug', () => {
    const r = koth(['replay', 'gun-duel', '--compare-rules', '--seed', '5', '--repetition', '3', '--players', 'GunClubPlayer,DeceptivePlayer,FatedPlayer,CamtoPlayer', '--json']);
    expect(r.status, r.stderr).toBe(0);
    const j = r.json();
    expect(j.duels).toBeGreaterThan(0);
    expect(j.duelsThatDiffer).toBe(0);
    expect(j.sameScoreboard).toBe(true);
  });
});

describe('goldens of whole tournaments', () => {
  it('are well-formed: 17 rows in scoreboard order, 16 rounds for the winner, round-1 pairs of 100 duels at most', () => {
    for (const s of [1, 2, 3]) {
      const g = fx(`goldens/seed-${s}.json`);
      expect(g.rows).toHaveLength(17);
      expect(g.rows[0].rounds).toHaveLength(16);
      for (const r of g.rows) expect(r.points).toBe(r.rounds.reduce((a: number, b: number) => a + b, 0));
      for (const [a, row] of Object.entries(g.round1Pairs as Record<string, Record<string, number>>)) for (const [b, w] of Object.entries(row)) expect(w + g.round1Pairs[b][a]).toBeLessThanOrEqual(100);
      // the identifier shuffle is the first thing the tournament does: check it without running it
      expect(runTournament({ players: POOL, seeds: exactSeeds(s), repetition: 0 }).identifiers).toEqual(g.identifiers);
    }
  });
});

describe('statistics', () => {
  it('percentile and 99% range', () => {
    const v = Array.from({ length: 1000 }, (_, i) => i);
    expect(percentile(v, 500)).toBeCloseTo(50.05, 1);
    expect(outside99(v, 2000)).toBe(true);
    expect(outside99(v, 500)).toBe(false);
  });
  it('Welch test detects a shifted sample and not an equal one', () => {
    const r = new SeededRandom('x');
    const a = Array.from({ length: 40 }, () => r.random());
    const b = Array.from({ length: 40 }, () => r.random() + 1);
    expect(compareSamples(a, b)!.pValue).toBeLessThan(1e-6);
    expect(compareSamples(a, a)!.pValue).toBeGreaterThan(0.99);
    // the rank test (Kruskal-Wallis, 2 groups) rides along
    expect(compareSamples(a, b)!.rank!.pValue).toBeLessThan(1e-6);
    expect(compareSamples(a, a)!.rank!.pValue).toBeGreaterThan(0.99);
    expect(compareSamples([1, 1, 1], [1, 1, 1])?.rank).toBeUndefined();
  });
  it('published-place frequencies and the footrule distance separate a set that reproduces the board from one that does not', () => {
    const pub = ['A', 'B', 'C'].map((player) => ({ player }));
    const t = (order: string[]) => ({ rows: order.map((player) => ({ player, points: 0, survival: 0, rounds: [] })) });
    const same = Array.from({ length: 30 }, () => t(['A', 'B', 'C']));
    const other = Array.from({ length: 30 }, (_, i) => t(i % 2 ? ['C', 'A', 'B'] : ['B', 'C', 'A']));
    const f = publishedPlaceFrequencies(pub, same, other);
    expect(f.rows.map((r) => [r.a.count, r.b.count])).toEqual([[30, 0], [30, 0], [30, 0]]);
    expect(f.rows[0]!.test!.pValue).toBeLessThan(1e-6);
    expect(f.footrule.a.mean).toBe(0);
    expect(f.footrule.b.mean).toBe(4);
    expect(f.footrule.test!.pValue).toBeLessThan(1e-6);
    expect(publishedPlaceFrequencies(pub, same, same).rows[0]!.test).toBeUndefined();
  });
  it('statistical seeds are keyed and deterministic; a short distribution run places the published table', () => {
    expect(statisticalSeeds('k')).toEqual(statisticalSeeds('k'));
    expect(statisticalSeeds('k')).not.toEqual(statisticalSeeds('l'));
    const acc = trials.run({ variant: 'original', repetition: 1 }, new SeededRandom('t'), 2);
    expect(acc.tournaments).toHaveLength(2);
    const sum = summarize(acc.tournaments);
    expect(sum).toHaveLength(17);
    for (const s of sum) expect(s.places.reduce((a, b) => a + b, 0)).toBe(2);
    const rep = placePublished(acc);
    expect(rep.rows).toHaveLength(17);
    for (const r of rep.rows) expect(r.low).not.toBeNull();
    // a distribution far from the published figures is flagged: the check can fail
    const shifted = { tournaments: [0, 1, 2, 3, 4].map((k) => ({ seeds: { shuffle: k, int: k, real: k }, rows: acc.tournaments[0]!.rows.map((r) => ({ ...r, rounds: [r.rounds[0]! + k] })) })) };
    expect(placePublished(shifted).verdict).toBe('disagree');
  }, 60_000);
});

describe('koth bench gun-duel', () => {
  const tmp = () => mkdtempSync(join(tmpdir(), 'koth-gd-bin-'));
  const script = (dir: string, body: string, mode = 0o755) => {
    const f = join(dir, 'tournament');
    writeFileSync(f, `#!/bin/sh\n${body}\n`);
    chmodSync(f, mode);
    return f;
  };

  it('prints seconds per tournament (quick mode: one duel per pair); without --original-bin the original is not measured, and says so', () => {
    const r = koth(['bench', 'gun-duel', '--quick', '--json']);
    expect(r.status, r.stderr).toBe(0);
    const figs = r.json() as { name: string; value: number; unit: string; reference?: { source: string } }[];
    expect(figs.length).toBeGreaterThanOrEqual(2);
    for (const f of figs) expect(f.value).toBeGreaterThan(0);
    expect(figs[0]!.reference?.source).toMatch(/NOT measured.*--original-bin PATH/);
  }, 120_000);

  it('times the user\'s own build given with --original-bin, as it is: its time only, never its results', () => {
    const dir = tmp();
    try {
      // Stands in for the original's program: reads nothing, prints a scoreboard we must ignore.
      const bin = script(dir, 'echo " :: Press Enter to Quit..."; read x; exit 0');
      const r = koth(['bench', 'gun-duel', '--quick', '--json', '--original-bin', bin]);
      expect(r.status, r.stderr).toBe(0);
      const figs = r.json() as { reference?: { source: string; runs?: number[] } }[];
      expect(figs[0]!.reference!.source).toContain(`the original (${bin}), this run, CPU time; seeded by its own clock: only its time is compared, not its results, scaled ×0.01`);
      expect(figs[0]!.reference!.runs).toHaveLength(1);
      expect(figs[1]!.reference!.source).toContain('wall time');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);

  it('a missing, non-executable or failing --original-bin, or --original, is refused (exit 2) with what to do, before anything is measured', async () => {
    const dir = tmp();
    try {
      const cases: [string[], RegExp][] = [
        [['--original-bin', join(dir, 'nothing-here')], /--original-bin .*nothing-here: no such file\. Build the original yourself by its own repository's instructions \(GitHub fzql\/GunDuel at a6e74c9/],
        [['--original-bin', dir], /is not a file \(a folder\?\): give the program itself/],
        [['--original-bin', script(dir, 'exit 0', 0o644)], /tournament is not executable \(chmod \+x it/],
        [['--original', dir], /--original .*: the 17 answers \(<Name>\.hpp\) are in neither it nor its Tournament\/ folder: give a checkout of fzql\/GunDuel.*--original-bin PATH/],
      ];
      for (const [args, message] of cases) {
        const r = await runKoth(['bench', 'gun-duel', '--quick', ...args]);
        expect(r.stderr, args.join(' ')).toMatch(message);
        expect(r.status).toBe(2);
        expect(r.stdout).toBe('');
      }
      const dice = await runKoth(['bench', 'dice', '--quick', '--original-bin', script(dir, 'exit 0')]);
      expect(dice.status).toBe(2);
      expect(dice.stderr).toMatch(/--original-bin is for a game whose original is a compiled program \(gun-duel\); dice's original is a checkout/);
      const failing = koth(['bench', 'gun-duel', '--quick', '--original-bin', script(dir, 'echo "cannot open players" >&2; exit 3')]);
      expect(failing.status).toBe(2);
      expect(failing.stderr).toMatch(/the original at .*tournament failed \(exit 3\):\ncannot open players/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});

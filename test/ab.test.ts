/**
 * `koth ab` (engines/core/ab, engines/<id>/ab.ts, cli/commands/ab.ts): the self-test in every game
 * (A = B: exactly no difference and no discordant pair), a known difference found both ways, the
 * verdict and pair count the same for 1 and 2 workers and after a checkpoint resume, pair i's
 * outcome the same in any batch, the report page, and bad input refused with exit 2.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findGame, replayKit } from '../engines/registry.ts';
import { runAb, type AbRunInput } from '../engines/core/ab/run.ts';
import { generatorKind } from '../engines/core/rng/generators.ts';
import { abNote, pairTrials } from '../engines/core/ab/pairs.ts';
import { koth, tempDirs } from './helpers.ts';
import { runKoth } from './test-server.ts';

const tmp = tempDirs('koth-ab-');

function input(game: string, candidate: string, baseline: string, o: Partial<AbRunInput> & { field?: string[] } = {}): AbRunInput {
  const ab = findGame(game)!.engine!.ab!;
  const engine = findGame(game)!.engine!;
  const field = (o.field ?? ab.field(engine.defaultVariant)).filter((n) => n !== candidate && n !== baseline);
  return {
    game,
    ab,
    opts: { candidate, baseline, field, ...(engine.defaultVariant ? { rules: engine.defaultVariant } : {}) },
    seed: '1',
    maxPairs: 200,
    sprt: { elo0: 0, elo1: 5, alpha: 0.05, beta: 0.05 },
    confidence: 0.95,
    workers: 1,
    ...o,
  };
}

describe('koth ab: the self-test (A = B) gives exactly no difference in every game', () => {
  const cases: [string, string, string[] | undefined, number][] = [
    ['dice', 'OptFor2X', undefined, 400],
    ['ruins', 'Drunkard', undefined, 60],
    ['camel-up', 'Player1', ['Player0', 'Player2'], 100],
    ['gun-duel', 'PlasmaPlayer', undefined, 600],
    ['atomas', 'draftBot', undefined, 40],
  ];
  for (const [game, bot, field, maxPairs] of cases) {
    it(game, async () => {
      const r = await runAb(replayKit(), input(game, bot, bot, { maxPairs, ...(field ? { field } : {}) }));
      expect(r.pairs).toBeGreaterThan(0);
      expect(r.discordant).toBe(0);
      expect(r.score).toEqual({ mean: 0, low: 0, high: 0 });
      expect(r.candidateScore).toBe(r.baselineScore);
      expect(r.elo.diff).toBe(0);
      // No difference at all is evidence against "better by 5 Elo": never H1.
      expect(r.verdict).not.toBe('H1');
    }, 120_000);
  }
});

describe('koth ab: a known difference', () => {
  it('dice OptFor2X against GoToTenBot: H1; the other way round: H0', async () => {
    const up = await runAb(replayKit(), input('dice', 'OptFor2X', 'GoToTenBot', { maxPairs: 5000 }));
    expect(up.verdict).toBe('H1');
    expect(up.llr).toBeGreaterThanOrEqual(up.bounds[1]);
    expect(up.score.mean).toBeGreaterThan(0);
    expect(up.elo.low).toBeGreaterThan(0);
    const down = await runAb(replayKit(), input('dice', 'GoToTenBot', 'OptFor2X', { maxPairs: 5000 }));
    expect(down.verdict).toBe('H0');
    expect(down.llr).toBeLessThanOrEqual(down.bounds[0]);
    expect(down.score.mean).toBeLessThan(0);
  }, 120_000);

  it('gun-duel and atomas find differences too (camel-up and ruins: their self-tests above)', async () => {
    const a = await runAb(replayKit(), input('atomas', 'draftBot', 'RandomBot', { maxPairs: 1000 }));
    expect(a.verdict).toBe('H1');
    expect(a.discordant).toBeGreaterThan(0);
    const g = await runAb(replayKit(), input('gun-duel', 'TurtlePlayer', 'GunClubPlayer', { maxPairs: 3000 }));
    expect(g.verdict).not.toBe('inconclusive');
    expect(g.discordant).toBeGreaterThan(0);
  }, 120_000);
});

describe('koth ab: deterministic stopping', () => {
  it('pair i is played from (seed, i) only: the same outcomes in batches of any size, from any first pair', () => {
    const ab = findGame('dice')!.engine!.ab!;
    const opts = { candidate: 'OptFor2X', baseline: 'GoToTenBot', field: ab.field().filter((n) => n !== 'OptFor2X' && n !== 'GoToTenBot'), rules: 'fixed' };
    const shard = (k: number) => generatorKind('ab-shard').fromSeed(`7/shard/${k}`);
    const whole = ab.trials.run({ ...opts, first: 0, batch: 12 }, shard(0), 12);
    // Shard 2 of a run in batches of 4 holds pairs 8..11; a run starting at pair 10 holds 10, 11 in its shard 0.
    const part = ab.trials.run({ ...opts, first: 0, batch: 4 }, shard(2), 4);
    const late = ab.trials.run({ ...opts, first: 10, batch: 2 }, shard(0), 2);
    expect(part).toEqual({ a: whole.a.slice(8), b: whole.b.slice(8) });
    expect(late).toEqual({ a: whole.a.slice(10), b: whole.b.slice(10) });
    expect(new Set([...whole.a, ...whole.b]).size).toBeGreaterThan(1);
  });

  it('notes (abNote) are counted per shard, added up when shards merge, absent when nothing was noted; the check refuses notes that are not counts', () => {
    // Ours: a toy game whose pair i notes "odd" in the candidate's game of every odd pair.
    const toy = pairTrials('cpython3', (bot, o, _rng, i) => {
      if (bot === o.candidate && i % 2) abNote('odd');
      return bot === o.candidate ? 1 : 0;
    });
    const opts = { candidate: 'A', baseline: 'B', field: [], first: 0, batch: 4 };
    const shard = (k: number) => generatorKind('ab-shard').fromSeed(`7/shard/${k}`);
    const x = toy.run(opts, shard(0), 4);
    const y = toy.run(opts, shard(1), 4);
    expect(x.notes).toEqual({ odd: 2 });
    expect(toy.merge(x, y)).toEqual({ a: [1, 1, 1, 1, 1, 1, 1, 1], b: [0, 0, 0, 0, 0, 0, 0, 0], notes: { odd: 4 } });
    expect(toy.run({ ...opts, batch: 1 }, shard(0), 1).notes).toBeUndefined();
    abNote('outside a shard'); // does nothing
    expect(toy.run({ ...opts, batch: 1 }, shard(2), 1).notes).toBeUndefined();
    expect(toy.check!({ ...x, notes: { odd: 1.5 } }, opts)).toContain('notes that are not counts');
    expect(toy.check!(x, opts)).toEqual([]);
  });

  it('camel-up: a game in which no seated player rolls is ended with no winner, and the run says how often (notes)', async () => {
    // Player1 and Player2 only bet: the candidate's games (Player1 and three Player2) never end by themselves.
    const r = await runAb(replayKit(), input('camel-up', 'Player1', 'Player0', { maxPairs: 3, field: ['Player2'] }));
    expect(r.notes).toEqual({ 'a game in which no seated player rolled was ended after 1000 actions (camelup.py would hang): no winner': 3 });
    expect(r.candidateScore).toBe(0);
  });

  it('the verdict, the pair count and the figures are the same for 1 and 2 workers', async () => {
    const one = await runAb(replayKit(), input('dice', 'OptFor2X', 'GoToTenBot', { maxPairs: 5000 }));
    const two = await runAb(replayKit(), input('dice', 'OptFor2X', 'GoToTenBot', { maxPairs: 5000, workers: 2 }));
    expect(one.verdict).toBe('H1');
    expect({ ...two, ranOn: undefined }).toEqual({ ...one, ranOn: undefined });
  }, 180_000);

  it('--checkpoint: a rerun resumes every stretch from the file and gives the same result', async () => {
    const cp = join(tmp(), 'ab.ckpt');
    const first = await runAb(replayKit(), input('gun-duel', 'TurtlePlayer', 'GunClubPlayer', { maxPairs: 3000, checkpoint: cp }));
    expect(existsSync(cp)).toBe(true);
    const parts = Object.keys(JSON.parse(readFileSync(cp, 'utf8')).parts ?? {});
    expect(parts.length).toBeGreaterThan(0);
    const again = await runAb(replayKit(), input('gun-duel', 'TurtlePlayer', 'GunClubPlayer', { maxPairs: 3000, checkpoint: cp }));
    expect(again).toEqual(first);
  }, 120_000);
});

describe('koth ab: the command', () => {
  it('--json carries the figures; --report writes a page with the LLR and the difference as charts', () => {
    const dir = tmp();
    const r = koth(['ab', 'atomas', '--candidate', 'draftBot', '--baseline', 'RandomBot', '--max-pairs', '1000', '--workers', '1', '--json', '--report', dir]);
    expect(r.status, r.stderr).toBe(0);
    const j = r.json();
    for (const k of ['pairs', 'verdict', 'llr', 'bounds', 'score', 'elo', 'los', 'discordant']) expect(j).toHaveProperty(k);
    expect(j.verdict).toBe('H1');
    expect(Object.keys(j.score).sort()).toEqual(['high', 'low', 'mean']);
    expect(r.stderr).toMatch(/pairs \d+ .*LLR [-\d.]+ \[-2\.94, 2\.94\]/);
    const page = readFileSync(join(dir, 'index.html'), 'utf8');
    expect(page).toContain('llr_marks');
    expect(page).toContain('diff_marks');
    expect(page).not.toMatch(/<script/i);
  });

  it('camel-up: the five 2026 house bots\' ports that koth registry lists play, under camelup.py 2026 unless --rules says otherwise (issue 39 item 9; every game\'s ports: test/ab-lineup.test.ts)', () => {
    const args = ['ab', 'camel-up', '--candidate', 'HandcodedHenry', '--baseline', 'ClaudeCamel', '--field', 'GeminiGerry,OpusOmul,FabelFelix', '--max-pairs', '1', '--workers', '1', '--json'];
    const r = koth(args);
    expect(r.status, r.stderr).toBe(0);
    expect(r.json()).toMatchObject({ candidate: 'HandcodedHenry', baseline: 'ClaudeCamel', field: ['GeminiGerry', 'OpusOmul', 'FabelFelix'], rules: '2026', pairs: 1 });
    const text = koth(['ab', 'camel-up', '--candidate', 'OpusOmul', '--baseline', 'Player0', '--rules', 'original', '--max-pairs', '1', '--workers', '1']);
    expect(text.status, text.stderr).toBe(0);
    expect(text.stdout).toMatch(/camel-up: OpusOmul \(candidate\) vs Player0 \(baseline\), seed 1, rules original/);
  }, 120_000);

  it('an extreme hypothesis the model represents is answered (audit #6: --elo1 7000 was exit 70)', async () => {
    // the self-test (every pair even) is far from a 7000 Elo difference: H0 at once; draftBot wins every pair against RandomBot: as likely under 7000 as anything
    const self = await runKoth(['ab', 'atomas', '--candidate', 'draftBot', '--baseline', 'draftBot', '--elo1', '7000', '--max-pairs', '20', '--workers', '1', '--json']);
    expect(self.status, self.stderr).toBe(0);
    expect([JSON.parse(self.stdout).verdict, JSON.parse(self.stdout).pairs]).toEqual(['H0', 1]);
    const won = await runKoth(['ab', 'atomas', '--candidate', 'draftBot', '--baseline', 'RandomBot', '--elo1', '7000', '--max-pairs', '20', '--workers', '1', '--json']);
    expect(won.status, won.stderr).toBe(0);
    const j = JSON.parse(won.stdout);
    expect(j.score.mean).toBe(0.5);
    expect(j.verdict).toBe('H1');
  });

  it('--confidence is printed with every digit it has (audit #20: 0.999999999999 printed "(100%)")', async () => {
    const r = await runKoth(['ab', 'atomas', '--candidate', 'draftBot', '--baseline', 'draftBot', '--confidence', '0.999999999999', '--max-pairs', '1', '--workers', '1']);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain('(99.9999999999%)');
    expect(r.stderr).toContain('(99.9999999999%)');
    expect(r.stdout + r.stderr).not.toContain('100%');
  });

  it('exit 0 when no bound is crossed (inconclusive)', () => {
    const r = koth(['ab', 'gun-duel', '--candidate', 'PlasmaPlayer', '--baseline', 'PlasmaPlayer', '--max-pairs', '3', '--workers', '1', '--json']);
    expect(r.status, r.stderr).toBe(0);
    expect(r.json().verdict).toBe('inconclusive');
    expect(r.json().pairs).toBe(3);
  });

  it.each([
    [['ab', 'dcie', '--candidate', 'A', '--baseline', 'B'], /no game "dcie".*did you mean dice/],
    [['ab', 'dice', '--candidate', 'NoSuchBot', '--baseline', 'OptFor2X'], /no dice port named "NoSuchBot"/],
    [['ab', 'dice', '--candidate', 'OptFor2X', '--baseline', 'OptFor2X', '--elo0', '5', '--elo1', '5'], /--elo0 5 must be below --elo1 5/],
    // audit #6: hypotheses the model cannot represent are refused with the reason (they were exit 70, "secular equation")
    [['ab', 'atomas', '--candidate', 'draftBot', '--baseline', 'RandomBot', '--elo1', '1e6'], /--elo1 1000000 is beyond ±123,061 Elo, the model's range/],
    [['ab', 'atomas', '--candidate', 'draftBot', '--baseline', 'RandomBot', '--elo0', '-1e6'], /--elo0 -1000000 is beyond ±123,061 Elo/],
    [['ab', 'atomas', '--candidate', 'draftBot', '--baseline', 'RandomBot', '--elo0', '-1e308'], /--elo0 -1e\+308 is beyond ±123,061 Elo/],
    [['ab', 'atomas', '--candidate', 'draftBot', '--baseline', 'RandomBot', '--elo0', '0', '--elo1', '1e-300'], /the same hypothesis in double precision/],
    [['ab', 'dice', '--candidate', 'OptFor2X', '--baseline', 'OptFor2X', '--alpha', '0.5'], /strictly between 0 and 0\.5/],
    // audit #20: a subnormal error rate made the bound ln((1 − β)/α) Infinity (H1 impossible; JSON [-2.99, null])
    [['ab', 'atomas', '--candidate', 'draftBot', '--baseline', 'RandomBot', '--alpha', '1e-320'], /--alpha.*2\.2250738585072014e-308/],
    [['ab', 'atomas', '--candidate', 'draftBot', '--baseline', 'RandomBot', '--beta', '4e-310'], /--beta.*2\.2250738585072014e-308/],
    [['ab', 'dice', '--candidate', 'OptFor2X', '--baseline', 'OptFor2X', '--max-pairs', '0'], /positive whole number/],
    [['ab', 'dice', '--candidate', 'OptFor2X', '--baseline', 'GoToTenBot', '--field', 'OptFor2X'], /at least 1 opponent/],
    [['ab', 'atomas', '--candidate', 'draftBot', '--baseline', 'RandomBot', '--field', 'RandomBot'], /solo game/],
    [['ab', 'dice', '--candidate', 'OptFor2X', '--baseline', 'OptFor2X', '--rules', '2026'], /not a rule variant of dice/],
    [['ab', 'gun-duel', '--candidate', 'PlasmaPlayer', '--baseline', 'PlasmaPlayer', '--python-bots', 'x.py'], /--python-bots is not in koth ab gun-duel yet/],
  ])('bad input is exit 2: %j', async (args, message) => {
    // Refused before anything runs: main() called in this process (the exit code it returns is the process's; test/cli.test.ts runs the bundle's entry).
    const r = await runKoth(args as string[]);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(message as RegExp);
  });
});

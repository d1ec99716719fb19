/** `koth replay dice --ratings`: Bradley–Terry ratings beside win%, the same for any --workers and after a checkpoint resume. */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runKoth } from '../../test/test-server.ts';

const BOTS = ['OptFor2X', 'StepBot', 'LastRound', 'GoHomeBot', 'OneInFiveBot', 'ThrowThriceBot', 'GamblersFallacy', 'FlipCoinRollDice'];
const ARGS = ['replay', 'dice', '--bots', BOTS.join(','), '--games', '6000', '--shard-size', '1000', '--ratings', '--json'];
type Out = { rows: { bot: string; reproduced: number }[]; ratings: Record<string, { elo: number; low: number; high: number }>; neighbours: { higher: string; lower: string }[]; ratingsFit: { games: number; blocks: number } };

describe('koth replay dice --ratings', () => {
  it('the same ratings and intervals for --workers 1 and 2; every bot rated, its order that of win% where win% is clear', async () => {
    const one = await runKoth([...ARGS, '--workers', '1']);
    const two = await runKoth([...ARGS, '--workers', '2']);
    expect([0, 1], one.stderr).toContain(one.status); // 1: this small pool's win rates are not the published table's
    const a = JSON.parse(one.stdout) as Out;
    const b = JSON.parse(two.stdout) as Out;
    expect(b.ratings).toEqual(a.ratings);
    expect(b.neighbours).toEqual(a.neighbours);
    expect(Object.keys(a.ratings).sort()).toEqual([...BOTS].sort());
    expect(a.ratingsFit.games).toBe(6000);
    expect(a.ratingsFit.blocks).toBeGreaterThanOrEqual(60);
    for (const r of Object.values(a.ratings)) expect(r.low).toBeLessThan(r.high);
    // Any two bots whose win rates differ by more than 3 points are rated in the same order.
    const rows = a.rows.filter((r) => BOTS.includes(r.bot));
    for (const x of rows) for (const y of rows) if (x.reproduced > y.reproduced + 3) expect(a.ratings[x.bot]!.elo, `${x.bot} over ${y.bot}`).toBeGreaterThan(a.ratings[y.bot]!.elo);
    expect(a.neighbours).toHaveLength(BOTS.length - 1);
  });

  it('from --checkpoint: the blocks are read back and checked (a tampered block: exit 2), the ratings those of a plain run', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'koth-ratings-'));
    try {
      const ck = join(dir, 'd.ck');
      const args = ['replay', 'dice', '--bots', BOTS.join(','), '--games', '3000', '--shard-size', '1000', '--ratings', '--json'];
      const first = await runKoth([...args, '--workers', '1', '--checkpoint', ck]);
      expect([0, 1], first.stderr).toContain(first.status);
      const saved = readFileSync(ck, 'utf8');
      expect(saved).toContain('"doubled"');
      writeFileSync(ck, saved.replace(/"doubled":\[\d+/, '"doubled":[987654'));
      const tampered = await runKoth([...args, '--workers', '1', '--checkpoint', ck]);
      expect(tampered.status).toBe(2);
      expect(tampered.stderr).toMatch(/ratings/);
      writeFileSync(ck, saved);
      const again = await runKoth([...args, '--workers', '2', '--checkpoint', ck]);
      const plain = await runKoth([...args, '--workers', '1']);
      expect((JSON.parse(again.stdout) as Out).ratings).toEqual((JSON.parse(plain.stdout) as Out).ratings);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('the table shows an Elo column and the fit line', async () => {
    const r = await runKoth(ARGS.filter((a) => a !== '--json').concat(['--workers', '1']));
    expect([0, 1], r.stderr).toContain(r.status);
    expect(r.stdout).toMatch(/Elo \[95%\]/);
    expect(r.stdout).toMatch(/Elo: Bradley–Terry fit on 6000 games/);
  });

  it('--ratings with --exact or --compare-rules: exit 2 saying why, nothing run', async () => {
    for (const extra of [['--exact'], ['--compare-rules', 'original,fixed']]) {
      const r = await runKoth(['replay', 'dice', '--ratings', '--games', '200', ...extra]);
      expect(r.status, extra.join(' ')).toBe(2);
      expect(r.stderr).toMatch(/--ratings cannot be combined with/);
      expect(r.stdout).toBe('');
    }
  });
});

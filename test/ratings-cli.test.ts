/**
 * `koth replay <game> --ratings` in the games beside dice (engines/dice/ratings.test.ts): each
 * game's small run rates every bot, in the order of its own figures where they are clear; the
 * same for --workers 1 and 2 where runs are sharded; the HTML report shows them; modes where
 * ratings mean nothing exit 2.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runKoth } from './test-server.ts';

type Ratings = Record<string, { elo: number; low: number; high: number }>;

describe('koth replay camel-up --ratings', () => {
  // The dumb pool (fast) names Player0 twice: its second entry is rated as "Player0#2".
  const args = ['replay', 'camel-up', '--pool', 'dumb', '--games', '300', '--ratings', '--json'];
  it('every pool entry rated; the order of points where points differ clearly; --workers 1 and 2 alike', { timeout: 300_000 }, async () => {
    const one = await runKoth([...args, '--workers', '1']);
    const two = await runKoth([...args, '--workers', '2']);
    expect([0, 1], one.stderr).toContain(one.status);
    const a = JSON.parse(one.stdout) as { rows: { bot: string; reproduced: number }[]; ratings: Ratings; neighbours: unknown[] };
    expect(JSON.parse(two.stdout).ratings).toEqual(a.ratings);
    expect(Object.keys(a.ratings).sort()).toEqual(['Player0', 'Player0#2', 'Player1', 'Player2']);
    const played = a.rows.filter((r) => r.bot in a.ratings && r.reproduced != null);
    expect(played.length).toBeGreaterThanOrEqual(3);
    for (const x of played) for (const y of played) if (x.reproduced > y.reproduced + 10) expect(a.ratings[x.bot]!.elo, `${x.bot} over ${y.bot}`).toBeGreaterThan(a.ratings[y.bot]!.elo);
    expect(a.neighbours).toHaveLength(3);
  });

  it('the HTML report shows the ratings table', { timeout: 300_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'koth-ratings-report-'));
    try {
      const r = await runKoth(['replay', 'camel-up', '--pool', 'dumb', '--games', '100', '--ratings', '--workers', '1', '--report', dir]);
      expect([0, 1], r.stderr).toContain(r.status);
      const html = readFileSync(join(dir, 'index.html'), 'utf8');
      expect(html).toContain('data-table="ratings"');
      expect(html).toContain('Ratings (Bradley–Terry, Elo scale)');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('with --exact, --compare-rules or --format: exit 2, nothing run', async () => {
    for (const extra of [['--exact'], ['--compare-rules', 'original,fixed'], ['--format', '2026']]) {
      const r = await runKoth(['replay', 'camel-up', '--ratings', '--games', '10', ...extra]);
      expect(r.status, extra.join(' ')).toBe(2);
      expect(r.stderr).toMatch(/--ratings cannot be combined with/);
    }
  });
});

describe('koth replay gun-duel --tournaments N --ratings', () => {
  it('every duel rated: all 17 players, the order of round-1 points where they differ clearly, --workers 1 and 2 alike', { timeout: 300_000 }, async () => {
    const args = ['replay', 'gun-duel', '--tournaments', '2', '--repetition', '1', '--ratings', '--json'];
    const one = await runKoth([...args, '--workers', '1']);
    const two = await runKoth([...args, '--workers', '2']);
    expect(one.status, one.stderr).toBe(0);
    const a = JSON.parse(one.stdout) as { summary: { player: string; round1Mean: number }[]; ratings: Ratings; ratingsFit: { blocks: number } };
    expect(JSON.parse(two.stdout).ratings).toEqual(a.ratings);
    expect(Object.keys(a.ratings)).toHaveLength(17);
    expect(a.ratingsFit.blocks).toBe(2);
    for (const x of a.summary) for (const y of a.summary) if (x.round1Mean > y.round1Mean + 4) expect(a.ratings[x.player]!.elo, `${x.player} over ${y.player}`).toBeGreaterThan(a.ratings[y.player]!.elo);
  });

  it('without new tournaments (the recorded distribution, --exact, --from): exit 2', async () => {
    for (const extra of [[], ['--exact', '--seed', '1'], ['--compare-stdlib']]) {
      const r = await runKoth(['replay', 'gun-duel', '--ratings', ...extra]);
      expect(r.status, extra.join(' ')).toBe(2);
      expect(r.stderr).toMatch(/--ratings/);
    }
  });
});

describe('koth replay ruins --ratings', () => {
  it('the games of the tournament rated; the table\'s top bots above its bottom ones; the same run, the same ratings', async () => {
    const args = ['replay', 'ruins', '--seed', '7', '--ratings', '--json'];
    const r = await runKoth(args);
    expect(r.status, r.stderr).toBe(0);
    const a = JSON.parse(r.stdout) as { rows: { bot: string; meanScore: number }[]; poolRows?: { bot: string; meanScore: number }[]; ratings: Ratings; ratingsFit: { games: number } };
    expect(a.ratingsFit.games).toBeGreaterThan(100);
    const scored = a.poolRows ?? a.rows;
    for (const b of scored) expect(a.ratings[b.bot], b.bot).toBeDefined();
    const best = scored[0]!;
    const worst = scored[scored.length - 1]!;
    expect(a.ratings[best.bot]!.elo).toBeGreaterThan(a.ratings[worst.bot]!.elo);
    expect(JSON.parse((await runKoth(args)).stdout).ratings).toEqual(a.ratings);
  });

  it('without a tournament played here (the published table) or with --python-bots: exit 2', async () => {
    const r = await runKoth(['replay', 'ruins', '--ratings']);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/--ratings goes with --seed/);
  });
});

describe('koth replay atomas --ratings', () => {
  it('refused: a solo score game has no winner to rate (exit 2, nothing run)', async () => {
    const r = await runKoth(['replay', 'atomas', '--ratings']);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/solo score game/);
    expect(r.stdout).toBe('');
  });
});

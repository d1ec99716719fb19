import { describe, expect, it } from 'vitest';
import { koth } from './helpers.ts';
import { games } from '../engines/registry.ts';
import { availableParallelism } from 'node:os';
import { maxWorkers, workerCount } from '../engines/core/cli/kit.ts';
import { runKoth } from './test-server.ts';

describe('koth CLI', () => {
  it('--help names every command and the games', () => {
    const r = koth(['--help']);
    expect(r.status).toBe(0);
    for (const cmd of ['replay', 'play', 'scrape', 'registry', 'bench']) expect(r.stdout).toContain(cmd);
    expect(r.stdout).toMatch(/Games: .*dice/);
  });

  it('replay dice --help explains the options, variants and rule flags', () => {
    const r = koth(['replay', 'dice', '--help']);
    expect(r.status).toBe(0);
    for (const opt of ['--exact', '--seed', '--games', '--bots', '--rules', '--compare-rules', '--workers', '--checkpoint', '--json', 'lastRoundRetrigger', 'liveScores']) {
      expect(r.stdout).toContain(opt);
    }
  });

  it('bad input gets a clear message and a non-zero exit', () => {
    const unknown = koth(['replay', 'dice', '--exact', '--bots', 'NoSuchBot,Another', '--games', '5']);
    expect(unknown.status).not.toBe(0);
    expect(unknown.stderr).toMatch(/no port for NoSuchBot, Another.*koth registry dice/s);
    const zero = koth(['replay', 'dice', '--games', '0']);
    expect(zero.status).not.toBe(0);
    expect(zero.stderr).toMatch(/--games.*positive whole number/);
    const rules = koth(['replay', 'dice', '--rules', 'newest']);
    expect(rules.status).not.toBe(0);
    expect(rules.stderr).toMatch(/Allowed choices are original, fixed/);
    const cmd = koth(['replay', 'chess']);
    expect(cmd.status).not.toBe(0);
  });

  const engineless = games.filter((x) => !x.engine);
  it.runIf(engineless.length > 0)('a registered challenge without an engine says what works instead of "too many arguments"', () => {
    for (const g of engineless) {
      const r = koth(['replay', g.id, '--seed', '1']);
      expect(r.status, g.id).toBe(2);
      expect(r.stderr).toMatch(new RegExp(`${g.id} \\(question ${g.questionId}\\) has no engine yet[\\s\\S]*koth scrape ${g.id}`));
    }
  });
});

// Issue 22 (limits): each refusal says the bound, exits 2 and runs nothing.
describe('koth CLI: limits', () => {
  it('--workers beyond 4 per core (at most 64) is refused with the bound, on every command that has it', async () => {
    const max = maxWorkers();
    expect(max).toBe(Math.min(64, 4 * availableParallelism()));
    for (const args of [['replay', 'dice'], ['replay'], ['replay', 'gun-duel', '--tournaments', '2'], ['bench', 'dice', '--quick']]) {
      const r = await runKoth([...args, '--workers', '1000']);
      expect(r.status, args.join(' ')).toBe(2);
      expect(r.stderr).toContain(`argument '1000' is invalid. More workers than this machine can use: the most is ${max} (4 per CPU core`);
      expect(r.stdout).toBe('');
    }
    expect(workerCount(String(max))).toBe(max);
    expect(maxWorkers(2)).toBe(8);
    expect(maxWorkers(64)).toBe(64);
  });

  it('--games beyond Number.MAX_SAFE_INTEGER is "too large" with the maximum; a count that needs too many shards is refused before any is planned', async () => {
    const big = await runKoth(['replay', 'dice', '--games', '99999999999999999999']);
    expect(big.status).toBe(2);
    expect(big.stderr).toContain('Too large: the most is 9007199254740991');
    expect(big.stderr).not.toContain('positive whole number');
    const shards = await runKoth(['replay', 'dice', '--games', '9007199254740991']);
    expect(shards.status).toBe(2);
    expect(shards.stderr).toMatch(/9007199254740991 games in shards of 10000 would be 900719925475 shards; the most is 1000000 \(10000000000 games at this shard size\)/);
    expect(shards.stdout).toBe('');
  });

  it('--confidence is printed with all its digits, and refused beyond twelve nines', async () => {
    const r = await runKoth(['replay', 'dice', '--games', '2000', '--workers', '1', '--confidence', '0.999999999']);
    expect(r.stdout).toContain('99.9999999% interval');
    expect(r.stdout).not.toContain('100.0%');
    const json = await runKoth(['replay', 'dice', '--games', '2000', '--workers', '1', '--confidence', '0.999999999', '--json']);
    for (const row of json.json().rows as { low: number | null; high: number | null }[]) {
      if (row.low != null) expect(row.low).toBeGreaterThanOrEqual(0); // win rates: within [0, 100]
      if (row.high != null) expect(row.high).toBeLessThanOrEqual(100);
    }
    const near = await runKoth(['replay', 'dice', '--confidence', '0.9999999999999']);
    expect(near.status).toBe(2);
    expect(near.stderr).toContain('Too close to 1: the most is 0.999999999999 (twelve nines)');
  });

  it('koth bench with an unknown name is refused (exit 2) with the list, and measures nothing', async () => {
    const benched = games.filter((g) => g.engine?.bench).map((g) => g.id);
    const r = await runKoth(['bench', 'dcie']);
    expect(r.status).toBe(2);
    expect(r.stderr).toBe(`koth: unknown bench "dcie": use rng, a game (${benched.join(', ')}), ab (koth ab), host (koth host), or all\n`);
    expect(r.stdout).toBe('');
    for (const g of games.filter((x) => !x.engine?.bench)) {
      const none = await runKoth(['bench', g.id]);
      expect(none.status).toBe(2);
      expect(none.stderr).toContain(`${g.id} has no bench yet`);
    }
  });
});

/** Bad input to `koth replay dice` / `koth play dice`, as a new user types it. */
import { describe, expect, it } from 'vitest';
import { runKoth } from '../../test/test-server.ts';
import { officialDicePool } from './ports.ts';

const eight = officialDicePool().slice(0, 8);

describe('koth replay dice: bad input', () => {
  it('a bot named twice is refused (the printed recipe must reproduce the figures)', async () => {
    const r = await runKoth(['replay', 'dice', '--exact', '--games', '200', '--bots', [...eight, eight[0]].join(','), '--json']);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain(`--bots names ${eight[0]} more than once`);
    expect(r.stdout).toBe('');
  });

  it('--seed followed by another option is refused, not taken as the seed', async () => {
    const r = await runKoth(['replay', 'dice', '--seed', '--json']);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/--seed.*needs a seed, but got the option "--json"/);
    expect(r.stdout).toBe('');
  });

  it('an empty --bots is refused instead of falling back to the default pool', async () => {
    for (const bots of ['', ' , ']) {
      const r = await runKoth(['replay', 'dice', '--exact', '--games', '200', '--bots', bots]);
      expect(r.status, JSON.stringify(bots)).toBe(2);
      expect(r.stderr).toMatch(/--bots is empty/);
    }
    const gap = await runKoth(['replay', 'dice', '--exact', '--bots', `${eight.join(',')},,`]);
    expect(gap.status).toBe(2);
    expect(gap.stderr).toMatch(/has an empty entry/);
  });

  it('the first controller with fewer than 100 games: the original would have crashed, so no figures', async () => {
    for (const args of [['replay', 'dice', '--rules', 'original', '--games', '50'], ['replay', 'dice', '--exact', '--rules', 'original', '--games', '99'], ['play', 'dice', '--rules', 'original']]) {
      const r = await runKoth(args);
      expect(r.status, args.join(' ')).toBe(3);
      expect(r.stderr).toMatch(/ZeroDivisionError/);
      expect(r.stdout).toBe('');
    }
    const ok = await runKoth(['replay', 'dice', '--exact', '--rules', 'original', '--games', '100', '--json']);
    expect(ok.status).toBe(0);
    expect(ok.json().games).toBe(100);
  });

  it('an exact run of a pool with KwisatzHaderach and TleilaxuBot warns that no original run can be compared', async () => {
    const pool = [...eight.slice(0, 6), 'KwisatzHaderach', 'TleilaxuBot'];
    const r = await runKoth(['replay', 'dice', '--exact', '--games', '100', '--bots', pool.join(','), '--json']);
    expect(r.status).toBe(0);
    expect(r.stderr).toMatch(/warning: .*KwisatzHaderach and TleilaxuBot[\s\S]*no original run of this pool is reproducible/);
    expect(r.json().bots).toEqual(pool);
    const quiet = await runKoth(['replay', 'dice', '--exact', '--games', '100', '--bots', eight.join(','), '--json']);
    expect(quiet.stderr).toBe('');
  });

  it('an option error exits 2 (usage), not 1 (which means a row disagrees)', async () => {
    const r = await runKoth(['replay', 'dice', '--games', 'many']);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/positive whole number/);
  });
});

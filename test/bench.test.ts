import { describe, expect, it } from 'vitest';
import { koth } from './helpers.ts';
import { originalsByGame, programsByGame } from '../cli/commands/bench.ts';

describe('koth bench', () => {
  it('prints RNG draws/s next to CPython measured in the same run', () => {
    const r = koth(['bench', 'rng', '--quick', '--json']);
    expect(r.status).toBe(0);
    const figures = r.json() as { name: string; value: number; unit: string; reference?: { value: number; source: string } }[];
    expect(figures.map((f) => f.name)).toEqual(['PyRandom random()', 'PyRandom randint(1,6)', 'PyRandom getrandbits(32)']);
    for (const f of figures) {
      expect(f.unit).toBe('draws/s');
      expect(f.value).toBeGreaterThan(0);
      expect(f.reference?.source).toMatch(/CPython/);
      expect(f.reference!.value).toBeGreaterThan(0);
    }
  });
});

describe('koth bench dice', () => {
  it('says when the original was not measured, and gives min/median/max runs and peak RSS (--quick shape only, no timing asserted)', () => {
    const r = koth(['bench', 'dice', '--quick', '--runs', '1', '--workers', '1', '--json']);
    expect(r.status).toBe(0);
    const figures = r.json() as { name: string; value: number; unit: string; runs?: number[]; reference?: { value: number; source: string } }[];
    const names = figures.map((f) => f.name);
    expect(names.some((n) => /exact mode.*per CPU-second/.test(n))).toBe(true);
    expect(names.some((n) => /statistical mode, 1 worker.*per CPU-second/.test(n))).toBe(true);
    expect(names.some((n) => /peak RSS/.test(n))).toBe(true);
    for (const f of figures) {
      expect(Number.isFinite(f.value)).toBe(true);
      if (f.runs) expect(f.runs).toHaveLength(1);
      if (f.reference) expect(f.reference.source).toMatch(/NOT measured in this run/);
    }
  });

  it('--original with a folder lacking the original files: a clear usage error', () => {
    const r = koth(['bench', 'dice', '--quick', '--original', '/nonexistent-koth-dir']);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/forty_game_controller\.py not found/);
  });
});

describe('koth bench --original', () => {
  it('one game takes DIR; all takes GAME=DIR per game and refuses a bare DIR', () => {
    expect([...originalsByGame('dice', ['/tmp/d'])]).toEqual([['dice', '/tmp/d']]);
    expect([...originalsByGame('dice', ['dice=/tmp/d'])]).toEqual([['dice', '/tmp/d']]);
    expect([...originalsByGame('all', ['dice=/tmp/d', 'ruins=/tmp/r'])]).toEqual([
      ['dice', '/tmp/d'],
      ['ruins', '/tmp/r'],
    ]);
    expect(() => originalsByGame('all', ['/tmp/d'])).toThrow(/say whose checkout it is, e.g. --original dice=\/tmp\/d/);
    expect(() => originalsByGame('dice', ['ruins=/tmp/r'])).toThrow(/names ruins, but this bench is for dice/);
    const r = koth(['bench', 'all', '--original', '/nowhere']);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('say whose checkout it is');
  });
});

describe('koth bench --original-bin', () => {
  it('one game takes PATH; all gives a bare PATH to the one game whose original is a program; GAME=PATH names it', () => {
    expect([...programsByGame('gun-duel', undefined)]).toEqual([]);
    expect([...programsByGame('gun-duel', '/tmp/t')]).toEqual([['gun-duel', '/tmp/t']]);
    expect([...programsByGame('all', '/tmp/t')]).toEqual([['gun-duel', '/tmp/t']]);
    expect([...programsByGame('all', 'gun-duel=/tmp/t')]).toEqual([['gun-duel', '/tmp/t']]);
    expect(() => programsByGame('dice', 'gun-duel=/tmp/t')).toThrow(/names gun-duel, but this bench is for dice/);
    expect(() => programsByGame('rng', '/tmp/t')).toThrow(/say whose program it is, e.g. --original-bin gun-duel=\/tmp\/t/);
  });
});

describe('koth bench ab', () => {
  it('--quick --json: the replay yardstick, pairs/s with ports and its ratio to the 0.45 goal, Python answers, the SPRT stop vs theory (fields only, no timing asserted)', () => {
    const r = koth(['bench', 'ab', '--quick', '--runs', '1', '--workers', '1', '--json']);
    expect(r.status, r.stderr).toBe(0);
    const figures = r.json() as { name: string; value: number; unit: string; runs?: number[]; note?: string; reference?: { value: number; source: string } }[];
    const find = (re: RegExp) => {
      const f = figures.find((x) => re.test(x.name));
      expect(f, `a figure matching ${re}`).toBeDefined();
      return f!;
    };
    expect(find(/plain dice replay.*games per CPU-second/).unit).toBe('games/s');
    expect(find(/dice A\/B with ports.*pairs per CPU-second/).unit).toBe('pairs/s');
    const ratio = find(/pairs\/s ÷ plain replay games\/s/);
    expect(ratio.unit).toBe('×');
    expect(ratio.note).toMatch(/goal ≥ 0\.45× [✓✗]/);
    expect(find(/Python answers in a sandbox worker.*pairs per CPU-second/).unit).toBe('pairs/s');
    const stop = find(/SPRT on a known difference.*pairs to the verdict/);
    expect(stop.unit).toBe('pairs');
    expect(Number.isInteger(stop.value) && stop.value > 0).toBe(true);
    expect(stop.reference!.source).toMatch(/expectedPairs at Elo -?\d+\.\d, pair variance 0\.\d+ .*within 0\.5×–2× [✓✗]/);
    expect(stop.reference!.value).toBeGreaterThan(0);
    for (const f of figures) {
      expect(Number.isFinite(f.value), f.name).toBe(true);
      if (f.runs) expect(f.runs).toHaveLength(1);
    }
  }, 300_000);

  it('--original with a folder lacking auto_bots.py: a clear usage error, nothing measured', () => {
    const r = koth(['bench', 'ab', '--quick', '--original', '/nonexistent-koth-dir']);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/auto_bots\.py not found/);
  });
});

describe('koth bench host', () => {
  it('builds a synthetic host, times its site, board and a real tick, and states the goals (--quick: not checked)', () => {
    const r = koth(['bench', 'host', '--quick', '--json']);
    expect(r.status, r.stderr).toBe(0);
    const figures = r.json() as { name: string; value: number; unit: string; note?: string; goal?: { text: string; met: boolean | null } }[];
    expect(figures.map((f) => f.name)).toEqual([
      'host: build a synthetic host (200 entries, 20,000 games)',
      'host: rate and publish, the board computed too (50 resamples)',
      'host: rate: the board alone (computeBoard)',
      "host: publish the site, the board given (a tick's step 6)",
      'host: play 1,000 dice games of ports, 8 seats',
      'host: a 100-game dice tick (7 ports, 1 posted answer)',
      "host: the tick's own work, share of the tick",
      'host: verify --sample all, games/s',
    ]);
    for (const f of figures) expect(f.value).toBeGreaterThan(0);
    expect(figures.map((f) => f.unit)).toEqual(['s', 's', 's', 's', 's', 's', '%', 'games/s']);
    expect(figures[1]!.note).toMatch(/s of CPU/);
    expect(figures[5]!.note).toMatch(/^playing [\d.]+ s, its own work [\d.]+ s \(ingest [\d.]+, validate [\d.]+, test [\d.]+, schedule [\d.]+, store [\d.]+, rate [\d.]+, publish [\d.]+\)$/);
    expect(figures.flatMap((f) => (f.goal ? [f.goal] : []))).toEqual([
      { text: '≤ 10 s', met: null },
      { text: '≤ 5 %', met: null },
      { text: "the replay's speed (≥ 80 % of the tick's play)", met: null },
    ]);
  });
});

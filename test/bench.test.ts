import { describe, expect, it } from 'vitest';
import { koth } from './helpers.ts';

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

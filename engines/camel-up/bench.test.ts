/** koth bench camel-up: the shape of its figures and its errors (no timing asserted: speed is measured by `npm run bench`). */
import { describe, expect, it } from 'vitest';
import { koth } from '../../test/helpers.ts';

interface Figure {
  name: string;
  value: number;
  unit: string;
  runs?: number[];
  reference?: { value: number; source: string };
  note?: string;
}

describe('koth bench camel-up', () => {
  it('without --original: ours per CPU-second and wall on the bench seeds, camelup.py labelled as not measured, the 100-game tournament', () => {
    const r = koth(['bench', 'camel-up', '--quick', '--runs', '1', '--workers', '1', '--json'], { KOTH_CAMEL_ORIGINAL: '' });
    expect(r.status, r.stderr).toBe(0);
    const figures = r.json() as Figure[];
    const names = figures.map((f) => f.name);
    expect(names.some((n) => /exact.*per CPU-second/.test(n))).toBe(true);
    expect(names.some((n) => /games\/s wall/.test(n))).toBe(true);
    expect(names.some((n) => /100-game tournament.*1 worker: wall/.test(n))).toBe(true);
    expect(names.some((n) => /100-game tournament.*1 worker: CPU time/.test(n))).toBe(true);
    // Nothing claims a live comparison that did not happen.
    expect(names.some((n) => /speed-up|equal camelup/.test(n))).toBe(false);
    for (const f of figures) {
      expect(Number.isFinite(f.value) && f.value > 0).toBe(true);
      if (f.runs) expect(f.runs).toHaveLength(1);
      if (f.reference) expect(f.reference.source).toMatch(/NOT measured now/);
    }
  }, 240_000);

  it('--original with a folder lacking camelup.py: a clear usage error', () => {
    const r = koth(['bench', 'camel-up', '--quick', '--original', '/nonexistent-koth-dir']);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/camelup\.py not found.*Camel_Up_Cup_2K18/s);
  });
});

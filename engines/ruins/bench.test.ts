import { describe, expect, it } from 'vitest';
import { koth } from '../../test/helpers.ts';

describe('koth bench ruins', () => {
  it('says when the original was not measured, and gives per-core and wall figures and peak RSS (--quick shape only, no timing asserted)', () => {
    const r = koth(['bench', 'ruins', '--quick', '--runs', '1', '--json']);
    expect(r.status).toBe(0);
    const figures = r.json() as { name: string; value: number; unit: string; runs?: number[]; note?: string; reference?: unknown }[];
    const names = figures.map((f) => f.name);
    expect(names[0]).toMatch(/test-bot tournament.*per CPU-minute/);
    expect(names.some((n) => /tournaments per minute, wall \(stretched by machine load/.test(n))).toBe(true);
    expect(names.some((n) => /peak RSS/.test(n))).toBe(true);
    expect(figures[0]!.note).toMatch(/original NOT measured/);
    for (const f of figures) {
      expect(Number.isFinite(f.value)).toBe(true);
      expect(f.reference).toBeUndefined();
      if (f.runs) expect(f.runs).toHaveLength(1);
    }
  });

  it('--original with a folder lacking ruins.py: a clear usage error', () => {
    const r = koth(['bench', 'ruins', '--quick', '--original', '/nonexistent-koth-dir']);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/ruins\.py and test_bots\/ not found/);
  });
});

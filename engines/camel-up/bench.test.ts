/** koth bench camel-up: the shape of its figures and its errors (no timing asserted: speed is measured by `npm run bench`). */
import { describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { koth } from '../../test/helpers.ts';

const CHECKOUT_2026 = process.env.KOTH_CAMEL_2026 ?? '';
const have2026 = CHECKOUT_2026 !== '' && existsSync(join(CHECKOUT_2026, 'bots/house/HandcodedHenry.py'));
const HOUSE = ['ClaudeCamel', 'FabelFelix', 'GeminiGerry', 'HandcodedHenry', 'OpusOmul'];

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
    const r = koth(['bench', 'camel-up', '--quick', '--runs', '1', '--workers', '1', '--json'], { KOTH_CAMEL_ORIGINAL: '', KOTH_CAMEL_2026: '' });
    expect(r.status, r.stderr).toBe(0);
    const figures = r.json() as Figure[];
    const names = figures.map((f) => f.name);
    expect(names.some((n) => /exact.*per CPU-second/.test(n))).toBe(true);
    expect(names.some((n) => /games\/s wall/.test(n))).toBe(true);
    expect(names.some((n) => /100-game tournament.*1 worker: wall/.test(n))).toBe(true);
    expect(names.some((n) => /100-game tournament.*1 worker: CPU time/.test(n))).toBe(true);
    // Nothing claims a live comparison that did not happen.
    expect(names.some((n) => /speed-up|equal camelup/.test(n))).toBe(false);
    // The house ports, each a row, and the 500-game house tournament.
    for (const bot of HOUSE) expect(names.some((n) => new RegExp(`2026 house port ${bot} .*games per CPU-second`).test(n)), bot).toBe(true);
    expect(names.some((n) => /500-game 2026 tournament of the house pool.*wall/.test(n))).toBe(true);
    for (const f of figures) {
      expect(Number.isFinite(f.value) && f.value > 0).toBe(true);
      if (f.runs) expect(f.runs).toHaveLength(1);
      if (f.reference) expect(f.reference.source).toMatch(/NOT measured now/);
    }
  }, 240_000);

  it.skipIf(!have2026)('--original CHECKOUT@2dbad1c (opt-in, KOTH_CAMEL_2026): each house port against its original measured in the same run, the games equal', () => {
    const r = koth(['bench', 'camel-up', '--quick', '--runs', '1', '--workers', '1', '--original', CHECKOUT_2026, '--json'], { KOTH_CAMEL_ORIGINAL: '' });
    expect(r.status, r.stderr).toBe(0);
    const figures = r.json() as Figure[];
    for (const bot of HOUSE) {
      const row = figures.find((f) => new RegExp(`2026 house port ${bot} .*games per CPU-second`).test(f.name))!;
      expect(row.reference!.source).toMatch(new RegExp(`${bot}\\.py in camelup\\.py 2026 this run`));
      expect(figures.some((f) => new RegExp(`house port ${bot}: speed-up`).test(f.name))).toBe(true);
      const equal = figures.find((f) => new RegExp(`house port ${bot}: our games equal`).test(f.name));
      // FabelFelix reads the clock: its games are not compared, and its row says why.
      if (bot === 'FabelFelix') {
        expect(equal).toBeUndefined();
        expect(row.note).toMatch(/reads time\.perf_counter, so its games are not compared/);
      } else expect(equal!.note).toMatch(/^all 1 /);
    }
  }, 1_800_000);

  it('--original with a folder lacking camelup.py: a clear usage error', () => {
    const r = koth(['bench', 'camel-up', '--quick', '--original', '/nonexistent-koth-dir']);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/camelup\.py not found.*Camel_Up_Cup_2K18/s);
  });
});

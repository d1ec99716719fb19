import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { POOL, knownBots } from './index.ts';
import { traceTournament } from '../../engines/gun-duel/trace.ts';
import { exactSeeds } from '../../engines/gun-duel/tournament.ts';

// Traces recorded from the compiled original (tools/oracle/gun-duel, see fixtures/gun-duel/traces/README.md):
// every duel's full action sequence of both players, under the oracle's clock shim (all engines seeded S).
const dir = new URL('../../fixtures/gun-duel/traces/', import.meta.url);
const files = readdirSync(dir).filter((f) => f.startsWith('trace-'));

describe('gun-duel ports against the compiled original, duel for duel', () => {
  it('has traces covering every port', () => {
    expect(files.length).toBeGreaterThanOrEqual(4);
    expect(files.some((f) => f.endsWith('-all.txt'))).toBe(true);
  });
  for (const f of files) {
    it(f, () => {
      const m = /^trace-s(\d+)-r(\d+)-(.*)\.txt$/.exec(f)!;
      const players = m[3] === 'all' ? POOL : m[3]!.split(',').map((i) => POOL[Number(i)]!);
      const { lines, result } = traceTournament(players, exactSeeds(Number(m[1])), Number(m[2]));
      const want = readFileSync(new URL(f, dir), 'utf8').trim().split('\n');
      expect(lines.length).toBe(want.length);
      const firstDiff = lines.findIndex((l, i) => l !== want[i]);
      expect(firstDiff, firstDiff >= 0 ? `duel ${firstDiff}: want ${want[firstDiff]} got ${lines[firstDiff]}` : '').toBe(-1);
      const golden = JSON.parse(readFileSync(new URL(f.replace('trace-', 'result-').replace('.txt', '.json'), dir), 'utf8'));
      expect(result).toEqual(golden);
    }, 60_000);
  }
  it('registry: 17 ported players with provenance, BlackHatPlayer known but not ported', () => {
    expect(POOL).toHaveLength(17);
    const ported = knownBots.filter((b) => b.ported);
    expect(ported.map((b) => b.bot)).toEqual(POOL.map((p) => p.botName));
    for (const b of knownBots) expect(b.provenance.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(knownBots.find((b) => b.bot === 'BlackHatPlayer')?.ported).toBe(false);
  });
});

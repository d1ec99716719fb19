/** The audit's draw of a batch's games (engines/core/host/audit.ts): deterministic, about the share, at least one a worker. */
import { describe, expect, it } from 'vitest';
import { auditDraw, outcomeText, pickAudited, sameOutcome } from './audit.ts';

const range = (a: number, b: number) => Array.from({ length: b - a }, (_, i) => a + i);

describe('audit', () => {
  it('draws each game number once, uniformly: about the share of 10,000 games', () => {
    expect(auditDraw(17)).toBe(auditDraw(17));
    const draws = range(1, 10_001).map(auditDraw);
    expect(draws.every((d) => d >= 0 && d < 1)).toBe(true);
    const share = draws.filter((d) => d < 0.02).length / draws.length;
    expect(share).toBeGreaterThan(0.015);
    expect(share).toBeLessThan(0.025);
  });

  it('picks the drawn games of each worker, and at least one a worker (its lowest draw)', () => {
    const a = range(1, 201);
    const b = [1000];
    const picked = pickAudited(new Map([['A', a], ['B', b]]), 0.02);
    expect(picked).toEqual([...a.filter((n) => auditDraw(n) < 0.02), 1000]);
    expect(picked.length).toBeGreaterThan(1);
    // Share 0: one game a worker, the lowest draw; share 1: every game.
    const low = a.reduce((x, y) => (auditDraw(y) < auditDraw(x) ? y : x));
    expect(pickAudited(new Map([['A', a], ['B', b]]), 0)).toEqual([low, 1000]);
    expect(pickAudited(new Map([['A', a]]), 1)).toEqual(a);
    // The same games whatever the order the workers handed them in.
    expect(pickAudited(new Map([['B', b], ['A', [...a].reverse()]]), 0.02)).toEqual(picked);
    expect(() => pickAudited(new Map(), 1.5)).toThrow(/from 0 to 1/);
  });

  it('compares outcomes by their text: a result, or the failed seat, kind and reason', () => {
    expect(sameOutcome({ result: 's:1,2' }, { result: 's:1,2' })).toBe(true);
    expect(sameOutcome({ result: 's:1,2' }, { result: 's:1,3' })).toBe(false);
    const f = { failed: { seat: 1, kind: 'timeout' as const, reason: 'passed the time limit' } };
    expect(outcomeText(f)).toBe('failed seat 1 (timeout): passed the time limit');
    expect(sameOutcome(f, { result: 's:1,2' })).toBe(false);
  });
});

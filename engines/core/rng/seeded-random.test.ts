import { describe, expect, it } from 'vitest';
import { SeededRandom } from './seeded-random.ts';

describe('SeededRandom', () => {
  it('is deterministic per seed and differs between seeds', () => {
    const draw = (s: string) => {
      const r = new SeededRandom(s);
      return Array.from({ length: 100 }, () => r.randint(1, 6));
    };
    expect(draw('duel')).toEqual(draw('duel'));
    expect(draw('duel')).not.toEqual(draw('duel2'));
  });

  it('state survives JSON and replays the rest of the stream', () => {
    const r = new SeededRandom(42);
    for (let i = 0; i < 500; i++) r.random();
    const snap = JSON.parse(JSON.stringify(r.getState()));
    const rest = Array.from({ length: 300 }, () => [r.random(), r.randbelow(1000)]);
    const q = new SeededRandom(0);
    q.setState(snap);
    expect(Array.from({ length: 300 }, () => [q.random(), q.randbelow(1000)])).toEqual(rest);
  });

  it('randint is uniform enough on 60000 draws (chi-square, 5 dof)', () => {
    const r = new SeededRandom('chi');
    const counts = [0, 0, 0, 0, 0, 0];
    for (let i = 0; i < 60000; i++) counts[r.randint(1, 6) - 1]!++;
    const chi = counts.reduce((s, c) => s + (c - 10000) ** 2 / 10000, 0);
    expect(chi).toBeLessThan(20.5); // p ≈ 0.001
  });

  it('shuffle is a permutation', () => {
    const r = new SeededRandom(7);
    const x = Array.from({ length: 50 }, (_, i) => i);
    r.shuffle(x);
    expect([...x].sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i));
    expect(x).not.toEqual(Array.from({ length: 50 }, (_, i) => i));
  });
});

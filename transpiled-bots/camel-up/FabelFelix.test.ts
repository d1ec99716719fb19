/**
 * FabelFelix's port: the parameters its header documents (the budget clock, the module
 * generator, the Python version's sum()). Its decisions against the original's are checked in
 * traces.test.ts (recorded with the clock frozen) and, opt-in, in house.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { PyRandom } from '../../engines/core/rng/python-random.ts';
import { newState, playerView } from '../../engines/camel-up/rules.ts';
import FabelFelix, { FABEL_SEED, makeFabelFelix, pySum } from './FabelFelix.ts';

const state = () => playerView(newState(new PyRandom(7)), 0);
/** 32-bit words the generator has given since it was seeded. */
const drawn = (r: PyRandom) => r.streamPos() - new PyRandom(FABEL_SEED).streamPos();

describe('FabelFelix port', () => {
  it("has the module's generator, Random(0xCA3E1), and keeps it across calls (module state, never reset)", () => {
    expect(new PyRandom(0).getstate()).not.toEqual(new PyRandom(FABEL_SEED).getstate());
    expect(makeFabelFelix().rng.getstate()).toEqual(new PyRandom(FABEL_SEED).getstate());
    const a = makeFabelFelix();
    const b = makeFabelFelix();
    const first = a.move(0, state(), { random: new PyRandom(1) });
    expect(b.move(0, state(), { random: new PyRandom(1) })).toEqual(first);
    expect(a.rng.getstate()).toEqual(b.rng.getstate());
    const afterOne = drawn(a.rng);
    a.move(0, state(), { random: new PyRandom(1) });
    expect(drawn(a.rng)).toBeGreaterThan(afterOne);
    // The registered instance is one of these (its generator is the module's, for this realm).
    expect(FabelFelix.name).toBe('FabelFelix');
  });

  it('never draws from the shared generator', () => {
    const random = new PyRandom(5);
    makeFabelFelix().move(2, state(), { random });
    expect(random.getstate()).toEqual(new PyRandom(5).getstate());
  });

  it('the budget: a frozen clock (default) runs all 3,000 futures; a clock past the deadline stops them at 250', () => {
    const frozen = makeFabelFelix();
    frozen.move(0, state(), { random: new PyRandom(1) });
    let t = 0;
    const slow = makeFabelFelix({ clock: () => t++ });
    slow.move(0, state(), { random: new PyRandom(1) });
    // A future draws at least one randrange and one randint per camel move (>= 2 words): 3,000 futures
    // draw over 6,000 words; 250 futures a twelfth as many on average.
    expect(drawn(frozen.rng)).toBeGreaterThan(6000);
    expect(drawn(slow.rng) * 6).toBeLessThan(drawn(frozen.rng));
  });

  it("sum() as CPython adds floats: plain before 3.12, Neumaier-compensated from 3.12 (the sandbox's 3.14)", () => {
    const tenths = new Array<number>(10).fill(0.1);
    expect(pySum(tenths, 'plain')).toBe(0.9999999999999999);
    expect(pySum(tenths, 'compensated')).toBe(1.0);
    expect(pySum([], 'compensated')).toBe(0);
    expect(pySum([1e100, 1.0, -1e100], 'compensated')).toBe(1.0);
    expect(pySum([1e100, 1.0, -1e100], 'plain')).toBe(0);
  });
});

describe('FabelFelix in the registry', () => {
  it('comes as a new instance, its generator fresh, each time a pool is resolved (once per run of games)', async () => {
    const { camelPlayer } = await import('./index.ts');
    const a = camelPlayer('FabelFelix') as ReturnType<typeof makeFabelFelix>;
    a.move(0, state(), { random: new PyRandom(1) });
    const b = camelPlayer('FabelFelix') as ReturnType<typeof makeFabelFelix>;
    expect(b).not.toBe(a);
    expect(b.rng.getstate()).toEqual(new PyRandom(FABEL_SEED).getstate());
    expect(a.rng.getstate()).not.toEqual(new PyRandom(FABEL_SEED).getstate());
    // Ports without module state are shared.
    expect(camelPlayer('OpusOmul')).toBe(camelPlayer('OpusOmul'));
  });
});

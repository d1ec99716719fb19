import { describe, expect, it } from 'vitest';
import { POOL, findPlayer } from '../../transpiled-bots/gun-duel/index.ts';
import { exactSeeds, runTournament } from './tournament.ts';
import { cppEngine, type CppEngine, type CppLibrary } from './player.ts';
import { LibstdcppMinstd0 } from '../core/rng/libstdcpp.ts';

const players = ['MontePlayer', 'StudiousPlayer', 'TurtlePlayer', 'CBetaPlayer', 'NotSoPatientPlayer'].map((n) => findPlayer(n)!);

/** A minstd_rand0 that MontePlayer does not recognise: it takes its generic (engine-agnostic) path. */
const wrapped = (_lib: CppLibrary, seed: number): CppEngine => {
  const m = new LibstdcppMinstd0(seed);
  return { uniformInt: (a, b) => m.uniformInt(a, b), below: (n) => m.below(n), uniformReal: (a, b) => m.uniformReal(a, b), shuffleInPlace: (v) => m.shuffleInPlace(v) };
};

describe('gun-duel on either C++ library', () => {
  it("MontePlayer's minstd fast path and its generic path make the same tournament", () => {
    const fast = runTournament({ players, seeds: exactSeeds(31), repetition: 2 });
    const generic = runTournament({ players, seeds: exactSeeds(31), repetition: 2, engineFactory: wrapped });
    expect(generic).toEqual(fast);
    // and the wrapped engine really is a different object kind (else this test proves nothing)
    expect(wrapped('libstdc++', 1) instanceof LibstdcppMinstd0).toBe(false);
  }, 60_000);
  it('msvc mode: mt19937 engines, deterministic per seed, and a different stream from libstdc++', () => {
    expect(cppEngine('msvc', 5).uniformInt(0, 99)).toBe(cppEngine('msvc', 5).uniformInt(0, 99));
    const a = runTournament({ players: POOL, seeds: exactSeeds(3), repetition: 0, lib: 'msvc' });
    const b = runTournament({ players: POOL, seeds: exactSeeds(3), repetition: 0 });
    expect(Object.values(a.identifiers).sort((x, y) => x - y)).toEqual(POOL.map((_, i) => i));
    expect(a.identifiers).not.toEqual(b.identifiers);
    const m1 = runTournament({ players, seeds: exactSeeds(8), repetition: 1, lib: 'msvc' });
    const m2 = runTournament({ players, seeds: exactSeeds(8), repetition: 1, lib: 'msvc' });
    expect(m2).toEqual(m1);
  }, 60_000);
});

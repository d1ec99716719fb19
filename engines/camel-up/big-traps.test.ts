/**
 * Issue 39, item 3: a trap square an original Python player gives as an int beyond 2**53 − 1
 * (the sandbox hands it over as a BigInt, engines/core/sandbox/runtimes/python/values.ts) is
 * indexed by camelup.py's PlaceTrap: `g.trap_track[trap_place - 1]` (or `[trap_place]` for a
 * negative one) raises IndexError there, which ended the 2018 tournament (exit 3). Our PlaceTrap
 * mixed the BigInt with numbers (TypeError "Cannot mix BigInt and other types": exit 70). The
 * engine is the same for `koth replay camel-up --exact --python-bots` and `koth ab camel-up
 * --python-bots`, so it is checked here, on the engine, with a player that answers as the
 * sandbox hands such an answer over.
 */
import { describe, expect, it } from 'vitest';
import { PyRandom } from '../core/rng/python-random.ts';
import { PythonError } from '../core/py/errors.ts';
import { CamelGame, type CamelPlayer } from './rules.ts';
import { camelFlags } from './variants.ts';

/** Seat 0's first answer is `first` (a trap), then it rolls; with `again`, its second answer is a trap too (MoveTrap). */
function trapper(first: unknown[], again?: unknown[]): CamelPlayer {
  let n = 0;
  return { name: 'Trapper', move: () => (n++ === 0 ? first : n === 2 && again ? again : [0]) };
}
const roller: CamelPlayer = { name: 'Roller', move: () => [0] };

function play(p: CamelPlayer, rules: string) {
  return new CamelGame([p, roller, roller, roller], new PyRandom(1n), camelFlags(rules)).play();
}

/** What the game raised (a PythonError is camelup.py's own exception; anything else is a bug of ours). */
function raised(f: () => unknown): unknown {
  try {
    f();
  } catch (e) {
    return e;
  }
  return undefined;
}

/** The square, and what CPython's index said (camelup.py at 46f6797 run natively): beyond a C Py_ssize_t an int cannot index at all. */
const OUT = 'IndexError: list index out of range';
const UNFIT = "IndexError: cannot fit 'int' into an index-sized integer";
const BIG: [string, bigint, string][] = [
  ['2**53 + 1', 2n ** 53n + 1n, OUT],
  ['10**30', 10n ** 30n, UNFIT],
  ['-10**20', -(10n ** 20n), UNFIT],
];

describe('camel-up: a trap square beyond 2**53 − 1 (an original player\'s int)', () => {
  for (const [text, square, says] of BIG) {
    for (const type of [1, -1]) {
      it(`[1, ${type}, ${text}] under the 2018 rules: PlaceTrap's IndexError, as camelup.py raised it (and MoveTrap's, after a legal trap)`, () => {
        for (const p of [trapper([1, type, square]), trapper([1, 1, 5], [1, type, square])]) {
          const e = raised(() => play(p, 'original'));
          expect(e).toBeInstanceOf(PythonError);
          expect((e as PythonError).message).toBe(says);
        }
      });
    }
    it(`[1, 1, ${text}] under the 2026 rules: refused (off squares 1–27), the player rolls`, () => {
      expect(raised(() => play(trapper([1, 1, square]), '2026'))).toBeUndefined();
    });
  }

  it('a trap TYPE beyond 2**53 − 1 (not validated in 2018): the camel landing on it is sent off the track, IndexError as CPython says it', () => {
    for (const [type, says] of [[2n ** 53n + 1n, OUT], [2n ** 70n, UNFIT], [-(2n ** 70n), UNFIT]] as const) {
      const e = raised(() => play(trapper([1, type, 3]), 'original'));
      expect(e).toBeInstanceOf(PythonError);
      expect((e as PythonError).message).toBe(says);
    }
  });

  it('2**53 − 1 (a number, not a BigInt) was right already: IndexError', () => {
    const e = raised(() => play(trapper([1, 1, 2 ** 53 - 1]), 'original'));
    expect((e as PythonError).message).toBe('IndexError: list index out of range');
  });
});

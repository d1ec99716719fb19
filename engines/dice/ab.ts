/**
 * `koth ab dice`: the two games of a pair (engines/core/ab/pairs.ts). From the pair's generator:
 * up to 7 opponents drawn from the field (random.sample), then the controller's own seating
 * (random.sample of the 8 classes) and the game itself — the candidate's or the baseline's class
 * first in the class list, so it sits in the same seat against the same opponents with the same
 * dice. The bots share the controller's generator (as in the original), so once A and B decide
 * differently the two games' streams part. a, b: the seat won the game (1), a shared win 1/k, else 0.
 * With --python-bots, every seat holds an original Python class of the files (in the sandbox workers).
 */
import { PyRandom } from '../core/rng/python-random.ts';
import { pairTrials } from '../core/ab/pairs.ts';
import { diceClass } from '../../transpiled-bots/dice/index.ts';
import { DiceController, DEFAULT_SETTINGS } from './rules.ts';
import { diceFlags } from './variants.ts';
import { localPython } from '../core/pyodide/local.ts';
import { loadPythonDiceBots } from './python-bots.ts';
import type { DicePythonFiles } from './trials.ts';

/** The job listing the classes of --python-bots files, run in this module's sandbox workers too. */
export { diceInspect } from './trials.ts';

/** `extra` of a dice A/B run with original Python classes as A and/or B (--python-bots). */
export interface DiceAbExtra {
  python?: DicePythonFiles;
}

export const trials = pairTrials('cpython3', (bot, o, rng) => {
  const random = rng as PyRandom;
  const others = o.field.filter((n) => n !== o.candidate && n !== o.baseline);
  const opponents = random.sample(others, Math.min(DEFAULT_SETTINGS.botsPerGame - 1, others.length));
  // --python-bots: A and/or B are original classes, loaded afresh for every game (a fresh
  // interpreter state and class attributes: the game depends on (seed, pair) only).
  const py = (o.extra as DiceAbExtra | undefined)?.python;
  // Every seat holds a class of the files then (the engine does not mix original classes with ports).
  const loaded = py ? loadPythonDiceBots(py.files, localPython()) : undefined;
  const classes = [bot, ...opponents].map((n) => {
    const c = loaded ? loaded.classes.find((k) => k.name === n)?.cls : diceClass(n);
    if (!c) throw new Error(`no dice port ${n}`);
    return c;
  });
  const controller = new DiceController(classes, random, diceFlags(o.rules ?? 'fixed'), { ...DEFAULT_SETTINGS, botsPerGame: classes.length });
  const s = controller.simulate(1);
  const wins = s.rows.reduce((n, r) => n + r.wins, 0);
  // Rows are keyed by class name: the seat's row is its name's (the field never holds A or B).
  const row = s.rows[s.bots.indexOf(bot)]!;
  return wins ? row.wins / wins : 0;
});

/**
 * `koth ab ruins`: the two games of a pair (engines/core/ab/pairs.ts). From the pair's generator:
 * up to 9 opponents drawn from the field and the game's seed; the candidate's or the baseline's
 * class sits first, so both games have the same seed and seats (ruins.py draws the characters,
 * rooms and treasures from the seed). a, b: the seat has the game's top score (a shared top 1/k), else 0.
 * Single games are the same under both driver versions (--rules changes tournaments only).
 */
import { PyRandom } from '../core/rng/python-random.ts';
import { pairTrials } from '../core/ab/pairs.ts';
import { ruinsClass } from '../../transpiled-bots/ruins/index.ts';
import { Ruins } from './rules.ts';
import { ControllerCrash } from '../core/py/errors.ts';

export const trials = pairTrials('cpython3', (bot, o, rng) => {
  const random = rng as PyRandom;
  const others = o.field.filter((n) => n !== o.candidate && n !== o.baseline);
  const opponents = random.sample(others, Math.min(9, others.length));
  const seed = random.getrandbits(64);
  const classes = [bot, ...opponents].map((n) => {
    const c = ruinsClass(n);
    if (!c) throw new Error(`no ruins port ${n}`);
    return c;
  });
  const game = new Ruins(classes, seed);
  let scored;
  try {
    scored = game.runGame();
  } catch (e) {
    // A game ruins.py itself would have crashed in: nobody wins it.
    if (e instanceof ControllerCrash) return 0;
    throw e;
  }
  const me = game.seats[0]!;
  const top = Math.max(...scored.map((s) => s.score));
  const tops = scored.filter((s) => s.score === top);
  return tops.some((s) => s.player === me) ? 1 / tops.length : 0;
});

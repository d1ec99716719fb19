/**
 * `koth ab camel-up`: the two games of a pair (engines/core/ab/pairs.ts). From the pair's
 * generator: 3 opponents drawn from the field (with replacement), the candidate's seat (0–3), and the seed of the
 * scripted dice; the camels' starting squares and every roll come from that dice stream (each
 * camel moves once per round, in the order the stream gives), so both games see the same squares,
 * move order and dice whatever the players do; the players draw from the pair's generator. a, b:
 * the seat won (most money; a shared win 1/k), else 0 (also in a game where no seated player ever
 * rolls, ended after MAX_ACTIONS actions: camelup.py would hang; and in a game camelup.py raised in,
 * e.g. on an illegal trap under the 2018 rules).
 */
import { PyRandom } from '../core/rng/python-random.ts';
import { pairTrials } from '../core/ab/pairs.ts';
import { camelBot } from './test-bots.ts';
import { CamelGame } from './rules.ts';
import { PythonError, SandboxStop } from '../core/py/errors.ts';
import { camelFlags } from './variants.ts';

/**
 * A game where no seated player ever rolls (Player1 and Player2 only bet) never ends: camelup.py
 * would hang. Here it ends after MAX_ACTIONS actions with no winner (the seat's result 0).
 */
export const MAX_ACTIONS = 1000;
class NoEnd extends Error {}

export const trials = pairTrials('cpython3', (bot, o, rng) => {
  let actions = 0;
  const random = rng as PyRandom;
  const others = o.field.filter((n) => n !== o.candidate && n !== o.baseline);
  // Drawn with replacement: camelup.py's pool may hold a player twice (a field of one fills the three seats).
  const opponents = [0, 1, 2].map(() => others[random.randbelow(others.length)]!);
  const seat = random.randbelow(4);
  const dice = new PyRandom(random.getrandbits(64));
  const names = [...opponents];
  names.splice(seat, 0, bot);
  const players = names.map((n) => {
    const p = camelBot(n);
    if (!p) throw new Error(`no camel-up port ${n}`);
    return p;
  });
  let r;
  try {
    r = new CamelGame(players, random, camelFlags(o.rules ?? 'original'), dice).play(() => {
      if (++actions > MAX_ACTIONS) throw new NoEnd();
    });
  } catch (e) {
    // A game camelup.py itself stops in (its 2018 rules raise on an illegal trap…) has no winner.
    if (e instanceof NoEnd || (e instanceof PythonError && !(e instanceof SandboxStop))) return 0;
    throw e;
  }
  return r.winnerSeats.includes(seat) ? 1 / r.winnerSeats.length : 0;
});

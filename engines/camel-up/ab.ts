/**
 * `koth ab camel-up`: the two games of a pair (engines/core/ab/pairs.ts). From the pair's
 * generator: 3 opponents drawn from the field, the candidate's seat (0–3), and the seed of the
 * scripted dice; the camels' starting squares and every roll come from that dice stream (each
 * camel moves once per round, in the order the stream gives), so both games see the same squares,
 * move order and dice whatever the players do; the players draw from the pair's generator. a, b:
 * the seat won (most money; a shared win 1/k), else 0.
 */
import { PyRandom } from '../core/rng/python-random.ts';
import { pairTrials } from '../core/ab/pairs.ts';
import { camelBot } from './test-bots.ts';
import { CamelGame } from './rules.ts';
import { camelFlags } from './variants.ts';

export const trials = pairTrials('cpython3', (bot, o, rng) => {
  const random = rng as PyRandom;
  const others = o.field.filter((n) => n !== o.candidate && n !== o.baseline);
  const opponents = random.sample(others, 3);
  const seat = random.randbelow(4);
  const dice = new PyRandom(random.getrandbits(64));
  const names = [...opponents];
  names.splice(seat, 0, bot);
  const players = names.map((n) => {
    const p = camelBot(n);
    if (!p) throw new Error(`no camel-up port ${n}`);
    return p;
  });
  const r = new CamelGame(players, random, camelFlags(o.rules ?? 'original'), dice).play();
  return r.winnerSeats.includes(seat) ? 1 / r.winnerSeats.length : 0;
});

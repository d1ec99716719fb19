/**
 * `koth ab atomas`: the two games of a pair (engines/core/ab/pairs.ts): one game each, both on a
 * fresh copy of the pair's Python 2 generator, so the atoms come in the same sequence until a bot
 * draws from the shared `random` differently. Atomas is a solo game: a = 1 if the candidate's score
 * beats the baseline's in the pair, ½ if equal, 0 below; b = 1 − a. The field is not used.
 */
import { PyRandom } from '../core/rng/python-random.ts';
import { pairTrials } from '../core/ab/pairs.ts';
import { atomasBot } from '../../transpiled-bots/atomas/index.ts';
import { AtomasController } from './rules.ts';
import { atomasFlags } from './variants.ts';

export const trials = pairTrials('cpython2', {
  score(bot, o, rng) {
    const b = atomasBot(bot);
    if (!b) throw new Error(`no atomas port ${bot}`);
    return new AtomasController(rng as PyRandom, atomasFlags(o.rules ?? 'original')).playGame(b).score;
  },
});

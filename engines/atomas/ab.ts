/**
 * `koth ab atomas`: the two games of a pair (engines/core/ab/pairs.ts): one game each, both on a
 * fresh copy of the pair's Python 2 generator, so the atoms come in the same sequence until a bot
 * draws from the shared `random` differently. Atomas is a solo game: a = 1 if the candidate's score
 * beats the baseline's in the pair, ½ if equal, 0 below; b = 1 − a. The field is not used.
 *
 * A or B may be a program (--bot-cmd "Name=<program>", ab-entrants.ts): spawned once per move as
 * the posted controller did (external.ts, as `koth replay atomas --exact --bot-cmd`). A program
 * draws nothing from the game's generator, so its atoms are the sequence itself.
 */
import { PyRandom } from '../core/rng/python-random.ts';
import { pairTrials } from '../core/ab/pairs.ts';
import { atomasBot } from '../../transpiled-bots/atomas/index.ts';
import { AtomasController, type AtomasBot } from './rules.ts';
import { atomasFlags } from './variants.ts';
import { externalBot } from './external.ts';

/** A program of an A/B run (AbOptions.extra.external; plain data). */
export interface AtomasAbProgram {
  name: string;
  command: string;
  moveTimeoutMs: number;
}

export interface AtomasAbExtra {
  external?: AtomasAbProgram[];
}

function botOf(name: string, extra: AtomasAbExtra | undefined): AtomasBot {
  // A program of a port's name plays in that port's place.
  const program = extra?.external?.find((x) => x.name === name);
  if (program) return externalBot(program.command, program.moveTimeoutMs);
  const b = atomasBot(name);
  if (!b) throw new Error(`no atomas port ${name}`);
  return b;
}

export const trials = pairTrials('cpython2', {
  score(bot, o, rng) {
    return new AtomasController(rng as PyRandom, atomasFlags(o.rules ?? 'original')).playGame(botOf(bot, o.extra as AtomasAbExtra | undefined)).score;
  },
});

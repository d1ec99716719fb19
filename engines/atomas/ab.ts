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
import { abNote, pairTrials } from '../core/ab/pairs.ts';
import { atomasBot } from './ports.ts';
import { AtomasController } from './rules.ts';
import { atomasFlags } from './variants.ts';
import { externalBot } from './external.ts';
import { MAX_STDOUT_BYTES } from '../core/process/command.ts';

/** A program of an A/B run (AbOptions.extra.external; plain data). */
export interface AtomasAbProgram {
  name: string;
  command: string;
  moveTimeoutMs: number;
}

export interface AtomasAbExtra {
  external?: AtomasAbProgram[];
}

/** Plays one game of `name`: a port, or a program of that name (in the port's place), whose failed moves are noted (koth ab prints them). */
function play(name: string, extra: AtomasAbExtra | undefined, game: AtomasController): number {
  const program = extra?.external?.find((x) => x.name === name);
  if (!program) {
    const b = atomasBot(name);
    if (!b) throw new Error(`no atomas port ${name}`);
    return game.playGame(b).score;
  }
  const bot = externalBot(program.command, program.moveTimeoutMs);
  const score = game.playGame(bot).score;
  abNote(`${name}: a move ran past ${program.moveTimeoutMs} ms (killed; read as an empty answer)`, bot.timeouts);
  abNote(`${name}: a move printed more than ${MAX_STDOUT_BYTES / (1 << 20)} MiB (killed; its first line read)`, bot.overflows);
  abNote(`${name}: a move exited non-zero`, bot.failures);
  return score;
}

export const trials = pairTrials('cpython2', {
  score(bot, o, rng) {
    return play(bot, o.extra as AtomasAbExtra | undefined, new AtomasController(rng as PyRandom, atomasFlags(o.rules ?? 'original')));
  },
});

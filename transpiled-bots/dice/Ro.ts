import { DiceBot, fastPath } from '../../engines/dice/bot.ts';
import { sum, max } from '../../engines/core/py/index.ts';
import type { Provenance } from '../provenance.ts';

export const provenance: Provenance = {
  challenge: 'dice',
  bot: 'Ro',
  questionId: 177765,
  author: 'william porter',
  source: '2019-01-07 scrape of all answers: public GitHub file headed Bots downloaded from https://codegolf.stackexchange.com/questions/177765 @ 2019-01-07 16:55:45 (fixtures/dice/goldens/README.md)',
  sourceDate: '2019-01-07',
  sha256: '686bf2a103c99b23e46e9c193afcaf4f5b810cdb254bd8cb03f98ac5f85f7ed5',
};

/** Aims for 17, then 33, then 45 or 5 past the best other; past 40 by luck, one more throw. */
export default class Ro extends DiceBot {
  static readonly botName: string = 'Ro';
  override *makeThrow(scores: number[], lastRound: boolean): Generator<unknown, unknown, undefined> {
    const current = scores[this.index]!;
    let bonus = sum(this.currentThrows);
    let total = current + bonus;
    const scoreToBeat = max(scores.filter((_, i) => i !== this.index)) + 5;
    let initiateEnd = false;
    let targetScore = 0;
    if (current < 17) targetScore = 17;
    if (current < 33) targetScore = 33 - current;
    if (current >= 33) {
      targetScore = Math.max(45, scoreToBeat) - current;
      initiateEnd = true;
    }
    if (lastRound) targetScore = scoreToBeat - current;
    while (bonus < targetScore) {
      yield true;
      bonus = sum(this.currentThrows);
      total = current + bonus;
    }
    if (total >= 40 && !initiateEnd) yield true;
    yield false;
    return undefined;
  }
}

// The engine's fast path (engines/dice/bot.ts): makeThrow's next decision, as a function of the turn.
fastPath(Ro, function (throws, turnSum, scores, lastRound) {
  const current = scores[this.index]!;
  let scoreToBeat = -Infinity;
  for (let k = 0; k < scores.length; k++) if (k !== this.index && scores[k]! > scoreToBeat) scoreToBeat = scores[k]!;
  scoreToBeat += 5;
  let targetScore = 0;
  let initiateEnd = false;
  if (current < 17) targetScore = 17;
  if (current < 33) targetScore = 33 - current;
  if (current >= 33) {
    targetScore = Math.max(45, scoreToBeat) - current;
    initiateEnd = true;
  }
  if (lastRound) targetScore = scoreToBeat - current;
  if (turnSum < targetScore) return true;
  // One more throw at 40+, asked only right after the loop ended (the die before this one kept it below the target).
  const first = throws.length === 1 || turnSum - throws[throws.length - 1]! < targetScore;
  return first && current + turnSum >= 40 && !initiateEnd;
});

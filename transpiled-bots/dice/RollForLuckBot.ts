import { DiceBot, fastPath, ENV } from '../../engines/dice/bot.ts';
import { sum, max, at } from '../../engines/core/py/index.ts';
import type { Provenance } from '../provenance.ts';

export const provenance: Provenance = {
  challenge: 'dice',
  bot: 'RollForLuckBot',
  questionId: 177765,
  author: 'william porter',
  source: '2019-01-07 scrape of all answers: public GitHub file headed Bots downloaded from https://codegolf.stackexchange.com/questions/177765 @ 2019-01-07 16:55:45 (fixtures/dice/goldens/README.md)',
  sourceDate: '2019-01-07',
  sha256: 'df110a359c1207ceb6c241f16459cf9bd0cea78de3457d2262dff58df853ea7b',
};

/** Turns of 21; past 40 on to 10 ahead (at least 44); then throws again while its own die (global random) matches the last throw. */
export default class RollForLuckBot extends DiceBot {
  static readonly botName: string = 'RollForLuckBot';
  override *makeThrow(scores: number[], lastRound: boolean): Generator<unknown, unknown, undefined> {
    const me = scores[this.index]!;
    while (sum(this.currentThrows) < 21) yield true;
    let scoreToBeat = max(scores.filter((_, i) => i !== this.index)) + 10;
    scoreToBeat = Math.max(scoreToBeat, 44);
    let current = me + sum(this.currentThrows);
    while (lastRound || current >= 40) {
      current = me + sum(this.currentThrows);
      if (current > scoreToBeat) break;
      yield true;
    }
    while (this.env.random.randint(1, 6) === at(this.currentThrows, -1)) yield true;
    yield false;
    return undefined;
  }
}

// The engine's fast path (engines/dice/bot.ts): makeThrow's next decision, as a function of the turn.
fastPath(
  RollForLuckBot,
  function (throws, turnSum, scores, lastRound) {
    if (turnSum < 21) return true;
  const me = scores[this.index]!;
  let others = -Infinity;
  for (let k = 0; k < scores.length; k++) if (k !== this.index && scores[k]! > others) others = scores[k]!;
  const scoreToBeat = Math.max(others + 10, 44);
  // The sum when the first loop ended (the first die that reached 21).
  let d1 = 0;
  let s1 = throws[0]!;
  while (s1 < 21) s1 += throws[++d1]!;
  // Still in the second loop: it was entered (conditions only grow) and the total is not past the score to beat.
  if ((lastRound || me + s1 >= 40) && !(me + turnSum > scoreToBeat)) return true;
  return this[ENV].random.randint(1, 6) === throws[throws.length - 1];
  }
);

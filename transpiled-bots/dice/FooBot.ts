import { DiceBot, fastPath, maxOf, memorylessFastPath } from '../../engines/dice/bot.ts';
import { sum, max } from '../../engines/core/py/index.ts';
import type { Provenance } from '../provenance.ts';

export const provenance: Provenance = {
  challenge: 'dice',
  bot: 'FooBot',
  questionId: 177765,
  author: 'Peter Taylor',
  source: '2019-01-07 scrape of all answers: public GitHub file headed Bots downloaded from https://codegolf.stackexchange.com/questions/177765 @ 2019-01-07 16:55:45 (fixtures/dice/goldens/README.md)',
  sourceDate: '2019-01-07',
  sha256: 'b2d152380001a29ee5cc51fae2de5544ea5822cbc7c2cca1f94b3d133a89cfe5',
};

/** Turns of 16 or to 40; in the last round, to the top score. */
export default class FooBot extends DiceBot {
  static readonly botName: string = 'FooBot';
  override *makeThrow(scores: number[], lastRound: boolean): Generator<unknown, unknown, undefined> {
    const maxScore = max(scores);
    for (;;) {
      const roundScore = sum(this.currentThrows);
      const myScore = scores[this.index]! + roundScore;
      if (lastRound) {
        if (myScore >= maxScore) break;
      } else if (myScore >= this.endScore || roundScore >= 16) {
        break;
      }
      yield true;
    }
    yield false;
    return undefined;
  }
}

// The engine's fast path (engines/dice/bot.ts): makeThrow's next decision, as a function of the turn.
fastPath(FooBot, function (_throws, turnSum, scores, lastRound) {
  const myScore = scores[this.index]! + turnSum;
  if (lastRound) return myScore < maxOf(scores);
  return !(myScore >= this.endScore || turnSum >= 16);
});
// Memoryless (bot.ts): TleilaxuBot may ask a copy of this bot through the fast path.
memorylessFastPath(FooBot);

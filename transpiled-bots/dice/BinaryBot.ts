import { DiceBot, fastPath, maxOf, memorylessFastPath } from '../../engines/dice/bot.ts';
import { sum, max } from '../../engines/core/py/index.ts';
import type { Provenance } from '../provenance.ts';

export const provenance: Provenance = {
  challenge: 'dice',
  bot: 'BinaryBot',
  questionId: 177765,
  author: 'Cain',
  source: '2019-01-07 scrape of all answers: public GitHub file headed Bots downloaded from https://codegolf.stackexchange.com/questions/177765 @ 2019-01-07 16:55:45 (fixtures/dice/goldens/README.md)',
  sourceDate: '2019-01-07',
  sha256: 'adc28e36ea9f379375a7f54f27c15d4226fe31047c11b2c3d9cdd7ba273a9d58',
};

/** Aims halfway between its score and 40; in the last round, for the top score. */
export default class BinaryBot extends DiceBot {
  static readonly botName: string = 'BinaryBot';
  override *makeThrow(scores: number[], lastRound: boolean): Generator<unknown, unknown, undefined> {
    const me = scores[this.index]!;
    let target = (this.endScore + me) / 2;
    if (lastRound) target = max(scores);
    while (me + sum(this.currentThrows) < target) yield true;
    yield false;
    return undefined;
  }
}

// The engine's fast path (engines/dice/bot.ts): makeThrow's next decision, as a function of the turn.
fastPath(BinaryBot, function (_throws, turnSum, scores, lastRound) {
  const me = scores[this.index]!;
  const target = lastRound ? maxOf(scores) : (this.endScore + me) / 2;
  return me + turnSum < target;
});
// Memoryless (bot.ts): TleilaxuBot may ask a copy of this bot through the fast path.
memorylessFastPath(BinaryBot);

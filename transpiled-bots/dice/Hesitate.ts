import { DiceBot, fastPath, maxOf, memorylessFastPath } from '../../engines/dice/bot.ts';
import { sum, max } from '../../engines/core/py/index.ts';
import type { Provenance } from '../provenance.ts';

export const provenance: Provenance = {
  challenge: 'dice',
  bot: 'Hesitate',
  questionId: 177765,
  author: 'Christian Sievers',
  source: '2019-01-07 scrape of all answers: public GitHub file headed Bots downloaded from https://codegolf.stackexchange.com/questions/177765 @ 2019-01-07 16:55:45 (fixtures/dice/goldens/README.md)',
  sourceDate: '2019-01-07',
  sha256: '96ba6a062935b39d5c687a2c66cb484c274a92e5c553a3396f1e2f1381b0b1b1',
};

/** Aims for 17 from zero, else 35; in the last round for the top score. */
export default class Hesitate extends DiceBot {
  static readonly botName: string = 'Hesitate';
  override *makeThrow(scores: number[], lastRound: boolean): Generator<unknown, unknown, undefined> {
    const me = scores[this.index]!;
    let target: number;
    if (lastRound) target = max(scores);
    else if (me === 0) target = 17;
    else target = 35;
    while (me + sum(this.currentThrows) < target) yield true;
    yield false;
    return undefined;
  }
}

// The engine's fast path (engines/dice/bot.ts): makeThrow's next decision, as a function of the turn.
fastPath(Hesitate, function (_throws, turnSum, scores, lastRound) {
  const me = scores[this.index]!;
  const target = lastRound ? maxOf(scores) : me === 0 ? 17 : 35;
  return me + turnSum < target;
});
// Memoryless (bot.ts): TleilaxuBot may ask a copy of this bot through the fast path.
memorylessFastPath(Hesitate);

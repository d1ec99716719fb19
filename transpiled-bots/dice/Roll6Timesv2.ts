import { DiceBot, fastPath, maxOf } from '../../engines/dice/bot.ts';
import { sum, max } from '../../engines/core/py/index.ts';
import type { Provenance } from '../provenance.ts';

export const provenance: Provenance = {
  challenge: 'dice',
  bot: 'Roll6Timesv2',
  questionId: 177765,
  author: 'itsmephil12345',
  source: '2019-01-07 scrape of all answers: public GitHub file headed Bots downloaded from https://codegolf.stackexchange.com/questions/177765 @ 2019-01-07 16:55:45 (fixtures/dice/goldens/README.md)',
  sourceDate: '2019-01-07',
  sha256: 'fe5cae775b86cab48224258ada5f715d72d3d92d54b5a3cf97705a40bd5c2e03',
};

/** Up to six more throws while at most 40; in the last round, throws until level with the leader. */
export default class Roll6Timesv2 extends DiceBot {
  static readonly botName: string = 'Roll6Timesv2';
  override *makeThrow(scores: number[], lastRound: boolean): Generator<unknown, unknown, undefined> {
    const me = scores[this.index]!;
    if (!lastRound) {
      let i = 0;
      const maximum = 6;
      while (i < maximum && sum(this.currentThrows) + me <= 40) {
        yield true;
        i = i + 1;
      }
    }
    if (lastRound) {
      while (me + sum(this.currentThrows) < max(scores)) yield true;
    }
    yield false;
    return undefined;
  }
}

// The engine's fast path (engines/dice/bot.ts): makeThrow's next decision, as a function of the turn.
fastPath(Roll6Timesv2, function (throws, turnSum, scores, lastRound) {
  const me = scores[this.index]!;
  if (!lastRound) return throws.length - 1 < 6 && turnSum + me <= 40;
  return me + turnSum < maxOf(scores);
});

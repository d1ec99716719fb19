import { DiceBot, fastPath, maxOf } from '../../engines/dice/bot.ts';
import { sum, max, at } from '../../engines/core/py/index.ts';
import type { Provenance } from '../provenance.ts';

export const provenance: Provenance = {
  challenge: 'dice',
  bot: 'TakeFive',
  questionId: 177765,
  author: 'Mnemonic',
  source: '2019-01-07 scrape of all answers: public GitHub file headed Bots downloaded from https://codegolf.stackexchange.com/questions/177765 @ 2019-01-07 16:55:45 (fixtures/dice/goldens/README.md)',
  sourceDate: '2019-01-07',
  sha256: '84209755416ad13433d72aa62de6f0c09f034488bbd087a06ed16bf1b46df0fa',
};

/** Throws until it rolls a 5 (or reaches 40); last round: beat the leader. */
export default class TakeFive extends DiceBot {
  static readonly botName: string = 'TakeFive';
  override *makeThrow(scores: number[], lastRound: boolean): Generator<unknown, unknown, undefined> {
    const me = scores[this.index]!;
    while (at(this.currentThrows, -1) !== 5) {
      if (me + sum(this.currentThrows) >= this.endScore) break;
      yield true;
    }
    if (lastRound) {
      while (me + sum(this.currentThrows) <= max(scores)) yield true;
    }
    yield false;
    return undefined;
  }
}

// The engine's fast path (engines/dice/bot.ts): makeThrow's next decision, as a function of the turn.
fastPath(TakeFive, function (throws, turnSum, scores, lastRound) {
  const me = scores[this.index]!;
  // The first loop runs until a 5 is the last die or the total reaches the end score.
  let s = me;
  let first = true;
  for (let j = 0; j < throws.length; j++) {
    s += throws[j]!;
    if (throws[j] === 5 || s >= this.endScore) {
      first = false;
      break;
    }
  }
  if (first) return true;
  return lastRound && me + turnSum <= maxOf(scores);
});

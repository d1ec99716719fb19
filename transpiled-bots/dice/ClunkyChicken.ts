import { DiceBot, fastPath, maxOf } from '../../engines/dice/bot.ts';
import { sum, max } from '../../engines/core/py/index.ts';
import type { Provenance } from '../provenance.ts';

export const provenance: Provenance = {
  challenge: 'dice',
  bot: 'ClunkyChicken',
  questionId: 177765,
  author: 'Chronocidal',
  source: '2019-01-07 scrape of all answers: public GitHub file headed Bots downloaded from https://codegolf.stackexchange.com/questions/177765 @ 2019-01-07 16:55:45 (fixtures/dice/goldens/README.md)',
  sourceDate: '2019-01-07',
  sha256: 'c3c86858d62430bbcbe2efe0ab2dd65cf6e0ad6089a448ed2ac85229cf34a903',
};

/** Up to four more throws while below 34; past 46 throws four times; last round: beat the leader. */
export default class ClunkyChicken extends DiceBot {
  static readonly botName: string = 'ClunkyChicken';
  override *makeThrow(scores: number[], lastRound: boolean): Generator<unknown, unknown, undefined> {
    const me = scores[this.index]!;
    if (lastRound) {
      while (me + sum(this.currentThrows) <= max(scores)) yield true;
    }
    if (me < this.endScore + 6) {
      for (let i = 0; i < 4; i++) {
        if (me + sum(this.currentThrows) < this.endScore - 6) yield true;
        else break;
      }
      yield false;
    } else {
      for (let i = 0; i < 4; i++) yield true;
    }
    yield false;
    return undefined;
  }
}

// The engine's fast path (engines/dice/bot.ts): makeThrow's next decision, as a function of the turn.
fastPath(
  ClunkyChicken,
  function (throws, turnSum, scores, lastRound) {
    const me = scores[this.index]!;
  const top = maxOf(scores);
  if (lastRound && me + turnSum <= top) return true;
  // Decisions since the last-round loop ended (at the first die that took it past the top).
  let dA = 0;
  if (lastRound) {
    let s = me;
    while ((s += throws[dA]!) <= top) dA++;
  }
  const i = throws.length - 1 - dA;
  if (me < this.endScore + 6) return i < 4 && me + turnSum < this.endScore - 6;
  return i < 4;
  }
);

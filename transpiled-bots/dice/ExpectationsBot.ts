import { DiceBot, fastPath, memorylessFastPath } from '../../engines/dice/bot.ts';
import { sum } from '../../engines/core/py/index.ts';
import type { Provenance } from '../provenance.ts';

export const provenance: Provenance = {
  challenge: 'dice',
  bot: 'ExpectationsBot',
  questionId: 177765,
  author: 'Cain',
  source: '2019-01-07 scrape of all answers: public GitHub file headed Bots downloaded from https://codegolf.stackexchange.com/questions/177765 @ 2019-01-07 16:55:45 (fixtures/dice/goldens/README.md)',
  sourceDate: '2019-01-07',
  sha256: 'cb155aa4225c922cdfd40d7fa767e07dc20e41c6783c58b7c6857e5e1f601280',
};

/** Throws while the expected gain of a throw (2.5) beats a sixth of what a 6 would cost. */
export default class ExpectationsBot extends DiceBot {
  static readonly botName: string = 'ExpectationsBot';
  private costOf6(me: number): number {
    const s = sum(this.currentThrows);
    return me + s < 40 ? s : me + s;
  }

  override *makeThrow(scores: number[]): Generator<unknown, unknown, undefined> {
    const me = scores[this.index]!;
    let cost = this.costOf6(me);
    while (2.5 > cost / 6.0) {
      yield true;
      cost = this.costOf6(me);
    }
    yield false;
    return undefined;
  }
}

// The engine's fast path (engines/dice/bot.ts): makeThrow's next decision, as a function of the turn.
fastPath(ExpectationsBot, function (_throws, turnSum, scores, _lastRound) {
  const me = scores[this.index]!;
  const cost = me + turnSum < 40 ? turnSum : me + turnSum;
  return 2.5 > cost / 6.0;
});
// Memoryless (bot.ts): TleilaxuBot may ask a copy of this bot through the fast path.
memorylessFastPath(ExpectationsBot);

import { DiceBot, fastPath, maxOf, memorylessFastPath } from '../../engines/dice/bot.ts';
import { sum, max } from '../../engines/core/py/index.ts';
import type { Provenance } from '../provenance.ts';

export const provenance: Provenance = {
  challenge: 'dice',
  bot: 'LeadBy5Bot',
  questionId: 177765,
  author: 'william porter',
  source: '2019-01-07 scrape of all answers: public GitHub file headed Bots downloaded from https://codegolf.stackexchange.com/questions/177765 @ 2019-01-07 16:55:45 (fixtures/dice/goldens/README.md)',
  sourceDate: '2019-01-07',
  sha256: 'cd508934ca35a0266e34e7f4dfc28f6015c847a031d342aeab52685b2a951ba8',
};

/** Throws until 5 ahead of the top score. */
export default class LeadBy5Bot extends DiceBot {
  static readonly botName: string = 'LeadBy5Bot';
  override *makeThrow(scores: number[]): Generator<unknown, unknown, undefined> {
    for (;;) {
      const current = scores[this.index]! + sum(this.currentThrows);
      const scoreToBeat = max(scores) + 5;
      if (current >= scoreToBeat) break;
      yield true;
    }
    yield false;
    return undefined;
  }
}

// The engine's fast path (engines/dice/bot.ts): makeThrow's next decision, as a function of the turn.
fastPath(LeadBy5Bot, function (_throws, turnSum, scores, _lastRound) {
  return scores[this.index]! + turnSum < maxOf(scores) + 5;
});
// Memoryless (bot.ts): TleilaxuBot may ask a copy of this bot through the fast path.
memorylessFastPath(LeadBy5Bot);

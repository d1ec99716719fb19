import { DiceBot, ENV, fastPath, memorylessFastPath } from '../../engines/dice/bot.ts';
import { sum } from '../../engines/core/py/index.ts';
import type { Provenance } from '../provenance.ts';

export const provenance: Provenance = {
  challenge: 'dice',
  bot: 'OneStepAheadBot',
  questionId: 177765,
  author: 'william porter',
  source: '2019-01-07 scrape of all answers: public GitHub file headed Bots downloaded from https://codegolf.stackexchange.com/questions/177765 @ 2019-01-07 16:55:45 (fixtures/dice/goldens/README.md)',
  sourceDate: '2019-01-07',
  sha256: '48621be3c8ce970bb6e3ac7a178fb508f6e708965ddbd5cdae58f8077514e5fd',
};

/** Throws again while a die of its own (the global random) shows no 6, up to 45. */
export default class OneStepAheadBot extends DiceBot {
  static readonly botName: string = 'OneStepAheadBot';
  override *makeThrow(scores: number[]): Generator<unknown, unknown, undefined> {
    while (this.env.random.randint(1, 6) !== 6) {
      const current = scores[this.index]! + sum(this.currentThrows);
      if (current > this.endScore + 5) break;
      yield true;
    }
    yield false;
    return undefined;
  }
}

// The engine's fast path (engines/dice/bot.ts): makeThrow's next decision, as a function of the turn.
fastPath(OneStepAheadBot, function (_throws, turnSum, scores, _lastRound) {
  if (this[ENV].random.randint(1, 6) === 6) return false;
  return !(scores[this.index]! + turnSum > this.endScore + 5);
});
// Memoryless (bot.ts): TleilaxuBot may ask a copy of this bot through the fast path.
memorylessFastPath(OneStepAheadBot);

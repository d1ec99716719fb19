import { DiceBot, ENV, fastPath, memorylessFastPath } from '../../engines/dice/bot.ts';
import { sum } from '../../engines/core/py/index.ts';
import type { Provenance } from '../provenance.ts';

export const provenance: Provenance = {
  challenge: 'dice',
  bot: 'FutureBot',
  questionId: 177765,
  author: 'william porter',
  source: '2019-01-07 scrape of all answers: public GitHub file headed Bots downloaded from https://codegolf.stackexchange.com/questions/177765 @ 2019-01-07 16:55:45 (fixtures/dice/goldens/README.md)',
  sourceDate: '2019-01-07',
  sha256: '8b95926aec67e2e1a767af53795c70cab8c2a61d3378d405065a02ccc2292000',
};

/** Throws again while two dice of its own (the global random) show no 6, up to 45. */
export default class FutureBot extends DiceBot {
  static readonly botName: string = 'FutureBot';
  override *makeThrow(scores: number[]): Generator<unknown, unknown, undefined> {
    const rnd = this.env.random;
    // Python's `and` is lazy: the second die is drawn only when the first is not a 6.
    while (rnd.randint(1, 6) !== 6 && rnd.randint(1, 6) !== 6) {
      const current = scores[this.index]! + sum(this.currentThrows);
      if (current > this.endScore + 5) break;
      yield true;
    }
    yield false;
    return undefined;
  }
}

// The engine's fast path (engines/dice/bot.ts): makeThrow's next decision, as a function of the turn.
fastPath(FutureBot, function (_throws, turnSum, scores, _lastRound) {
  const rnd = this[ENV].random;
  if (!(rnd.randint(1, 6) !== 6 && rnd.randint(1, 6) !== 6)) return false;
  return !(scores[this.index]! + turnSum > this.endScore + 5);
});
// Memoryless (bot.ts): TleilaxuBot may ask a copy of this bot through the fast path.
memorylessFastPath(FutureBot);

import { DiceBot, fastPath, memorylessFastPath } from '../../engines/dice/bot.ts';
import { sum } from '../../engines/core/py/index.ts';
import type { Provenance } from '../provenance.ts';

export const provenance: Provenance = {
  challenge: 'dice',
  bot: 'GoHomeBot',
  questionId: 177765,
  author: 'Spitemaster',
  source: '2019-01-07 scrape of all answers: public GitHub file headed Bots downloaded from https://codegolf.stackexchange.com/questions/177765 @ 2019-01-07 16:55:45 (fixtures/dice/goldens/README.md)',
  sourceDate: '2019-01-07',
  sha256: '413a1df146f958b1634369f5a649bd75cff59a6cc6cae7a3d6427f716d750669',
};

/** Throws until 40. */
export default class GoHomeBot extends DiceBot {
  static readonly botName: string = 'GoHomeBot';
  override *makeThrow(scores: number[]): Generator<unknown, unknown, undefined> {
    while (scores[this.index]! + sum(this.currentThrows) < 40) yield true;
    yield false;
    return undefined;
  }
}

// The engine's fast path (engines/dice/bot.ts): makeThrow's next decision, as a function of the turn.
fastPath(GoHomeBot, function (_throws, turnSum, scores, _lastRound) {
  return scores[this.index]! + turnSum < 40;
});
// Memoryless (bot.ts): TleilaxuBot may ask a copy of this bot through the fast path.
memorylessFastPath(GoHomeBot);

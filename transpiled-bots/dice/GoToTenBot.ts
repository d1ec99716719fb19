import { DiceBot, fastPath, memorylessFastPath } from '../../engines/dice/bot.ts';
import { sum } from '../../engines/core/py/index.ts';
import type { Provenance } from '../provenance.ts';

export const provenance: Provenance = {
  challenge: 'dice',
  bot: 'GoToTenBot',
  questionId: 177765,
  source: '2019-01-07 scrape of all answers: public GitHub file headed Bots downloaded from https://codegolf.stackexchange.com/questions/177765 @ 2019-01-07 16:55:45 (fixtures/dice/goldens/README.md)',
  sourceDate: '2019-01-07',
  notes: 'Example bot printed in the question itself (not an answer code block).',
};

/** Throws until the turn is worth 10 (the question's second example bot). */
export default class GoToTenBot extends DiceBot {
  static readonly botName: string = 'GoToTenBot';
  override *makeThrow(): Generator<unknown, unknown, undefined> {
    while (sum(this.currentThrows) < 10) yield true;
    yield false;
    return undefined;
  }
}

// The engine's fast path (engines/dice/bot.ts): makeThrow's next decision, as a function of the turn.
fastPath(GoToTenBot, function (_throws, turnSum, _scores, _lastRound) {
  return turnSum < 10;
});
// Memoryless (bot.ts): TleilaxuBot may ask a copy of this bot through the fast path.
memorylessFastPath(GoToTenBot);

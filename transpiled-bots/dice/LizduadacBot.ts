import { DiceBot, fastPath, maxOf, memorylessFastPath } from '../../engines/dice/bot.ts';
import { sum, max } from '../../engines/core/py/index.ts';
import type { Provenance } from '../provenance.ts';

export const provenance: Provenance = {
  challenge: 'dice',
  bot: 'LizduadacBot',
  questionId: 177765,
  author: 'lizduadac',
  source: '2019-01-07 scrape of all answers: public GitHub file headed Bots downloaded from https://codegolf.stackexchange.com/questions/177765 @ 2019-01-07 16:55:45 (fixtures/dice/goldens/README.md)',
  sourceDate: '2019-01-07',
  sha256: '6d74950f83817617650fecca0de1f14ebac2bafa5e66401335f7cbf51d159388',
};

/** Throws until 50 and ahead of everyone. */
export default class LizduadacBot extends DiceBot {
  static readonly botName: string = 'LizduadacBot';
  override *makeThrow(scores: number[]): Generator<unknown, unknown, undefined> {
    const me = scores[this.index]!;
    while (me + sum(this.currentThrows) < 50 || me + sum(this.currentThrows) < max(scores)) yield true;
    yield false;
    return undefined;
  }
}

// The engine's fast path (engines/dice/bot.ts): makeThrow's next decision, as a function of the turn.
fastPath(LizduadacBot, function (_throws, turnSum, scores, _lastRound) {
  const mine = scores[this.index]! + turnSum;
  return mine < 50 || mine < maxOf(scores);
});
// Memoryless (bot.ts): TleilaxuBot may ask a copy of this bot through the fast path.
memorylessFastPath(LizduadacBot);

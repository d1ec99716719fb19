import { DiceBot, fastPath, memorylessFastPath } from '../../engines/dice/bot.ts';
import type { Provenance } from '../provenance.ts';

export const provenance: Provenance = {
  challenge: 'dice',
  bot: 'PointsAreForNerdsBot',
  questionId: 177765,
  author: 'The_Bob',
  source: '2019-01-07 scrape of all answers: public GitHub file headed Bots downloaded from https://codegolf.stackexchange.com/questions/177765 @ 2019-01-07 16:55:45 (fixtures/dice/goldens/README.md)',
  sourceDate: '2019-01-07',
  sha256: 'dc9e71da9466472b17daef9cd4fcdf159394a9b54bc3c552759a8ae188e1f2f8',
};

/** Throws until a 6, always. */
export default class PointsAreForNerdsBot extends DiceBot {
  static readonly botName: string = 'PointsAreForNerdsBot';
  override *makeThrow(): Generator<unknown, unknown, undefined> {
    for (;;) yield true;
  }
}

// The engine's fast path (engines/dice/bot.ts): makeThrow's next decision, as a function of the turn.
fastPath(PointsAreForNerdsBot, function (_throws, _turnSum, _scores, _lastRound) {
  return true;
});
// Memoryless (bot.ts): TleilaxuBot may ask a copy of this bot through the fast path.
memorylessFastPath(PointsAreForNerdsBot);

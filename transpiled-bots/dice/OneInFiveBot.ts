import { DiceBot, ENV, fastPath, memorylessFastPath } from '../../engines/dice/bot.ts';
import type { Provenance } from '../provenance.ts';

export const provenance: Provenance = {
  challenge: 'dice',
  bot: 'OneInFiveBot',
  questionId: 177765,
  author: 'The_Bob',
  source: '2019-01-07 scrape of all answers: public GitHub file headed Bots downloaded from https://codegolf.stackexchange.com/questions/177765 @ 2019-01-07 16:55:45 (fixtures/dice/goldens/README.md)',
  sourceDate: '2019-01-07',
  sha256: '74fd151a15ecb4d4eb82b9d8a1daba26cd9435bb9e02002d8a7748b6100c1c63',
};

/** Throws again while its own five-sided die (global random) shows less than 5. */
export default class OneInFiveBot extends DiceBot {
  static readonly botName: string = 'OneInFiveBot';
  override *makeThrow(): Generator<unknown, unknown, undefined> {
    while (this.env.random.randint(1, 5) < 5) yield true;
    yield false;
    return undefined;
  }
}

// The engine's fast path (engines/dice/bot.ts): makeThrow's next decision, as a function of the turn.
fastPath(OneInFiveBot, function (_throws, _turnSum, _scores, _lastRound) {
  return this[ENV].random.randint(1, 5) < 5;
});
// Memoryless (bot.ts): TleilaxuBot may ask a copy of this bot through the fast path.
memorylessFastPath(OneInFiveBot);

import { DiceBot, fastPath, memorylessFastPath } from '../../engines/dice/bot.ts';
import type { Provenance } from '../provenance.ts';

export const provenance: Provenance = {
  challenge: 'dice',
  bot: 'StopBot',
  questionId: 177765,
  author: 'Zacharý',
  source: '2019-01-07 scrape of all answers: public GitHub file headed Bots downloaded from https://codegolf.stackexchange.com/questions/177765 @ 2019-01-07 16:55:45 (fixtures/dice/goldens/README.md)',
  sourceDate: '2019-01-07',
  sha256: 'dd90d4a2bea95701e9dd3ea9763d5bedcc96fc1617ecf7ee30c082d882102601',
};

/** Never throws again. */
export default class StopBot extends DiceBot {
  static readonly botName: string = 'StopBot';
  override *makeThrow(): Generator<unknown, unknown, undefined> {
    yield false;
    return undefined;
  }
}

// The engine's fast path (engines/dice/bot.ts): makeThrow's next decision, as a function of the turn.
fastPath(StopBot, function (_throws, _turnSum, _scores, _lastRound) {
  return false;
});
// Memoryless (bot.ts): TleilaxuBot may ask a copy of this bot through the fast path.
memorylessFastPath(StopBot);

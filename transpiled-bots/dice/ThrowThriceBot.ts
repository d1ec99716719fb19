import { DiceBot, fastPath } from '../../engines/dice/bot.ts';
import type { Provenance } from '../provenance.ts';

export const provenance: Provenance = {
  challenge: 'dice',
  bot: 'ThrowThriceBot',
  questionId: 177765,
  author: 'michi7x7',
  source: '2019-01-07 scrape of all answers: public GitHub file headed Bots downloaded from https://codegolf.stackexchange.com/questions/177765 @ 2019-01-07 16:55:45 (fixtures/dice/goldens/README.md)',
  sourceDate: '2019-01-07',
  sha256: 'df52c53b5cba0bb1b0f98d4f685525a969d7c251807897d5647b07297df3eac0',
};

/** Throws exactly three times. */
export default class ThrowThriceBot extends DiceBot {
  static readonly botName: string = 'ThrowThriceBot';
  override *makeThrow(): Generator<unknown, unknown, undefined> {
    yield true;
    yield true;
    yield false;
    return undefined;
  }
}

// The engine's fast path (engines/dice/bot.ts): makeThrow's next decision, as a function of the turn.
fastPath(ThrowThriceBot, function (throws, _turnSum, _scores, _lastRound) {
  return throws.length - 1 < 2;
});

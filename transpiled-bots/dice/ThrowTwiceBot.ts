import { DiceBot, fastPath } from '../../engines/dice/bot.ts';
import type { Provenance } from '../provenance.ts';

export const provenance: Provenance = {
  challenge: 'dice',
  bot: 'ThrowTwiceBot',
  questionId: 177765,
  source: '2019-01-07 scrape of all answers: public GitHub file headed Bots downloaded from https://codegolf.stackexchange.com/questions/177765 @ 2019-01-07 16:55:45 (fixtures/dice/goldens/README.md)',
  sourceDate: '2019-01-07',
  notes: 'Example bot printed in the question itself (not an answer code block).',
};

/** Throws exactly twice (the question's first example bot). */
export default class ThrowTwiceBot extends DiceBot {
  static readonly botName: string = 'ThrowTwiceBot';
  override *makeThrow(): Generator<unknown, unknown, undefined> {
    yield true;
    yield false;
    return undefined;
  }
}

// The engine's fast path (engines/dice/bot.ts): makeThrow's next decision, as a function of the turn.
fastPath(ThrowTwiceBot, function (throws, _turnSum, _scores, _lastRound) {
  return throws.length === 1;
});

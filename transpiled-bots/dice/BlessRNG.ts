import { DiceBot, ENV, fastPath } from '../../engines/dice/bot.ts';
import type { Provenance } from '../provenance.ts';

export const provenance: Provenance = {
  challenge: 'dice',
  bot: 'BlessRNG',
  questionId: 177765,
  author: 'Dice Mastah',
  source: '2019-01-07 scrape of all answers: public GitHub file headed Bots downloaded from https://codegolf.stackexchange.com/questions/177765 @ 2019-01-07 16:55:45 (fixtures/dice/goldens/README.md)',
  sourceDate: '2019-01-07',
  sha256: '8991b4728fb8ed82c94375b45193eaa5ed2f6ad08a3ba97f41dfeeec2cd63742',
};

/** Flips a coin (the global random) for one more throw. */
export default class BlessRNG extends DiceBot {
  static readonly botName: string = 'BlessRNG';
  override *makeThrow(): Generator<unknown, unknown, undefined> {
    if (this.env.random.randint(1, 2) === 1) yield true;
    yield false;
    return undefined;
  }
}

// The engine's fast path (engines/dice/bot.ts): makeThrow's next decision, as a function of the turn.
fastPath(BlessRNG, function (throws, _turnSum, _scores, _lastRound) {
  return throws.length === 1 && this[ENV].random.randint(1, 2) === 1;
});

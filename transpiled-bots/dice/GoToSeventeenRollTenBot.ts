import { DiceBot, fastPath } from '../../engines/dice/bot.ts';
import { sum } from '../../engines/core/py/index.ts';
import type { Provenance } from '../provenance.ts';

export const provenance: Provenance = {
  challenge: 'dice',
  bot: 'GoToSeventeenRollTenBot',
  questionId: 177765,
  author: 'CCB60',
  source: '2019-01-07 scrape of all answers: public GitHub file headed Bots downloaded from https://codegolf.stackexchange.com/questions/177765 @ 2019-01-07 16:55:45 (fixtures/dice/goldens/README.md)',
  sourceDate: '2019-01-07',
  sha256: '5d136bca0cc5d57bf7458e58983fb365a2712c9d9263c2bc21aaf57cb939e29e',
};

/** On to 17, then ten more throws. */
export default class GoToSeventeenRollTenBot extends DiceBot {
  static readonly botName: string = 'GoToSeventeenRollTenBot';
  override *makeThrow(): Generator<unknown, unknown, undefined> {
    while (sum(this.currentThrows) < 17) yield true;
    for (let i = 0; i < 10; i++) yield true;
    yield false;
    return undefined;
  }
}

// The engine's fast path (engines/dice/bot.ts): makeThrow's next decision, as a function of the turn.
fastPath(GoToSeventeenRollTenBot, function (throws, turnSum, _scores, _lastRound) {
  if (turnSum < 17) return true;
  // Ten more throws after the one that first reached 17.
  let s = 0;
  let d0 = 0;
  while ((s += throws[d0]!) < 17) d0++;
  return throws.length - 1 < d0 + 10;
});

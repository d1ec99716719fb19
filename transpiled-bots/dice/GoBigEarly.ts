import { DiceBot, fastPath } from '../../engines/dice/bot.ts';
import { sum } from '../../engines/core/py/index.ts';
import type { Provenance } from '../provenance.ts';

export const provenance: Provenance = {
  challenge: 'dice',
  bot: 'GoBigEarly',
  questionId: 177765,
  author: 'Stuart Moore',
  source: '2019-01-07 scrape of all answers: public GitHub file headed Bots downloaded from https://codegolf.stackexchange.com/questions/177765 @ 2019-01-07 16:55:45 (fixtures/dice/goldens/README.md)',
  sourceDate: '2019-01-07',
  sha256: 'd7fbf868d4bdcd30cf9530fd2269ddf0ac2af92ae21e2b269a5fcc14a45df611',
};

/** Always a second throw, then on to 25. */
export default class GoBigEarly extends DiceBot {
  static readonly botName: string = 'GoBigEarly';
  override *makeThrow(scores: number[]): Generator<unknown, unknown, undefined> {
    yield true;
    while (scores[this.index]! + sum(this.currentThrows) < 25) yield true;
    yield false;
    return undefined;
  }
}

// The engine's fast path (engines/dice/bot.ts): makeThrow's next decision, as a function of the turn.
fastPath(GoBigEarly, function (throws, turnSum, scores, _lastRound) {
  return throws.length === 1 || scores[this.index]! + turnSum < 25;
});

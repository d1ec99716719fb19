import { DiceBot, fastPath } from '../../engines/dice/bot.ts';
import { sum, max } from '../../engines/core/py/index.ts';
import type { Provenance } from '../provenance.ts';

export const provenance: Provenance = {
  challenge: 'dice',
  bot: 'BringMyOwn_dice',
  questionId: 177765,
  author: 'BMO',
  source: '2019-01-07 scrape of all answers: public GitHub file headed Bots downloaded from https://codegolf.stackexchange.com/questions/177765 @ 2019-01-07 16:55:45 (fixtures/dice/goldens/README.md)',
  sourceDate: '2019-01-07',
  sha256: '21a5045526401dc1f2343169e24093d99c17fd05b75b46738a93ac4539f73e0c',
};

/** Rolls its own two dice (the global random) to decide how many more throws to make, stopping before 40. */
export default class BringMyOwn_dice extends DiceBot {
  static readonly botName: string = 'BringMyOwn_dice';
  /** One die of its own: a 1..6 draw from the shared module-global generator (the original imports it under another name). */
  die = (): number => this.env.random.randint(1, 6);

  override *makeThrow(scores: number[]): Generator<unknown, unknown, undefined> {
    const nfaces = this.die() + this.die();
    const s = scores[this.index]!;
    max(scores); // computed (and unused) by the original
    for (let k = 0; k < nfaces; k++) {
      if (s + sum(this.currentThrows) > 39) break;
      yield true;
    }
    yield false;
    return undefined;
  }
}

// The engine's fast path (engines/dice/bot.ts): makeThrow's next decision, as a function of the turn.
fastPath(
  BringMyOwn_dice,
  function (throws, turnSum, scores, _lastRound, turnState) {
    return throws.length - 1 < turnState && !(scores[this.index]! + turnSum > 39);
  },
  function (_scores, _lastRound) {
    return this.die() + this.die();
  },
);

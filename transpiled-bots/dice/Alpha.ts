import { DiceBot, fastPath, maxOf } from '../../engines/dice/bot.ts';
import { sum, max } from '../../engines/core/py/index.ts';
import type { Provenance } from '../provenance.ts';

export const provenance: Provenance = {
  challenge: 'dice',
  bot: 'Alpha',
  questionId: 177765,
  author: 'Mnemonic',
  source: '2019-01-07 scrape of all answers: public GitHub file headed Bots downloaded from https://codegolf.stackexchange.com/questions/177765 @ 2019-01-07 16:55:45 (fixtures/dice/goldens/README.md)',
  sourceDate: '2019-01-07',
  sha256: 'ea9f7a4e78cb052f5f238419a5ac9fdc62e2e9c7413f8d01e3133b0147512e17',
};

/** Throws until strictly ahead of everyone, then once more. */
export default class Alpha extends DiceBot {
  static readonly botName: string = 'Alpha';
  override *makeThrow(scores: number[]): Generator<unknown, unknown, undefined> {
    while (scores[this.index]! + sum(this.currentThrows) <= max(scores)) yield true;
    yield true;
    yield false;
    return undefined;
  }
}

// The engine's fast path (engines/dice/bot.ts): makeThrow's next decision, as a function of the turn.
fastPath(Alpha, function (throws, turnSum, scores, _lastRound) {
  const me = scores[this.index]!;
  const top = maxOf(scores);
  if (me + turnSum <= top) return true;
  // One more throw, asked only right after the loop ended.
  return throws.length === 1 || me + turnSum - throws[throws.length - 1]! <= top;
});

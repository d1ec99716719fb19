import { DiceBot, fastPath, maxOf, memorylessFastPath } from '../../engines/dice/bot.ts';
import { sum, max } from '../../engines/core/py/index.ts';
import type { Provenance } from '../provenance.ts';

export const provenance: Provenance = {
  challenge: 'dice',
  bot: 'GoTo20Bot',
  questionId: 177765,
  author: 'tsh',
  source: '2019-01-07 scrape of all answers: public GitHub file headed Bots downloaded from https://codegolf.stackexchange.com/questions/177765 @ 2019-01-07 16:55:45 (fixtures/dice/goldens/README.md)',
  sourceDate: '2019-01-07',
  sha256: 'e778a2e7aa29cdff64c826b3d783118f521e27966dab4a3b3e867e643900e2cc',
};

/** Turns of 20 (or to 40); last round: one more than the leader. */
export default class GoTo20Bot extends DiceBot {
  static readonly botName: string = 'GoTo20Bot';
  override *makeThrow(scores: number[], lastRound: boolean): Generator<unknown, unknown, undefined> {
    const me = scores[this.index]!;
    let target = Math.min(20, 40 - me);
    if (lastRound) target = max(scores) - me + 1;
    while (sum(this.currentThrows) < target) yield true;
    yield false;
    return undefined;
  }
}

// The engine's fast path (engines/dice/bot.ts): makeThrow's next decision, as a function of the turn.
fastPath(GoTo20Bot, function (_throws, turnSum, scores, lastRound) {
  const me = scores[this.index]!;
  const target = lastRound ? maxOf(scores) - me + 1 : Math.min(20, 40 - me);
  return turnSum < target;
});
// Memoryless (bot.ts): TleilaxuBot may ask a copy of this bot through the fast path.
memorylessFastPath(GoTo20Bot);

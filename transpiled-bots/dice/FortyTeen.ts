import { DiceBot, fastPath, memorylessFastPath } from '../../engines/dice/bot.ts';
import { sum } from '../../engines/core/py/index.ts';
import type { Provenance } from '../provenance.ts';

export const provenance: Provenance = {
  challenge: 'dice',
  bot: 'FortyTeen',
  questionId: 177765,
  author: 'histocrat',
  source: '2019-01-07 scrape of all answers: public GitHub file headed Bots downloaded from https://codegolf.stackexchange.com/questions/177765 @ 2019-01-07 16:55:45 (fixtures/dice/goldens/README.md)',
  sourceDate: '2019-01-07',
  sha256: '96f2a70906b05e6378e1d28b14b0c7649f091313e22326f5ed6f5c962031b74a',
};

/** Turns of 14; in the last round, beats everyone's projected score (+14 for those below 40). */
export default class FortyTeen extends DiceBot {
  static readonly botName: string = 'FortyTeen';
  override *makeThrow(scores: number[], lastRound: boolean): Generator<unknown, unknown, undefined> {
    let target: number;
    if (lastRound) {
      let projected = -Infinity;
      for (const score of scores) {
        const p = score < this.endScore ? score + 14 : score;
        if (p > projected) projected = p;
      }
      target = projected - scores[this.index]!;
    } else {
      target = 14;
    }
    while (sum(this.currentThrows) < target) yield true;
    yield false;
    return undefined;
  }
}

// The engine's fast path (engines/dice/bot.ts): makeThrow's next decision, as a function of the turn.
fastPath(FortyTeen, function (_throws, turnSum, scores, lastRound) {
  let target = 14;
  if (lastRound) {
    let projected = -Infinity;
    for (const score of scores) {
      const p = score < this.endScore ? score + 14 : score;
      if (p > projected) projected = p;
    }
    target = projected - scores[this.index]!;
  }
  return turnSum < target;
});
// Memoryless (bot.ts): TleilaxuBot may ask a copy of this bot through the fast path.
memorylessFastPath(FortyTeen);

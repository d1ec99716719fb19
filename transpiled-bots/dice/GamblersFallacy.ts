import { DiceBot, fastPath, memorylessFastPath } from '../../engines/dice/bot.ts';
import type { Provenance } from '../provenance.ts';

export const provenance: Provenance = {
  challenge: 'dice',
  bot: 'GamblersFallacy',
  questionId: 177765,
  author: 'Triggernometry',
  source: '2019-01-07 scrape of all answers: public GitHub file headed Bots downloaded from https://codegolf.stackexchange.com/questions/177765 @ 2019-01-07 16:55:45 (fixtures/dice/goldens/README.md)',
  sourceDate: '2019-01-07',
  sha256: 'f1d1d72c01e0a480019b879133477051857b0a0eab7cd8ef2219fd2a198af47f',
};

/** Up to four more throws, fewer the closer it is to 40 and the more it has thrown. */
export default class GamblersFallacy extends DiceBot {
  static readonly botName: string = 'GamblersFallacy';
  override *makeThrow(scores: number[]): Generator<unknown, unknown, undefined> {
    for (let i = 0; i < 4; i++) {
      if (scores[this.index]! / 40.0 + this.currentThrows.length / 5.0 < 0.9) yield true;
      else break;
    }
    yield false;
    return undefined;
  }
}

// The engine's fast path (engines/dice/bot.ts): makeThrow's next decision, as a function of the turn.
fastPath(GamblersFallacy, function (throws, _turnSum, scores, _lastRound) {
  return throws.length - 1 < 4 && scores[this.index]! / 40.0 + throws.length / 5.0 < 0.9;
});
// Memoryless (bot.ts): TleilaxuBot may ask a copy of this bot through the fast path.
memorylessFastPath(GamblersFallacy);

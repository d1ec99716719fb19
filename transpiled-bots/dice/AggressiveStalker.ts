import { DiceBot, fastPath, maxOf, memorylessFastPath } from '../../engines/dice/bot.ts';
import { sum, max } from '../../engines/core/py/index.ts';
import type { Provenance } from '../provenance.ts';

export const provenance: Provenance = {
  challenge: 'dice',
  bot: 'AggressiveStalker',
  questionId: 177765,
  author: 'Ofya',
  source: '2019-01-07 scrape of all answers: public GitHub file headed Bots downloaded from https://codegolf.stackexchange.com/questions/177765 @ 2019-01-07 16:55:45 (fixtures/dice/goldens/README.md)',
  sourceDate: '2019-01-07',
  sha256: 'f749e4ac2001123da84fcb3ea854b48fa8731b781f6056332398ef2e93448ad5',
};

/** Stalker that runs for 40 when it leads past 25. */
export default class AggressiveStalker extends DiceBot {
  static readonly botName: string = 'AggressiveStalker';
  override *makeThrow(scores: number[], lastRound: boolean): Generator<unknown, unknown, undefined> {
    const me = scores[this.index]!;
    while (lastRound && me + sum(this.currentThrows) <= max(scores)) yield true;
    if (lastRound && me + sum(this.currentThrows) > max(scores)) yield false;
    if (max(scores) < 26) {
      while (sum(this.currentThrows) < 16) yield true;
      yield false;
    }
    if (max(scores) > 25 && max(scores) === me) {
      while (me + sum(this.currentThrows) < 40) yield true;
      yield false;
    }
    const target = max(scores) - 5;
    while (me + sum(this.currentThrows) <= target) yield true;
    yield false;
    return undefined;
  }
}

// The engine's fast path (engines/dice/bot.ts): makeThrow's next decision, as a function of the turn.
fastPath(AggressiveStalker, function (_throws, turnSum, scores, lastRound) {
  const me = scores[this.index]!;
  const top = maxOf(scores);
  if (lastRound) return me + turnSum <= top;
  if (top < 26) return turnSum < 16;
  if (top > 25 && top === me) return me + turnSum < 40;
  return me + turnSum <= top - 5;
});
// Memoryless (bot.ts): TleilaxuBot may ask a copy of this bot through the fast path.
memorylessFastPath(AggressiveStalker);

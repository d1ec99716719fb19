import { DiceBot, fastPath, maxOf, memorylessFastPath } from '../../engines/dice/bot.ts';
import { sum, max } from '../../engines/core/py/index.ts';
import type { Provenance } from '../provenance.ts';

export const provenance: Provenance = {
  challenge: 'dice',
  bot: 'Stalker',
  questionId: 177765,
  author: 'Ofya',
  source: '2019-01-07 scrape of all answers: public GitHub file headed Bots downloaded from https://codegolf.stackexchange.com/questions/177765 @ 2019-01-07 16:55:45 (fixtures/dice/goldens/README.md)',
  sourceDate: '2019-01-07',
  sha256: '36ad0d89a9b2eed3ea7f7894a43f0aed615ad10392c5775a50172122060f2e2a',
};

/** Turns of 16 while the leader is below 26, then stays a throw behind the leader; last round: beat them. */
export default class Stalker extends DiceBot {
  static readonly botName: string = 'Stalker';
  override *makeThrow(scores: number[], lastRound: boolean): Generator<unknown, unknown, undefined> {
    const me = scores[this.index]!;
    while (lastRound && me + sum(this.currentThrows) <= max(scores)) yield true;
    if (lastRound && me + sum(this.currentThrows) > max(scores)) yield false;
    if (max(scores) < 26) {
      while (sum(this.currentThrows) < 16) yield true;
      yield false;
    }
    const target = max(scores) - 5;
    while (me + sum(this.currentThrows) <= target) yield true;
    yield false;
    return undefined;
  }
}

// The engine's fast path (engines/dice/bot.ts): makeThrow's next decision, as a function of the turn.
fastPath(Stalker, function (_throws, turnSum, scores, lastRound) {
  const me = scores[this.index]!;
  const top = maxOf(scores);
  if (lastRound) return me + turnSum <= top;
  if (top < 26) return turnSum < 16;
  return me + turnSum <= top - 5;
});
// Memoryless (bot.ts): TleilaxuBot may ask a copy of this bot through the fast path.
memorylessFastPath(Stalker);

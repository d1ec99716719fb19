import { DiceBot, fastPath, maxOf, memorylessFastPath } from '../../engines/dice/bot.ts';
import { sum, max } from '../../engines/core/py/index.ts';
import type { Provenance } from '../provenance.ts';

export const provenance: Provenance = {
  challenge: 'dice',
  bot: 'Chaser',
  questionId: 177765,
  author: 'AKroell',
  source: '2019-01-07 scrape of all answers: public GitHub file headed Bots downloaded from https://codegolf.stackexchange.com/questions/177765 @ 2019-01-07 16:55:45 (fixtures/dice/goldens/README.md)',
  sourceDate: '2019-01-07',
  sha256: '829628f5f26fbb0a3f68274a4c4de6a383c0aeb7c92352ba73ea8be11c5c38bc',
};

/** Catches up with the leader, then goes for 44 (in the last round, or within its first four throws). */
export default class Chaser extends DiceBot {
  static readonly botName: string = 'Chaser';
  notThrownFirce(): boolean {
    return this.currentThrows.length < 4;
  }

  override *makeThrow(scores: number[], lastRound: boolean): Generator<unknown, unknown, undefined> {
    const me = scores[this.index]!;
    while (max(scores) > me + sum(this.currentThrows)) yield true;
    while (lastRound && me + sum(this.currentThrows) < 44) yield true;
    while (this.notThrownFirce() && me + sum(this.currentThrows) < 44) yield true;
    yield false;
    return undefined;
  }
}

// The engine's fast path (engines/dice/bot.ts): makeThrow's next decision, as a function of the turn.
fastPath(Chaser, function (throws, turnSum, scores, lastRound) {
  const me = scores[this.index]!;
  // Three loops whose conditions, once false, stay false: the decision is any of them.
  return maxOf(scores) > me + turnSum || (lastRound && me + turnSum < 44) || (throws.length < 4 && me + turnSum < 44);
});
// Memoryless (bot.ts): TleilaxuBot may ask a copy of this bot through the fast path.
memorylessFastPath(Chaser);

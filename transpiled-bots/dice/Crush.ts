import { DiceBot, fastPath, maxOf, memorylessFastPath } from '../../engines/dice/bot.ts';
import { sum, max } from '../../engines/core/py/index.ts';
import type { Provenance } from '../provenance.ts';

export const provenance: Provenance = {
  challenge: 'dice',
  bot: 'Crush',
  questionId: 177765,
  author: 'Mnemonic',
  source: '2019-01-07 scrape of all answers: public GitHub file headed Bots downloaded from https://codegolf.stackexchange.com/questions/177765 @ 2019-01-07 16:55:45 (fixtures/dice/goldens/README.md)',
  sourceDate: '2019-01-07',
  sha256: '78f5cdaac9450ed93a68245db69559e95269ed97ee464d9578b800fe612d1918',
};

/** Runs for 40 when nobody is within 10; otherwise banks at 20 and 35 and waits. */
export default class Crush extends DiceBot {
  static readonly botName: string = 'Crush';
  override *makeThrow(scores: number[], lastRound: boolean): Generator<unknown, unknown, undefined> {
    const me = scores[this.index]!;
    if (lastRound) {
      while (me + sum(this.currentThrows) <= max(scores)) yield true;
      yield false;
    }
    if (max([...scores.slice(0, this.index), ...scores.slice(this.index + 1)]) < this.endScore - 10) {
      while (me + sum(this.currentThrows) < this.endScore) yield true;
      yield false;
    }
    if (me <= 20) {
      while (me + sum(this.currentThrows) < 20) yield true;
      yield false;
    }
    if (me <= 35) {
      while (me + sum(this.currentThrows) < 35) yield true;
      yield false;
    }
    for (;;) yield true;
  }
}

// The engine's fast path (engines/dice/bot.ts): makeThrow's next decision, as a function of the turn.
fastPath(Crush, function (_throws, turnSum, scores, lastRound) {
  const me = scores[this.index]!;
  if (lastRound) return me + turnSum <= maxOf(scores);
  let others = -Infinity;
  for (let k = 0; k < scores.length; k++) if (k !== this.index && scores[k]! > others) others = scores[k]!;
  if (others < this.endScore - 10) return me + turnSum < this.endScore;
  if (me <= 20) return me + turnSum < 20;
  if (me <= 35) return me + turnSum < 35;
  return true;
});
// Memoryless (bot.ts): TleilaxuBot may ask a copy of this bot through the fast path.
memorylessFastPath(Crush);

import { DiceBot, fastPath } from '../../engines/dice/bot.ts';
import { sum, max } from '../../engines/core/py/index.ts';
import type { Provenance } from '../provenance.ts';

export const provenance: Provenance = {
  challenge: 'dice',
  bot: 'Gladiolen',
  questionId: 177765,
  author: 'Hermen',
  source: '2019-01-07 scrape of all answers: public GitHub file headed Bots downloaded from https://codegolf.stackexchange.com/questions/177765 @ 2019-01-07 16:55:45 (fixtures/dice/goldens/README.md)',
  sourceDate: '2019-01-07',
  sha256: '94f3bf9b1c2e71af2380f9b69b5463be631cb03047c17ee5895bdce0a578cdf4',
};

/** Aims for 33 with at most six extra throws; in the last round, beats the best other score. */
export default class Gladiolen extends DiceBot {
  static readonly botName: string = 'Gladiolen';
  /** Python class attribute `numThrows`. */
  numThrows = 6;

  override *makeThrow(scores: number[], lastRound: boolean): Generator<unknown, unknown, undefined> {
    const i = this.index;
    if (lastRound) {
      const others = [...scores.slice(0, i), ...scores.slice(i + 1)];
      const target = max(others) - scores[i]!;
      while (sum(this.currentThrows) <= target) yield true;
      yield false;
    } else {
      const target = 33 - scores[i]!;
      for (let k = 0; k < this.numThrows; k++) {
        if (sum(this.currentThrows) >= target) yield false;
        yield true;
      }
      yield false;
    }
    return undefined;
  }
}

// The engine's fast path (engines/dice/bot.ts): makeThrow's next decision, as a function of the turn.
fastPath(Gladiolen, function (throws, turnSum, scores, lastRound) {
  const i = this.index;
  if (lastRound) {
    let top = -Infinity;
    for (let k = 0; k < scores.length; k++) if (k !== i && scores[k]! > top) top = scores[k]!;
    return turnSum <= top - scores[i]!;
  }
  return throws.length - 1 < this.numThrows && turnSum < 33 - scores[i]!;
});

import { DiceBot, fastPath, maxOf } from '../../engines/dice/bot.ts';
import { sum, max } from '../../engines/core/py/index.ts';
import type { Provenance } from '../provenance.ts';

export const provenance: Provenance = {
  challenge: 'dice',
  bot: 'AdaptiveRoller',
  questionId: 177765,
  author: 'Emigna',
  source: '2019-01-07 scrape of all answers: public GitHub file headed Bots downloaded from https://codegolf.stackexchange.com/questions/177765 @ 2019-01-07 16:55:45 (fixtures/dice/goldens/README.md)',
  sourceDate: '2019-01-07',
  sha256: 'd08e0d780f1093c75f50ebbf4e963cc65cb271f76e1b6f3036714ce6f4905231',
};

/** Turns of up to 22 (or what reaches 40); leads get one more throw; last round: beat the leader. */
export default class AdaptiveRoller extends DiceBot {
  static readonly botName: string = 'AdaptiveRoller';
  override *makeThrow(scores: number[], lastRound: boolean): Generator<unknown, unknown, undefined> {
    const me = scores[this.index]!;
    const lim = Math.min(this.endScore - me, 22);
    while (sum(this.currentThrows) < lim) yield true;
    if (max(scores) === me && max(scores) >= this.endScore) yield true;
    while (lastRound && me + sum(this.currentThrows) <= max(scores)) yield true;
    yield false;
    return undefined;
  }
}

// The engine's fast path (engines/dice/bot.ts): makeThrow's next decision, as a function of the turn.
fastPath(
  AdaptiveRoller,
  function (throws, turnSum, scores, lastRound) {
    const me = scores[this.index]!;
  const lim = Math.min(this.endScore - me, 22);
  if (turnSum < lim) return true;
  const top = maxOf(scores);
  // One extra throw right after the first loop when leading at the end score.
  if (top === me && top >= this.endScore && (throws.length === 1 || turnSum - throws[throws.length - 1]! < lim)) return true;
  return lastRound && me + turnSum <= top;
  }
);

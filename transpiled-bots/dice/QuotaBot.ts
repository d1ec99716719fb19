import { DiceBot, fastPath, maxOf } from '../../engines/dice/bot.ts';
import { sum, max } from '../../engines/core/py/index.ts';
import type { Provenance } from '../provenance.ts';

export const provenance: Provenance = {
  challenge: 'dice',
  bot: 'QuotaBot',
  questionId: 177765,
  author: 'FlipTack',
  source: '2019-01-07 scrape of all answers: public GitHub file headed Bots downloaded from https://codegolf.stackexchange.com/questions/177765 @ 2019-01-07 16:55:45 (fixtures/dice/goldens/README.md)',
  sourceDate: '2019-01-07',
  sha256: 'f3c2fc6516fcd07c420e22b7e391edd8cc82b4ce268a0d5eede1865bd0c2a580',
};

/** A per-turn quota (15–35) that grows by 1.5 when behind the mean and shrinks when ahead; last round: beat the leader. */
export default class QuotaBot extends DiceBot {
  static readonly botName: string = 'QuotaBot';
  quota = 20;
  minquota = 15;
  maxquota = 35;

  override *makeThrow(scores: number[], lastRound: boolean): Generator<unknown, unknown, undefined> {
    const mean = sum(scores) / scores.length;
    const own = scores[this.index]!;
    if (own < mean - 5) this.quota += 1.5;
    if (own > mean + 5) this.quota -= 1.5;
    this.quota = Math.max(Math.min(this.quota, this.maxquota), this.minquota);
    if (lastRound) this.quota = max(scores) - own + 1;
    while (sum(this.currentThrows) < this.quota) yield true;
    yield false;
    return undefined;
  }
}

// The engine's fast path (engines/dice/bot.ts): makeThrow's next decision, as a function of the turn.
fastPath(
  QuotaBot,
  function (_throws, turnSum, _scores, _lastRound) {
    return turnSum < this.quota;
  },
  function (scores, lastRound) {
    const mean = sum(scores as number[]) / scores.length;
  const own = scores[this.index]!;
  if (own < mean - 5) this.quota += 1.5;
  if (own > mean + 5) this.quota -= 1.5;
  this.quota = Math.max(Math.min(this.quota, this.maxquota), this.minquota);
  if (lastRound) this.quota = maxOf(scores) - own + 1;
  return 0;
  },
);

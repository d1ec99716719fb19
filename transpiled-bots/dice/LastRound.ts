import { DiceBot, fastPath, maxOf, memorylessFastPath } from '../../engines/dice/bot.ts';
import { sum, max } from '../../engines/core/py/index.ts';
import type { Provenance } from '../provenance.ts';

export const provenance: Provenance = {
  challenge: 'dice',
  bot: 'LastRound',
  questionId: 177765,
  author: 'Spitemaster',
  source: '2019-01-07 scrape of all answers: public GitHub file headed Bots downloaded from https://codegolf.stackexchange.com/questions/177765 @ 2019-01-07 16:55:45 (fixtures/dice/goldens/README.md)',
  sourceDate: '2019-01-07',
  sha256: '53355eea6ecd052a89dd48829c7e32421155a04f4d4c9b9643d01543bbd87dd6',
};

/** Turns of 15 below 40 outside the last round, then at least level with the leader. */
export default class LastRound extends DiceBot {
  static readonly botName: string = 'LastRound';
  override *makeThrow(scores: number[], lastRound: boolean): Generator<unknown, unknown, undefined> {
    const me = scores[this.index]!;
    while (sum(this.currentThrows) < 15 && !lastRound && me + sum(this.currentThrows) < 40) yield true;
    while (max(scores) > me + sum(this.currentThrows)) yield true;
    yield false;
    return undefined;
  }
}

// The engine's fast path (engines/dice/bot.ts): makeThrow's next decision, as a function of the turn.
fastPath(LastRound, function (_throws, turnSum, scores, lastRound) {
  const me = scores[this.index]!;
  // The first loop's condition, once false, stays false (the dice only add up).
  return (turnSum < 15 && !lastRound && me + turnSum < 40) || maxOf(scores) > me + turnSum;
});
// Memoryless (bot.ts): TleilaxuBot may ask a copy of this bot through the fast path.
memorylessFastPath(LastRound);

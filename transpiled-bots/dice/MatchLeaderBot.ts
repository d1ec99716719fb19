import { DiceBot, fastPath, maxOf, memorylessFastPath } from '../../engines/dice/bot.ts';
import { sum, max } from '../../engines/core/py/index.ts';
import type { Provenance } from '../provenance.ts';

export const provenance: Provenance = {
  challenge: 'dice',
  bot: 'MatchLeaderBot',
  questionId: 177765,
  author: 'Cory Gehr',
  source: '2019-01-07 scrape of all answers: public GitHub file headed Bots downloaded from https://codegolf.stackexchange.com/questions/177765 @ 2019-01-07 16:55:45 (fixtures/dice/goldens/README.md)',
  sourceDate: '2019-01-07',
  sha256: 'b8c63978ca540a21c841faae8bf55310144cd65c3b23db65f530fc9a3a05fed4',
};

/** Throws while more than 5 behind the leader; in the last round, until level. */
export default class MatchLeaderBot extends DiceBot {
  static readonly botName: string = 'MatchLeaderBot';
  override *makeThrow(scores: number[], lastRound: boolean): Generator<unknown, unknown, undefined> {
    for (;;) {
      const currentTop = max(scores);
      const myCurrentTotal = scores[this.index]! + sum(this.currentThrows);
      const difference = currentTop - myCurrentTotal;
      if (lastRound && myCurrentTotal < currentTop) {
        yield true;
        continue;
      } else if (difference > 5) {
        yield true;
        continue;
      }
      break;
    }
    yield false;
    return undefined;
  }
}

// The engine's fast path (engines/dice/bot.ts): makeThrow's next decision, as a function of the turn.
fastPath(MatchLeaderBot, function (_throws, turnSum, scores, lastRound) {
  const top = maxOf(scores);
  const mine = scores[this.index]! + turnSum;
  return (lastRound && mine < top) || top - mine > 5;
});
// Memoryless (bot.ts): TleilaxuBot may ask a copy of this bot through the fast path.
memorylessFastPath(MatchLeaderBot);

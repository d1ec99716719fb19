import { DiceBot, fastPath, memorylessFastPath } from '../../engines/dice/bot.ts';
import { sum } from '../../engines/core/py/index.ts';
import type { Provenance } from '../provenance.ts';

export const provenance: Provenance = {
  challenge: 'dice',
  bot: 'NotTooFarBehindBot',
  questionId: 177765,
  author: 'Stuart Moore',
  source: '2019-01-07 scrape of all answers: public GitHub file headed Bots downloaded from https://codegolf.stackexchange.com/questions/177765 @ 2019-01-07 16:55:45 (fixtures/dice/goldens/README.md)',
  sourceDate: '2019-01-07',
  sha256: '5ea334bf5512c2ede706171b1321f91929826a09565df2637ac6a3d25b773e16',
};

/** Throws while more than one bot is ahead (in the last round: while anyone is). */
export default class NotTooFarBehindBot extends DiceBot {
  static readonly botName: string = 'NotTooFarBehindBot';
  override *makeThrow(scores: number[], lastRound: boolean): Generator<unknown, unknown, undefined> {
    for (;;) {
      const current = scores[this.index]! + sum(this.currentThrows);
      let ahead = 0;
      for (const x of scores) if (x > current) ahead++;
      if (ahead > 1) {
        yield true;
        continue;
      }
      if (ahead !== 0 && lastRound) {
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
fastPath(NotTooFarBehindBot, function (_throws, turnSum, scores, lastRound) {
  const current = scores[this.index]! + turnSum;
  let ahead = 0;
  for (const x of scores) if (x > current) ahead++;
  return ahead > 1 || (ahead !== 0 && lastRound);
});
// Memoryless (bot.ts): TleilaxuBot may ask a copy of this bot through the fast path.
memorylessFastPath(NotTooFarBehindBot);

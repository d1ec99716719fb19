import { DiceBot, fastPath, maxOf, memorylessFastPath } from '../../engines/dice/bot.ts';
import { max } from '../../engines/core/py/index.ts';
import type { Provenance } from '../provenance.ts';

export const provenance: Provenance = {
  challenge: 'dice',
  bot: 'CooperativeSwarmBot',
  questionId: 177765,
  author: 'Einhaender',
  source: '2019-01-07 scrape of all answers: public GitHub file headed Bots downloaded from https://codegolf.stackexchange.com/questions/177765 @ 2019-01-07 16:55:45 (fixtures/dice/goldens/README.md)',
  sourceDate: '2019-01-07',
  sha256: '4b979031c43e5333fa80e0d3cf90731fefdcb1d5984ba7dfea268efe1f1bac5d',
};

/** While every score is 0 it throws until a 6 (cooperating with its swarm); otherwise it defects: stops. */
export default class CooperativeSwarmBot extends DiceBot {
  static readonly botName: string = 'CooperativeSwarmBot';
  *defectionStrategy(_scores: number[], _lastRound: boolean): Generator<unknown, unknown, undefined> {
    yield false;
    return undefined;
  }

  override *makeThrow(scores: number[], lastRound: boolean): Generator<unknown, unknown, undefined> {
    const cooperate = max(scores) === 0;
    if (cooperate) {
      for (;;) yield true;
    } else {
      yield* this.defectionStrategy(scores, lastRound);
    }
    return undefined;
  }
}

// The engine's fast path (engines/dice/bot.ts): makeThrow's next decision, as a function of the turn.
fastPath(CooperativeSwarmBot, function (_throws, _turnSum, scores, _lastRound) {
  return maxOf(scores) === 0;
});
// Memoryless (bot.ts): TleilaxuBot may ask a copy of this bot through the fast path.
memorylessFastPath(CooperativeSwarmBot);

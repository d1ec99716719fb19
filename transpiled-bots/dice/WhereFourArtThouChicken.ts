import { DiceBot, fastPath } from '../../engines/dice/bot.ts';
import type { Provenance } from '../provenance.ts';

export const provenance: Provenance = {
  challenge: 'dice',
  bot: 'WhereFourArtThouChicken',
  questionId: 177765,
  author: 'Chronocidal',
  source: '2019-01-07 scrape of all answers: public GitHub file headed Bots downloaded from https://codegolf.stackexchange.com/questions/177765 @ 2019-01-07 16:55:45 (fixtures/dice/goldens/README.md)',
  sourceDate: '2019-01-07',
  sha256: 'f32f38e527f1bc0d0551d8bf70a81b7a27223de54f405b8c23bad8bd9d029c94',
};

/** Always four more throws. */
export default class WhereFourArtThouChicken extends DiceBot {
  static readonly botName: string = 'WhereFourArtThouChicken';
  override *makeThrow(): Generator<unknown, unknown, undefined> {
    for (let i = 0; i < 4; i++) yield true;
    yield false;
    return undefined;
  }
}

// The engine's fast path (engines/dice/bot.ts): makeThrow's next decision, as a function of the turn.
fastPath(WhereFourArtThouChicken, function (throws, _turnSum, _scores, _lastRound) {
  return throws.length - 1 < 4;
});

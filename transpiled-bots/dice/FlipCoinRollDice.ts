import { DiceBot, ENV, fastPath, memorylessFastPath } from '../../engines/dice/bot.ts';
import type { Provenance } from '../provenance.ts';

export const provenance: Provenance = {
  challenge: 'dice',
  bot: 'FlipCoinRollDice',
  questionId: 177765,
  author: 'Martijn Vissers',
  source: '2019-01-07 scrape of all answers: public GitHub file headed Bots downloaded from https://codegolf.stackexchange.com/questions/177765 @ 2019-01-07 16:55:45 (fixtures/dice/goldens/README.md)',
  sourceDate: '2019-01-07',
  sha256: 'e3e71ffd0f3560f947c7237a957bc9e9b4a7b9c520a45ea6439f2f2a583dadbe',
};

/** While a coin (global random) says so, throws once more unless its own die shows 6. */
export default class FlipCoinRollDice extends DiceBot {
  static readonly botName: string = 'FlipCoinRollDice';
  override *makeThrow(): Generator<unknown, unknown, undefined> {
    const rnd = this.env.random;
    while (rnd.randint(1, 2) === 2) {
      const throws = rnd.randint(1, 6) !== 6 ? 1 : 0;
      let x = 0;
      while (x < throws) {
        x = x + 1;
        yield true;
      }
    }
    yield false;
    return undefined;
  }
}

// The engine's fast path (engines/dice/bot.ts): makeThrow's next decision, as a function of the turn.
// Each decision: flip; tails (not 2) stops; heads rolls its own die, a non-6 throws once, a 6 flips again.
fastPath(FlipCoinRollDice, function () {
  const rnd = this[ENV].random;
  for (;;) {
    if (rnd.randint(1, 2) !== 2) return false;
    if (rnd.randint(1, 6) !== 6) return true;
  }
});
// Memoryless (bot.ts): TleilaxuBot may ask a copy of this bot through the fast path.
memorylessFastPath(FlipCoinRollDice);

import { DiceBot, fastPath, maxOf, memorylessFastPath } from '../../engines/dice/bot.ts';
import { sum, max } from '../../engines/core/py/index.ts';
import type { Provenance } from '../provenance.ts';

export const provenance: Provenance = {
  challenge: 'dice',
  bot: 'GoTo20orBestBot',
  questionId: 177765,
  author: 'CCB60',
  source: '2019-01-07 scrape of all answers: public GitHub file headed Bots downloaded from https://codegolf.stackexchange.com/questions/177765 @ 2019-01-07 16:55:45 (fixtures/dice/goldens/README.md)',
  sourceDate: '2019-01-07',
  sha256: 'cfb9c86362fb79c4a1a8a5aa4b810cabce9c4d298e3aba5e605e78e1ea27bb95',
};

/** If someone is past 40, beats them; then turns of at least 20. */
export default class GoTo20orBestBot extends DiceBot {
  static readonly botName: string = 'GoTo20orBestBot';
  override *makeThrow(scores: number[]): Generator<unknown, unknown, undefined> {
    const me = scores[this.index]!;
    if (max(scores) > 40) {
      while (me + sum(this.currentThrows) <= max(scores)) yield true;
    }
    while (sum(this.currentThrows) < 20) yield true;
    yield false;
    return undefined;
  }
}

// The engine's fast path (engines/dice/bot.ts): makeThrow's next decision, as a function of the turn.
fastPath(GoTo20orBestBot, function (_throws, turnSum, scores, _lastRound) {
  const me = scores[this.index]!;
  const top = maxOf(scores);
  return (top > 40 && me + turnSum <= top) || turnSum < 20;
});
// Memoryless (bot.ts): TleilaxuBot may ask a copy of this bot through the fast path.
memorylessFastPath(GoTo20orBestBot);

import { DiceBot, fastPath, memorylessFastPath } from '../../engines/dice/bot.ts';
import { sum, max } from '../../engines/core/py/index.ts';
import type { Provenance } from '../provenance.ts';

export const provenance: Provenance = {
  challenge: 'dice',
  bot: 'EnsureLead',
  questionId: 177765,
  author: 'Dirk Herrmann',
  source: '2019-01-07 scrape of all answers: public GitHub file headed Bots downloaded from https://codegolf.stackexchange.com/questions/177765 @ 2019-01-07 16:55:45 (fixtures/dice/goldens/README.md)',
  sourceDate: '2019-01-07',
  sha256: '282238a88559c51351f121a424db2b51d300ffcc4df407b80b8c0e14e78316b5',
};

/** Turns of 20; past 40 keeps going until 10 ahead; last round: beat the leader and stay 10 ahead of those still to play. */
export default class EnsureLead extends DiceBot {
  static readonly botName: string = 'EnsureLead';
  override *makeThrow(scores: number[], lastRound: boolean): Generator<unknown, unknown, undefined> {
    const me = scores[this.index]!;
    const otherScores = [...scores.slice(this.index + 1), ...scores.slice(0, this.index)];
    const maxOtherScore = max(otherScores);
    let maxOthersToCome = 0;
    for (const s of otherScores) {
      if (s >= 40) break;
      maxOthersToCome = Math.max(maxOthersToCome, s);
    }
    for (;;) {
      const currentScore = sum(this.currentThrows);
      const totalScore = me + currentScore;
      if (!lastRound) {
        if (totalScore >= 40) yield totalScore < maxOtherScore + 10;
        else yield currentScore < 20;
      } else if (totalScore < maxOtherScore + 1) {
        yield true;
      } else {
        yield totalScore < maxOthersToCome + 10;
      }
    }
  }
}

// The engine's fast path (engines/dice/bot.ts): makeThrow's next decision, as a function of the turn.
fastPath(EnsureLead, function (_throws, turnSum, scores, lastRound) {
  const me = scores[this.index]!;
  let maxOtherScore = -Infinity;
  for (let k = 0; k < scores.length; k++) if (k !== this.index && scores[k]! > maxOtherScore) maxOtherScore = scores[k]!;
  const totalScore = me + turnSum;
  if (!lastRound) return totalScore >= 40 ? totalScore < maxOtherScore + 10 : turnSum < 20;
  if (totalScore < maxOtherScore + 1) return true;
  // The others still to play (seat order after this bot, up to the first at 40 or more).
  let maxOthersToCome = 0;
  for (let j = 1; j < scores.length; j++) {
    const s = scores[(this.index + j) % scores.length]!;
    if (s >= 40) break;
    maxOthersToCome = Math.max(maxOthersToCome, s);
  }
  return totalScore < maxOthersToCome + 10;
});
// Memoryless (bot.ts): TleilaxuBot may ask a copy of this bot through the fast path.
memorylessFastPath(EnsureLead);

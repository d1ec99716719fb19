import { DiceBot, fastPath } from '../../engines/dice/bot.ts';
import { sum, max } from '../../engines/core/py/index.ts';
import type { Provenance } from '../provenance.ts';

export const provenance: Provenance = {
  challenge: 'dice',
  bot: 'SafetyNet',
  questionId: 177765,
  author: 'william porter',
  source: '2019-01-07 scrape of all answers: public GitHub file headed Bots downloaded from https://codegolf.stackexchange.com/questions/177765 @ 2019-01-07 16:55:45 (fixtures/dice/goldens/README.md)',
  sourceDate: '2019-01-07',
  sha256: 'f0c2bdd98a242c2317dd089f54c204cf64c421780aab8cb32994c55949cbf730',
};

/** Throws as many times as the others' recent gains suggest (gain / 3.5, less two); last round: beat the best other score. */
export default class SafetyNet extends DiceBot {
  static readonly botName: string = 'SafetyNet';
  previousScores: number[] = [];
  currentScores: number[] = [];
  difference: number[] = [];

  /** The generator's work before its first yield: the score differences since its last turn; returns average_throws. */
  beginTurn(scores: readonly number[]): number {
    this.currentScores = scores.slice();
    if (this.currentScores.length > this.previousScores.length) {
      this.previousScores = [...this.previousScores, ...new Array(this.currentScores.length - this.previousScores.length).fill(0)];
    }
    const n = Math.min(this.currentScores.length, this.previousScores.length);
    const diff: number[] = [];
    for (let k = 0; k < n; k++) diff.push(this.currentScores[k]! - this.previousScores[k]!);
    this.difference = diff.filter((x) => x > 0);
    const averageThrows = Math.trunc(sum(this.difference) / Math.max(1, this.difference.length) / 3.5);
    this.previousScores = scores.slice();
    return averageThrows;
  }

  override *makeThrow(scores: number[], lastRound: boolean): Generator<unknown, unknown, undefined> {
    const averageThrows = this.beginTurn(scores);
    const highScore = max(scores.filter((_, i) => i !== this.index));
    for (let x = 1; x < averageThrows - 1; x++) yield true;
    let currentScore = scores[this.index]! + sum(this.currentThrows);
    if (lastRound) {
      while (currentScore < highScore) {
        yield true;
        currentScore = scores[this.index]! + sum(this.currentThrows);
      }
    }
    yield false;
    return undefined;
  }
}

// The engine's fast path (engines/dice/bot.ts): makeThrow's next decision, as a function of the turn.
fastPath(
  SafetyNet,
  function (throws, turnSum, scores, lastRound, turnState) {
    // average_throws - 2 throws first, then (last round only) up to the best other score.
  if (throws.length - 1 < turnState - 2) return true;
  if (!lastRound) return false;
  let highScore = -Infinity;
  for (let k = 0; k < scores.length; k++) if (k !== this.index && scores[k]! > highScore) highScore = scores[k]!;
  return scores[this.index]! + turnSum < highScore;
  },
  function (scores, _lastRound) {
    return this.beginTurn(scores);
  },
);

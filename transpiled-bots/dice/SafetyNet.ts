import { DiceBot } from '../../engines/dice/bot.ts';
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

  override *makeThrow(scores: number[], lastRound: boolean): Generator<unknown, unknown, undefined> {
    this.currentScores = scores.slice();
    if (this.currentScores.length > this.previousScores.length) {
      this.previousScores = [...this.previousScores, ...new Array(this.currentScores.length - this.previousScores.length).fill(0)];
    }
    const n = Math.min(this.currentScores.length, this.previousScores.length);
    const diff: number[] = [];
    for (let k = 0; k < n; k++) diff.push(this.currentScores[k]! - this.previousScores[k]!);
    this.difference = diff.filter((x) => x > 0);
    const averageThrows = Math.trunc(sum(this.difference) / Math.max(1, this.difference.length) / 3.5);
    const highScore = max(scores.filter((_, i) => i !== this.index));
    this.previousScores = scores.slice();
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

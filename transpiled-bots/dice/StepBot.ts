import { DiceBot } from '../../engines/dice/bot.ts';
import { sum, max } from '../../engines/core/py/index.ts';
import type { Provenance } from '../provenance.ts';

export const provenance: Provenance = {
  challenge: 'dice',
  bot: 'StepBot',
  questionId: 177765,
  author: 'Belhenix',
  source: '2019-01-07 scrape of all answers: public GitHub file headed Bots downloaded from https://codegolf.stackexchange.com/questions/177765 @ 2019-01-07 16:55:45 (fixtures/dice/goldens/README.md)',
  sourceDate: '2019-01-07',
  sha256: '2558e47e1911a3230cdd786d7c0b0aa59a10887ded85978a9aa7a5aed32a2b7d',
};

/** Targets that step up over the first turns; rushes once past its break point with a random target (global random). */
export default class StepBot extends DiceBot {
  static readonly botName: string = 'StepBot';
  cycles = 0;
  steps = 8;
  smallTarget = 15;
  bigTarget = 20;
  rush = true;
  /** Target for the game. */
  breakPoint = 40;

  override *makeThrow(scores: number[], lastRound: boolean): Generator<unknown, unknown, undefined> {
    const me = scores[this.index]!;
    this.bigTarget += 1;
    this.cycles += 1;
    this.steps += 1;
    if (this.cycles <= 3) this.smallTarget += 1;
    else this.bigTarget -= this.steps % 2 === 0 ? 1 : 0;
    let target = me < 12 ? this.bigTarget : this.cycles <= 3 ? this.bigTarget : this.smallTarget;
    if (lastRound && max(scores) - Math.floor(target / 3) > me) {
      while (max(scores) > me + sum(this.currentThrows)) yield true;
    } else {
      if (lastRound) this.breakPoint = max(scores);
      let currentStep = 1;
      while (currentStep <= this.steps) {
        currentStep += 1;
        if (sum(this.currentThrows) > target) break;
        yield true;
        if (me + sum(this.currentThrows) > this.breakPoint && this.rush) {
          currentStep = 1;
          this.steps = 2;
          this.rush = false;
          // One global-random draw in 7..15; 8 plus the floored square root (a float in the original).
          target = 8 + Math.floor(Math.sqrt(this.env.random.randint(7, 15)));
        }
      }
      while (lastRound && max(scores) > me + sum(this.currentThrows)) yield true;
    }
    yield false;
    return undefined;
  }
}

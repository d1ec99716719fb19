import { DiceBot, fastPath } from '../../engines/dice/bot.ts';
import type { Provenance } from '../provenance.ts';

export const provenance: Provenance = {
  challenge: 'dice',
  bot: 'SlowStart',
  questionId: 177765,
  author: 'quite.SimpLe',
  source: '2019-01-07 scrape of all answers: public GitHub file headed Bots downloaded from https://codegolf.stackexchange.com/questions/177765 @ 2019-01-07 16:55:45 (fixtures/dice/goldens/README.md)',
  sourceDate: '2019-01-07',
  sha256: 'b5bcbed8ceb5d14c8979d3a3ed484744a4e43583ef5f97e11d97f995462fe4c2',
};

/** Doubles its planned throws after each completed turn (its loop counter never advances: it throws until a 6 once the plan exceeds one throw). */
export default class SlowStart extends DiceBot {
  static readonly botName: string = 'SlowStart';
  completeLastRound = false;
  nor = 1;
  threshold = 8;

  updateValues(): void {
    if (this.completeLastRound) {
      if (this.nor < this.threshold) this.nor *= 2;
      else this.nor += 1;
    } else {
      this.threshold = Math.floor(this.nor / 2);
      this.nor = 1;
    }
  }

  override *makeThrow(): Generator<unknown, unknown, undefined> {
    this.updateValues();
    this.completeLastRound = false;
    const i = 1;
    while (i < this.nor) yield true;
    this.completeLastRound = true;
    yield false;
    return undefined;
  }
}

// The engine's fast path (engines/dice/bot.ts): makeThrow's next decision, as a function of the turn.
fastPath(
  SlowStart,
  function (_throws, _turnSum, _scores, _lastRound) {
    if (1 < this.nor) return true;
  // Leaving the loop (never after a 6) marks the turn complete.
  this.completeLastRound = true;
  return false;
  },
  function (_scores, _lastRound) {
    this.updateValues();
  this.completeLastRound = false;
  return 0;
  },
);

import { DiceBot, ENV, fastPath, maxOf } from '../../engines/dice/bot.ts';
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

  /** What makeThrow does before anything else: steps its targets; the turn's target. */
  startTurn(me: number): number {
    this.bigTarget += 1;
    this.cycles += 1;
    this.steps += 1;
    if (this.cycles <= 3) this.smallTarget += 1;
    else this.bigTarget -= this.steps % 2 === 0 ? 1 : 0;
    return me < 12 ? this.bigTarget : this.cycles <= 3 ? this.bigTarget : this.smallTarget;
  }

  override *makeThrow(scores: number[], lastRound: boolean): Generator<unknown, unknown, undefined> {
    const me = scores[this.index]!;
    let target = this.startTurn(me);
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

/**
 * The fast path's place in makeThrow during a turn (the generator's locals), kept on the bot
 * under a symbol: engine state, not an attribute (copies share it; they never take the fast path).
 */
const TURN: unique symbol = Symbol('StepBot turn');
/** CATCH_UP: the last-round chase; STEP: at the step loop's test; RESUMED: just after its `yield True`; TAIL: the last-round tail. */
const Phase = { CATCH_UP: 0, STEP: 1, RESUMED: 2, TAIL: 3 } as const;
type Phase = (typeof Phase)[keyof typeof Phase];
interface StepTurn {
  phase: Phase;
  me: number;
  target: number;
  currentStep: number;
}
type FastStepBot = StepBot & { [TURN]?: StepTurn };

// The engine's fast path (engines/dice/bot.ts): makeThrow as a small state machine over the
// phases above. The rush's draw happens where the generator resumes after a `yield True` (so
// never after a 6), as in makeThrow.
fastPath(
  StepBot as typeof StepBot & { prototype: FastStepBot },
  function (_throws, turnSum, scores, lastRound) {
    const t = this[TURN]!;
    if (t.phase === Phase.CATCH_UP) return maxOf(scores) > t.me + turnSum;
    if (t.phase === Phase.RESUMED) {
      if (t.me + turnSum > this.breakPoint && this.rush) {
        t.currentStep = 1;
        this.steps = 2;
        this.rush = false;
        t.target = 8 + Math.floor(Math.sqrt(this[ENV].random.randint(7, 15)));
      }
      t.phase = Phase.STEP;
    }
    if (t.phase === Phase.STEP) {
      if (t.currentStep <= this.steps) {
        t.currentStep += 1;
        if (!(turnSum > t.target)) {
          t.phase = Phase.RESUMED;
          return true;
        }
      }
      t.phase = Phase.TAIL;
    }
    return lastRound && maxOf(scores) > t.me + turnSum;
  },
  function (scores, lastRound) {
    const me = scores[this.index]!;
    const target = this.startTurn(me);
    const t = (this[TURN] ??= { phase: Phase.STEP, me: 0, target: 0, currentStep: 1 });
    t.me = me;
    t.target = target;
    t.currentStep = 1;
    if (lastRound && maxOf(scores) - Math.floor(target / 3) > me) {
      t.phase = Phase.CATCH_UP;
    } else {
      if (lastRound) this.breakPoint = maxOf(scores);
      t.phase = Phase.STEP;
    }
    return 0;
  },
);

import { DiceBot, fastPath } from '../../engines/dice/bot.ts';
import { sum, max } from '../../engines/core/py/index.ts';
import type { Provenance } from '../provenance.ts';

export const provenance: Provenance = {
  challenge: 'dice',
  bot: 'BePrepared',
  questionId: 177765,
  author: 'histocrat',
  source: '2019-01-07 scrape of all answers: public GitHub file headed Bots downloaded from https://codegolf.stackexchange.com/questions/177765 @ 2019-01-07 16:55:45 (fixtures/dice/goldens/README.md)',
  sourceDate: '2019-01-07',
  sha256: '5943e931ced8f4b50754ba4aef56b382aad12c2d610bd331c53360ff149cb0b0',
};

// The bot's odds table, carried over as data.
const ODDS: readonly number[] = [
  1.0, 0.8334, 0.8056, 0.7732, 0.7354, 0.6913, 0.6398, 0.6075, 0.5744, 0.5414, 0.509, 0.4786, 0.4519, 0.426, 0.4012,
  0.3778, 0.3559, 0.3354, 0.316, 0.2977, 0.2805, 0.2643, 0.249, 0.2347, 0.221, 0.2083, 0.1962, 0.1848, 0.1742, 0.1641,
  0.1546, 0.1457, 0.1372, 0.1293, 0.1218, 0.1147, 0.1081, 0.1018, 0.0959, 0.0904, 0.0851, 0.0802, 0.0755, 0.0712, 0.067,
  0.0631, 0.0595, 0.0561, 0.0528, 0.0498, 0.0469, 0.0442, 0.0416, 0.0392, 0.0369, 0.0348, 0.0328, 0.0309, 0.0291, 0.0274,
  0.0258, 0.0243, 0.0229, 0.0216, 0.0204, 0.0192, 0.0181, 0.017, 0.0161, 0.0151, 0.0142, 0.0134, 0.0126, 0.0119, 0.0112,
  0.0106, 0.0099, 0.0094, 0.0088, 0.0083, 0.0078, 0.0074, 0.007, 0.0066, 0.0062, 0.0058, 0.0055, 0.0052, 0.0049, 0.0046,
  0.0043,
];

/** Aims for min(20, 37 - score); in the last round picks the target that maximises its odds of winning from a table of reaching odds. */
export default class BePrepared extends DiceBot {
  static readonly botName: string = 'BePrepared';
  /** Odds of reaching a turn total of n (index 0..90): the bot's own constant table. */
  static readonly ODDS: readonly number[] = ODDS;

  oddsOfReaching(target: number): number {
    if (target < 0) return 1;
    if (target > 90) return 0;
    return ODDS[target]!;
  }

  oddsOfWinningWith(target: number, scores: readonly number[]): number {
    let odds = this.oddsOfReaching(target);
    for (const score of scores) odds *= 1 - this.oddsOfReaching(target - score + 2);
    return odds;
  }

  /** The last-round target: the turn total (`gone`: its turn so far) that maximises its odds of winning. */
  lastRoundTarget(scores: readonly number[], turnSoFar: number): number {
    const me = scores[this.index]!;
    const gone = [turnSoFar];
    const toGo: number[] = [];
    for (const score of [...scores.slice(0, this.index), ...scores.slice(this.index + 1)]) {
      const delta = score - me;
      if (score < this.endScore) toGo.push(delta);
      else gone.push(delta);
    }
    let target = max(gone);
    let odds = this.oddsOfWinningWith(target, toGo);
    let nextOdds = this.oddsOfWinningWith(target + 1, toGo);
    while (nextOdds > odds) {
      target += 1;
      odds = nextOdds;
      nextOdds = this.oddsOfWinningWith(target + 1, toGo);
    }
    return target;
  }

  override *makeThrow(scores: number[], lastRound: boolean): Generator<unknown, unknown, undefined> {
    const me = scores[this.index]!;
    const target = lastRound ? this.lastRoundTarget(scores, sum(this.currentThrows)) : Math.min(20, this.endScore - me - 3);
    while (sum(this.currentThrows) < target) yield true;
    if (lastRound || sum(this.currentThrows) + me < this.endScore) {
      yield false;
    } else {
      // The original re-enters its own method (looked up on the instance) in last-round mode and passes on every value.
      yield* this.makeThrow(scores, true);
    }
    return undefined;
  }
}

/** The fast path's turn state (the generator's locals), on the bot under a symbol: engine state, not an attribute. */
const TURN: unique symbol = Symbol('BePrepared turn');
interface PreparedTurn {
  /** The lastRound of the makeThrow frame now running (true after the re-entry). */
  last: boolean;
  target: number;
}
type FastBePrepared = BePrepared & { [TURN]?: PreparedTurn };

// The engine's fast path (engines/dice/bot.ts): the first decision of a turn (one die so far)
// sets the target as makeThrow's start does; the re-entry in last-round mode (at most once a
// turn: after it the frame's lastRound is true) sets the new target from the turn so far.
fastPath(BePrepared as typeof BePrepared & { prototype: FastBePrepared }, function (throws, turnSum, scores, lastRound) {
  const me = scores[this.index]!;
  const t = (this[TURN] ??= { last: false, target: 0 });
  if (throws.length === 1) {
    t.last = lastRound;
    t.target = lastRound ? this.lastRoundTarget(scores, turnSum) : Math.min(20, this.endScore - me - 3);
  }
  if (turnSum < t.target) return true;
  if (t.last || turnSum + me < this.endScore) return false;
  t.last = true;
  t.target = this.lastRoundTarget(scores, turnSum);
  return turnSum < t.target;
});

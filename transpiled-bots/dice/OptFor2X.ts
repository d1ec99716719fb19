import { DiceBot, fastPath, maxOf, memorylessFastPath } from '../../engines/dice/bot.ts';
import { PythonError, at, max, sum } from '../../engines/core/py/index.ts';
import type { Provenance } from '../provenance.ts';
import { expectWin, oddsTable, throwAgain } from './sievers-odds.ts';

export const provenance: Provenance = {
  challenge: 'dice',
  bot: 'OptFor2X',
  questionId: 177765,
  author: 'Christian Sievers',
  source: '2019-01-07 scrape of all answers: public GitHub file headed Bots downloaded from https://codegolf.stackexchange.com/questions/177765 @ 2019-01-07 16:55:45 (fixtures/dice/goldens/README.md)',
  sourceDate: '2019-01-07',
  sha256: '232b73b9a6038217e0c646188ba3a0b7d19bca8cded904f6bdaacb7f99759cea',
  notes: 'Rows 1–13 of its target table are None in the original: with such an own score outside the last round it raises TypeError (it never banks fewer than 14 points, so real games do not reach them).',
};

type Spec = number | number[];

/**
 * The original's table encoding, expanded: an int x>0 is x; -x is x twice; [a] is a..a+2
 * ([-a] is a three times); [a, b] is a..b ([-a, b] is b, a times); the row is padded to 40
 * with its last value.
 */
function expand(spec: readonly Spec[]): number[] {
  const res: number[] = [];
  for (const x of spec) {
    let a: number;
    let b: number;
    if (typeof x === 'number') {
      if (x > 0) a = b = x;
      else [a, b] = [-2, -x];
    } else if (x.length === 1) {
      a = x[0]!;
      if (a < 0) [a, b] = [-3, -a];
      else b = a + 2;
    } else {
      [a, b] = [x[0]!, x[1]!];
    }
    if (a < 0) for (let k = 0; k < -a; k++) res.push(b);
    else for (let v = a; v <= b; v++) res.push(v);
  }
  const last = res[res.length - 1]!;
  for (let k = res.length; k < 40; k++) res.push(last);
  return res;
}

/** Its turn targets by [own score][best other score] (the bot's constant table). */
const R: readonly (readonly number[] | null)[] = [
  expand([[-8, 14], -15, [-6, 17], [18, 21], [21], -23, -24, 25, [-3, 21], [22, 29]]),
  ...new Array<null>(13).fill(null),
  ...(
    [
      [[-19, 13], [-4, 12], -13, [-14], [-5, 15], [-4, 16], -17, 18],
      [[-6, 12], [-11, 13], [-4, 12], -11, -12, [-13], [-14], [-5, 15], -16, 17],
      [11, 11, [-10, 12], -13, [-24], 13, 12, [-6, 11], -12, [-13], [-6, 14], -15, 16],
      [[-8, 11], -12, 13, [-9, 23], 11, [-10], [-11], [-12], [-5, 13], -14, [14]],
      [[-4, 10], [-11], 12, [-14, 22], 10, 9, -10, [-4, 11], [-5, 12], -13, -14, 15],
      [[-4, 10], 11, [-18, 21], [-9], [-10], [-5, 11], [-12], -13, 14],
      [[-24, 20], [-5, 9], [-4, 10], [-4, 11], -12, 13],
      [[-25, 19], [-8], [-4, 9], [-4, 10], -11, 12],
      [[-26, 18], [-5, 8], [-5, 9], 10, [10]],
      [[-27, 17], [-4, 7], [-5, 8], 9, [9]],
      [[-28, 16], -6, [-5, 7], -8, -9, 10],
      [[-29, 15], [-5, 6], [-7], -8, 9],
      [[-29, 14], [-4, 5], [-4, 6], [7]],
      [[-30, 13], -4, [-4, 5], 6, [6]],
      [[-31, 12], [-5, 4], 5, [5]],
      [[-31, 11], [-4, 3], [3], 5, 6],
      [[-31, 10], 11, [-2], 3, [3]],
      [[-31, 9], 10, 2, -1, 2, [2]],
      [[-31, 8], 9, [-4, 1], [1]],
      [[-30, 7], [7], [-5, 1], 2],
      [[-30, 6], [6], 1],
      [[-31, 5], [6], 1],
      [[-31, 4], [5, 8], 1],
      [[-31, 3], [4, 7], 1],
      [[-31, 2], [3, 6], 1],
      [[-31, 1], [2, 10]],
    ] as Spec[][]
  ).map(expand),
];

/** P[n]: its probability table (computed from constants exactly as the original, same float order). */
const P: readonly number[] = (() => {
  const l = [0.0, 0.0, 0.0, 0.0, 1.0];
  for (let i = 0; i < 300; i++) {
    let s = 0;
    for (let j = i; j < l.length; j++) s += l[j]! / 6;
    l.push(s);
  }
  return oddsTable(l);
})();

/** Table-driven targets outside the last round; past 40 (or in the last round) throws while the odds of winning improve. */
export default class OptFor2X extends DiceBot {
  static readonly botName: string = 'OptFor2X';
  declare currentSum: number;

  override updateState(currentThrows: number[]): void {
    super.updateState(currentThrows);
    this.currentSum = sum(this.currentThrows);
  }

  expect(mts: number, ops: readonly number[]): number {
    return expectWin(P, mts, ops);
  }

  throwAgain(mts: number, ops: readonly number[]): boolean {
    return throwAgain(P, mts, ops);
  }

  override *makeThrow(scores: number[], lastRound: boolean): Generator<unknown, unknown, undefined> {
    const myscore = scores[this.index]!;
    let target: number;
    let opscores: number[];
    if (lastRound) {
      target = max(scores) - myscore;
      if (max(scores) < 40) {
        opscores = scores.slice(this.index + 1);
      } else {
        opscores = [];
        let i = (this.index + 1) % scores.length;
        while (scores[i]! < 40) {
          opscores.push(scores[i]!);
          i = (i + 1) % scores.length;
        }
      }
    } else {
      opscores = scores.filter((_, i) => i !== this.index);
      const bestop = max(opscores);
      const row = at(R, myscore);
      if (row === null) throw new PythonError('TypeError', "'NoneType' object is not subscriptable");
      target = Math.min(at(row, bestop), 40 - myscore);
    }
    while (this.currentSum < target) yield true;
    const lr = lastRound || myscore + this.currentSum >= 40;
    while (lr && this.throwAgain(myscore + this.currentSum, opscores)) yield true;
    yield false;
    return undefined;
  }
}

// The engine's fast path (engines/dice/bot.ts): makeThrow's next decision, as a function of the turn.
fastPath(
  OptFor2X,
  function (_throws, turnSum, scores, lastRound) {
    const myscore = scores[this.index]!;
  let target: number;
  if (lastRound) {
    target = maxOf(scores) - myscore;
  } else {
    let bestop = -Infinity;
    for (let k = 0; k < scores.length; k++) if (k !== this.index && scores[k]! > bestop) bestop = scores[k]!;
    const row = at(R, myscore);
    if (row === null) throw new PythonError('TypeError', "'NoneType' object is not subscriptable");
    target = Math.min(at(row, bestop), 40 - myscore);
  }
  if (turnSum < target) return true;
  // The generator fixes lr when it leaves its first loop; reaching here again means it was true, and it stays true.
  if (!(lastRound || myscore + turnSum >= 40)) return false;
  let opscores: number[];
  if (!lastRound) {
    opscores = scores.filter((_, i) => i !== this.index);
  } else if (maxOf(scores) < 40) {
    opscores = scores.slice(this.index + 1);
  } else {
    opscores = [];
    let i = (this.index + 1) % scores.length;
    while (scores[i]! < 40) {
      opscores.push(scores[i]!);
      i = (i + 1) % scores.length;
    }
  }
  return this.throwAgain(myscore + turnSum, opscores);
  }
);
// Memoryless (bot.ts): TleilaxuBot may ask a copy of this bot through the fast path.
memorylessFastPath(OptFor2X);

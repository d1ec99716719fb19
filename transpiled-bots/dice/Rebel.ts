import { DiceBot, fastPath, maxOf, replaceMakeThrow } from '../../engines/dice/bot.ts';
import { max, PythonError, sum } from '../../engines/core/py/index.ts';
import { bindMethod } from '../../engines/core/py/index.ts';
import type { Provenance } from '../provenance.ts';
import { expectWin, oddsTable, throwAgain } from './sievers-odds.ts';

export const provenance: Provenance = {
  challenge: 'dice',
  bot: 'Rebel',
  questionId: 177765,
  author: 'Christian Sievers',
  source: '2019-01-07 scrape of all answers: public GitHub file headed Bots downloaded from https://codegolf.stackexchange.com/questions/177765 @ 2019-01-07 16:55:45 (fixtures/dice/goldens/README.md)',
  sourceDate: '2019-01-07',
  sha256: 'c43d6e510376117644a4486968ddcb78a28ad314cb21fd43cce11fcab603afa7',
  notes:
    'Keeps its own make_throw as a bound method and restores it in update_state (against HarkonnenBot); ' +
    'a TleilaxuBot ghola of it therefore answers with a deep copy of the Rebel (bindMethod/pyDeepCopy model this).',
};

/** p[n]: its probability table, computed from constants exactly as the original (same float order). */
const P: readonly number[] = (() => {
  const l = [0, 0, 0, 0, 0, 1];
  for (let i = 0; i < 300; i++) {
    let s = 0;
    for (let j = i; j < l.length; j++) s += l[j]!;
    l.push(s / 6);
  }
  return oddsTable(l);
})();

/** Hesitate-like targets (17 from zero, else 35); past 40 throws while its odds of staying ahead improve. */
export default class Rebel extends DiceBot {
  static readonly botName: string = 'Rebel';
  hideFromHarkonnen: DiceBot['makeThrow'];
  declare currentSum: number;

  constructor(...args: ConstructorParameters<typeof DiceBot>) {
    super(...args);
    this.hideFromHarkonnen = bindMethod(this, Rebel.prototype.makeThrow);
  }

  override updateState(currentThrows: number[]): void {
    super.updateState(currentThrows);
    this.currentSum = sum(this.currentThrows);
    // "remember who we are"
    replaceMakeThrow(this, this.hideFromHarkonnen);
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
    // A copy that never had update_state (see the fast path below) has no current_throws yet.
    if (this.currentThrows === undefined) throw new PythonError('AttributeError', "'Rebel' object has no attribute 'current_throws'");
    if (this.currentThrows.length > 1) target = 666; // "hello Tleilaxu!"
    else if (lastRound) target = max(scores);
    else if (myscore === 0) target = 17;
    else target = 35;
    while (myscore + this.currentSum < target) yield true;
    if (myscore + this.currentSum < 40) yield false;
    let opscores = [...scores.slice(this.index + 1), ...scores.slice(0, this.index)];
    for (let i = 0; i < opscores.length; i++) {
      if (opscores[i]! >= 40) {
        opscores = opscores.slice(0, i);
        break;
      }
    }
    for (;;) yield this.throwAgain(myscore + this.currentSum, opscores);
  }
}

// The engine's fast path (engines/dice/bot.ts). makeThrow's target is fixed at its first resume,
// where update_state has just given it one die (so never 666 here); its loops only look at the
// running sum, so each decision follows from the dice so far. What update_state would have left
// on the bot is stored as it goes: a TleilaxuBot's copy of this bot reads currentThrows and
// currentSum later (through hide_from_harkonnen, bound to a copy of the whole Rebel). Its
// restoring of make_throw is not needed here: the fast path is only taken while the method is
// still the class's own (a drugged Rebel takes the generator, whose update_state restores it).
fastPath(Rebel, function (throws, turnSum, scores, lastRound) {
  this.currentThrows = throws.slice();
  this.currentSum = turnSum;
  const myscore = scores[this.index]!;
  const target = lastRound ? maxOf(scores) : myscore === 0 ? 17 : 35;
  const mts = myscore + turnSum;
  if (mts < target) return true;
  if (mts < 40) return false;
  const n = scores.length;
  const opscores: number[] = [];
  for (let k = 1; k < n; k++) {
    const s = scores[(this.index + k) % n]!;
    if (s >= 40) break;
    opscores.push(s);
  }
  return this.throwAgain(mts, opscores);
});

/**
 * The check behind `memorylessFastPath` (bot.ts): on given situations, does a FRESH makeThrow
 * generator's first yield after updateState(throws) equal the class's fast decision, with no
 * attribute changed and no draw from the global generator on either side? TleilaxuBot asks
 * its copy of the leader with a fresh generator per question and takes this shortcut for the
 * classes that claim it; transpiled-bots/dice/memoryless.test.ts runs this over every claim.
 */
import { isDeepStrictEqual } from 'node:util';
import { PyRandom } from '../core/rng/python-random.ts';
import { PythonError, pyDeepCopy, pyTruthy, sum } from '../core/py/index.ts';
import { fastDecideOf, type DiceBot, type DiceBotClass } from './bot.ts';
import { harnessTable, type TraceFile } from './trace.ts';

/** One question: a seat, the scores and last-round flag of the turn, the dice so far (no 6). */
export interface Situation {
  index: number;
  scores: number[];
  lastRound: boolean;
  throws: number[];
  /** random.seed of the global generator before the question. */
  rngSeed: number;
  /** Class names of the game's 8 seats (the bot's own seat included), when known. */
  gameBots?: string[];
}

export interface FreshMismatch {
  situation: Situation;
  generator: string;
  fast: string;
}

/** Every question a trace asked (each decision point of each turn), as situations. */
export function traceSituations(trace: TraceFile): Situation[] {
  const out: Situation[] = [];
  for (const c of trace.cases) {
    for (const t of c.turns) {
      for (let k = 1; k <= t.decisions.length && k <= t.throws.length; k++) {
        const throws = t.throws.slice(0, k);
        if (throws.includes(6)) break;
        out.push({ index: c.index, scores: t.scores, lastRound: t.lastRound, throws, rngSeed: t.rngSeed, gameBots: c.gameBots ?? trace.gameBots });
      }
    }
  }
  return out;
}

/** `n` made-up situations from a seeded generator: any seat, scores 0–59, 1–10 dice of 1–5. */
export function randomSituations(n: number, seed: string): Situation[] {
  const r = new PyRandom(seed);
  const out: Situation[] = [];
  for (let i = 0; i < n; i++) {
    const scores = Array.from({ length: 8 }, () => r.randbelow(60));
    const throws = Array.from({ length: 1 + r.randbelow(10) }, () => 1 + r.randbelow(5));
    out.push({ index: r.randbelow(8), scores, lastRound: r.randbelow(2) === 1, throws, rngSeed: r.randbelow(1 << 30) });
  }
  return out;
}

/**
 * The situations where `cls`'s fresh first yield and its fast decision differ (or either
 * changed the bot or drew from the generator). Each side gets its own newly built bot.
 */
export function freshAnswerMismatches(cls: DiceBotClass, situations: readonly Situation[], classes: ReadonlyMap<string, DiceBotClass>): FreshMismatch[] {
  const { random, seat } = harnessTable(classes, [...classes.values()]);
  const build = (s: Situation): DiceBot => seat(cls, s.index, s.gameBots, `situation of ${cls.botName}`);
  const outcome = (bot: DiceBot, s: Situation, ask: () => string): string => {
    random.seed(s.rngSeed);
    const before = pyDeepCopy(bot);
    let answer: string;
    try {
      answer = ask();
    } catch (e) {
      answer = `error ${e instanceof PythonError ? e.pyType : (e as Error).name}`;
    }
    if (!isDeepStrictEqual(before, bot)) answer += ' (changed the bot)';
    return `${answer} rng ${random.getrandbits(32)}`;
  };
  const mismatches: FreshMismatch[] = [];
  for (const s of situations) {
    const a = build(s);
    a.updateState(s.throws.slice());
    const generator = outcome(a, s, () => {
      const r = a.makeThrow(s.scores.slice(), s.lastRound).next();
      return r.done ? 'exhausted' : String(pyTruthy(r.value));
    });
    const b = build(s);
    const decide = fastDecideOf(b);
    const turnSum = sum(s.throws);
    const fast = decide === undefined ? 'no fast path' : outcome(b, s, () => String(decide.call(b, s.throws, turnSum, s.scores, s.lastRound, 0)));
    if (generator !== fast) mismatches.push({ situation: s, generator, fast });
  }
  return mismatches;
}

import { describe, expect, it } from 'vitest';
import { fixture } from '../../test/fixtures.ts';
import { freshAnswerMismatches, randomSituations, traceSituations, type FreshMismatch } from '../../engines/dice/memoryless.ts';
import type { TraceFile } from '../../engines/dice/trace.ts';
import { diceBotClasses } from './index.ts';

// Every class that declares memorylessFastPath (engines/dice/bot.ts) answers a FRESH generator's
// first question as its fast path does: on every question its trace asked, and on made-up ones.
const classes = new Map(diceBotClasses.map((c) => [c.botName, c]));
const claims = diceBotClasses.filter((c) => c.prototype.fastMemoryless === c);
const madeUp = randomSituations(1500, 'memoryless fast paths');

const show = (ms: FreshMismatch[]): string =>
  ms
    .slice(0, 3)
    .map((m) => `${JSON.stringify(m.situation)}\n  fresh generator: ${m.generator}\n  fast path:       ${m.fast}`)
    .join('\n');

describe('memoryless fast paths (TleilaxuBot asks gholas through them)', () => {
  it('are claimed by the classes whose generators only look at the dice so far', () => {
    expect(claims.length).toBeGreaterThanOrEqual(29);
  });
  for (const cls of claims) {
    it(cls.botName, () => {
      const traced = traceSituations(fixture<TraceFile>(`dice/traces/${cls.botName}.json.gz`));
      expect(traced.length).toBeGreaterThan(1000);
      const ms = freshAnswerMismatches(cls, [...traced, ...madeUp], classes);
      expect(ms.length, show(ms)).toBe(0);
    });
  }

  it('the check tells a generator that counts its questions from one that does not', () => {
    // ThrowTwiceBot yields True, then False: a fresh generator always says True, its fast path
    // says False once two dice are down.
    const twice = freshAnswerMismatches(classes.get('ThrowTwiceBot')!, madeUp, classes);
    expect(twice.length).toBeGreaterThan(100);
    expect(twice[0]!.generator).toMatch(/^true/);
    expect(twice[0]!.fast).toMatch(/^false/);
    // A fast path that changes the bot is caught as well (BePrepared keeps its state on the bot).
    const prepared = freshAnswerMismatches(classes.get('BePrepared')!, madeUp.slice(0, 50), classes);
    expect(prepared.some((m) => m.fast.includes('changed the bot'))).toBe(true);
  });
});

/**
 * Hosted dice games (engines/dice/host.ts) with posted answers in the Pyodide sandbox: our own
 * few-line bots among ports. An answer scores what the same bot written in TypeScript scores on
the same generator, and a game's result depends on its seed key and seats only: the same
 * batch gives the same results in tasks of 1 game on 2 workers, of the whole batch on 1 worker,
 * and game by game. Sandbox lane (vitest.config.ts).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { findGame, replayKit } from '../registry.ts';
import type { HostJob } from '../core/host/play.ts';
import { decodeResult } from '../core/host/result.ts';
import type { SandboxPool } from '../core/sandbox/pool.ts';
import { sha256 } from '../../scraper/extract.ts';
import { pairGenerator } from '../core/ab/pairs.ts';
import { generatorKind } from '../core/rng/generators.ts';
import type { PyRandom } from '../core/rng/python-random.ts';
import { DiceBot, type DiceBotClass } from './bot.ts';
import { diceClass } from './ports.ts';
import { DEFAULT_SETTINGS, DiceController } from './rules.ts';
import { diceFlags } from './variants.ts';

/** Steady written in TypeScript: the sandboxed answer must score what it scores. */
class SteadyTs extends DiceBot {
  static readonly botName = 'Steady';
  override *makeThrow(): Generator<unknown, unknown, undefined> {
    while (this.currentThrows.reduce((a, b) => a + b, 0) < 15) yield true;
    yield false;
    return undefined;
  }
}

const STEADY = 'class Steady(Bot):\n    def make_throw(self, scores, last_round):\n        while sum(self.current_throws) < 15:\n            yield True\n        yield False\n';
const COUNTER = 'import random\nclass Counter(Bot):\n    n = 0\n    def make_throw(self, scores, last_round):\n        Counter.n += 1\n        yield random.random() < 0.5 + 0.01 * (Counter.n % 3)\n';
const steady = { sha256: sha256(STEADY), className: 'Steady' };
const counter = { sha256: sha256(COUNTER), className: 'Counter' };

const JOB: HostJob = {
  run: 'host/test/rules/fixed',
  rules: 'fixed',
  code: { [steady.sha256]: STEADY, [counter.sha256]: COUNTER },
  games: [
    { seedKey: 0, seats: [steady, 'GoToTenBot', counter] },
    { seedKey: 0, seats: [counter, steady, 'GoToTenBot'] },
    { seedKey: 7, seats: [steady, steady, counter, counter] },
    { seedKey: 3, seats: ['ThrowTwiceBot', 'GoToTenBot'] },
    { seedKey: 5, seats: [steady, 'GoToTenBot', steady, 'ThrowTwiceBot'] },
    { seedKey: 9, seats: [counter, 'ThrowTwiceBot'] },
  ],
};

const pools: SandboxPool[] = [];
afterAll(async () => {
  for (const p of pools) await p.destroy();
});

describe('dice hosted games', () => {
  it('results are a function of (seed key, seats): equal for any batch split and worker count', async () => {
    const host = findGame('dice')!.engine!.host!;
    const kit = replayKit();
    const two = kit.sandboxPool('dice', 2, { timeoutMs: host.timeLimitMs });
    pools.push(two);
    const one = kit.sandboxPool('dice', 1, { timeoutMs: host.timeLimitMs });
    pools.push(one);
    const split = await host.playGames(JOB, { kit, sandbox: two, batch: 1 });
    const whole = await host.playGames(JOB, { kit, sandbox: one, batch: 100 });
    // Game by game, in reverse order (the worker played others before each).
    const alone = [];
    for (const g of [...JOB.games].reverse()) alone.unshift(...(await host.playGames({ ...JOB, games: [g] }, { kit, sandbox: one })));
    expect(whole).toEqual(split);
    expect(alone).toEqual(split);
    for (const [i, o] of split.entries()) {
      expect('result' in o, JSON.stringify(o)).toBe(true);
      if (!('result' in o)) continue;
      const r = decodeResult(o.result);
      expect(r.kind === 'score' && r.scores.length).toBe(JOB.games[i]!.seats.length);
    }
    // The answer scores what the same bot written in TypeScript scores, in-process, on the same generator.
    let compared = 0;
    for (const [i, g] of JOB.games.entries()) {
      if (g.seats.some((x) => typeof x !== 'string' && x.className !== 'Steady')) continue;
      compared++;
      const classes = g.seats.map((x) => (typeof x === 'string' ? diceClass(x)! : (SteadyTs as unknown as DiceBotClass)));
      const c = new DiceController(classes, pairGenerator(generatorKind('cpython3'), JOB.run, g.seedKey) as PyRandom, diceFlags('fixed'), { ...DEFAULT_SETTINGS, botsPerGame: classes.length });
      c.simulate(1);
      const last = c.lastGame()!;
      const scores: number[] = [];
      last.seats.forEach((ci, j) => (scores[ci] = last.scores[j]!));
      expect(split[i]).toEqual({ result: `s:${scores.join(',')}` });
    }
    expect(compared).toBe(2);
    // Another seed key, another game (the results are not all one).
    expect(new Set(split.map((o) => ('result' in o ? o.result : ''))).size).toBeGreaterThan(2);
  }, 120_000);
});

/**
 * Hosted dice games of ports only (engines/dice/host.ts), played in-process: each seat's score is
 * what the controller's statistics say for that bot, on pair k of the run; the seat counts are
 * checked. The games seating posted answers are in host.test.ts (sandbox lane).
 */
import { describe, expect, it } from 'vitest';
import '../registry.ts';
import { pairGenerator } from '../core/ab/pairs.ts';
import { generatorKind } from '../core/rng/generators.ts';
import type { PyRandom } from '../core/rng/python-random.ts';
import { decodeResult } from '../core/host/result.ts';
import { DICE_HOST, playDiceHostGame } from './host.ts';
import { diceClass } from './ports.ts';
import { DEFAULT_SETTINGS, DiceController } from './rules.ts';
import { diceFlags } from './variants.ts';

const SEATS = ['GoToTenBot', 'ThrowTwiceBot', 'StepBot', 'BinaryBot', 'FortyTeen'];
const job = { run: 'host/koth/rules/fixed', rules: 'fixed', code: {}, games: [0, 1, 2, 3].map((k) => ({ seedKey: k, seats: SEATS })) };

describe('dice hosted games of ports', () => {
  it("each seat's score is the controller's for that bot, on pair k of the run", () => {
    for (const g of job.games) {
      const out = playDiceHostGame(job, g);
      if (!('result' in out)) throw new Error(JSON.stringify(out));
      const r = decodeResult(out.result);
      const random = pairGenerator(generatorKind('cpython3'), job.run, g.seedKey) as PyRandom;
      const stats = new DiceController(SEATS.map((n) => diceClass(n)!), random, diceFlags('fixed'), { ...DEFAULT_SETTINGS, botsPerGame: SEATS.length }).simulate(1);
      expect(r).toEqual({ kind: 'score', scores: SEATS.map((n) => stats.rows[stats.bots.indexOf(n)]!.scoreSum) });
    }
  });

  it('plays a batch as its games one by one (no sandbox for ports), and refuses a seat count outside 2 to 8', async () => {
    const kit = { sandboxPool: () => { throw new Error('no sandbox for ports'); } };
    expect(await DICE_HOST.playGames(job, { kit })).toEqual(job.games.map((g) => playDiceHostGame(job, g)));
    expect(() => playDiceHostGame(job, { seedKey: 0, seats: ['GoToTenBot'] })).toThrow(/2 to 8/);
    expect(() => playDiceHostGame(job, { seedKey: 0, seats: Array(9).fill('GoToTenBot') })).toThrow(/2 to 8/);
  });
});

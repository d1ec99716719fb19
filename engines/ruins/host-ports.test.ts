/**
 * Hosted ruins games of ports only (engines/ruins/host.ts), played in-process: each seat's score
 * is that bot's score after the first game of ruins.py's run_tournament (tournament.ts) with the
 * seated bots as its pool, on the same generator (pair k of the run), under both driver versions;
 * a table of fewer than ten is filled with Drunkards as the tournament fills it. The seat counts
 * are checked. The games seating posted answers are in host.test.ts (sandbox lane).
 */
import { describe, expect, it } from 'vitest';
import '../registry.ts';
import { findGame } from '../registry.ts';
import { pairGenerator } from '../core/ab/pairs.ts';
import { generatorKind } from '../core/rng/generators.ts';
import type { PyRandom } from '../core/rng/python-random.ts';
import { decodeResult } from '../core/host/result.ts';
import type { HostJob } from '../core/host/play.ts';
import { RUINS_HOST, playRuinsHostGame } from './host.ts';
import { drunkard, ruinsClass, RUINS_TEST_BOTS } from './ports.ts';
import { runTournament } from './tournament.ts';
import { RUINS_VARIANTS } from './variants.ts';

const FOUR = ['EagerThief', 'Coward', 'GreedyBastard', 'EmoKid'];
const TEN = RUINS_TEST_BOTS.slice(0, 10);

/** The seats' scores after the first game of run_tournament with the seats as its pool, on pair `seedKey`'s generator. */
function tournamentGame(run: string, rules: 'original' | 'fixed', seedKey: number, seats: readonly string[]): number[] {
  const random = pairGenerator(generatorKind('cpython3'), run, seedKey) as PyRandom;
  const r = runTournament(
    seats.map((n) => ruinsClass(n)!),
    'unused: the generator is given',
    { flags: RUINS_VARIANTS[rules].flags, drunkard: drunkard(), maxFinalGames: 1, random },
  );
  expect(r.finalGames).toBe(1);
  return seats.map((n) => r.rows.find((row) => row.bot === n)!.score);
}

describe('ruins hosted games of ports', () => {
  it("each seat's score is its score in the first game of run_tournament on the same generator, under both driver versions", () => {
    const seen = new Set<string>();
    for (const rules of ['fixed', 'original'] as const) {
      for (const seats of [FOUR, TEN]) {
        const job: HostJob = { run: `host/koth/rules/${rules}`, rules, code: {}, games: [0, 1, 2, 3, 4].map((k) => ({ seedKey: k, seats })) };
        for (const g of job.games) {
          const out = playRuinsHostGame(job, g);
          if (!('result' in out)) throw new Error(JSON.stringify(out));
          seen.add(out.result);
          expect(decodeResult(out.result), `${rules} ${seats.length} seats, key ${g.seedKey}`).toEqual({ kind: 'score', scores: tournamentGame(job.run, rules, g.seedKey, seats) });
        }
      }
    }
    // The games differ (seeds, seatings, rules): not one result for all.
    expect(seen.size).toBeGreaterThan(10);
  });

  it('is the engine.host of ruins; plays a batch of ports without a sandbox, game by game; refuses a seat count outside 2 to 10', async () => {
    expect(findGame('ruins')!.engine!.host).toBe(RUINS_HOST);
    const job: HostJob = { run: 'host/koth/rules/fixed', rules: 'fixed', code: {}, games: [3, 1, 4].map((k) => ({ seedKey: k, seats: [...FOUR].reverse() })) };
    const kit = { sandboxPool: () => { throw new Error('no sandbox for ports'); } };
    expect(await RUINS_HOST.playGames(job, { kit, batch: 1 })).toEqual(job.games.map((g) => playRuinsHostGame(job, g)));
    expect(() => playRuinsHostGame(job, { seedKey: 0, seats: ['Coward'] })).toThrow(/2 to 10/);
    expect(() => playRuinsHostGame(job, { seedKey: 0, seats: Array(11).fill('Coward') })).toThrow(/2 to 10/);
    expect(() => playRuinsHostGame({ ...job, rules: '2026' }, { seedKey: 0, seats: FOUR })).toThrow(/unknown ruins rules/);
  });
});

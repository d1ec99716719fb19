/**
 * Hosted camel-up games of ports only (engines/camel-up/host.ts), played in-process: each seat's
 * place is its place by coins in the game that the rules' own tournament loop plays with the four
 * seats as its pool on the same generator (pair k of the run) — camelup.py's loop
 * (tournament.ts playGames) under the 2018 variants, tournament_core's run_game
 * (format2026.ts playTournament2026) under 2026 — and place 1 holds exactly the controller's
 * winners (the 2026 leaderboard's reading of a game). A game nobody ends has no place; the seat
 * count is checked. The games seating posted answers are in host.test.ts (sandbox lane).
 */
import { describe, expect, it } from 'vitest';
import '../registry.ts';
import { findGame } from '../registry.ts';
import { pairGenerator } from '../core/ab/pairs.ts';
import { generatorKind } from '../core/rng/generators.ts';
import type { PyRandom } from '../core/rng/python-random.ts';
import { decodeResult, ratedGameOf } from '../core/host/result.ts';
import type { HostJob } from '../core/host/play.ts';
import { CAMEL_HOST, playCamelHostGame } from './host.ts';
import { camelBot } from './ports.ts';
import { playGames } from './tournament.ts';
import { playTournament2026 } from './format2026.ts';

const SEATS_2018 = ['Player0', 'RoundBetter', 'Player2', 'Trapper'];
const SEATS_2026 = ['HandcodedHenry', 'Player0', 'Trapper', 'RoundBetter'];

/** [coins, winners] of the seats (by name) in the game the rules' tournament loop plays with `seats` as its pool, on pair `seedKey`'s generator. */
function loopGame(run: string, rules: string, seedKey: number, seats: readonly string[]): { money: number[]; winners: string[] } {
  const random = pairGenerator(generatorKind('cpython3'), run, seedKey) as PyRandom;
  let order: string[] = [];
  let money: number[] = [];
  let winnerSeats: number[] = [];
  if (rules === '2026') playTournament2026(seats, camelBot, random, 1, (g) => ({ order, money, winnerSeats } = g));
  else ({ order, money, winnerSeats } = playGames(seats, camelBot, random, rules, 1)[0]!);
  return { money: seats.map((n) => money[order.indexOf(n)]!), winners: winnerSeats.map((s) => order[s]!) };
}

describe('camel-up hosted games of ports', () => {
  it("each seat's place is its place by coins in the rules' own tournament game on the same generator; place 1 is the controller's winners", () => {
    const seen = new Set<string>();
    for (const [rules, seats] of [['original', SEATS_2018], ['fixed', SEATS_2018], ['2026', SEATS_2026], ['2026', SEATS_2018]] as const) {
      const job: HostJob = { run: `host/koth/rules/${rules}`, rules, code: {}, games: [0, 1, 2, 3].map((k) => ({ seedKey: k, seats: [...seats] })) };
      for (const g of job.games) {
        const out = playCamelHostGame(job, g);
        if (!('result' in out)) throw new Error(JSON.stringify(out));
        seen.add(out.result);
        const r = decodeResult(out.result);
        const { money, winners } = loopGame(job.run, rules, g.seedKey, seats);
        const places = money.map((m) => 1 + money.filter((x) => x > m).length);
        expect(r, `${rules}, key ${g.seedKey}`).toEqual({ kind: 'place', places });
        expect(ratedGameOf(seats, r).winners.map((i) => seats[i]).sort()).toEqual([...winners].sort());
      }
    }
    expect(seen.size).toBeGreaterThan(4);
  });

  it('is the engine.host of camel-up; a game nobody ends has no place; ports need no sandbox; four seats only; known variants only', async () => {
    expect(findGame('camel-up')!.engine!.host).toBe(CAMEL_HOST);
    const job: HostJob = { run: 'host/koth/rules/original', rules: 'original', code: {}, games: [{ seedKey: 0, seats: ['Player1', 'Player2', 'Player1', 'Player2'] }, { seedKey: 5, seats: SEATS_2018 }] };
    const kit = { sandboxPool: () => { throw new Error('no sandbox for ports'); } };
    const out = await CAMEL_HOST.playGames(job, { kit, batch: 1 });
    expect(out[0]).toEqual({ result: 'p:-,-,-,-' });
    expect(out[1]).toEqual(playCamelHostGame(job, job.games[1]!));
    // Our Misfit answers [] now and then: run_game of 2026 cannot read it (the tournament ended), its seat fails.
    const misfit = playCamelHostGame({ ...job, rules: '2026' }, { seedKey: 0, seats: ['HandcodedHenry', 'Player0', 'Misfit', 'RoundBetter'] });
    expect(misfit).toMatchObject({ failed: { seat: 2, kind: 'illegal' } });
    expect((misfit as { failed: { reason: string } }).failed.reason).toMatch(/run_game raised IndexError: list index out of range reading its answer/);
    expect(() => playCamelHostGame(job, { seedKey: 0, seats: SEATS_2018.slice(0, 3) })).toThrow(/seats 4 players/);
    expect(() => playCamelHostGame({ ...job, rules: '2027' }, job.games[1]!)).toThrow(/unknown camel-up rule variant/);
  });
});

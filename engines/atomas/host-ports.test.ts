/**
 * Hosted atomas games of ports (engines/atomas/host.ts), played in-process: a game's score is what
 * one game of the replay's run (tournament.ts runGames) gives the port on the pair's Python 2
 * generator; the batch split does not matter; the seat count is checked. Games of posted
 * programs are in host.test.ts (cli lane: they spawn processes).
 */
import { describe, expect, it } from 'vitest';
import '../registry.ts';
import { pairGenerator } from '../core/ab/pairs.ts';
import { generatorKind } from '../core/rng/generators.ts';
import type { PyRandom } from '../core/rng/python-random.ts';
import { decodeResult } from '../core/host/result.ts';
import { ATOMAS_HOST, playAtomasHostGame } from './host.ts';
import { atomasBot, atomasPorts } from './ports.ts';
import { runGames } from './tournament.ts';

const run = 'host/koth/rules/original';
const job = (rules: string) => ({ run, rules, code: {}, games: atomasPorts.names().flatMap((name) => [0, 1, 2].map((k) => ({ seedKey: k, seats: [name] }))) });
const noSandbox = { sandboxPool: () => { throw new Error('no sandbox for atomas'); } };

describe('atomas hosted games of ports', () => {
  for (const rules of ['original', 'fixed']) {
    it(`a game's score is the replay's first game of a run on pair k of the run (${rules})`, () => {
      const j = job(rules);
      const scores = new Set<number>();
      for (const g of j.games) {
        const out = playAtomasHostGame(j, g);
        if (!('result' in out)) throw new Error(JSON.stringify(out));
        const [game] = runGames(atomasBot(g.seats[0] as string)!, pairGenerator(generatorKind('cpython2'), run, g.seedKey) as PyRandom, rules, 1);
        expect(decodeResult(out.result)).toEqual({ kind: 'score', scores: [game!.score] });
        scores.add(game!.score);
      }
      expect(scores.size).toBeGreaterThan(3);
    });
  }

  it('plays a batch as its games one by one, whatever the split; refuses a seat count other than 1', async () => {
    const j = job('original');
    const one = j.games.map((g) => playAtomasHostGame(j, g));
    expect(await ATOMAS_HOST.playGames(j, { kit: noSandbox })).toEqual(one);
    const halves = [...(await ATOMAS_HOST.playGames({ ...j, games: j.games.slice(0, 4) }, { kit: noSandbox, batch: 1 })), ...(await ATOMAS_HOST.playGames({ ...j, games: j.games.slice(4) }, { kit: noSandbox }))];
    expect(halves).toEqual(one);
    expect(() => playAtomasHostGame(j, { seedKey: 0, seats: ['RandomBot', 'BadPlayer'] })).toThrow(/seats 1 bot/);
  });

  it('declares what it seats: one bot, programs (unsandboxed)', () => {
    expect(ATOMAS_HOST).toMatchObject({ seats: { min: 1, max: 1 }, languages: ['program'], runtime: 'none' });
  });
});

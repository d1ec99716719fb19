/**
 * Watch pages of stored Atomas games (HostGame.watch, engines/atomas/host.ts; the page:
 * engines/core/host/watch.ts): a solo game of a port played again from its seed move by move
 * gives the outcome playGames gave (its page says "as stored"), with Atomas' own steps (a move
 * each, the last one the game's end) and the stored score; a game seating a posted program is
 * refused without a context to run it in.
 */
import { describe, expect, it } from 'vitest';
import { storedHost, expectWatchAsStored } from '../../test/host-watch-fixture.ts';
import { tempDirs } from '../../test/helpers.ts';
import { HostWatchRefused } from '../core/host/play.ts';
import { decodeResult } from '../core/host/result.ts';
import { ATOMAS_HOST } from './host.ts';
import { atomasPorts } from './ports.ts';

const tmp = tempDirs('koth-atomas-watch-');

describe('watch pages of stored atomas games', () => {
  it("plays a game of a port again move by move: playGames' outcome, as stored, its score", async () => {
    const [a, b] = atomasPorts.names();
    const games = [
      { seedKey: 0, seats: [a!] },
      { seedKey: 0, seats: [b!] },
      { seedKey: 1, seats: [a!], rules: 'fixed' },
    ];
    const { store, outcomes } = await storedHost(tmp(), { game: 'atomas', host: ATOMAS_HOST, house: [a!, b!], games });
    for (const [i, g] of games.entries()) {
      const number = i + 1;
      const { stored, page } = await expectWatchAsStored(store, ATOMAS_HOST, number, outcomes[i]!);
      expect(page.intro[3]).toContain(`Rules: ${g.rules ?? 'original'}.`);
      const [score] = (decodeResult(stored.result) as { scores: number[] }).scores;
      expect(page.intro[4]).toMatch(new RegExp(`^Game 1: score ${score} in (\\d+) moves`));
      const moves = Number(/in (\d+) moves/.exec(page.intro[4]!)![1]);
      expect(page.steps.length).toBe(moves);
      expect(page.steps[0]!.label).toMatch(/^move 1: atom /);
      expect(page.steps.at(-1)!.mark).toMatch(/^(major|bad)$/);
    }
    store.close();
  });

  it('refuses a game seating a posted program without a context to run it in', () => {
    const program = { sha256: 'd'.repeat(64), className: 'bot.sh', language: 'program:sh' };
    const job = { run: 'host/koth/rules/original', rules: 'original', games: [], code: {} };
    expect(() => ATOMAS_HOST.watch!(job, { seedKey: 0, seats: [program] })).toThrow(HostWatchRefused);
    expect(() => ATOMAS_HOST.watch!(job, { seedKey: 0, seats: [program] })).toThrow(/seats a posted program \(bot\.sh \(dddddddddddd\)\)/);
  });
});

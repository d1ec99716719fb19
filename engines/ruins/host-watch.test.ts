/**
 * Watch pages of stored ruins games (HostGame.watch, engines/ruins/host.ts; the page:
 * engines/core/host/watch.ts): a field game of ports played again from its seed turn by turn
 * gives the outcome playGames gave (its page says "as stored"), with ruins' own steps (a turn
 * each) and its score table naming each seat's score of the stored result; a game seating a posted
 * answer is refused without a sandbox.
 */
import { describe, expect, it } from 'vitest';
import { storedHost, expectWatchAsStored } from '../../test/host-watch-fixture.ts';
import { tempDirs } from '../../test/helpers.ts';
import { HostWatchRefused } from '../core/host/play.ts';
import { decodeResult } from '../core/host/result.ts';
import { RUINS_HOST } from './host.ts';

const tmp = tempDirs('koth-ruins-watch-');
const FOUR = ['EagerThief', 'Coward', 'GreedyBastard', 'EmoKid'];

describe('watch pages of stored ruins games', () => {
  it("plays a field game of ports again turn by turn: playGames' outcome, as stored, the seats' scores in its table", async () => {
    const games = [
      { seedKey: 0, seats: FOUR },
      { seedKey: 1, seats: [...FOUR.slice(2), ...FOUR.slice(0, 2)], rules: 'fixed' },
    ];
    const { store, outcomes } = await storedHost(tmp(), { game: 'ruins', host: RUINS_HOST, house: FOUR, games });
    for (const [i, g] of games.entries()) {
      const number = i + 1;
      const { stored, page } = await expectWatchAsStored(store, RUINS_HOST, number, outcomes[i]!);
      expect(page.intro[3]).toMatch(/^10 adventurers, \d+ turns\./);
      expect(page.steps[0]!.label).toBe('before the first turn');
      expect(page.steps.length).toBeGreaterThan(3);
      expect(page.legend).toContain('Each row is an adventurer');
      const scores = (decodeResult(stored.result) as { scores: number[] }).scores;
      g.seats.forEach((name, s) => expect(page.intro[4]).toMatch(new RegExp(`\\d+\\. ${name} \\([^)]*, score ${scores[s]}\\)`)));
    }
    store.close();
  });

  it('refuses a game seating a posted answer without a sandbox', () => {
    const answer = { sha256: 'a'.repeat(64), className: 'Grabber' };
    const job = { run: 'host/koth/rules/original', rules: 'original', games: [], code: {} };
    expect(() => RUINS_HOST.watch!(job, { seedKey: 0, seats: ['Coward', answer] })).toThrow(HostWatchRefused);
    expect(() => RUINS_HOST.watch!(job, { seedKey: 0, seats: ['Coward', answer] })).toThrow(/seats posted answers \(Grabber \(aaaaaaaaaaaa\)\), which play only in the sandbox/);
  });
});

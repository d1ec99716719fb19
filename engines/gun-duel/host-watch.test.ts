/**
 * Watch pages of stored gun-duel games (HostGame.watch, engines/gun-duel/host.ts; the page:
 * engines/core/host/watch.ts): a duel of ports played again from its seed gives the outcome
 * playGames gave (its page says "as stored"), with gun-duel's own steps (a duel each, its turns),
 * the last duel's winner the seat the stored result scores; a duel seating a posted answer is
 * refused without a sandbox.
 */
import { describe, expect, it } from 'vitest';
import { storedHost, expectWatchAsStored } from '../../test/host-watch-fixture.ts';
import { tempDirs } from '../../test/helpers.ts';
import { HostWatchRefused } from '../core/host/play.ts';
import { decodeResult } from '../core/host/result.ts';
import { GUN_DUEL_HOST } from './host.ts';
import { gunDuelPorts } from './ports.ts';

const tmp = tempDirs('koth-gun-duel-watch-');

describe('watch pages of stored gun-duel games', () => {
  it("plays a duel of ports again: playGames' outcome, as stored, its winner the seat scored", async () => {
    const [a, b, c] = gunDuelPorts.names();
    const games = [
      { seedKey: 0, seats: [a!, b!] },
      { seedKey: 1, seats: [c!, a!], rules: 'fixed' },
      { seedKey: 2, seats: [b!, c!] },
    ];
    const { store, outcomes } = await storedHost(tmp(), { game: 'gun-duel', host: GUN_DUEL_HOST, house: [a!, b!, c!], games });
    for (const [i, g] of games.entries()) {
      const number = i + 1;
      const { stored, page, job } = await expectWatchAsStored(store, GUN_DUEL_HOST, number, outcomes[i]!);
      expect(page.intro[3]).toBe(`A duel of ${g.seats[0]} and ${g.seats[1]} (rules ${g.rules ?? 'original'}), its seeds drawn from ${job.run} pair ${g.seedKey}: each step, one duel.`);
      expect(page.steps.length).toBeGreaterThan(0);
      const scores = (decodeResult(stored.result) as { scores: number[] }).scores;
      const last = page.steps.at(-1)!;
      const said = scores[0] ? `${g.seats[0]} wins` : scores[1] ? `${g.seats[1]} wins` : 'draw';
      expect(last.label).toMatch(new RegExp(`^${g.seats[0]} vs ${g.seats[1]}: ${said} \\(\\d+ turns\\)$`));
      expect(last.lines[0]).toMatch(/^Turns \(.*\): 1: /);
    }
    store.close();
  });

  it('refuses a duel seating a posted answer without a sandbox', () => {
    const answer = { sha256: 'c'.repeat(64), className: 'Shooter' };
    const job = { run: 'host/koth/rules/original', rules: 'original', games: [], code: {} };
    const port = gunDuelPorts.names()[0]!;
    expect(() => GUN_DUEL_HOST.watch!(job, { seedKey: 0, seats: [port, answer] })).toThrow(HostWatchRefused);
    expect(() => GUN_DUEL_HOST.watch!(job, { seedKey: 0, seats: [port, answer] })).toThrow(/seats posted answers \(Shooter \(cccccccccccc\)\), which play only in the C\+\+ sandbox/);
  });
});

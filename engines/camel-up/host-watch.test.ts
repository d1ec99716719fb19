/**
 * Watch pages of stored camel-up games (HostGame.watch, engines/camel-up/host.ts; the page:
 * engines/core/host/watch.ts): a field game of ports played again from its seed action by action,
 * under the 2018 rules (camelup.py's loop) and the 2026 Cup's (tournament_core's run_game), gives
 * the outcome playGames gave (its page says "as stored"), with camel-up's own steps (the start,
 * then an action each, the last one the finish) and its winners the seats of place 1 in the stored
 * result; a game seating a posted answer is refused without a sandbox.
 */
import { describe, expect, it } from 'vitest';
import { storedHost, expectWatchAsStored } from '../../test/host-watch-fixture.ts';
import { tempDirs } from '../../test/helpers.ts';
import { HostWatchRefused } from '../core/host/play.ts';
import { decodeResult } from '../core/host/result.ts';
import { CAMEL_HOST } from './host.ts';

const tmp = tempDirs('koth-camel-watch-');
const SEATS_2018 = ['Player0', 'RoundBetter', 'Player2', 'Trapper'];
const SEATS_2026 = ['HandcodedHenry', 'Player0', 'Trapper', 'RoundBetter'];

describe('watch pages of stored camel-up games', () => {
  it("plays a field game of ports again action by action (2018 and 2026 rules): playGames' outcome, as stored, its winners place 1", async () => {
    const games = [
      { seedKey: 0, seats: SEATS_2018 },
      { seedKey: 1, seats: SEATS_2026, rules: '2026' },
    ];
    const house = [...new Set([...SEATS_2018, ...SEATS_2026])];
    const { store, outcomes } = await storedHost(tmp(), { game: 'camel-up', host: CAMEL_HOST, house, games });
    for (const [i, g] of games.entries()) {
      const number = i + 1;
      const { stored, page } = await expectWatchAsStored(store, CAMEL_HOST, number, outcomes[i]!);
      expect(page.intro[3]).toContain(`Rules: ${g.rules ?? 'original'}.`);
      expect(page.steps[0]!.label).toBe('the start');
      expect(page.steps.length).toBeGreaterThan(10);
      expect(page.steps.at(-1)!.lines.join(' ')).toContain('A camel crossed the finish line: the game ends.');
      // The winners the page names are the seats the stored result places first.
      const places = (decodeResult(stored.result) as { places: (number | null)[] }).places;
      const winners = g.seats.filter((_, s) => places[s] === 1);
      const line = page.intro.find((l) => l.startsWith('Game 1: '))!;
      expect(line.replace(/^.* — winners? /, '').replace(/\.$/, '').split(', ').sort()).toEqual([...winners].sort());
    }
    store.close();
  });

  it('refuses a game seating a posted answer without a sandbox', () => {
    const answer = { sha256: 'b'.repeat(64), className: 'Gambler' };
    const job = { run: 'host/koth/rules/original', rules: 'original', games: [], code: {} };
    expect(() => CAMEL_HOST.watch!(job, { seedKey: 0, seats: ['Player0', 'Player2', 'Trapper', answer] })).toThrow(HostWatchRefused);
    expect(() => CAMEL_HOST.watch!(job, { seedKey: 0, seats: ['Player0', 'Player2', 'Trapper', answer] })).toThrow(/seats posted answers \(Gambler \(bbbbbbbbbbbb\)\), which play only in the sandbox/);
  });
});

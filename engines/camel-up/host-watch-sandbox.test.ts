/**
 * The watch pages of stored camel-up games seating a posted answer (our own few-line player,
 * never an original answer), made by storedGameWatchPageAsync: each game played again in a
 * Pyodide sandbox worker (the job camelHostWatchGame, its actions recorded in the worker), under
 * the 2018 rules and the 2026 Cup's, gives the outcome playGames gave in the sandbox (the page
 * says "as stored"), with the answer's actions in its steps. Sandbox lane (vitest.config.ts).
 */
import { describe, expect, it } from 'vitest';
import { hostedGameFile } from '../../test/host-fixture.ts';
import { storedHost, expectWatchAsStored } from '../../test/host-watch-fixture.ts';
import { tempDirs } from '../../test/helpers.ts';
import { replayKit } from '../registry.ts';
import { CAMEL_HOST } from './host.ts';

/** Rolls or bets on a random round winner, drawing from the shared `random`. */
const GAMBLER = 'class Gambler(PlayerInterface):\n    def move(player, g):\n        if random.random() < 0.5:\n            return [0]\n        return [2, random.randint(0, 4)]\n';
const TL = 1000;
const file = hostedGameFile();
const tmp = tempDirs('koth-camel-watch-sandbox-');

describe('watch pages of stored camel-up games seating posted answers', () => {
  it("plays each game again in a sandbox worker, action by action (2018 and 2026 rules): playGames' outcome, as stored, the answer's actions in its steps", async () => {
    const ctx = { kit: replayKit(), sandbox: file.pool('camel-up', 1, TL), timeLimitMs: TL };
    const games = [
      { seedKey: 0, seats: ['Player0', 'Gambler', 'Player2', 'Trapper'] },
      { seedKey: 1, seats: ['Gambler', 'HandcodedHenry', 'Trapper', 'RoundBetter'], rules: '2026' },
    ];
    const { store, outcomes } = await storedHost(tmp(), {
      game: 'camel-up',
      host: CAMEL_HOST,
      house: ['Player0', 'Player2', 'Trapper', 'HandcodedHenry', 'RoundBetter'],
      answers: [{ className: 'Gambler', code: GAMBLER, language: 'python' }],
      games,
      ctx,
    });
    for (const [i, g] of games.entries()) {
      const { page } = await expectWatchAsStored(store, CAMEL_HOST, i + 1, outcomes[i]!, ctx);
      expect(page.intro[3]).toContain(`Rules: ${g.rules ?? 'original'}.`);
      expect(page.steps.some((s) => /^turn \d+: Gambler /.test(s.label))).toBe(true);
      expect(page.steps.at(-1)!.lines.join(' ')).toContain('A camel crossed the finish line: the game ends.');
    }
    store.close();
  });
});

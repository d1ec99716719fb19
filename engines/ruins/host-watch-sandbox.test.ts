/**
 * The watch page of a stored ruins game seating a posted answer (our own few-line adventurer,
 * never an original answer), made by storedGameWatchPageAsync: the game played again in a
 * Pyodide sandbox worker (the job ruinsHostWatchGame, its turns recorded in the worker) gives the
 * outcome playGames gave in the sandbox (the page says "as stored"), with the answer in its steps
 * and score table. Sandbox lane (vitest.config.ts).
 */
import { describe, expect, it } from 'vitest';
import { hostedGameFile } from '../../test/host-fixture.ts';
import { storedHost } from '../../test/host-watch-fixture.ts';
import { tempDirs } from '../../test/helpers.ts';
import { replayKit } from '../registry.ts';
import { decodeResult } from '../core/host/result.ts';
import { getGame } from '../core/host/store.ts';
import { storedGameJob, storedGameWatchPageAsync } from '../core/host/watch.ts';
import { RUINS_HOST } from './host.ts';

/** Takes the lightest treasure of the first room (bidding its weight plus 0–3 from self.random), then leaves. */
const GRABBER = [
  'import random',
  'class Grabber(Adventurer):',
  '    def get_action(self, state):',
  '        if state.inventory or not state.treasures:',
  "            return 'previous'",
  '        i = min(range(len(state.treasures)), key=lambda j: state.treasures[j].weight)',
  "        return 'take', i, state.treasures[i].weight + self.random.randint(0, 3)",
  '',
].join('\n');
const TL = 1000;
const file = hostedGameFile();
const tmp = tempDirs('koth-ruins-watch-sandbox-');

describe('watch pages of stored ruins games seating posted answers', () => {
  it("plays the game again in a sandbox worker, turn by turn: playGames' outcome, as stored, the answer in its steps", async () => {
    const ctx = { kit: replayKit(), sandbox: file.pool('ruins', 1, TL), timeLimitMs: TL };
    const seats = ['Grabber', 'Coward', 'EagerThief'];
    const { store, outcomes } = await storedHost(tmp(), {
      game: 'ruins',
      host: RUINS_HOST,
      house: ['Coward', 'EagerThief'],
      answers: [{ className: 'Grabber', code: GRABBER, language: 'python' }],
      games: [{ seedKey: 0, seats, rules: 'fixed' }],
      ctx,
    });
    const stored = getGame(store, 1)!;
    const { job, spec } = storedGameJob(store, stored);
    expect((await RUINS_HOST.watch!(job, spec, ctx)).outcome).toEqual(outcomes[0]);
    const page = await storedGameWatchPageAsync(store, RUINS_HOST, 1, { command: 'koth host watch DIR 1', ctx });
    expect(page.intro[1]).toBe('Seats: 0. Grabber v1, 1. Coward v1 (house bot), 2. EagerThief v1 (house bot).');
    expect(page.intro[2]).toBe(`Result ${stored.result}, as stored: the game played again from its seed gives it.`);
    const scores = (decodeResult(stored.result) as { scores: number[] }).scores;
    seats.forEach((name, s) => expect(page.intro[4]).toMatch(new RegExp(`\\d+\\. ${name} \\([^)]*, score ${scores[s]}\\)`)));
    expect(page.steps.length).toBeGreaterThan(3);
    expect(page.steps[0]!.svg).toContain('Grabber · ');
    store.close();
  });
});

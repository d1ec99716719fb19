/**
 * The watch page of a stored Atomas game seating a posted program (a small shell program of our
 * own), made by storedGameWatchPageAsync: the program run as playGames runs it (a process per
 * move) and the game played again move by move gives the outcome playGames gave (the page says
 * "as stored"), each step the program's answer; a program printing garbage gives its seat's
 * illegal failure, as playGames does, with the moves up to it. Cli lane (vitest.config.ts): it
 * spawns programs.
 */
import { describe, expect, it } from 'vitest';
import { storedHost } from '../../test/host-watch-fixture.ts';
import { tempDirs } from '../../test/helpers.ts';
import { replayKit } from '../registry.ts';
import { getGame } from '../core/host/store.ts';
import { storedGameWatchPageAsync } from '../core/host/watch.ts';
import { sha256 } from '../../scraper/extract.ts';
import { ATOMAS_HOST } from './host.ts';

const LIMIT_MS = 2000;
// Ours: always fuses/places at index 0 and, for a minus, turns the atom into a plus.
const ZERO = '#!/bin/sh\nread line\necho "0 y"\n';
const GARBAGE = '#!/bin/sh\nread line\necho banana\n';
const tmp = tempDirs('koth-atomas-watch-programs-');

describe('watch pages of stored atomas games seating posted programs', () => {
  it("runs the program as playGames runs it, move by move: playGames' outcome, as stored; garbage fails its seat", async () => {
    const ctx = { kit: replayKit(), timeLimitMs: LIMIT_MS };
    const { store, outcomes } = await storedHost(tmp(), {
      game: 'atomas',
      host: ATOMAS_HOST,
      house: [],
      answers: [{ className: 'zero.sh', code: ZERO, language: 'program:sh' }],
      games: [{ seedKey: 0, seats: ['zero.sh'] }],
      ctx,
    });
    const stored = getGame(store, 1)!;
    expect(outcomes[0]).toEqual({ result: stored.result });
    const page = await storedGameWatchPageAsync(store, ATOMAS_HOST, 1, { command: 'koth host watch DIR 1', ctx });
    expect(page.intro[2]).toBe(`Result ${stored.result}, as stored: the game played again from its seed gives it.`);
    const moves = Number(/^Game 1: score \d+ in (\d+) moves/.exec(page.intro[4]!)![1]);
    expect(moves).toBeGreaterThan(5);
    expect(page.steps.length).toBe(moves);
    expect(page.steps.every((s) => s.lines[0]!.includes('the bot answers "0 y"'))).toBe(true);
    store.close();

    const garbage = { sha256: sha256(GARBAGE), className: 'garbage.sh', language: 'program:sh' };
    const job = { run: 'host/koth/rules/original', rules: 'original', games: [], code: { [garbage.sha256]: GARBAGE } };
    const made = await ATOMAS_HOST.watch!(job, { seedKey: 0, seats: [garbage] }, ctx);
    const played = await ATOMAS_HOST.playGames({ ...job, games: [{ seedKey: 0, seats: [garbage] }] }, ctx);
    expect(made.outcome).toEqual(played[0]);
    expect(made.outcome).toMatchObject({ failed: { seat: 0, kind: 'illegal' } });
    expect(made.steps.length).toBeGreaterThan(0);
    expect(made.steps[0]!.lines[0]).toContain('the bot answers "banana"');
  });
});

/**
 * The watch page of a stored gun-duel game seating a posted C++ answer (a small player of OUR
 * OWN written here, no original code), made by storedGameWatchPageAsync: the answer compiled as
 * playGames compiles it (@yowasp/clang, a temporary cache) and the duel played again in a C++
 * sandbox worker (the job gunDuelHostWatchGame, its duels recorded in the worker) gives the
 * outcome playGames gave (the page says "as stored"); an answer that does not compile gives its
 * seat's load failure, as playGames does. Sandbox lane (vitest.config.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { storedHost, expectWatchAsStored } from '../../test/host-watch-fixture.ts';
import { replayKit } from '../registry.ts';
import { sha256 } from '../../scraper/extract.ts';
import { GUN_DUEL_HOST } from './host.ts';
import { cppTestPlayer } from './cpp/test-players.ts';

const dir = mkdtempSync(join(tmpdir(), 'koth-gun-duel-watch-'));
process.env.KOTH_CPP_CACHE_DIR = join(dir, 'cache');
const LIMIT_MS = 300;
const kit = replayKit();
const pool = kit.sandboxPool('gun-duel', 1, { runtime: 'wasm', timeoutMs: LIMIT_MS });
afterAll(async () => {
  await pool.destroy();
  rmSync(dir, { recursive: true, force: true });
});

const player = cppTestPlayer;
// Ours: shoots when it holds two bullets, shields against a loaded opponent now and then (the shared GetRandomInteger), else loads.
const PATIENT = player('PatientPlayer', 'if (getAmmo() >= 2) return bullet(); if (getAmmoOpponent() > 0 && GetRandomInteger(3) == 0) return metal(); return load();');
const BROKEN = player('BrokenPlayer', 'return nope();');

describe('watch pages of stored gun-duel games seating posted answers', () => {
  it("compiles the answer and plays the duel again in a C++ sandbox worker: playGames' outcome, as stored; one that does not compile fails to load", async () => {
    const ctx = { kit, sandbox: pool, timeLimitMs: LIMIT_MS };
    const games = [
      { seedKey: 0, seats: ['PatientPlayer', 'GunClubPlayer'] },
      { seedKey: 1, seats: ['TurtlePlayer', 'PatientPlayer'] },
    ];
    const { store, outcomes } = await storedHost(join(dir, 'hill'), {
      game: 'gun-duel',
      host: GUN_DUEL_HOST,
      house: ['GunClubPlayer', 'TurtlePlayer'],
      answers: [{ className: 'PatientPlayer', code: PATIENT, language: 'cpp' }],
      games,
      ctx,
    });
    for (const [i, g] of games.entries()) {
      const { page } = await expectWatchAsStored(store, GUN_DUEL_HOST, i + 1, outcomes[i]!, ctx);
      expect(page.steps.length).toBeGreaterThan(0);
      expect(page.steps[0]!.label).toMatch(new RegExp(`^${g.seats.map((s) => (s === 'PatientPlayer' ? 'PatientPlayer \\([0-9a-f]{12}\\)' : s)).join(' vs ')}: `));
    }
    store.close();

    const broken = { sha256: sha256(BROKEN), className: 'BrokenPlayer' };
    const made = await GUN_DUEL_HOST.watch!({ run: 'host/koth/rules/original', rules: 'original', games: [], code: { [broken.sha256]: BROKEN } }, { seedKey: 0, seats: ['GunClubPlayer', broken] }, ctx);
    expect(made.outcome).toMatchObject({ failed: { seat: 1, kind: 'load' } });
    expect((made.outcome as { failed: { reason: string } }).failed.reason).toMatch(/^does not compile \(clang, C\+\+17, against the stand-in Player\.hpp\):\n.*error.*nope/);
    expect(made.steps).toEqual([]);
  });
});

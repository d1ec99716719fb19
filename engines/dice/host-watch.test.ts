/**
 * Watch pages of stored dice games (engines/core/host/watch.ts, HostGame.watch in host.ts): a field
 * game of house bots played again from its seed gives its stored result and a page saying its
 * number, seed key, rules and seats; a game seating a posted answer, a test game and a game not
 * stored are refused, saying why; the site gets the pages of the active entries' latest field
 * games of house bots, linked from their pages, and none for the others.
 */
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { dicePortsHost, HOUSE } from '../../test/host-watch-fixture.ts';
import { renderWatchPage } from '../core/report/html/watch.ts';
import { HostWatchRefused } from '../core/host/play.ts';
import { publishSite, SITE_DIR } from '../core/host/publish.ts';
import { beginTick, getGame, recordGames, type Store } from '../core/host/store.ts';
import { HostWatchError, storedGameWatchPage } from '../core/host/watch.ts';
import { DICE_HOST } from './host.ts';

const open: { store: Store; dir: string }[] = [];
afterEach(() => {
  for (const { store, dir } of open.splice(0)) (store.close(), rmSync(dir, { recursive: true, force: true }));
});
async function host() {
  const dir = mkdtempSync(join(tmpdir(), 'koth-host-watch-'));
  const h = await dicePortsHost(dir);
  open.push({ store: h.store, dir });
  return h;
}

describe('watch pages of stored dice games', () => {
  it('plays a field game of house bots again from its seed: its stored result, its number, seed key, rules and seats', async () => {
    const { store } = await host();
    const game = getGame(store, 6)!;
    const page = storedGameWatchPage(store, DICE_HOST, 6, { command: 'koth host watch DIR 6' });
    expect(page.title).toBe('dice — hosted game 6');
    expect(page.intro[0]).toBe(`Game 6, a field game of tick 1: seed key 1 of the run host/koth/rules/original (rules original).`);
    const seats = [...HOUSE.slice(1), ...HOUSE.slice(0, 1)];
    expect(page.intro[1]).toBe(`Seats: ${seats.map((n, i) => `${i}. ${n} v1 (house bot)`).join(', ')}.`);
    expect(page.intro[2]).toBe(`Result ${game.result}, as stored: the game played again from its seed gives it.`);
    expect(page.steps.length).toBeGreaterThan(3);
    const html = renderWatchPage(page);
    expect(html).toContain('koth host watch DIR 6');
    expect(html).not.toMatch(/(?:src|href)=["']?(?:https?:)?\/\//); // nothing remote (the SVG namespace is a name, not a request)
  });

  it('says so when the stored result is not what the seed plays', async () => {
    const { store } = await host();
    store.run("UPDATE games SET result = 's:1,2,3,4' WHERE number = 2");
    expect(storedGameWatchPage(store, DICE_HOST, 2, { command: 'x' }).intro[2]).toMatch(/^Stored result s:1,2,3,4, but the game played again gives s:[\d,]+: they differ\.$/);
  });

  it('refuses a game seating a posted answer, a test game without its test and a game not stored, saying why', async () => {
    const { store, ids } = await host();
    expect(() => storedGameWatchPage(store, DICE_HOST, 13, { command: 'x' })).toThrow(HostWatchRefused);
    expect(() => storedGameWatchPage(store, DICE_HOST, 13, { command: 'x' })).toThrow(/seats posted answers \(Thrower \([0-9a-f]{12}\)\), which play only in the sandbox/);
    expect(() => storedGameWatchPage(store, DICE_HOST, 99, { command: 'x' })).toThrow(new HostWatchError('no game 99 is stored (games are numbered from 1)'));
    const lock = beginTick(store, { pid: 1, machine: 'test' });
    recordGames(store, [{ number: 14, rules: 'original', seedKey: 0, seats: [ids.OptFor2X!, ids.GoToTenBot!], result: 's:40,3', kind: 'test', tick: lock.tick }]);
    lock.finish();
    expect(() => storedGameWatchPage(store, DICE_HOST, 14, { command: 'x' })).toThrow(/test game 14 has no subject/);
    // A test game with its subject (the test) plays from the test's run.
    const again = beginTick(store, { pid: 1, machine: 'test' });
    recordGames(store, [{ number: 15, rules: 'original', seedKey: 0, seats: [ids.OptFor2X!, ids.GoToTenBot!], result: 's:40,3', kind: 'test', tick: again.tick, subject: 7 }]);
    again.finish();
    expect(storedGameWatchPage(store, DICE_HOST, 15, { command: 'x' }).intro[0]).toBe('Game 15, a test game of tick 3: seed key 0 of the run host/koth/rules/original/test/7 (rules original).');
    expect(() => storedGameWatchPage(store, {}, 1, { command: 'x' })).toThrow(/no watch page yet/);
  });

  it("publishes the active entries' latest field games of house bots, linked from their pages; none without the game's watch", async () => {
    const { store, ids } = await host();
    const hashes = { engineHash: 'e'.repeat(64), rulesHash: 'r'.repeat(64) };
    publishSite(store, { ...hashes, resamples: 20, host: DICE_HOST });
    const site = join(store.dir, SITE_DIR);
    // Every house bot's latest field game of house bots is game 12 (the last rotation), shared: one page.
    expect(readdirSync(join(site, 'watch'))).toEqual(['12.html']);
    expect(readFileSync(join(site, 'watch', '12.html'), 'utf8')).toContain('Game 12, a field game');
    const opt = JSON.parse(readFileSync(join(site, 'entries', `1.json`), 'utf8'));
    expect(opt).toMatchObject({ name: 'OptFor2X', latestGame: 13, watch: { game: 12, page: 'watch/12.html' } });
    expect(readFileSync(join(site, 'entries', '1.html'), 'utf8')).toContain('<a href="../watch/12.html">Game 12</a>');
    expect(readFileSync(join(site, 'entries', '1.html'), 'utf8')).toContain('latest field game is game 13, which seats posted answers');
    const thrower = JSON.parse(readFileSync(join(site, 'entries', `${store.row('SELECT entry FROM versions WHERE id = ?', ids.Thrower)!.entry}.json`), 'utf8'));
    expect(thrower).toMatchObject({ name: 'Thrower', latestGame: 13, watch: null });
    publishSite(store, hashes);
    expect(existsSync(join(site, 'watch'))).toBe(false);
  });
});

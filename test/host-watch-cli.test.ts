/**
 * `koth host watch DIR GAME [--out FILE]` (cli/commands/host-watch.ts) as a user runs it
 * (dist/koth.js): the watch page of a stored game of house bots, written where asked (by default
 * DIR/watch/game-N.html); a game seating a posted answer played again in the sandbox (its made-up
 * stored result shown to differ); a game not stored and a folder that is not a host refused with
 * exit 2, nothing written.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { koth, tempDirs } from './helpers.ts';
import { dicePortsHost } from './host-watch-fixture.ts';
import { getGame } from '../engines/core/host/store.ts';

const tmp = tempDirs('koth-host-watch-cli-');

describe('koth host watch', () => {
  it('writes the page of a stored game of house bots, and of one seating an answer (the sandbox); refuses missing games and non-hosts', async () => {
    const dir = join(tmp(), 'hill');
    const { store } = await dicePortsHost(dir);
    const result = getGame(store, 5)!.result;
    store.close();
    const out = join(tmp(), 'page.html');
    const r = koth(['host', 'watch', dir, '5', '--out', out]);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toBe(`koth: wrote the watch page of game 5 to ${out}\n`);
    const html = readFileSync(out, 'utf8');
    expect(html).toContain('<title>dice — hosted game 5</title>');
    expect(html).toContain('Game 5, a field game of tick 1: seed key 1 of the run host/koth/rules/original (rules original).');
    expect(html).toContain(`Result ${result}, as stored`);
    expect(html).toContain(`koth host watch ${dir} 5`);
    const byDefault = koth(['host', 'watch', dir, '1']);
    expect(byDefault.status, byDefault.stderr).toBe(0);
    expect(existsSync(join(dir, 'watch', 'game-1.html'))).toBe(true);

    // A game seating a posted answer is played again in a sandbox worker; its stored result here is made up, and the page says the replay differs.
    const answers = koth(['host', 'watch', dir, '13']);
    expect(answers.status, answers.stderr).toBe(0);
    const page13 = readFileSync(join(dir, 'watch', 'game-13.html'), 'utf8');
    expect(page13).toMatch(/Stored result s:12,41, but the game played again gives s:\d+,\d+: they differ\./);
    const missing = koth(['host', 'watch', dir, '99']);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain('no game 99 is stored');
    const notHost = koth(['host', 'watch', tmp(), '1']);
    expect(notHost.status).toBe(2);
    expect(notHost.stderr).toContain('is not a host');
    expect(koth(['host', 'watch', dir, 'zero']).status).toBe(2);
  });
});

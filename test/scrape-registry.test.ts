/**
 * koth registry end to end with toy ports: the registry's knownBots() is replaced by ports
 * "written from" our fixture answers, so an edit of an answer between two scrapes must turn
 * its port stale.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { KnownBot } from '../transpiled-bots/provenance.ts';
import { codeBlocks } from '../scraper/extract.ts';
import { FakeStackExchange, fixture, runKoth as koth } from './test-server.ts';

const toyPorts = vi.hoisted(() => ({ list: [] as KnownBot[] }));
vi.mock('../engines/registry.ts', async (original) => ({
  ...(await original<typeof import('../engines/registry.ts')>()),
  knownBots: (challenge?: string) => toyPorts.list.filter((k) => !challenge || k.challenge === challenge),
}));

const port = (bot: string, answerId: number, sha256: string | undefined, ported = true): KnownBot => ({
  challenge: 'dice',
  bot,
  ported,
  provenance: { challenge: 'dice', bot, questionId: 177765, answerId, source: 'fixtures/scraper/dice.json', ...(sha256 ? { sha256 } : {}) },
});

let server: FakeStackExchange | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
});

describe('koth registry: ported, stale, missing, not-a-bot', () => {
  it('an answer edited between two scrapes makes the port written from it stale', async () => {
    const answers = fixture('dice');
    const blockSha = (id: number, i = 0) => codeBlocks(answers.find((a) => a.answer_id === id)!.body)[i]!.sha256;
    toyPorts.list = [port('ThrowTwiceBot', 1001, blockSha(1001, 0)), port('GoToTenBot', 1001, blockSha(1001, 1)), port('StopBot', 1002, blockSha(1002)), port('PatientBot', 1007, undefined, false)];
    server = await new FakeStackExchange({ answers }).start();
    const cache = mkdtempSync(join(tmpdir(), 'koth-registry-'));
    expect((await koth(['scrape', 'dice', '--api-base', server.base, '--cache', cache])).status).toBe(0);

    const first = await koth(['registry', 'dice', '--cache', cache, '--json']);
    expect(first.status).toBe(0);
    expect(first.stderr).toBe('');
    const rows1 = first.json() as Record<string, unknown>[];
    expect(rows1.every((r) => Object.keys(r).join() === 'challenge,bot,status,answerId,author')).toBe(true);
    const status1 = Object.fromEntries(rows1.map((r) => [r.bot, r.status]));
    expect(status1).toEqual({
      ThrowTwiceBot: 'ported',
      GoToTenBot: 'ported',
      StopBot: 'ported',
      PatientBot: 'missing', // known, no port
      TwinA: 'missing', // in the cache, unknown to the project
      TwinB: 'missing',
      LateBot: 'missing',
      '(answer 1004)': 'not-a-bot',
      '(answer 1005)': 'not-a-bot',
    });
    expect(rows1.find((r) => r.bot === '(answer 1004)')).toEqual({ challenge: 'dice', bot: '(answer 1004)', status: 'not-a-bot', answerId: 1004, author: 'Commenter' });
    expect(rows1.find((r) => r.bot === 'TwinA')).toEqual({ challenge: 'dice', bot: 'TwinA', status: 'missing', answerId: 1003, author: null });

    // The author edits StopBot; the next scrape (a refresh) picks the edit up.
    const stop = server.answers.find((a) => a.answer_id === 1002)!;
    stop.body = stop.body.replace('yield False\n        yield False', 'yield False\n        yield True');
    stop.last_edit_date = stop.last_activity_date = Math.floor(Date.now() / 1000) + 5;
    expect((await koth(['scrape', 'dice', '--api-base', server.base, '--cache', cache])).status).toBe(0);
    expect(server.requests.at(-1)!.query.get('sort')).toBe('activity');

    const second = await koth(['registry', 'dice', '--cache', cache, '--json']);
    const status2 = Object.fromEntries((second.json() as { bot: string; status: string }[]).map((r) => [r.bot, r.status]));
    expect(status2).toEqual({ ...status1, StopBot: 'stale' });

    const text = await koth(['registry', 'dice', '--cache', cache]);
    expect(text.stdout).toMatch(/StopBot\s*│\s*stale\s*│\s*1002\s*│\s*Renée & Co\s*│\s*ported from [0-9a-f]{12}…, the cached answer has [0-9a-f]{12}…/);
    expect(text.stdout).toMatch(/ported: 2, stale: 1, source-missing: 0, missing: 4, not-a-bot: 2/);
  });

  it('without a cache: the known bots as ported or missing, and a note that the cache is empty', async () => {
    toyPorts.list = [port('StopBot', 1002, 'a'.repeat(64)), port('PatientBot', 1007, undefined, false)];
    const r = await koth(['registry', '--cache', mkdtempSync(join(tmpdir(), 'koth-registry-')), '--json']);
    expect(r.status).toBe(0);
    expect(r.json()).toEqual([
      { challenge: 'dice', bot: 'StopBot', status: 'ported', answerId: 1002, author: null },
      { challenge: 'dice', bot: 'PatientBot', status: 'missing', answerId: 1007, author: null },
    ]);
    expect(r.stderr).toMatch(/the cache is empty for dice, ruins, atomas, gun-duel, camel-up/);
  });

  it('an unknown challenge is a usage error', async () => {
    const r = await koth(['registry', 'chess']);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/unknown challenge "chess"/);
  });
});

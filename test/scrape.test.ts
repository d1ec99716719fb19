import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FakeSE, page } from './se-server.ts';
import { kothAsync as koth, ROOT } from './helpers.ts';
import { registryRows } from '../scraper/registry.ts';
import { sha256 } from '../scraper/extract.ts';

type Item = { answer_id: number; body: string; last_activity_date: number; last_edit_date?: number; creation_date: number };
const fixture = () => JSON.parse(readFileSync(new URL('../fixtures/scraper/answers.json', import.meta.url), 'utf8')).items as Item[];
const env = { KOTH_SE_DELAY_SCALE: '0.001' };
const tmp = () => mkdtempSync(join(tmpdir(), 'koth-scrape-'));

let server: FakeSE | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
});

/** Two pages of the fixture answers, oldest first; refresh calls (sort=activity) get `changed`. */
function api(items: Item[], changed: () => Item[] = () => []) {
  return (path: string, q: URLSearchParams) => {
    if (!path.endsWith('/answers')) return { status: 404, body: { error_id: 404, error_name: 'no_method', error_message: path } };
    if (q.get('sort') === 'activity') return page(changed().filter((a) => a.last_activity_date >= Number(q.get('min'))), false);
    return q.get('page') === '1' ? page(items.slice(0, 2), true) : page(items.slice(2), false);
  };
}

describe('koth scrape against a local StackExchange', () => {
  it('pages through the answers and prints the summary; answers without a bot and deleted owners are reported', async () => {
    server = await new FakeSE(api(fixture())).start();
    const cache = tmp();
    const r = await koth(['scrape', 'dice', '--api-base', server.base, '--cache', cache, '--json'], env);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const s = r.json();
    expect(s.challenge).toBe('dice');
    expect(s.answers).toBe(4);
    expect(s.bots.map((b: { name: string }) => b.name)).toEqual(['ThrowTwiceBot', 'GoToTenBot', 'StopBot', 'TwinA']);
    expect(s.bots.find((b: { name: string }) => b.name === 'StopBot').author).toBe('Renée & Co');
    expect(s.bots.find((b: { name: string }) => b.name === 'TwinA').author).toBeNull();
    expect(s.warnings).toEqual([{ answerId: 1004, author: 'Commenter', reason: expect.stringMatching(/no code block/) }]);
    expect(server.requests.map((x) => x.query.get('page'))).toEqual(['1', '2']);
    expect(server.requests.every((x) => x.query.get('site') === 'codegolf' && x.query.get('pagesize') === '100' && x.query.get('filter') === 'withbody')).toBe(true);
    const cached = JSON.parse(readFileSync(join(cache, 'dice', 'answers', '1002.json'), 'utf8'));
    expect(cached.blocks[0].sha256).toBe(sha256(cached.blocks[0].text));
    expect(cached.fetchedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it('a rerun asks only for answers active since the last scrape, and an edit makes the port stale', async () => {
    const items = fixture();
    const edited = { ...items[1]!, body: items[1]!.body.replace('yield False\n</code>', 'yield True\n</code>'), last_edit_date: 4e9, last_activity_date: 4e9 };
    let round = 1;
    server = await new FakeSE(api(items, () => (round === 1 ? [] : [edited]))).start();
    const cache = tmp();
    expect((await koth(['scrape', 'dice', '--api-base', server.base, '--cache', cache], env)).status).toBe(0);
    const first = JSON.parse(readFileSync(join(cache, 'dice', 'answers', '1002.json'), 'utf8'));
    round = 2;
    const n = server.requests.length;
    const r = await koth(['scrape', 'dice', '--api-base', server.base, '--cache', cache, '--json'], env);
    expect(r.status).toBe(0);
    const again = server.requests.slice(n);
    expect(again).toHaveLength(1);
    expect(again[0]!.query.get('sort')).toBe('activity');
    expect(Number(again[0]!.query.get('min'))).toBeGreaterThan(1.6e9);
    const second = JSON.parse(readFileSync(join(cache, 'dice', 'answers', '1002.json'), 'utf8'));
    expect(second.blocks[0].sha256).not.toBe(first.blocks[0].sha256);
    // A port written from the first version is now stale.
    const known = () => [{ challenge: 'dice', bot: 'StopBot', ported: true, provenance: { challenge: 'dice', bot: 'StopBot', questionId: 177765, source: 'test', sha256: first.blocks[0].sha256 } }];
    expect(registryRows(['dice'], cache, known).find((x) => x.bot === 'StopBot')!.status).toBe('stale');
  });

  it('koth registry --json: ported, stale, missing and not-a-bot', async () => {
    server = await new FakeSE(api(fixture())).start();
    const cache = tmp();
    expect((await koth(['scrape', 'dice', '--api-base', server.base, '--cache', cache], env)).status).toBe(0);
    const rows = (await koth(['registry', 'dice', '--cache', cache, '--json'])).json() as { bot: string; status: string; answerId: number | null; author: string | null }[];
    const by = (b: string) => rows.find((x) => x.bot === b)!;
    expect(by('ThrowTwiceBot')).toMatchObject({ status: 'ported', answerId: 1001, author: 'Example Writer' }); // an example bot: no answer hash to compare
    expect(by('StopBot').status).toBe('stale'); // our toy StopBot is not the code the port was written from
    expect(by('TwinA')).toMatchObject({ status: 'missing', answerId: 1003, author: null });
    expect(by('OptFor2X').status).toBe('ported'); // not in this cache: nothing to compare
    expect(rows.find((x) => x.status === 'not-a-bot')).toMatchObject({ answerId: 1004, author: 'Commenter' });
    expect(rows.every((x) => ['ported', 'missing', 'stale', 'not-a-bot'].includes(x.status))).toBe(true);
  });

  it('killed mid-scrape, the cache stays whole and the next run resumes at the next page', async () => {
    let stallPage2 = true;
    const items = fixture();
    server = await new FakeSE((path, q) => (q.get('page') === '2' && stallPage2 ? { stall: true } : api(items)(path, q))).start();
    const cache = tmp();
    const child = spawn(process.execPath, ['--import', 'tsx', 'cli/koth.ts', 'scrape', 'dice', '--api-base', server.base, '--cache', cache], { cwd: ROOT, env: { ...process.env, ...env } });
    const progressFile = join(cache, 'dice', 'progress.json');
    for (let i = 0; i < 600 && !(existsSync(progressFile) && server.requests.some((r) => r.query.get('page') === '2')); i++) await new Promise((r) => setTimeout(r, 50));
    child.kill('SIGKILL');
    await new Promise((r) => child.once('exit', r));
    const files = readdirSync(join(cache, 'dice', 'answers'));
    expect(files.sort()).toEqual(['1001.json', '1002.json']);
    for (const f of files) expect(() => JSON.parse(readFileSync(join(cache, 'dice', 'answers', f), 'utf8'))).not.toThrow();
    expect(JSON.parse(readFileSync(progressFile, 'utf8'))).toMatchObject({ nextPage: 2, complete: false });
    stallPage2 = false;
    const before = server.requests.length;
    const r = await koth(['scrape', 'dice', '--api-base', server.base, '--cache', cache, '--json'], env);
    expect(r.status).toBe(0);
    expect(r.json().answers).toBe(4);
    expect(server.requests.slice(before).map((x) => x.query.get('page'))).toEqual(['2']);
  });

  it('with no network it says so, exits non-zero and leaves the cache alone; --offline reads the cache', async () => {
    server = await new FakeSE(api(fixture())).start();
    const cache = tmp();
    expect((await koth(['scrape', 'dice', '--api-base', server.base, '--cache', cache], env)).status).toBe(0);
    const base = server.base;
    await server.stop();
    server = undefined;
    const snapshot = readFileSync(join(cache, 'dice', 'answers', '1001.json'), 'utf8');
    const down = await koth(['scrape', 'dice', '--api-base', base, '--cache', cache], env);
    expect(down.status).not.toBe(0);
    expect(down.stderr).toMatch(/no network: .*--offline/);
    expect(readFileSync(join(cache, 'dice', 'answers', '1001.json'), 'utf8')).toBe(snapshot);
    const off = await koth(['scrape', 'dice', '--offline', '--cache', cache, '--json']);
    expect(off.status).toBe(0);
    expect(off.json().answers).toBe(4);
    const none = await koth(['scrape', 'ruins', '--offline', '--cache', cache]);
    expect(none.status).not.toBe(0);
    expect(none.stderr).toMatch(/no cache for ruins/);
  });

  it('--as-of rebuilds each answer from its revision history', async () => {
    const items = fixture();
    const old = items[1]!.body.replace('StopBot', 'OldStopBot');
    server = await new FakeSE((path, q) => {
      if (path.startsWith('/posts/')) {
        const ids = path.split('/')[2]!.split(';').map(Number);
        const revs = ids.flatMap((id) =>
          id === 1002
            ? [
                { post_id: 1002, revision_number: 1, creation_date: 1545000100, body: old },
                { post_id: 1002, revision_number: 2, creation_date: 1600000000, body: items[1]!.body },
              ]
            : [{ post_id: id, revision_number: 1, creation_date: items.find((a) => a.answer_id === id)!.creation_date, body: items.find((a) => a.answer_id === id)!.body }],
        );
        return page(revs, false);
      }
      return api(items)(path, q);
    }).start();
    const cache = tmp();
    const r = await koth(['scrape', 'dice', '--api-base', server.base, '--cache', cache, '--as-of', '2019-01-07', '--json'], env);
    expect(r.stderr).toBe('');
    const s = r.json();
    expect(s.asOf).toBe('2019-01-07');
    expect(s.bots.map((b: { name: string }) => b.name)).toContain('OldStopBot');
    expect(s.bots.map((b: { name: string }) => b.name)).not.toContain('StopBot');
    expect(existsSync(join(cache, 'dice@2019-01-07', 'answers', '1002.json'))).toBe(true);
    expect((await koth(['scrape', 'dice', '--as-of', 'yesterday-ish', '--cache', cache])).stderr).toMatch(/not a date/);
  });
});

/**
 * A host of a StackExchange question as a user runs it (dist/koth.js `koth host init --source
 * se:QUESTION_ID --api-base`, then ticks; issue 40), our own few-line answers served by the test
 * API server (test/test-server.ts, 127.0.0.1: no internet) over several ticks: new answers, one
 * rejected with its Python error, an edit and its SPRT against the previous version, the API
 * answering garbage mid-tick (exit 4: nothing written, the site left as it was, the next tick
 * resumes), a deleted answer retired; `verify` holding at the end.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { kothAsync, tempDirs } from './helpers.ts';
import { FakeStackExchange, type SimAnswer } from './test-server.ts';

const tmp = tempDirs('koth-host-se-');
const DICE_Q = 177765;
let server: FakeStackExchange | undefined;
afterAll(async () => server?.stop());

const bot = (name: string, limit: number) => `class ${name}(Bot):\n    def make_throw(self, scores, last_round):\n        while sum(self.current_throws) < ${limit}:\n            yield True\n        yield False\n`;
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const html = (code: string) => `<p>My entry.</p>\n<pre><code>${esc(code)}</code></pre>\n`;
/** Answer dates: an hour ago (the scrape's refresh asks for activity since its last run, on the real clock). */
const ago = () => Math.floor(Date.now() / 1000) - 3600;
const answer = (id: number, author: string, code: string): SimAnswer => ({
  answer_id: id,
  question_id: DICE_Q,
  score: 1,
  creation_date: ago() + id,
  last_activity_date: ago() + id,
  body: html(code),
  owner: { display_name: author, user_id: id, user_type: 'registered' },
});

const ENV = { KOTH_SE_DELAY_SCALE: '0', KOTH_SE_API: '' };
const SMALL = ['--games', '30', '--test-pairs', '10', '--resamples', '50'];

describe('koth host with se:QUESTION_ID (the test API server)', () => {
  it('new, rejected, edited with its SPRT, the API failing mid-tick, deleted; verify holds', async () => {
    const quitter = 'class Quitter(Bot):\n    def make_throw(self, scores, last_round):\n        yield False\n';
    server = await new FakeStackExchange({
      answers: [answer(201, 'alice', bot('Alpha', 15)), answer(202, 'bob', 'class Broken(Bot):\n    def make_throw(self, scores, last_round)\n        yield False\n'), answer(203, 'carol', quitter)],
    }).start();
    const s = server;
    const dir = join(tmp(), 'hill');
    const init = await kothAsync(['host', 'init', dir, '--game', 'dice', '--source', `se:${DICE_Q}`, '--api-base', s.base, '--house', 'GoToTenBot,OptFor2X'], ENV);
    expect(init.status, init.stderr).toBe(0);
    const tick = async () => {
      const r = await kothAsync(['host', 'tick', dir, ...SMALL, '--json'], ENV);
      expect(r.status, r.stderr).toBe(0);
      return r.json();
    };
    const board = async () => (await kothAsync(['host', 'board', dir, '--json', '--resamples', '50'], ENV)).json();
    const row = (b: any, name: string) => b.entries.find((e: any) => e.name === name);

    const t1 = await tick();
    expect(t1.ingest).toMatchObject({ new: 3 });
    let b = await board();
    expect(row(b, 'Alpha')).toMatchObject({ status: 'active', answer: '201', author: 'alice', version: 1 });
    expect(row(b, 'Broken')).toMatchObject({ status: 'rejected', answer: '202' });
    expect(row(b, 'Broken').reason).toMatch(/SyntaxError/);
    // A bot that never scores never wins: a one-sided bound, not a made-up interval.
    expect(row(b, 'Quitter')).toMatchObject({ status: 'active', low: null, oneSided: { side: 'upper', why: 'never won' } });
    expect(row(b, 'Quitter').high).toBe(row(b, 'Quitter').oneSided.bound);
    // --without: the entry and every game it sat in left out; --as-of before the first tick: nothing rated yet.
    const without = (await kothAsync(['host', 'board', dir, '--json', '--resamples', '20', '--without', 'Quitter'], ENV)).json();
    expect(without.entries.map((e: any) => e.name)).not.toContain('Quitter');
    expect(without.ratings.without).toEqual(['Quitter']);
    const past = (await kothAsync(['host', 'board', dir, '--json', '--resamples', '20', '--as-of', '2000-01-01'], ENV)).json();
    expect(past.ratings.games).toBe(0);
    expect(row(past, 'Alpha').elo).toBeNull();

    // Alpha's answer edited: version 2, its test against version 1.
    const a = s.answers.find((x) => x.answer_id === 201)!;
    const now = Math.floor(Date.now() / 1000);
    Object.assign(a, { body: html(bot('Alpha', 18)), last_edit_date: now, last_activity_date: now });
    s.revisions.push({ post_id: 201, revision_type: 'single_user', creation_date: now, body: a.body });
    const t2 = await tick();
    expect(t2.ingest).toMatchObject({ edited: 1 });
    expect(t2.tests.find((t: any) => t.candidate === 'Alpha v2')).toMatchObject({ baseline: 'Alpha v1', pairs: 10 });
    b = await board();
    expect(b.tests.find((t: any) => t.candidate === 'Alpha' && t.candidateVersion === 2)).toMatchObject({ baseline: 'Alpha', baselineVersion: 1 });

    // The API answers garbage mid-tick: exit 4, nothing written, the site as it was.
    const site = readFileSync(join(dir, 'site', 'leaderboard.json'), 'utf8');
    s.answers = s.answers.filter((x) => x.answer_id !== 201);
    s.fault = (r) => (/^\/answers\/[\d;]+$/.test(r.path) ? { reply: { status: 200, body: '<html>Service Unavailable</html>', headers: { 'content-type': 'text/html' } } } : undefined);
    const failed = await kothAsync(['host', 'tick', dir, ...SMALL], ENV);
    expect(failed.status, failed.stderr).toBe(4);
    expect(failed.stderr).toMatch(/the StackExchange API failed during ingest: .*the tick is left unfinished and the next `koth host tick .*` resumes it/);
    expect(readFileSync(join(dir, 'site', 'leaderboard.json'), 'utf8')).toBe(site);
    expect(row(await board(), 'Alpha')).toMatchObject({ status: 'active', version: 2 });

    // The API is back: the tick resumes under its number, the deleted answer's entry retired.
    s.fault = undefined;
    const t3 = await tick();
    expect(t3).toMatchObject({ tick: 3, resumed: true, ingest: { retired: 1 } });
    b = await board();
    expect(row(b, 'Alpha')).toMatchObject({ status: 'retired', reason: 'its answer was deleted (the API no longer returns it)' });
    const v = await kothAsync(['host', 'verify', dir], ENV);
    expect(v.status, v.stdout + v.stderr).toBe(0);
  }, 240_000);
});

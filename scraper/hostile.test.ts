/**
 * The scraper against a StackExchange stand-in that behaves badly (issue "Scraper under
 * hostile responses"): every case on the local simulator (127.0.0.1), bounded in time, and
 * the cache stays whole.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError, retryAfterMs, StackExchangeClient, type ApiOptions } from './api.ts';
import { AnswerCache, loadBackoff, saveBackoff } from './cache.ts';
import { registryReport } from './registry.ts';
import { scrapeChallenge } from './scrape.ts';
import { FakeStackExchange, fixture, runKoth, type Fault, type SimAnswer } from '../test/test-server.ts';
import { challengeConfig } from '../engines/registry.ts';
import { printable } from '../engines/core/report/table.ts';
import { tempDirs } from '../test/helpers.ts';

const dice = challengeConfig('dice')!;
let server: FakeStackExchange | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
});

async function serve(answers: SimAnswer[], fault?: (n: number) => Fault | undefined, o: ConstructorParameters<typeof FakeStackExchange>[1] = {}) {
  server = await new FakeStackExchange({ answers }, o).start();
  if (fault) server.fault = (r) => fault(r.n);
  return server;
}

/** Temporary folders, removed when the file's tests are done. */
const tmp = tempDirs('koth-hostile-');
const waits: [string, number][] = [];
const client = (base: string, extra: ApiOptions = {}) => new StackExchangeClient({ base, sleep: async () => {}, jitter: () => 0, onWait: (r, ms) => waits.push([r, ms]), ...extra });
const answer = (id: unknown, body: string, extra: Partial<SimAnswer> = {}): SimAnswer =>
  ({ answer_id: id, question_id: 177765, score: 1, creation_date: 1545000000 + Number(String(id).length), last_activity_date: 1545000000, body, owner: { display_name: 'someone', user_id: 1, user_type: 'registered' }, ...extra }) as SimAnswer;
const bot = (name: string) => `<pre><code>class ${name}(Bot):\n    def make_throw(self, scores, last_round):\n        yield False\n</code></pre>`;

describe('scraper: hostile responses', () => {
  it('deeply nested HTML is read without recursion; the scrape goes on and saves its progress', async () => {
    const deep = `<pre><code>${'<span>'.repeat(6000)}class Deep(Bot):\n    pass\n${'</span>'.repeat(6000)}</code></pre>`;
    const s = await serve([answer(5001, bot('First')), answer(5002, deep, { creation_date: 1545000100 }), answer(5003, bot('Last'), { creation_date: 1545000200 })]);
    const cache = new AnswerCache(tmp(), 'dice');
    const sum = await scrapeChallenge(dice, { client: client(s.base), cache });
    expect(sum.bots.map((b) => b.name)).toEqual(['First', 'Deep', 'Last']);
    expect(cache.readProgress().complete).toBe(true);
  });

  it('an answer that breaks the extractor is skipped with a warning naming it; the rest are cached', async () => {
    const s = await serve([answer(5101, bot('Good')), answer(5102, bot('Bad'), { creation_date: 1545000100 })]);
    const cache = new AnswerCache(tmp(), 'dice');
    const broken = { ...dice, extract: (html: string) => (html.includes('Bad') ? (() => { throw new RangeError('Maximum call stack size exceeded'); })() : dice.extract(html)) };
    const seen: unknown[] = [];
    const sum = await scrapeChallenge(broken, { client: client(s.base), cache, onWarning: (w) => seen.push(w.answerId) });
    expect(sum.bots.map((b) => b.name)).toEqual(['Good']);
    expect(seen).toEqual([5102]);
    expect(sum.warnings.some((w) => w.answerId === 5102 && /could not be read .*Maximum call stack/.test(w.reason))).toBe(true);
  });

  it('a body that trickles in a byte at a time ends at the total deadline, not never', async () => {
    const s = await serve([], () => ({ drip: { everyMs: 50 } }));
    const t0 = performance.now();
    const err = await client(s.base, { deadlineMs: 400, timeoutMs: 5000, maxRetries: 1 })
      .get('/questions/177765/answers')
      .catch((e) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err.message).toMatch(/no complete answer within 400 ms/);
    expect(performance.now() - t0).toBeLessThan(4000);
  });

  it('a Retry-After beyond the cap stops like the quota (no timer overflow); a short one is waited and said', async () => {
    const s = await serve(fixture('dice'), (n) => (n === 1 ? { reply: { status: 503, body: 'busy', gzip: false, headers: { 'retry-after': '3000000' } } } : undefined));
    const err = await client(s.base).get('/questions/177765/answers').catch((e) => e);
    expect(err.kind).toBe('quota');
    expect(err.message).toMatch(/asks to wait 3000000 s .* more than the 120 s .* resets at/);
    expect(s.requests).toHaveLength(1);
    await s.stop();
    const date = new Date(Date.now() + 5000).toUTCString();
    const t = await serve(fixture('dice'), (n) => (n === 1 ? { reply: { status: 429, body: 'slow down', gzip: false, headers: { 'retry-after': date } } } : undefined));
    waits.length = 0;
    const page = await client(t.base).get('/questions/177765/answers');
    expect(page.items.length).toBeGreaterThan(0);
    expect(waits[0]![0]).toMatch(/HTTP 429/);
    expect(waits[0]![1]).toBeGreaterThan(2000);
    expect(retryAfterMs('12')).toBe(12000);
    expect(retryAfterMs('soon')).toBeUndefined();
  });

  it('waits are said on stderr even when it is not a terminal, and an overlong one exits with the quota code', async () => {
    const s = await serve(fixture('dice'), (n) => (n === 1 ? { reply: { status: 503, body: 'busy', gzip: false, headers: { 'retry-after': '600' } } } : undefined));
    const cache = tmp();
    const r = await runKoth(['scrape', 'dice', '--api-base', s.base, '--cache', cache], { KOTH_SE_MAX_WAIT_S: '60' });
    expect(r.status).toBe(5);
    expect(r.stderr).toMatch(/asks to wait 600 s/);
    await s.stop();
    const t = await serve(fixture('dice'), (n) => (n === 1 ? { reply: { status: 503, body: 'busy', gzip: false, headers: { 'retry-after': '2' } } } : undefined));
    const ok = await runKoth(['scrape', 'dice', '--api-base', t.base, '--cache', tmp()], { KOTH_SE_DELAY_SCALE: '0.001' });
    expect(ok.status).toBe(0);
    expect(ok.stderr).toMatch(/waiting .* s: HTTP 503/);
  });

  it('control characters in API text are escaped when printed and kept exact in the cache', async () => {
    const evil = 'Mallory\u001b]0;pwned\u0007\u001b[2J';
    const s = await serve([answer(5201, bot('Evil'), { owner: { display_name: evil, user_id: 2, user_type: 'registered' } })]);
    const cache = tmp();
    const r = await runKoth(['scrape', 'dice', '--api-base', s.base, '--cache', cache]);
    expect(r.status).toBe(0);
    expect(r.stdout).not.toMatch(/\u001b\]|\u0007|\u001b\[2J/);
    expect(r.stdout).toContain('Mallory\\x1b]0;pwned\\x07\\x1b[2J');
    expect(new AnswerCache(cache, 'dice').read(5201)!.author).toBe(evil);
    const reg = await runKoth(['registry', 'dice', '--cache', cache]);
    expect(reg.stdout).not.toMatch(/\u001b\]|\u0007/);
    expect(printable('a\u202ecba\u009b2J')).toBe('a\\u{202e}cba\\x9b2J');
  });

  it("an API's backoff holds for the whole process and, saved in the cache, for the next one", async () => {
    const s = await serve(fixture('dice'));
    s.backoff = (r) => (r.n === 1 ? 2 : undefined);
    await client(s.base).get('/questions/177765/answers');
    waits.length = 0;
    await client(s.base).get('/questions/183101/answers'); // another client, same method
    expect(waits.some(([r]) => /backoff requested by the API for \/questions\/\{ids\}\/answers/.test(r))).toBe(true);
    s.backoff = () => 30;
    await client(s.base).get('/questions/177765/answers');
    const dir = tmp();
    saveBackoff(dir);
    const copy = new Map<string, number>();
    loadBackoff(dir, copy);
    expect([...copy.keys()]).toContain(`${s.base} /questions/{ids}/answers`);
    StackExchangeClient.notBefore.clear();
  });

  it('answer ids that are not positive integers are skipped with a warning naming them; the rest are cached and counted', async () => {
    const odd = [-1, 1.5, 1e21, 'abc'].map((id, i) => answer(id, bot(`Odd${i}`), { creation_date: 1545000000 + i }));
    const s = await serve([...odd, answer(5301, bot('Fine'), { creation_date: 1545000100 })]);
    const cache = new AnswerCache(tmp(), 'dice');
    const sum = await scrapeChallenge(dice, { client: client(s.base), cache });
    expect(sum.answers).toBe(1);
    expect(sum.bots.map((b) => b.name)).toEqual(['Fine']);
    expect(sum.warnings.filter((w) => /not a positive integer/.test(w.reason)).map((w) => w.answerId)).toEqual(['-1', '1.5', '1e+21', '"abc"']);
    expect(readdirSync(join(cache.dir, 'answers'))).toEqual(['5301.json']);
  });

  it('a server that ignores paging (has_more forever, the same ids) is stopped before it burns the quota', async () => {
    const page = { items: [answer(5401, bot('Loop'))], has_more: true, quota_max: 300, quota_remaining: 290 };
    const s = await serve([], (n) => (n === 1 ? undefined : { reply: { status: 200, body: page } })); // 1: the question, answered
    const cache = new AnswerCache(tmp(), 'dice');
    const err = await scrapeChallenge(dice, { client: client(s.base), cache }).catch((e) => e);
    expect(err.message).toMatch(/no new answer/);
    expect(s.calls('/answers').length).toBeLessThanOrEqual(3);
    expect(s.requests[0]!.path).toBe('/questions/177765');
    expect(cache.read(5401)?.bots.map((b) => b.name)).toEqual(['Loop']);
  });

  it('a gzip body that inflates past the cap is refused without inflating it all', async () => {
    const s = await serve([], () => ({ bomb: { bytes: 8 * 1024 * 1024 } }));
    const err = await client(s.base, { maxBodyBytes: 1024 * 1024 })
      .get('/questions/177765/answers')
      .catch((e) => e);
    expect(err.kind).toBe('bad-response');
    expect(err.message).toMatch(/inflates past the 1048576 bytes/);
  });

  it('registry: a port whose answer is missing from a finished scrape says "source missing"', async () => {
    const s = await serve([answer(5501, bot('Present'))]);
    const root = tmp();
    await scrapeChallenge(dice, { client: client(s.base), cache: new AnswerCache(root, 'dice') });
    const port = (name: string, answerId: number) => ({ challenge: 'dice', bot: name, ported: true, provenance: { challenge: 'dice', bot: name, questionId: 177765, answerId, source: 'test' } });
    const rows = registryReport(['dice'], root, () => [port('Present', 5501), port('Gone', 5999)]).rows;
    expect(rows.find((r) => r.bot === 'Gone')!.status).toBe('source-missing');
    expect(rows.find((r) => r.bot === 'Present')!.status).toBe('ported');
  });
});

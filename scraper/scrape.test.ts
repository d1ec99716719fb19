import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError, StackExchangeClient } from './api.ts';
import { AnswerCache, CacheBusyError } from './cache.ts';
import { challengeConfig } from '../engines/registry.ts';
import { registryReport } from './registry.ts';
import { asOfEpoch, normalTitle, sameQuestionTitle, scrapeChallenge, summarize } from './scrape.ts';
import { apiError, FakeStackExchange, fixture, type SimAnswer, type SimOptions, type SimRevision } from '../test/test-server.ts';
import type { KnownBot } from '../transpiled-bots/provenance.ts';
import { tempDirs } from '../test/helpers.ts';

const dice = challengeConfig('dice')!;
/** Temporary folders, removed when the file's tests are done. */
const tmp = tempDirs('koth-scrape-lib-');
let server: FakeStackExchange | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
});

async function serve(answers: SimAnswer[] = fixture('dice'), o: SimOptions = {}, revisions: SimRevision[] = fixture<SimRevision>('dice-revisions')) {
  server = await new FakeStackExchange({ answers, revisions }, o).start();
  return server;
}
const client = (base: string, maxRetries = 2) => new StackExchangeClient({ base, delayScale: 0, maxRetries });
const fetchedAt = (cache: AnswerCache) => Object.fromEntries(cache.all().map((a) => [a.answer_id, a.fetched_at]));
const listings = (s: FakeStackExchange) => s.calls('/answers').map((r) => ({ page: r.query.get('page'), min: r.query.get('min'), sort: r.query.get('sort'), order: r.query.get('order') }));

/** n generated answers (our own one-line bots), one a minute. */
function generated(n: number): SimAnswer[] {
  return Array.from({ length: n }, (_, i) => ({
    answer_id: 5000 + i,
    question_id: 177765,
    score: i % 7,
    creation_date: 1546000000 + 60 * i,
    last_activity_date: 1546000000 + 60 * i,
    body: `<pre><code>class Gen${i}Bot(Bot):\n    def make_throw(self, scores, last_round):\n        yield len(self.current_throws) &lt; ${i % 5}\n</code></pre>`,
    owner: { display_name: `user${i}`, user_id: 9000 + i, user_type: 'registered' },
  }));
}

describe('scrapeChallenge: listing, caching, resuming', () => {
  it('pages through 230 answers 100 at a time (keyset on creation_date), caching one whole JSON per answer', async () => {
    const s = await serve(generated(230));
    const cache = new AnswerCache(tmp(), 'dice');
    const sum = await scrapeChallenge(dice, { client: client(s.base), cache });
    expect(sum.answers).toBe(230);
    expect(sum.written).toBe(230);
    expect(sum.bots.map((b) => b.name).slice(0, 3)).toEqual(['Gen0Bot', 'Gen1Bot', 'Gen2Bot']);
    expect(listings(s)).toEqual([
      { page: '1', min: null, sort: 'creation', order: 'asc' },
      { page: '1', min: String(1546000000 + 60 * 99), sort: 'creation', order: 'asc' },
      { page: '1', min: String(1546000000 + 60 * 198), sort: 'creation', order: 'asc' },
    ]);
    expect(sum.unchanged).toBe(2); // the last answer of each page comes again (min is inclusive) and is not rewritten
    const files = readdirSync(join(cache.dir, 'answers'));
    expect(files).toHaveLength(230);
    const one = JSON.parse(readFileSync(join(cache.dir, 'answers', '5007.json'), 'utf8'));
    expect(one).toMatchObject({ format: 'koth-answer/2', answer_id: 5007, author: 'user7', revision: { as_of: null, number: null, date: 1546000420 } });
    expect(one.blocks[0].text).toContain('yield len(self.current_throws) < 2');
    expect(one.bots).toEqual([{ name: 'Gen7Bot', block: 0, sha256: one.blocks[0].sha256 }]);
    expect(one.fetched_at).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(cache.readProgress()).toMatchObject({ complete: true, last_scrape: expect.any(Number) });
  });

  it('a page that keeps failing stops the scrape with the pages before it cached; the rerun resumes after them', async () => {
    const s = await serve(generated(230));
    s.fault = (r) => (r.query.get('min') === String(1546000000 + 60 * 99) ? apiError(500, 500, 'internal_error', 'boom') : undefined);
    const cache = new AnswerCache(tmp(), 'dice');
    const err = await scrapeChallenge(dice, { client: client(s.base, 1), cache }).catch((e) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err.message).toMatch(/kept failing .* next run resumes/);
    expect(cache.all()).toHaveLength(100);
    expect(cache.readProgress()).toMatchObject({ complete: false, resume: { min: 1546000000 + 60 * 99, page: 1 }, listed: 100 });
    const before = fetchedAt(cache);
    s.fault = undefined;
    const n = s.requests.length;
    const sum = await scrapeChallenge(dice, { client: client(s.base), cache });
    expect(sum.mode).toBe('resume');
    expect(sum.answers).toBe(230);
    expect(s.requests[n]!.path).toBe('/questions/177765'); // the question is checked first, every run
    expect(s.requests.slice(n + 1).map((r) => r.query.get('min'))).toEqual([String(1546000000 + 60 * 99), String(1546000000 + 60 * 198)]);
    const after = fetchedAt(cache);
    for (const id of Object.keys(before)) expect(after[id]).toBe(before[id]); // nothing it had was rewritten
  });

  it('keyset paging survives answers deleted meanwhile, and pages of equal creation dates', async () => {
    const same = generated(5).map((a) => ({ ...a, creation_date: 1546000000 }));
    const s = await serve([...same, ...generated(8).slice(5)], { maxPageSize: 2 });
    const cache = new AnswerCache(tmp(), 'dice');
    const sum = await scrapeChallenge(dice, { client: client(s.base), cache });
    expect(sum.answers).toBe(8);
    expect(listings(s).map((l) => [l.min, l.page])).toEqual([
      [null, '1'],
      ['1546000000', '1'],
      ['1546000000', '2'],
      ['1546000000', '3'],
      [String(1546000000 + 60 * 5), '1'],
      [String(1546000000 + 60 * 6), '1'],
    ]);
  });

  it('quota exhaustion mid-listing stops with the reset time, keeps what it fetched, and the next day resumes', async () => {
    const s = await serve(fixture('dice'), { maxPageSize: 2, quota: 3 });
    const cache = new AnswerCache(tmp(), 'dice');
    const err = await scrapeChallenge(dice, { client: client(s.base), cache }).catch((e) => e);
    expect(err.kind).toBe('quota');
    expect(err.message).toMatch(/quota is used up .* it resets at .*Z \(in \d+ h \d+ min\)/);
    expect(s.requests).toHaveLength(3); // the question, two pages; stopped before asking again, not at the API's refusal
    expect(cache.all().map((a) => a.answer_id)).toEqual([1001, 1002, 1003]); // two pages of two, the second starting at 1002 again
    s.quota = 300;
    const sum = await scrapeChallenge(dice, { client: client(s.base), cache });
    expect(sum.answers).toBe(7);
  });

  it('truncated JSON on page 2 writes nothing of it; an unreadable cache file is reported and fetched again', async () => {
    const s = await serve(fixture('dice'), { maxPageSize: 3 });
    s.fault = (r) => (r.query.get('min') ? { truncateJson: true } : undefined);
    const cache = new AnswerCache(tmp(), 'dice');
    await expect(scrapeChallenge(dice, { client: client(s.base, 0), cache })).rejects.toThrow(/JSON cut short/);
    expect(cache.all().map((a) => a.answer_id)).toEqual([1001, 1002, 1003]);
    writeFileSync(join(cache.dir, 'answers', '1002.json'), '{"format": "koth-answer/2", "answer_id": 10');
    expect(summarize(dice, cache).warnings).toContainEqual({ answerId: 1002, author: null, reason: expect.stringMatching(/1002\.json ignored: not whole JSON/) });
    s.fault = undefined;
    const sum = await scrapeChallenge(dice, { client: client(s.base), cache });
    expect(sum.answers).toBe(7);
    expect(sum.warnings.some((w) => /ignored/.test(w.reason))).toBe(false);
    expect(s.calls('/answers/1002')).toHaveLength(1); // fetched again by id: the resumed listing starts after it
    expect(cache.read(1002)!.bots.map((b) => b.name)).toEqual(['StopBot']);
  });

  it('a backoff the API asks for on one page is waited out before the next page', async () => {
    const s = await serve(fixture('dice'), { maxPageSize: 3 });
    s.backoff = (r) => (r.n === 3 ? 10 : undefined); // the question, page 1, then this page
    const waits: [string, number][] = [];
    const c = new StackExchangeClient({ base: s.base, sleep: async () => {}, onWait: (r, ms) => waits.push([r, ms]) });
    await scrapeChallenge(dice, { client: c, cache: new AnswerCache(tmp(), 'dice') });
    expect(s.calls('/answers')).toHaveLength(3);
    expect(waits.map((w) => w[0])).toEqual([expect.stringMatching(/^backoff requested by the API/)]);
    expect(waits[0]![1]).toBeGreaterThan(5000); // (recorded, not slept)
    expect(waits[0]![1]).toBeLessThanOrEqual(10_000);
  });

  it('has_more with an empty page, or answers without body, stop the scrape instead of looping or caching empty answers', async () => {
    const s = await serve();
    s.fault = (r) => (r.path.endsWith('/answers') ? { reply: { status: 200, body: { items: [], has_more: true, quota_max: 300, quota_remaining: 200 } } } : undefined);
    await expect(scrapeChallenge(dice, { client: client(s.base), cache: new AnswerCache(tmp(), 'dice') })).rejects.toThrow(/has_more with an empty page/);
    s.fault = (r) => (r.path.endsWith('/answers') ? { reply: { status: 200, body: { items: [{ answer_id: 1, creation_date: 1, score: 0 }], has_more: false } } } : undefined);
    const cache = new AnswerCache(tmp(), 'dice');
    await expect(scrapeChallenge(dice, { client: client(s.base), cache })).rejects.toThrow(/answer 1 came without its body/);
    expect(existsSync(cache.dir)).toBe(false);
  });

  it('a refresh asks only for answers active since the last scrape and rewrites only what changed', async () => {
    const s = await serve();
    const cache = new AnswerCache(tmp(), 'dice');
    await scrapeChallenge(dice, { client: client(s.base), cache, now: () => 1700000000_000 });
    const before = fetchedAt(cache);
    const a = s.answers.find((x) => x.answer_id === 1001)!;
    a.body = a.body.replace('yield True\n        yield False', 'yield True\n        yield True');
    a.last_edit_date = a.last_activity_date = 1700000500;
    s.answers.find((x) => x.answer_id === 1004)!.last_activity_date = 1700000600; // a comment: activity, same body
    const n = s.requests.length;
    const sum = await scrapeChallenge(dice, { client: client(s.base), cache, now: () => 1700001000_000 });
    expect(sum.mode).toBe('refresh');
    expect(s.requests.slice(n).map((r) => r.path)).toEqual(['/questions/177765', '/questions/177765/answers']);
    expect(s.calls('/answers').slice(-1).map((r) => Object.fromEntries(r.query))).toEqual([expect.objectContaining({ sort: 'activity', order: 'desc', min: String(1700000000 - 60), page: '1' })]);
    expect(sum.written).toBe(1);
    expect(sum.unchanged).toBe(1);
    const after = fetchedAt(cache);
    expect(after[1001]).not.toBe(before[1001]);
    for (const id of [1002, 1003, 1004, 1005, 1006, 1007]) expect(after[id]).toBe(before[id]);
    expect(cache.readProgress().last_scrape).toBe(1700001000);
  });

  it('the question under the id must be the challenge: another title, or no question, stops before any answer is asked for or written', async () => {
    const s = await serve();
    s.questions = [{ question_id: 177765, title: 'Adventurers in the Ruins' }];
    const cache = new AnswerCache(tmp(), 'dice');
    const err = await scrapeChallenge(dice, { client: client(s.base), cache }).catch((e) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err.kind).toBe('wrong-question');
    expect(err.message).toBe(
      'question 177765 on codegolf is "Adventurers in the Ruins", not "A game of dice, but avoid number 6": the question id of dice (177765, in its descriptor engines/dice/index.ts) is wrong; nothing was scraped',
    );
    expect(s.requests.map((r) => r.path)).toEqual(['/questions/177765']);
    expect(existsSync(cache.dir)).toBe(false);
    s.questions = [];
    const gone = await scrapeChallenge(dice, { client: client(s.base), cache }).catch((e) => e);
    expect(gone.kind).toBe('wrong-question');
    expect(gone.message).toMatch(/^the API has no question 177765 on codegolf \(a wrong id, or the question was deleted\)/);
    expect(existsSync(cache.dir)).toBe(false);
    // Case, white space and HTML entities are not differences.
    s.questions = [{ question_id: 177765, title: ' A  Game of dice,&#32;but avoid\nnumber&nbsp;6 ' }];
    expect((await scrapeChallenge(dice, { client: client(s.base), cache })).answers).toBe(7);
    expect(normalTitle('Camel Up Cup 2k18')).toBe(normalTitle('camel&#32;UP cup&nbsp;2K18'));
    expect(normalTitle('Camel Up Cup 2k18')).not.toBe(normalTitle('Camel Up Cup 2k19'));
    expect(sameQuestionTitle('Adventurers in the Ruins', 'Adventurers in the Ruins (treasure-raiding KotH)')).toBe(true);
    expect(sameQuestionTitle('Camel Up Cup: An AI board game tournament (Camel Up Cup 2k18)', 'camel up cup 2k18')).toBe(true);
    expect(sameQuestionTitle('A game of atomic proportions', 'Adventurers in the Ruins (treasure-raiding KotH)')).toBe(false);
  });

  it('--as-of: bodies from the revision history only for answers edited since; later answers left out', async () => {
    const s = await serve();
    const cache = new AnswerCache(tmp(), 'dice', '2019-01-07');
    const sum = await scrapeChallenge(dice, { client: client(s.base), cache, asOf: '2019-01-07' });
    expect(sum.bots.map((b) => b.name)).toEqual(['ThrowTwiceBot', 'GoToTenBot', 'OldStopBot', 'TwinA', 'TwinB', 'PatientBot']);
    expect(cache.dir).toMatch(/dice@2019-01-07$/);
    const revs = s.calls('/revisions');
    expect(revs).toHaveLength(1);
    expect(revs[0]!.path).toBe('/posts/1002;1007/revisions'); // only the two edited after the date
    expect(revs[0]!.query.get('todate')).toBe(String(asOfEpoch('2019-01-07')));
    const patient = cache.read(1007)!;
    expect(patient.revision).toEqual({ as_of: '2019-01-07', number: 1, date: 1545800000 }); // the vote-based revision (no body) is skipped
    expect(patient.blocks[0]!.text).toContain('< 2');
    expect(cache.read(1001)!.revision).toEqual({ as_of: '2019-01-07', number: null, date: 1545300000 });
    expect(cache.read(1006)).toBeUndefined();
    expect(existsSync(join(cache.root, 'dice'))).toBe(false); // the current-answers cache is another folder
  });

  it('--as-of dates: a day is its last second UTC; anything else must be a timestamp', () => {
    expect(asOfEpoch('2019-01-07')).toBe(Date.UTC(2019, 0, 7, 23, 59, 59) / 1000);
    expect(asOfEpoch('2019-05-04T16:25:00-06:00')).toBe(Date.UTC(2019, 4, 4, 22, 25) / 1000);
    expect(() => asOfEpoch('yesterday')).toThrow(/not a date/);
    expect(() => asOfEpoch('May 4')).toThrow(/not a date/);
  });

  it('a second scrape of the same cache at the same time is refused; a lock left by a dead process is taken over', async () => {
    const s = await serve();
    const cache = new AnswerCache(tmp(), 'dice');
    const release = cache.lock();
    writeFileSync(join(cache.dir, '.lock'), String(process.ppid)); // held by a live process
    await expect(scrapeChallenge(dice, { client: client(s.base), cache })).rejects.toBeInstanceOf(CacheBusyError);
    release();
    const child = spawn(process.execPath, ['-e', '']);
    const deadPid = child.pid!;
    await new Promise((r) => child.once('exit', r));
    writeFileSync(join(cache.dir, '.lock'), String(deadPid));
    writeFileSync(join(cache.dir, 'progress.json.123.456.tmp'), '{"half');
    const sum = await scrapeChallenge(dice, { client: client(s.base), cache });
    expect(sum.answers).toBe(7);
    expect(readdirSync(cache.dir).sort()).toEqual(['answers', 'progress.json']); // lock released, leftover removed
  });
});

describe('registry against a cache', () => {
  const port = (bot: string, sha256?: string, answerId?: number): KnownBot => ({
    challenge: 'dice',
    bot,
    ported: true,
    provenance: { challenge: 'dice', bot, questionId: 177765, source: 'test', ...(sha256 ? { sha256 } : {}), ...(answerId ? { answerId } : {}) },
  });

  it('ported, stale, missing and not-a-bot; an uncached challenge is said to be so', async () => {
    const s = await serve();
    const root = tmp();
    const cache = new AnswerCache(root, 'dice');
    await scrapeChallenge(dice, { client: client(s.base), cache });
    const stop = cache.read(1002)!.bots[0]!.sha256;
    const known = (c: string): KnownBot[] =>
      c === 'dice'
        ? [port('StopBot', stop), port('GoToTenBot', 'f'.repeat(64)), port('ThrowTwiceBot'), { ...port('NeverPosted'), ported: false }, port('PortedButGone', 'a'.repeat(64))]
        : [];
    const r = registryReport(['dice', 'ruins'], root, known);
    const by = (b: string) => r.rows.find((x) => x.bot === b);
    expect(by('StopBot')).toEqual({ challenge: 'dice', bot: 'StopBot', status: 'ported', answerId: 1002, author: 'Renée & Co' });
    expect(by('GoToTenBot')).toMatchObject({ status: 'stale', answerId: 1001, author: 'Example Writer' });
    expect(by('ThrowTwiceBot')).toMatchObject({ status: 'ported', note: expect.stringMatching(/no sha256/) });
    expect(by('NeverPosted')).toMatchObject({ status: 'missing', answerId: null });
    expect(by('PortedButGone')).toMatchObject({ status: 'source-missing', note: expect.stringMatching(/not in the finished scrape/) });
    expect(by('TwinB')).toMatchObject({ status: 'missing', answerId: 1003, author: null, note: 'found in the cache, no port' });
    expect(r.rows.filter((x) => x.status === 'not-a-bot').map((x) => [x.answerId, x.author])).toEqual([
      [1004, 'Commenter'],
      [1005, 'Inline Ian'],
    ]);
    expect(r.uncached).toEqual(['ruins']);
  });
});

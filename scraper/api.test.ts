import { afterEach, describe, expect, it } from 'vitest';
import { ApiError, describeReset, quotaResetsAt, StackExchangeClient, throttleSeconds, type ApiOptions } from './api.ts';
import { apiError, FakeStackExchange, fixture, throttle, type Fault } from '../test/test-server.ts';

let server: FakeStackExchange | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
});

async function serve(faults: (n: number, path: string) => Fault | undefined = () => undefined, o: ConstructorParameters<typeof FakeStackExchange>[1] = {}) {
  server = await new FakeStackExchange({ answers: fixture('dice') }, o).start();
  server.fault = (r) => faults(r.n, r.path);
  return server;
}

/** A client whose waits are recorded, not slept: the tests check what it would wait. */
function client(base: string, waits: [string, number][] = [], extra: ApiOptions = {}) {
  return new StackExchangeClient({ base, sleep: async () => {}, jitter: () => 500, onWait: (r, ms) => waits.push([r, ms]), ...extra });
}

const answers = '/questions/177765/answers';

describe('StackExchange client: requests', () => {
  it('sends site=codegolf, the key when given, and inflates the gzip body', async () => {
    const s = await serve();
    const res = await client(s.base, [], { key: 'k3y' }).get<{ answer_id: number }>(answers, { filter: 'withbody', pagesize: 100, page: 1, order: 'asc', sort: 'creation' });
    expect(res.items.map((a) => a.answer_id)).toEqual([1001, 1002, 1003, 1004, 1005, 1007, 1006]);
    expect(res.has_more).toBe(false);
    expect(Object.fromEntries(s.requests[0]!.query)).toMatchObject({ site: 'codegolf', key: 'k3y', filter: 'withbody', pagesize: '100' });
    const noKey = client(s.base);
    await noKey.get(answers);
    expect(s.requests[1]!.query.has('key')).toBe(false);
    expect(noKey.quotaRemaining).toBe(298);
  });
});

describe('StackExchange client: etiquette and faults', () => {
  it('honours backoff before the next call of the same method only', async () => {
    const s = await serve();
    s.backoff = (r) => (r.n === 1 ? 7 : undefined);
    const waits: [string, number][] = [];
    const c = client(s.base, waits); // waits recorded, not slept
    await c.get(answers, { page: 1 });
    await c.get('/posts/1002/revisions'); // another method: no wait
    expect(waits).toEqual([]);
    await c.get(answers, { page: 2 });
    expect(waits).toHaveLength(1);
    expect(waits[0]![0]).toMatch(/backoff requested by the API for \/questions\/\{ids\}\/answers/);
    expect(waits[0]![1]).toBeGreaterThan(0);
    expect(waits[0]![1]).toBeLessThanOrEqual(7000); // what is left of the 7 s
  });

  it('retries a 502 throttle_violation after the wait it names, then succeeds', async () => {
    const s = await serve((n) => (n === 1 ? throttle('too many requests from this IP, more requests available in 3 seconds') : undefined));
    const waits: [string, number][] = [];
    const res = await client(s.base, waits).get(answers);
    expect(res.items).toHaveLength(7);
    expect(waits).toEqual([[expect.stringMatching(/throttle_violation from \/questions\/\{ids\}\/answers, retry 1\/5/), 3000]]);
    expect(s.requests).toHaveLength(2);
    const scaled: [string, number][] = [];
    await client(s.base, scaled, { delayScale: 0.5 }).get(answers); // KOTH_SE_DELAY_SCALE
    expect(scaled).toEqual([]);
    s.fault = (r) => (r.n === 4 ? throttle() : undefined);
    await client(s.base, scaled, { delayScale: 0.5 }).get(answers);
    expect(scaled.map((w) => w[1])).toEqual([1500]);
  });

  it('a throttle asking for hours is the daily quota: no retries, a quota error with the reset time', async () => {
    const s = await serve(() => throttle('too many requests from this IP, more requests available in 72000 seconds'));
    const err = await client(s.base).get(answers).catch((e) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err.kind).toBe('quota');
    expect(err.message).toMatch(/refuses more requests .* it resets at \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ \(in 20 h 0 min\)/);
    expect(err.message).toMatch(/KOTH_SE_KEY/);
    expect(s.requests).toHaveLength(1);
  });

  it('HTTP 429 waits out its Retry-After', async () => {
    const s = await serve((n) => (n === 1 ? { reply: { status: 429, body: 'slow down', headers: { 'retry-after': '4' }, gzip: false } } : undefined));
    const waits: [string, number][] = [];
    await client(s.base, waits).get(answers);
    expect(waits).toEqual([[expect.stringMatching(/HTTP 429/), 4000]]);
  });

  it('a storm of 500s ends in a clear error after bounded retries with exponentially growing, jittered waits', async () => {
    const s = await serve(() => apiError(500, 500, 'internal_error', 'An unexpected error occurred'));
    const waits: [string, number][] = [];
    const err = await client(s.base, waits, { maxRetries: 4 }).get(answers).catch((e) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err.kind).toBe('server');
    expect(err.message).toMatch(/kept failing \(internal_error: An unexpected error occurred\) \(5 tries\); try again later/);
    expect(s.requests).toHaveLength(5);
    expect(waits.map((w) => w[1])).toEqual([1500, 2500, 4500, 8500]); // 1, 2, 4, 8 s + the (injected) jitter
    const c = new StackExchangeClient();
    expect(c.retryDelay(10)).toBeLessThan(31_000); // capped
    expect(c.retryDelay(10)).toBeGreaterThanOrEqual(30_000);
  });

  it('an HTML 503 page is retried like any 5xx', async () => {
    const s = await serve((n) => (n <= 2 ? { reply: { status: 503, body: '<html>Service Unavailable</html>', gzip: false } } : undefined));
    const waits: [string, number][] = [];
    await client(s.base, waits).get(answers);
    expect(waits.map((w) => w[0])).toEqual([expect.stringMatching(/HTTP 503/), expect.stringMatching(/HTTP 503/)]);
  });

  it('quota exhaustion: checkQuota stops before the next call, saying when the quota resets', async () => {
    const s = await serve(undefined, { quota: 1 });
    const c = client(s.base);
    await c.get(answers);
    expect(c.quotaRemaining).toBe(0);
    const now = Date.UTC(2026, 10, 22, 21, 30);
    expect(() => c.checkQuota(now)).toThrow(/quota is used up \(quota_remaining 0\); it resets at 2026-11-23T00:00:00Z \(in 2 h 30 min\)/);
    expect(quotaResetsAt(now).toISOString()).toBe('2026-11-23T00:00:00.000Z');
    expect(describeReset(new Date(now + 61_000), now)).toBe('2026-11-22T21:31:01Z (in 0 h 2 min)');
  });

  it('a quota running low is noticed once', async () => {
    const s = await serve(undefined, { quota: 25 });
    const notices: string[] = [];
    const c = client(s.base, [], { onNotice: (m) => notices.push(m) });
    await c.get(answers);
    await c.get(answers);
    expect(notices).toEqual(['only 24/300 API requests left today (KOTH_SE_KEY raises the quota)']);
  });

  it('truncated JSON, a truncated gzip stream, a cut-off transfer and a stalled body are retried, then errors', async () => {
    const kinds: Fault[] = [{ truncateJson: true }, { truncateGzip: true }, { cut: true }, { stallBody: true }];
    const messages = [/JSON cut short .* nothing was written/, /truncated or corrupt gzip body/, /transfer was cut off/, /body stalled for 300 ms/];
    for (const [i, fault] of kinds.entries()) {
      const s = await serve(() => fault);
      const err = await client(s.base, [], { maxRetries: 1, timeoutMs: 300 }).get(answers).catch((e) => e);
      expect(err).toBeInstanceOf(ApiError);
      expect(err.kind).toBe('bad-response');
      expect(err.message).toMatch(messages[i]!);
      expect(s.requests).toHaveLength(2);
      await s.stop();
    }
  });

  it('a 200 that is not JSON at all (a proxy page) is retried a bounded number of times, then an error; JSON without items is an error at once', async () => {
    let s = await serve(() => ({ reply: { status: 200, body: '<html>captive portal</html>', gzip: false } }));
    await expect(client(s.base).get(answers)).rejects.toThrow(/kept answering HTTP 200 with a page that is not JSON .* Is --api-base/);
    expect(s.requests).toHaveLength(6);
    await s.stop();
    s = await serve((n) => (n === 1 ? { reply: { status: 200, body: '<html>proxy error</html>', gzip: false } } : undefined));
    expect((await client(s.base).get(answers)).items.length).toBeGreaterThan(0);
    expect(s.requests).toHaveLength(2);
    await s.stop();
    s = await serve(() => ({ reply: { status: 200, body: { quota_remaining: 5 } } }));
    await expect(client(s.base).get(answers)).rejects.toThrow(/without an items list/);
  });

  it('API errors that are not retryable are reported as they are', async () => {
    const s = await serve(() => apiError(400, 400, 'bad_parameter', 'site is required'));
    const err = await client(s.base).get(answers).catch((e) => e);
    expect(err.kind).toBe('api');
    expect(err.message).toMatch(/bad_parameter \(400\): site is required/);
    expect(s.requests).toHaveLength(1);
  });

  it('no network is a network error at once; a silent server times out after its retries', async () => {
    const dead = await serve();
    const base = dead.base;
    await dead.stop();
    const waits: [string, number][] = [];
    const err = await client(base, waits).get(answers).catch((e) => e);
    expect(err.kind).toBe('network');
    expect(err.message).toMatch(/cannot reach http:\/\/127\.0\.0\.1:\d+\/2\.3 \(ECONNREFUSED\)/);
    expect(waits).toEqual([]);
    const s = await serve(() => ({ stall: true }));
    const slow = await client(s.base, [], { timeoutMs: 200, maxRetries: 1 }).get(answers).catch((e) => e);
    expect(slow.kind).toBe('network');
    expect(slow.message).toMatch(/no answer from .* within 200 ms \(2 tries\)/);
    expect(s.requests).toHaveLength(2);
  });

  it('throttleSeconds reads the wait out of the API message', () => {
    expect(throttleSeconds('too many requests from this IP, more requests available in 80156 seconds')).toBe(80156);
    expect(throttleSeconds('Violation of backoff parameter')).toBeUndefined();
  });
});

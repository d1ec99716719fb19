import { afterEach, describe, expect, it } from 'vitest';
import { ApiError, quotaResetsAt, StackExchangeClient } from './api.ts';
import { apiError, FakeSE, page } from '../test/se-server.ts';

let server: FakeSE | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
});

function client(base: string, waits: [string, number][] = [], extra = {}) {
  // Waits are recorded, not slept: the tests check what the client would wait.
  return new StackExchangeClient({ base, sleep: async () => {}, onWait: (r, ms) => waits.push([r, ms]), ...extra });
}

describe('StackExchange client etiquette and faults', () => {
  it('honours backoff for the same method before its next call', async () => {
    server = await new FakeSE((path, q) => (q.get('page') === '1' ? page([{ n: 1 }], true, { backoff: 7 }) : page([{ n: 2 }], false))).start();
    const waits: [string, number][] = [];
    const c = client(server.base, waits);
    await c.get('/questions/1/answers', { page: 1 });
    await c.get('/questions/1/answers', { page: 2 });
    expect(waits).toHaveLength(1);
    expect(waits[0]![0]).toMatch(/backoff requested by the API for \/questions\/\{ids\}\/answers/);
    expect(waits[0]![1]).toBeGreaterThan(6000);
    expect(waits[0]![1]).toBeLessThanOrEqual(7000);
  });

  it('retries a 502 throttle_violation, then succeeds', async () => {
    server = await new FakeSE((_p, _q, n) => (n === 1 ? apiError(502, 502, 'throttle_violation', 'too many requests from this IP') : page([{ ok: true }], false))).start();
    const waits: [string, number][] = [];
    const res = await client(server.base, waits).get<{ ok: boolean }>('/questions/1/answers');
    expect(res.items).toEqual([{ ok: true }]);
    expect(waits.map((w) => w[0])).toEqual([expect.stringMatching(/throttle_violation .* retry 1\/5/)]);
    expect(server.requests).toHaveLength(2);
  });

  it('a storm of 500s ends in a clear error after bounded retries with growing delays', async () => {
    server = await new FakeSE(() => ({ status: 500, body: '<html>Internal Server Error</html>', gzip: false })).start();
    const waits: [string, number][] = [];
    const err = await client(server.base, waits, { maxRetries: 3 }).get('/questions/1/answers').catch((e) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err.message).toMatch(/after 4 tries|not complete JSON/);
    expect(server.requests).toHaveLength(4);
    expect(waits.map((w) => w[1])).toEqual([...waits.map((w) => w[1])].sort((a, b) => a - b));
    expect(waits[0]![1]).toBeGreaterThanOrEqual(1000);
    expect(waits[2]![1]).toBeGreaterThanOrEqual(4000);
  });

  it('quota exhaustion stops with the reset time', async () => {
    server = await new FakeSE(() => page([{}], true, { quota_remaining: 0 })).start();
    const c = client(server.base);
    await c.get('/questions/1/answers');
    const now = Date.UTC(2026, 10, 22, 21, 30);
    expect(() => c.checkQuota(now)).toThrow(/quota is used up; it resets at 2026-11-23T00:00:00.000Z \(in 2 h 30 min\)/);
    expect(quotaResetsAt(now).toISOString()).toBe('2026-11-23T00:00:00.000Z');
  });

  it('truncated JSON and a truncated gzip stream are errors', async () => {
    server = await new FakeSE((_p, q) => (q.get('page') === '1' ? { body: '{"items": [{"answer_id": 1}', gzip: true } : { body: { items: [], has_more: false }, truncateGzip: true })).start();
    const c = client(server.base);
    await expect(c.get('/questions/1/answers', { page: 1 })).rejects.toThrow(/not complete JSON/);
    await expect(c.get('/questions/1/answers', { page: 2 })).rejects.toThrow(/truncated or corrupt gzip/);
  });

  it('API errors that are not retryable are reported as they are', async () => {
    server = await new FakeSE(() => apiError(400, 400, 'bad_parameter', 'site is required')).start();
    await expect(client(server.base).get('/questions/1/answers')).rejects.toThrow(/bad_parameter \(400\): site is required/);
  });

  it('no network is a network error; a silent server times out', async () => {
    const dead = await new FakeSE(() => page([], false)).start();
    const base = dead.base;
    await dead.stop();
    const err = await client(base).get('/questions/1/answers').catch((e) => e);
    expect(err.kind).toBe('network');
    server = await new FakeSE(() => ({ stall: true })).start();
    const slow = await client(server.base, [], { timeoutMs: 200, maxRetries: 1 }).get('/questions/1/answers').catch((e) => e);
    expect(slow.kind).toBe('network');
    expect(slow.message).toMatch(/no answer .* within 200 ms/);
  });
});

/**
 * `koth host tick --queue URL` (issue 40, "Many machines, and trust"; docs/host.md): a dice host
 * from a folder of our own few-line Python bots, its games played by `koth worker` processes on a
 * real redis-server this test starts on 127.0.0.1 (skipped, saying so, without redis-server).
 *
 *  - Two honest workers: the host publishes leaderboard.json and manifest.json byte-identical to
 *    the same host ticked locally; every game is stored with the worker that played it (not in
 *    the published files); each worker's games of a batch were audited.
 *  - A rogue worker (a BullMQ worker written here, on the same queue: it hands in the results the
 *    local host stored, except one SPRT game of tick 2 that the audit does not draw, and every
 *    field game of tick 2): the audit catches it in tick 2's field batch — quarantined, its games
 *    replayed by the host, the test game it had slipped past corrected — and the board is still
 *    byte-identical to the local host's; `koth host verify` holds.
 *  - Redis unreachable: exit 4, nothing stored; a bad --audit: exit 2.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'bullmq';
import { Redis } from 'ioredis';
import Database from 'libsql';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { auditDraw } from '../engines/core/host/audit.ts';
import type { HostSeat } from '../engines/core/host/play.ts';
import { fieldRunSeed, testRunSeed } from '../engines/core/host/seeds.ts';
import { tempDirs } from './helpers.ts';
import { freePort, haveRedis, redisServer, starter, type Proc } from './redis.ts';

if (!haveRedis) console.warn('test/host-queue.test.ts: SKIPPED — redis-server is not installed (apt-get install -y redis-server)');

const procs: Proc[] = [];
const start = starter(procs);
const koth = (args: string[]) => start(process.execPath, ['dist/koth.js', ...args]);
const tmp = tempDirs('koth-host-queue-');

const bot = (name: string, limit: number) => `class ${name}(Bot):\n    def make_throw(self, scores, last_round):\n        while sum(self.current_throws) < ${limit}:\n            yield True\n        yield False\n`;
const HOUSE = 'GoToTenBot,OptFor2X,ThrowTwiceBot';
const TICK = ['--games', '200', '--test-pairs', '10', '--resamples', '50'];
const SITE = ['leaderboard.json', 'manifest.json'];

let redis: Proc | undefined;
let url = '';
let port = 0;
let bots = '';
/** The local host after each of its two ticks: its published files. */
const local: Record<string, string>[] = [];
/** The local host's stored games, by what a shard job says of a game (run, seed key, seat names). */
const truth = new Map<string, { number: number; kind: string; tick: number; result: string }>();
const gameKey = (run: string, seedKey: number, seats: string[]) => `${run}|${seedKey}|${seats.join(',')}`;

async function ok(p: Proc): Promise<void> {
  expect(await p.done, p.stderr).toBe(0);
}

async function init(name: string): Promise<string> {
  const dir = join(tmp(), name);
  await ok(koth(['host', 'init', dir, '--game', 'dice', '--source', `dir:${bots}`, '--house', HOUSE, '--seed', 'queue-test']));
  return dir;
}

const published = (dir: string) => Object.fromEntries(SITE.map((f) => [f, readFileSync(join(dir, 'site', f), 'utf8')]));
const events = (dir: string): { kind: string; tick: number; data: any }[] => {
  const e = JSON.parse(readFileSync(join(dir, 'site', 'events.json'), 'utf8'));
  return Array.isArray(e) ? e : e.events;
};

describe.skipIf(!haveRedis)('koth host tick --queue on a real redis-server', () => {
  beforeAll(async () => {
    const dir = tmp();
    port = await freePort();
    url = `redis://127.0.0.1:${port}`;
    redis = await redisServer(start, port, dir);
    bots = join(tmp(), 'bots');
    mkdirSync(bots);
    writeFileSync(join(bots, 'steady.py'), bot('Steady', 12));
    writeFileSync(join(bots, 'bold.py'), bot('Bold', 20));
    writeFileSync(join(bots, 'careful.py'), bot('Careful', 8));
    // The local host: two ticks (field games; then the new entries' SPRT tests and field games).
    const a = await init('local');
    for (let t = 0; t < 2; t++) {
      await ok(koth(['host', 'tick', a, ...TICK]));
      local.push(published(a));
    }
    const db = new Database(join(a, 'host.db'), { readonly: true });
    const { seed, rules } = db.prepare('SELECT seed, rules FROM settings').get() as { seed: string; rules: string };
    const names = new Map((db.prepare('SELECT v.id, e.class FROM versions v JOIN entries e ON e.id = v.entry').all() as { id: number; class: string }[]).map((r) => [Number(r.id), r.class]));
    for (const g of db.prepare("SELECT * FROM games WHERE kind IN ('field', 'test')").all() as any[]) {
      const run = g.kind === 'field' ? fieldRunSeed(seed, rules) : testRunSeed(seed, rules, Number(g.subject));
      const seats = String(g.seats).split(',').map((id) => names.get(Number(id))!);
      truth.set(gameKey(run, Number(g.seed_key), seats), { number: Number(g.number), kind: g.kind, tick: Number(g.tick), result: g.result });
    }
    db.close();
    expect([...truth.values()].filter((g) => g.kind === 'test').length).toBeGreaterThan(0);
  }, 240_000);

  afterEach(async () => {
    for (const p of procs) if (p !== redis && p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGKILL');
    await Promise.all(procs.filter((p) => p !== redis).map((p) => p.done));
    procs.length = 0;
    if (redis) procs.push(redis);
  });

  afterAll(async () => {
    redis?.child.kill('SIGKILL');
    await redis?.done;
  });

  it('Redis unreachable: exit 4 saying so, nothing stored; --audit outside [0, 1]: exit 2', async () => {
    const d = await init('unreachable');
    const nobody = await freePort();
    const t = koth(['host', 'tick', d, ...TICK, '--queue', `redis://127.0.0.1:${nobody}`]);
    expect(await t.done, t.stderr).toBe(4);
    expect(t.stderr).toMatch(/cannot reach Redis at redis:\/\/127\.0\.0\.1:\d+.*is redis-server running there/);
    const db = new Database(join(d, 'host.db'), { readonly: true });
    expect(Number((db.prepare("SELECT count(*) AS n FROM games WHERE kind IN ('field', 'test')").get() as { n: number }).n)).toBe(0);
    db.close();
    const bad = koth(['host', 'tick', d, '--queue', url, '--audit', '1.5']);
    expect(await bad.done).toBe(2);
    expect(bad.stderr).toMatch(/--audit <share>.*give a share from 0 to 1/);
  }, 120_000);

  it('with two koth workers publishes leaderboard.json and manifest.json byte-identical to the local host; each game stored with its worker, audited', async () => {
    const ws = [koth(['worker', '--queue', url, '--threads', '1']), koth(['worker', '--queue', url, '--threads', '1'])];
    const b = await init('queued');
    for (let t = 0; t < 2; t++) {
      await ok(koth(['host', 'tick', b, ...TICK, '--queue', url]));
      for (const f of SITE) expect(published(b)[f], `${f} after tick ${t + 1}`).toBe(local[t]![f]);
    }
    for (const f of SITE) expect(published(b)[f]).not.toMatch(/koth worker|pid \d+/);
    const db = new Database(join(b, 'host.db'), { readonly: true });
    const played = db.prepare("SELECT g.number, w.worker FROM games g LEFT JOIN game_workers w ON w.game = g.number WHERE g.kind IN ('field', 'test')").all() as { number: number; worker: string | null }[];
    db.close();
    expect(played.length).toBe(truth.size);
    // Every game came from a koth worker of this koth (none was replayed instead: no quarantine).
    expect(played.filter((g) => !/^koth worker on .*, pid \d+, koth /.test(g.worker ?? ''))).toEqual([]);
    const workers = new Set(played.map((g) => g.worker));
    const audited = events(b).filter((e) => e.kind === 'worker-audited');
    expect(new Set(audited.map((e) => e.data.worker))).toEqual(workers);
    for (const e of audited) {
      expect(e.data.agreed).toBe(true);
      expect(e.data.audited.length).toBeGreaterThanOrEqual(1);
    }
    expect(events(b).filter((e) => e.kind === 'worker-quarantined')).toEqual([]);
    for (const w of ws) w.child.kill('SIGTERM');
    for (const w of ws) await ok(w);
  }, 240_000);

  it('a rogue worker handing in tampered results is caught by the audit: quarantined, its games replayed, the game it slipped past corrected; the board is still identical', async () => {
    // The SPRT game of tick 2 the rogue lies about: the one the audit draws last (never drawn while the rogue plays the whole batch).
    const tests2 = [...truth.values()].filter((g) => g.kind === 'test' && g.tick === 2);
    expect(tests2.length).toBeGreaterThan(1);
    const slipped = tests2.reduce((x, y) => (auditDraw(y.number) > auditDraw(x.number) ? y : x));
    expect(auditDraw(slipped.number)).toBeGreaterThan(0.02);
    const forge = (result: string) => result.replace(/\d+/, (d) => String(Number(d) + 1));
    const plain = new Redis({ host: '127.0.0.1', port, maxRetriesPerRequest: null });
    const handed: number[] = [];
    const rogue = new Worker(
      'shards',
      async (job) => {
        const d = job.data as { opts: any; optsRef?: string; index: number; count: number };
        const opts = d.optsRef ? JSON.parse((await plain.get(`koth:opts:${d.optsRef}`))!) : d.opts;
        const games = (opts.games as { seedKey: number; seats: HostSeat[] }[]).slice(d.index * opts.shardSize, d.index * opts.shardSize + d.count);
        const outcomes = games.map((g) => {
          const t = truth.get(gameKey(opts.run, g.seedKey, g.seats.map((s) => (typeof s === 'string' ? s : s.className))));
          if (!t) throw new Error(`rogue: a game the local host did not play (seed key ${g.seedKey})`);
          handed.push(t.number);
          const lie = t.number === slipped.number || (t.kind === 'field' && t.tick === 2);
          return { result: lie ? forge(t.result) : t.result };
        });
        return { outcomes };
      },
      { name: 'rogue worker', connection: { host: '127.0.0.1', port, maxRetriesPerRequest: null }, prefix: 'koth', concurrency: 4 },
    );
    try {
      const c = await init('rogue');
      for (let t = 0; t < 2; t++) {
        const tick = koth(['host', 'tick', c, ...TICK, '--queue', url]);
        await ok(tick);
        if (t === 1) expect(tick.stderr).toMatch(/worker rogue worker quarantined: game \d+ came back s:/);
        for (const f of SITE) expect(published(c)[f], `${f} after tick ${t + 1}`).toBe(local[t]![f]);
      }
      expect(handed).toContain(slipped.number);
      const ev = events(c);
      const q = ev.filter((e) => e.kind === 'worker-quarantined');
      expect(q).toHaveLength(1);
      expect(q[0]).toMatchObject({ tick: 2, data: { worker: 'rogue worker' } });
      const caught = truth.get([...truth.entries()].find(([, g]) => g.number === q[0]!.data.number)![0])!;
      expect(caught).toMatchObject({ kind: 'field', tick: 2 });
      expect(q[0]!.data).toMatchObject({ result: forge(caught.result), replay: caught.result });
      // Its test game stored earlier in the tick, past the audit: replayed and corrected, an event saying so.
      expect(ev.filter((e) => e.kind === 'game-corrected')).toEqual([expect.objectContaining({ tick: 2, data: { number: slipped.number, worker: 'rogue worker', was: forge(slipped.result), now: slipped.result } })]);
      // Tick 1 and the test batch of tick 2 passed their audits.
      expect(ev.filter((e) => e.kind === 'worker-audited' && e.data.worker === 'rogue worker').length).toBeGreaterThanOrEqual(2);
      const db = new Database(join(c, 'host.db'), { readonly: true });
      const field2 = db.prepare("SELECT count(*) AS n, count(w.worker) AS by FROM games g LEFT JOIN game_workers w ON w.game = g.number WHERE g.kind = 'field' AND g.tick = 2").get() as { n: number; by: number };
      db.close();
      expect(Number(field2.n)).toBeGreaterThan(0);
      expect(Number(field2.by)).toBe(0); // every field game of tick 2 is the host's own replay
      const v = koth(['host', 'verify', c, '--json']);
      await ok(v);
      expect(JSON.parse(v.stdout)).toMatchObject({ ok: true });
    } finally {
      await rogue.close();
      plain.disconnect();
    }
  }, 240_000);
});

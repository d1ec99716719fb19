/**
 * Queued runs with compiled C++ answers (issue 28: --cpp-players in the distribution mode on the
 * queue), against a real redis-server this test starts (skipped, saying so, without one). The
 * answers are small C++ players of OUR OWN written here (no original code). `koth worker` runs
 * their shards in C++ sandbox workers it starts when the first such job arrives; the result equals
 * the local run; a throw of an answer in a queued shard stops the coordinator with exit 3 naming it.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { freePort, haveRedis, redisServer, starter, untimed, type Proc } from './redis.ts';

if (!haveRedis) console.warn('test/queue-cpp.test.ts: SKIPPED — redis-server is not installed (apt-get install -y redis-server)');

const procs: Proc[] = [];
const start = starter(procs);
let dir = '';
/**
 * The compiled answers go to koth's own compile cache (node_modules/.cache/koth-replay/cpp, keyed by
 * sha256 of compiler, flags and sources), shared by the coordinator and the workers as on one
 * machine: each answer is compiled once, not once per run.
 */
const koth = (args: string[]) => start(process.execPath, ['dist/koth.js', ...args]);

// Ours: shields with metal when the opponent holds a bullet, shoots with its own, else loads; GetRandomInteger too.
const STEADY = String.raw`#include "Player.hpp"
class SteadyPlayer final : public Player {
public:
  SteadyPlayer(size_t opponent = -1) : Player(opponent) {}
  Action fight() override {
    if (getAmmoOpponent() > 0 && GetRandomInteger(2) == 0) return metal();
    if (getAmmo() > 0) return bullet();
    return load();
  }
};
`;
// Ours: throws in its first duel's first turn (the original controller would have ended there).
const THROWER = String.raw`#include "Player.hpp"
class ThrowerPlayer : public Player {
public:
  ThrowerPlayer(size_t opponent = -1) : Player(opponent) {}
  Action fight() override { if (getTurn() == 0) throw 42; return load(); }
};
`;

// Ours: never answers (the watchdog ends its worker).
const LOOPER = String.raw`#include "Player.hpp"
class LooperPlayer : public Player {
public:
  LooperPlayer(size_t opponent = -1) : Player(opponent) {}
  Action fight() override { volatile int x = 0; for (;;) x++; return load(); }
};
`;

let url = '';
let redis: Proc | undefined;
let steady = '';
let thrower = '';
let looper = '';
const RUN = () => ['replay', 'gun-duel', '--tournaments', '3', '--seed', '5', '--cpp-players', steady, '--json'];

describe.skipIf(!haveRedis)('queued runs of compiled C++ answers on a real redis-server', () => {
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'koth-cppq-'));
    steady = join(dir, 'SteadyPlayer.hpp');
    thrower = join(dir, 'ThrowerPlayer.hpp');
    writeFileSync(steady, STEADY);
    writeFileSync(thrower, THROWER);
    looper = join(dir, 'LooperPlayer.hpp');
    writeFileSync(looper, LOOPER);
    url = `redis://127.0.0.1:${await freePort()}`;
    redis = await redisServer(start, Number(new URL(url).port), dir);
  }, 60_000);

  afterEach(async () => {
    for (const p of procs) if (p !== redis && p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGKILL');
    await Promise.all(procs.filter((p) => p !== redis).map((p) => p.done));
    procs.length = 0;
    if (redis) procs.push(redis);
    await koth(['queue', 'clean', '--all', '--queue', url]).done;
  });

  afterAll(async () => {
    redis?.child.kill('SIGKILL');
    await redis?.done;
    rmSync(dir, { recursive: true, force: true });
  });

  it('a queued run equals the local --workers 2 run; the worker ran the shards in C++ sandbox workers', async () => {
    const l = koth([...RUN(), '--workers', '2']);
    expect(await l.done, l.stderr).toBe(0);
    const local = untimed(l.stdout);
    expect(local).toContain('SteadyPlayer');
    const w = koth(['worker', '--queue', url, '--threads', '2']);
    const q = koth([...RUN(), '--queue', url]);
    expect(await q.done, q.stderr).toBe(0);
    expect(untimed(q.stdout)).toBe(local);
    expect(w.stderr.match(/ done in /g)).toHaveLength(3);
    // The compiled answers were stored once for the run (not in every job), and went with the run's jobs.
    const keys = spawnSync('redis-cli', ['-p', new URL(url).port, '--scan', '--pattern', 'koth:opts:*'], { encoding: 'utf8' });
    if (keys.status === 0) expect(keys.stdout.trim()).toBe('');
    // Started when the first such job came, once, and reused for the other shards.
    expect(w.stderr.match(/starting 2 C\+\+ sandbox worker\(s\)/g)).toHaveLength(1);
    w.child.kill('SIGTERM');
    expect(await w.done, w.stderr).toBe(0);
  }, 600_000);

  it('an answer that throws in a queued shard: the coordinator exits 3 naming it', async () => {
    const w = koth(['worker', '--queue', url, '--threads', '1']);
    const q = koth(['replay', 'gun-duel', '--tournaments', '2', '--seed', '5', '--cpp-players', thrower, '--queue', url]);
    expect(await q.done, q.stderr).toBe(3);
    expect(q.stderr).toMatch(/the compiled ThrowerPlayer stopped/);
    expect(q.stderr).toMatch(/shard \d+, on worker "koth worker on/);
    expect(w.stderr).toMatch(/failed/);
    w.child.kill('SIGTERM');
    await w.done;
  }, 600_000);

  it('an answer that never answers in a queued shard: the worker\'s watchdog ends it, the coordinator exits 3 naming it', async () => {
    const w = start(process.execPath, ['dist/koth.js', 'worker', '--queue', url, '--threads', '1'], { KOTH_SANDBOX_TIMEOUT_MS: '1000' });
    const q = koth(['replay', 'gun-duel', '--tournaments', '1', '--seed', '5', '--cpp-players', looper, '--queue', url]);
    expect(await q.done, q.stderr).toBe(3);
    expect(q.stderr).toMatch(/the C\+\+ sandbox stopped LooperPlayer: no answer within 1000 ms.*\(timeout\)/s);
    expect(w.stderr).toMatch(/call time limit 1000 ms/);
    w.child.kill('SIGTERM');
    await w.done;
  }, 600_000);
});

/**
 * Test helpers for the queue: a real redis-server started on 127.0.0.1 (a free port, no
 * persistence, its folder removed by the caller), processes whose output is collected as they
 * run, and bounded waits that fail saying what they waited for. Tests that need Redis skip,
 * saying so, when redis-server is not installed (`haveRedis`).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { createServer } from 'node:net';
import { ROOT } from './helpers.ts';

export const haveRedis = spawnSync('redis-server', ['--version'], { encoding: 'utf8' }).status === 0;

/** Short lock/stall/poll settings, no colours. */
export const QUEUE_ENV = { NO_COLOR: '1', FORCE_COLOR: '0', KOTH_QUEUE_LOCK_MS: '1500', KOTH_QUEUE_STALLED_MS: '500', KOTH_QUEUE_POLL_MS: '200', KOTH_QUEUE_CONNECT_MS: '3000' };

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

export interface Proc {
  child: ChildProcess;
  stdout: string;
  stderr: string;
  done: Promise<number | null>;
}

/** A process whose stdout/stderr are collected; every one started is in `procs` (for the test's clean-up). It runs in `cwd` (the repository by default). */
export function starter(procs: Proc[]) {
  return (cmd: string, args: string[], env: Record<string, string> = {}, cwd = ROOT): Proc => {
    const child = spawn(cmd, args, { cwd, env: { ...process.env, ...QUEUE_ENV, ...env } });
    const p: Proc = { child, stdout: '', stderr: '', done: undefined as unknown as Promise<number | null> };
    child.stdout!.on('data', (d) => (p.stdout += d));
    child.stderr!.on('data', (d) => (p.stderr += d));
    p.done = new Promise((r) => child.on('close', (code) => r(code)));
    procs.push(p);
    return p;
  };
}

/** Waits until `cond` holds, at most `ms`; fails saying what it waited for. */
export async function until(cond: () => boolean, what: string, ms = 30_000): Promise<void> {
  const t0 = performance.now();
  while (!cond()) {
    if (performance.now() - t0 > ms) throw new Error(`gave up waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A redis-server on `port` (no persistence; `extra` adds settings such as --requirepass), ready to accept connections. */
export async function redisServer(start: ReturnType<typeof starter>, port: number, dir: string, extra: string[] = []): Promise<Proc> {
  const r = start('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--maxmemory-policy', 'noeviction', '--dir', dir, ...extra]);
  await until(() => /Ready to accept connections/.test(r.stdout), 'redis-server to start', 10_000);
  return r;
}

/**
 * Kills `worker` (SIGKILL) the moment it says it started a shard. Returns what it was killed in,
 * "shard K of <label> (run R)" — the words a worker that finishes that shard says before " done in " —
 * or '' until then.
 */
export function killAtFirstShard(worker: Proc, label: string): () => string {
  let killedIn = '';
  worker.child.stderr!.on('data', () => {
    const m = /shard (\d+) of .*?\(run ([^,)]+), \d+ trials\) started/.exec(worker.stderr);
    if (m && !killedIn) {
      killedIn = `shard ${m[1]} of ${label} (run ${m[2]})`;
      worker.child.kill('SIGKILL');
    }
  });
  return () => killedIn;
}

/**
 * A redis-server for the describe block it is called in: started before its tests (a fresh
 * folder `<prefix>…` under the system's temp folder, a free port), and after them every process
 * `start`ed is killed and the folder removed. `url()` and `dir()` are read inside the tests.
 */
export function redisForSuite(prefix: string): { start: ReturnType<typeof starter>; url: () => string; dir: () => string } {
  const procs: Proc[] = [];
  const start = starter(procs);
  let dir = '';
  let url = '';
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), prefix));
    const port = await freePort();
    url = `redis://127.0.0.1:${port}`;
    await redisServer(start, port, dir);
  }, 60_000);
  afterAll(async () => {
    for (const p of procs) p.child.kill('SIGKILL');
    await Promise.all(procs.map((p) => p.done));
    if (dir) rmSync(dir, { recursive: true, force: true });
  });
  return { start, url: () => url, dir: () => dir };
}

/**
 * A run's output (JSON, or the table a run prints) without what may differ between a queued run
 * and a local one of the same work: the time it took and what it ran on ("ranOn" or "workers",
 * the summary's "N worker(s)", "N sandbox worker(s) (…)" or "koth worker processes through the
 * queue URL (…)").
 */
export const untimed = (json: string) =>
  json
    .replace(/, \d+(?:\.\d+)? s(\\n|\n)/g, ', T s$1')
    .replace(/"seconds": [\d.]+/g, '"seconds": T')
    .replace(/\n\s*"(?:ranOn": "[^"]*"|workers": \d+),/g, '')
    .replace(/, (?:\d+ (?:sandbox )?worker\(s\)(?: \([^)]*\))?|koth worker processes through the queue [^,]*), T s/g, ', RAN, T s');

import { spawn, spawnSync, type ChildProcess, type SpawnSyncReturns } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach } from 'vitest';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Runs the koth CLI as a user runs it: the bundle dist/koth.js (built by test/global-setup.ts). */
export function koth(args: string[], env: Record<string, string> = {}, timeout = 240_000): SpawnSyncReturns<string> & { json: () => any } {
  const res = spawnSync(process.execPath, ['dist/koth.js', ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout,
    env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0', ...env },
  });
  return Object.assign(res, { json: () => JSON.parse(res.stdout) });
}

/** Like koth(), but asynchronous: needed when the test process itself serves HTTP to the CLI. */
export function kothAsync(args: string[], env: Record<string, string> = {}): Promise<{ status: number | null; stdout: string; stderr: string; json: () => any }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['dist/koth.js', ...args], { cwd: ROOT, env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0', ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('close', (status) => resolve({ status, stdout, stderr, json: () => JSON.parse(stdout) }));
  });
}

/**
 * A maker of temporary folders named `<prefix>XXXXXX` under the OS's temp folder, all removed
 * when the calling test file's tests are done (call it at the top level of a test file).
 */
export function tempDirs(prefix: string): () => string {
  const made: string[] = [];
  afterAll(() => {
    for (const d of made.splice(0)) rmSync(d, { recursive: true, force: true });
  });
  return () => {
    const d = mkdtempSync(join(tmpdir(), prefix));
    made.push(d);
    return d;
  };
}

/**
 * Starts dist/koth.js without waiting (tests that signal it: Ctrl-C, SIGKILL): its output so far
 * in `out`, `closed` resolving to its exit code. Every process a test file started and that still
 * runs is killed after each test.
 */
export function kothStarter(): (args: string[], cwd?: string) => { child: ChildProcess; out: { stderr: string; stdout: string }; closed: Promise<number | null> } {
  const started: ChildProcess[] = [];
  afterEach(() => {
    for (const c of started.splice(0)) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  });
  return (args, cwd = ROOT) => {
    const child = spawn(process.execPath, [join(ROOT, 'dist/koth.js'), ...args], { cwd, env: { ...process.env, NO_COLOR: '1' } });
    started.push(child);
    const out = { stderr: '', stdout: '' };
    child.stderr!.on('data', (d) => (out.stderr += d));
    child.stdout!.on('data', (d) => (out.stdout += d));
    const closed = new Promise<number | null>((r) => child.once('close', r));
    return { child, out, closed };
  };
}

/** Whether a process runs (a zombie waiting for its parent counts as ended). */
export function processAlive(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

/** A replay's `--json` without what depends on the clock (`seconds`, the summary's "N s" line): runs compared as results. */
export function withoutTimes(json: string): unknown {
  const r = JSON.parse(json);
  delete r.seconds;
  r.summary = r.summary.replace(/[\d.]+ s\n/, '');
  return r;
}

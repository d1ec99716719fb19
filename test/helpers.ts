import { spawn, spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll } from 'vitest';

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

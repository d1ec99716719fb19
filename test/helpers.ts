import { spawn, spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Runs the koth CLI from the sources (through tsx), as a user would run it. */
export function koth(args: string[], env: Record<string, string> = {}, timeout = 240_000): SpawnSyncReturns<string> & { json: () => any } {
  const res = spawnSync(process.execPath, ['--import', 'tsx', 'cli/koth.ts', ...args], {
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
    const child = spawn(process.execPath, ['--import', 'tsx', 'cli/koth.ts', ...args], { cwd: ROOT, env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0', ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('close', (status) => resolve({ status, stdout, stderr, json: () => JSON.parse(stdout) }));
  });
}

/**
 * What every game's `koth bench` figures share: timing a run (wall and CPU of this process,
 * all threads), the median of repeated runs, and finding our own driver for an original
 * under tools/oracle/ from the source tree or the dist/ bundle.
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface Timed {
  seconds: number;
  cpuSeconds: number;
}

/** Wall and CPU seconds of `f` (CPU: this process, all threads — workers and sandboxes included). */
export function timed(f: () => void): Timed {
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  f();
  const u = process.cpuUsage(c0);
  return { seconds: (performance.now() - t0) / 1000, cpuSeconds: (u.user + u.system) / 1e6 };
}

/** CPU seconds of this process since `since` (a process.cpuUsage() reading). */
export function cpuSeconds(since: NodeJS.CpuUsage): number {
  const u = process.cpuUsage(since);
  return (u.user + u.system) / 1e6;
}

export function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

/**
 * tools/oracle/<game>/<file> of this checkout, looked for upwards from this module (it sits
 * in engines/core/ in the source tree and in dist/chunks/ in the bundle); undefined if absent.
 */
export function oracleFile(game: string, file: string): string | undefined {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let up = 0; up < 5; up++) {
    const p = join(dir, 'tools', 'oracle', game, file);
    if (existsSync(p)) return p;
    dir = dirname(dir);
  }
  return undefined;
}

/**
 * What every game's `koth bench` figures share: timing a run (wall and CPU of this process,
 * all threads), the median of repeated runs, and finding our own driver for an original
 * under tools/oracle/ from the source tree or the dist/ bundle.
 */
import { spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { UserError } from './cli/errors.ts';

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

/** `timed` for asynchronous work (CPU of every thread of this process: a sandbox worker's too). */
export async function timedAsync(f: () => Promise<unknown>): Promise<Timed> {
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  await f();
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

/**
 * A program given on the command line (`--original-bin PATH`): an executable file, else a
 * UserError (exit 2) saying what is wrong with it. Returns its absolute path.
 */
export function checkProgram(path: string, option: string, hint: string): string {
  const abs = resolve(path);
  let isFile: boolean;
  try {
    isFile = statSync(abs).isFile();
  } catch {
    throw new UserError(`${option} ${path}: no such file. ${hint}`);
  }
  if (!isFile) throw new UserError(`${option} ${path} is not a file (a folder?): give the program itself. ${hint}`);
  try {
    accessSync(abs, constants.X_OK);
  } catch {
    throw new UserError(`${option} ${path} is not executable (chmod +x it, if it is the program). ${hint}`);
  }
  return abs;
}

export interface ProgramRun extends Timed {
  status: number | null;
  stderr: string;
}

/**
 * Runs a program as it is (no arguments, stdin empty, its output discarded) and times it:
 * wall seconds, and the CPU seconds of the program itself (user + system, as the shell's
 * `times` reports them for its children; the wall time on Windows, which has no /bin/sh).
 */
export function timeProgram(path: string, timeoutMs: number): ProgramRun {
  const t0 = performance.now();
  if (process.platform === 'win32') {
    const r = spawnSync(path, [], { stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8', timeout: timeoutMs });
    const seconds = (performance.now() - t0) / 1000;
    if (r.error) throw new UserError(`could not run ${path}: ${r.error.message}`);
    return { seconds, cpuSeconds: seconds, status: r.status, stderr: r.stderr ?? '' };
  }
  const r = spawnSync('/bin/sh', ['-c', '"$0" </dev/null >/dev/null; s=$?; times; exit $s', path], { encoding: 'utf8', timeout: timeoutMs, maxBuffer: 16 << 20 });
  const seconds = (performance.now() - t0) / 1000;
  if (r.error) throw new UserError(`could not run ${path}: ${r.error.message}`);
  // `times`: the shell's user and system time, then its children's (the program's).
  const m = /(\d+)m([\d.]+)s\s+(\d+)m([\d.]+)s\s*$/.exec(r.stdout.trim());
  const cpu = m ? 60 * Number(m[1]) + Number(m[2]) + 60 * Number(m[3]) + Number(m[4]) : seconds;
  return { seconds, cpuSeconds: cpu, status: r.status, stderr: r.stderr };
}


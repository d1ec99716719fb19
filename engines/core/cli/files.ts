/**
 * Files and folders named on the command line, checked before any work is done (part of the
 * CLI kit): an output that cannot be written (--report DIR, --checkpoint FILE, --record FILE)
 * is refused up front instead of failing after a long run, and an input that is missing, a
 * folder, unreadable or not JSON (--from, --source, --python-bots) is refused with a message
 * saying what to give instead of a stack trace.
 *
 * Writability is checked by writing: a small probe file is created and removed in the folder
 * that will receive the output (or the nearest folder of its path that exists: missing folders
 * are made when the output is written). Permission bits alone would say nothing for root or on
 * a read-only or full file system.
 */
import { readFileSync, rmSync, statSync, writeFileSync, type Stats } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { UserError } from './errors.ts';

/** A file-system error as a user reads it: what happened, and the code. */
export function fsErrorText(e: unknown): string {
  const err = e as NodeJS.ErrnoException;
  const what: Record<string, string> = {
    ENOSPC: 'no space left on the device',
    EDQUOT: 'disk quota exceeded',
    EROFS: 'read-only file system',
    EACCES: 'permission denied',
    EPERM: 'operation not permitted',
    ENOTDIR: 'a part of the path is a file, not a folder',
    EISDIR: 'it is a folder',
    ENOENT: 'no such file or folder',
    EIO: 'input/output error',
    EEXIST: 'already exists',
  };
  return err?.code ? `${what[err.code] ?? err.message} (${err.code})` : String(err?.message ?? e);
}

function statOf(path: string): Stats | undefined {
  try {
    return statSync(path);
  } catch {
    return undefined;
  }
}

/** The nearest path of `dir` and its parents that exists (the root exists). */
function nearestExisting(dir: string): { path: string; stat: Stats } {
  let d = resolve(dir);
  for (;;) {
    const s = statOf(d);
    if (s) return { path: d, stat: s };
    const up = dirname(d);
    if (up === d) throw new Error(`no part of ${dir} exists`);
    d = up;
  }
}

let probes = 0;

/** Why nothing can be written in folder `dir` (a probe file is written and removed), or undefined. */
export function folderWriteProblem(dir: string): string | undefined {
  const probe = join(dir, `.koth-write-probe-${process.pid}-${probes++}.tmp`);
  try {
    writeFileSync(probe, 'koth write probe\n');
  } catch (e) {
    return `nothing can be written in ${dir}: ${fsErrorText(e)}`;
  }
  try {
    rmSync(probe, { force: true });
  } catch (e) {
    return `a file written in ${dir} cannot be removed again: ${fsErrorText(e)}`;
  }
  return undefined;
}

/** Why the folder that will hold `path` cannot receive it: a part of the path is a file, or the folder is not writable. */
function containerProblem(path: string): string | undefined {
  const near = nearestExisting(dirname(resolve(path)));
  if (!near.stat.isDirectory()) return `${near.path} is a file, not a folder`;
  return folderWriteProblem(near.path);
}

/**
 * Why a file cannot be written at `path` (atomically: a temp file beside it, then a rename),
 * or undefined. An existing regular file is fine (it is replaced); a folder or a device is not.
 */
export function outputFileProblem(path: string): string | undefined {
  if (!path) return 'the file name is empty';
  const s = statOf(path);
  if (s?.isDirectory()) return `${path} is a folder: give a file name (e.g. ${join(path, 'run.json')})`;
  if (s && !s.isFile()) return `${path} is not a regular file (a device, pipe or socket)`;
  return containerProblem(path);
}

/** Why `dir/file` cannot be written (dir made if missing), or undefined. */
export function outputFolderProblem(dir: string, file: string): string | undefined {
  if (!dir) return 'the folder name is empty';
  const s = statOf(dir);
  if (s && !s.isDirectory()) return `${dir} is a file, not a folder`;
  const target = join(dir, file);
  const t = statOf(target);
  if (t?.isDirectory()) return `${target} is a folder, so ${file} cannot be written there (remove that folder)`;
  if (t && !t.isFile()) return `${target} is not a regular file (a device, pipe or socket)`;
  return s ? folderWriteProblem(dir) : containerProblem(target);
}

/** Throws a usage error (exit 2) naming the option when an output file cannot be written. */
export function checkOutputFile(option: string, path: string): string {
  const p = outputFileProblem(path);
  if (p) throw new UserError(`${option} ${JSON.stringify(path)}: ${p}. Nothing was run: give a file that can be written.`);
  return path;
}

/** Throws a usage error (exit 2) naming the option when `dir/file` cannot be written. */
export function checkOutputFolder(option: string, dir: string, file: string): string {
  const p = outputFolderProblem(dir, file);
  if (p) throw new UserError(`${option} ${JSON.stringify(dir)}: ${p}. Nothing was run: give a folder where ${file} can be written.`);
  return dir;
}

/**
 * An input file's text. Missing, empty name, a folder, not a regular file or unreadable →
 * a usage error (exit 2) naming the option and what to give (`hint`).
 */
export function readInputFile(option: string, path: string, hint = ''): string {
  const tail = hint ? ` (${hint})` : '';
  if (!path) throw new UserError(`${option} is empty: give a file${tail}`);
  const s = statOf(path);
  if (!s) throw new UserError(`${option}: no file ${path}${tail}`);
  if (s.isDirectory()) throw new UserError(`${option}: ${path} is a folder, not a file${tail}`);
  if (!s.isFile()) throw new UserError(`${option}: ${path} is not a regular file (a device, pipe or socket)${tail}`);
  try {
    return readFileSync(path, 'utf8');
  } catch (e) {
    throw new UserError(`${option}: ${path} cannot be read: ${fsErrorText(e)}${tail}`);
  }
}

/** An input file read as JSON; text that is not JSON → a usage error (exit 2). */
export function readJsonInput(option: string, path: string, hint = ''): unknown {
  const text = readInputFile(option, path, hint);
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new UserError(`${option}: ${path} is not JSON (${(e as Error).message})${hint ? ` (${hint})` : ''}`);
  }
}

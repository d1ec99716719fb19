/**
 * The answer cache: one JSON file per answer plus a progress file per challenge, every write
 * atomic (temp file + rename), so an interrupted scrape leaves only whole files behind and
 * the next run resumes from the progress file. Scraped code lives here, never in the repo
 * (the default location, .koth-cache/, is git-ignored).
 *
 *   <root>/<challenge>/progress.json           where the listing stands (resume, refresh)
 *   <root>/<challenge>/answers/<answer_id>.json one answer: body, code blocks, sha256s, bots
 *   <root>/<challenge>@<as-of>/...              the same, bodies as they stood at a date
 */
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { writeFileAtomic } from '../engines/core/io/atomic.ts';
import { EXIT, UserError } from '../engines/core/cli/errors.ts';
import { folderWriteProblem, fsErrorText } from '../engines/core/cli/files.ts';
import type { CodeBlock, ExtractedBot } from './extract.ts';
import { StackExchangeClient } from './api.ts';

export const ANSWER_FORMAT = 'koth-answer/2';
export const PROGRESS_FORMAT = 'koth-progress/2';

export interface CachedAnswer {
  format: typeof ANSWER_FORMAT;
  challenge: string;
  question_id: number;
  answer_id: number;
  /** owner.display_name (entities decoded); null when the user was deleted. */
  author: string | null;
  owner_id: number | null;
  score: number;
  creation_date: number;
  last_edit_date: number | null;
  last_activity_date: number | null;
  /** Which version of the body this is: the current one (as_of null), or the revision in force at `as_of`. */
  revision: { as_of: string | null; number: number | null; date: number | null };
  /** The answer's HTML exactly as the API returned it. */
  body: string;
  /** Every `<pre>` code block: text (entities decoded) and its sha256. */
  blocks: CodeBlock[];
  bots: ExtractedBot[];
  /** Why no bot was found, when none was. */
  reason?: string;
  /** ISO time this file was written from the API. */
  fetched_at: string;
}

export interface Progress {
  format: typeof PROGRESS_FORMAT;
  challenge: string;
  as_of: string | null;
  /** false until a listing of all answers has been cached (an interrupted scrape resumes). */
  complete: boolean;
  /**
   * Where the first listing (sort=creation, oldest first) resumes: answers created at or
   * after `min` (unix seconds), skipping `page - 1` pages of them. Keyset paging: pages stay
   * right when answers are posted or deleted between an interruption and the resume.
   */
  resume: { min: number; page: number };
  /** Unix seconds when the first listing started (a resumed listing keeps it: refreshes then catch edits made meanwhile). */
  started?: number;
  /** Unix seconds when the last complete scrape started (refreshes ask only for answers active since). */
  last_scrape: number | null;
  /** Answers listed so far by the unfinished first listing (for progress display). */
  listed?: number;
}

export function defaultCacheDir(): string {
  return resolve(process.env.KOTH_CACHE || '.koth-cache');
}

export { isIsoDay } from '../engines/core/io/as-of.ts';

/** A cache folder name for an --as-of value (":" is not allowed in Windows file names). */
export function asOfFolder(asOf: string): string {
  return asOf.replace(/[^0-9A-Za-z_.+-]/g, '-');
}

export interface Unreadable {
  file: string;
  reason: string;
}

/**
 * The cache folder cannot be used (exit 6): it is a file, nothing can be written in it (a full
 * disk, a read-only file system), or a write failed during a scrape. What was cached before
 * stays whole (every write is atomic).
 */
export class CacheUnusableError extends UserError {
  constructor(message: string) {
    super(message, EXIT.cache);
    this.name = 'CacheUnusableError';
  }
}

const WHAT_TO_DO = 'point --cache (or KOTH_CACHE) at a folder koth can write, or free space / fix that folder';

/**
 * Checks the cache root before a command uses it: a file where the folder should be, or on its
 * path (KOTH_CACHE=notes.txt/cache), is refused for reading and writing (the path of the file
 * named); for writing (an online scrape) something must be writable where the
 * answers will go (a probe file is written and removed). Throws CacheUnusableError (exit 6).
 */
export function checkCacheRoot(root: string, write: boolean): void {
  let dir = resolve(root);
  for (;;) {
    let isDir: boolean | undefined;
    try {
      isDir = statSync(dir).isDirectory();
    } catch {
      isDir = undefined;
    }
    if (isDir === false) {
      throw new CacheUnusableError(`the scrape cache ${root} cannot be used: ${dir === resolve(root) ? `${root} is a file, not a folder` : `${dir} is a file, not a folder`}. Nothing was run: ${WHAT_TO_DO}.`);
    }
    if (isDir) break;
    // Not there: up to the folder it would be made in, which must be no file either.
    const up = dirname(dir);
    if (up === dir) return;
    dir = up;
  }
  if (!write) return; // a folder, or nothing cached there yet: the command says so itself
  const problem = write ? folderWriteProblem(dir) : undefined;
  if (problem) throw new CacheUnusableError(`the scrape cache ${root} cannot be used: ${problem}. Nothing was run: ${WHAT_TO_DO}.`);
}

/** A write into the cache that failed during a scrape (a full disk…): what is cached stays whole, the rerun resumes. */
function writeFailed(path: string, e: unknown): CacheUnusableError {
  return new CacheUnusableError(
    `could not write the scrape cache (${path}): ${fsErrorText(e)}. What was cached so far is whole (every write is atomic): ` +
      `${WHAT_TO_DO}, then rerun the same command; the scrape resumes after the last answer it cached.`,
  );
}

const isInt = (v: unknown) => typeof v === 'number' && Number.isSafeInteger(v);
const isStr = (v: unknown) => typeof v === 'string';
const orNull = (f: (v: unknown) => boolean) => (v: unknown) => v === null || f(v);
const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * What is wrong with a parsed answer file, or undefined when it is a whole answer of this
 * challenge: valid JSON of the wrong shape ("author": 5, "bots": null) is as unusable as a
 * truncated file, and is reported and fetched again rather than crashing the reader.
 */
export function answerProblem(a: unknown, challenge: string, answerId?: number): string | undefined {
  if (!isObj(a)) return 'not a JSON object';
  if (a.format !== ANSWER_FORMAT) return `format ${JSON.stringify(a.format)}, not ${ANSWER_FORMAT}`;
  const fields: [string, (v: unknown) => boolean, string][] = [
    ['challenge', (v) => v === challenge, `"${challenge}"`],
    ['question_id', isInt, 'a whole number'],
    ['answer_id', (v) => isInt(v) && (v as number) > 0 && (answerId === undefined || v === answerId), answerId === undefined ? 'a positive whole number' : `${answerId} (the file's name)`],
    ['author', orNull(isStr), 'a string or null'],
    ['owner_id', orNull(isInt), 'a whole number or null'],
    ['score', isInt, 'a whole number'],
    ['creation_date', isInt, 'a whole number'],
    ['last_edit_date', orNull(isInt), 'a whole number or null'],
    ['last_activity_date', orNull(isInt), 'a whole number or null'],
    ['revision', (v) => isObj(v) && orNull(isStr)(v.as_of) && orNull(isInt)(v.number) && orNull(isInt)(v.date), '{as_of, number, date}'],
    ['body', isStr, 'a string'],
    ['blocks', (v) => Array.isArray(v) && v.every((b) => isObj(b) && isInt(b.index) && isStr(b.text) && isStr(b.sha256)), 'a list of {index, text, sha256}'],
    ['bots', (v) => Array.isArray(v) && v.every((b) => isObj(b) && isStr(b.name) && isInt(b.block) && isStr(b.sha256) && (b.title === undefined || isStr(b.title)) && (b.language === undefined || isStr(b.language)) && (b.interface === undefined || isStr(b.interface))), 'a list of {name, block, sha256}'],
    ['fetched_at', isStr, 'a string'],
  ];
  for (const [k, ok, want] of fields) {
    if (!ok(a[k])) return `"${k}" is ${k in a ? JSON.stringify(a[k])?.slice(0, 40) : 'missing'}, not ${want}`;
  }
  if (a.reason !== undefined && !isStr(a.reason)) return `"reason" is ${JSON.stringify(a.reason)?.slice(0, 40)}, not a string`;
  return undefined;
}

/** A cache file's text, and where its bytes are not UTF-8 (they are read as U+FFFD). */
function readText(path: string): { text: string; badUtf8?: number } {
  const bytes = readFileSync(path);
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes) };
  } catch {
    // The first offending byte, for the warning: the longest valid prefix (a prefix that ends inside a character is valid when streaming), by bisection.
    const valid = (n: number) => {
      try {
        new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(0, n), { stream: true });
        return true;
      } catch {
        return false;
      }
    };
    let [lo, hi] = [0, bytes.length];
    while (lo < hi) {
      const mid = Math.ceil((lo + hi) / 2);
      if (valid(mid)) lo = mid;
      else hi = mid - 1;
    }
    return { text: bytes.toString('utf8'), badUtf8: lo };
  }
}

export class AnswerCache {
  readonly dir: string;
  /** Files all() could not use (not whole JSON, another format, wrong shape), reported rather than read. */
  unreadable: Unreadable[] = [];
  /** Files all() used but that are damaged (bytes that are not UTF-8, read as U+FFFD): reported, and fetched again online. */
  suspect: Unreadable[] = [];

  constructor(
    readonly root: string,
    readonly challenge: string,
    readonly asOf: string | null = null,
  ) {
    this.dir = join(root, asOf ? `${challenge}@${asOfFolder(asOf)}` : challenge);
  }

  private answersDir(): string {
    return join(this.dir, 'answers');
  }

  private progressFile(): string {
    return join(this.dir, 'progress.json');
  }

  /** Whether a scrape of this challenge has recorded anything here. */
  exists(): boolean {
    return existsSync(this.progressFile());
  }

  readProgress(): Progress {
    const fresh: Progress = { format: PROGRESS_FORMAT, challenge: this.challenge, as_of: this.asOf, complete: false, resume: { min: 0, page: 1 }, last_scrape: null };
    const p = this.progressFile();
    if (!existsSync(p)) return fresh;
    try {
      const got = JSON.parse(readFileSync(p, 'utf8')) as Progress;
      if (got.format !== PROGRESS_FORMAT || !got.resume) return fresh; // an older cache: list again (unchanged answers are not rewritten)
      return got;
    } catch {
      return fresh;
    }
  }

  writeProgress(p: Progress): void {
    try {
      writeFileAtomic(this.progressFile(), JSON.stringify(p, null, 1) + '\n');
    } catch (e) {
      throw writeFailed(this.progressFile(), e);
    }
  }

  private file(answerId: number): string {
    return join(this.answersDir(), `${answerId}.json`);
  }

  /** One cached answer, or undefined when absent or unreadable (it is then fetched again). */
  read(answerId: number): CachedAnswer | undefined {
    const p = this.file(answerId);
    if (!existsSync(p)) return undefined;
    try {
      const { text, badUtf8 } = readText(p);
      const a = JSON.parse(text) as unknown;
      return badUtf8 === undefined && !answerProblem(a, this.challenge, answerId) ? (a as CachedAnswer) : undefined;
    } catch {
      return undefined;
    }
  }

  write(a: CachedAnswer): void {
    try {
      writeFileAtomic(this.file(a.answer_id), JSON.stringify(a, null, 1) + '\n');
    } catch (e) {
      throw writeFailed(this.file(a.answer_id), e);
    }
  }

  /**
   * Takes the cache folder for one scrape: a second scrape of the same folder at the same time
   * is refused. A lock left by a killed process (its pid gone) is taken over. Returns the release.
   */
  lock(): () => void {
    try {
      mkdirSync(this.dir, { recursive: true });
    } catch (e) {
      throw writeFailed(this.dir, e);
    }
    const file = join(this.dir, '.lock');
    for (let tries = 0; ; tries++) {
      try {
        writeFileSync(file, String(process.pid), { flag: 'wx' });
        break;
      } catch (e) {
        if ((e as { code?: string }).code !== 'EEXIST') throw writeFailed(file, e);
        if (tries > 0) throw new CacheBusyError(this.dir, readPid(file));
        const pid = readPid(file);
        if (pid !== undefined && pid !== process.pid && alive(pid)) throw new CacheBusyError(this.dir, pid);
        rmSync(file, { force: true }); // stale: its process is gone
      }
    }
    let released = false;
    return () => {
      if (!released && readPid(file) === process.pid) rmSync(file, { force: true });
      released = true;
    };
  }

  /** Temp files left by a process killed between write and rename: never read, removed here. */
  removeLeftovers(): number {
    const dirs = [this.dir, this.answersDir()].filter((d) => existsSync(d) && statSync(d).isDirectory());
    let n = 0;
    for (const d of dirs) {
      for (const f of readdirSync(d)) {
        if (f.endsWith('.tmp')) {
          rmSync(join(d, f), { force: true });
          n++;
        }
      }
    }
    return n;
  }

  /** Every cached answer, oldest first. A file that is not a whole answer is listed in `unreadable`, not used. */
  all(): CachedAnswer[] {
    this.unreadable = [];
    this.suspect = [];
    const dir = this.answersDir();
    if (!existsSync(dir) || !statSync(dir).isDirectory()) return [];
    const out: CachedAnswer[] = [];
    for (const f of readdirSync(dir)) {
      if (!/^\d+\.json$/.test(f)) continue;
      const file = join(dir, f);
      let read: { text: string; badUtf8?: number };
      let a: unknown;
      try {
        read = readText(file);
        a = JSON.parse(read.text);
      } catch (e) {
        this.unreadable.push({ file, reason: (e as NodeJS.ErrnoException).code ? `cannot be read: ${fsErrorText(e)}` : `not whole JSON (${(e as Error).message})` });
        continue;
      }
      const problem = answerProblem(a, this.challenge, Number(f.slice(0, -'.json'.length)));
      if (problem) {
        this.unreadable.push({ file, reason: `not a cached answer: ${problem}` });
        continue;
      }
      if (read.badUtf8 !== undefined) this.suspect.push({ file, reason: `invalid UTF-8 at byte ${read.badUtf8}: read with U+FFFD in its place, so its text and sha256s may not be the answer's` });
      out.push(a as CachedAnswer);
    }
    return out.sort((a, b) => a.creation_date - b.creation_date || a.answer_id - b.answer_id);
  }
}

export class CacheBusyError extends Error {
  constructor(
    readonly dir: string,
    readonly pid: number | undefined,
  ) {
    super(`another scrape (pid ${pid ?? '?'}) is writing ${dir}; wait for it to finish, or remove ${join(dir, '.lock')} if no such process runs`);
    this.name = 'CacheBusyError';
  }
}

function readPid(file: string): number | undefined {
  try {
    const n = Number(readFileSync(file, 'utf8').trim());
    return Number.isInteger(n) && n > 0 ? n : undefined;
  } catch {
    return undefined;
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as { code?: string }).code === 'EPERM';
  }
}

/**
 * The API's per-method `backoff` (earliest next call, ms since epoch) kept in the cache root,
 * so a second process (or `scrape all`'s next challenge) honours it too. Written atomically;
 * an unreadable file is ignored (the worst case is one call too early, which the API answers
 * with a throttle that is then waited out).
 */
export function backoffFile(cacheRoot: string): string {
  return join(cacheRoot, 'backoff.json');
}

export function loadBackoff(cacheRoot: string, into: Map<string, number> = StackExchangeClient.notBefore): void {
  try {
    const data = JSON.parse(readFileSync(backoffFile(cacheRoot), 'utf8')) as Record<string, unknown>;
    for (const [method, t] of Object.entries(data)) {
      if (typeof t === 'number' && Number.isFinite(t) && t > Date.now()) into.set(method, Math.max(into.get(method) ?? 0, t));
    }
  } catch {
    /* none yet, or unreadable */
  }
}

export function saveBackoff(cacheRoot: string, from: Map<string, number> = StackExchangeClient.notBefore): void {
  const live = Object.fromEntries([...from].filter(([, t]) => t > Date.now()));
  if (!Object.keys(live).length && !existsSync(backoffFile(cacheRoot))) return;
  try {
    mkdirSync(cacheRoot, { recursive: true });
    writeFileAtomic(backoffFile(cacheRoot), JSON.stringify(live));
  } catch {
    /* best effort, like reading it: the next process may call once too early and be throttled */
  }
}

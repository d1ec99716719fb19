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
import { join, resolve } from 'node:path';
import { writeFileAtomic } from '../engines/core/io/atomic.ts';
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

export function isIsoDay(s: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(s);
}

/** A cache folder name for an --as-of value (":" is not allowed in Windows file names). */
export function asOfFolder(asOf: string): string {
  return asOf.replace(/[^0-9A-Za-z_.+-]/g, '-');
}

export interface Unreadable {
  file: string;
  reason: string;
}

export class AnswerCache {
  readonly dir: string;
  /** Files all() could not use (not whole JSON, another format), reported rather than read. */
  unreadable: Unreadable[] = [];

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
    writeFileAtomic(this.progressFile(), JSON.stringify(p, null, 1) + '\n');
  }

  private file(answerId: number): string {
    return join(this.answersDir(), `${answerId}.json`);
  }

  /** One cached answer, or undefined when absent or unreadable (it is then fetched again). */
  read(answerId: number): CachedAnswer | undefined {
    const p = this.file(answerId);
    if (!existsSync(p)) return undefined;
    try {
      const a = JSON.parse(readFileSync(p, 'utf8')) as CachedAnswer;
      return a.format === ANSWER_FORMAT ? a : undefined;
    } catch {
      return undefined;
    }
  }

  write(a: CachedAnswer): void {
    writeFileAtomic(this.file(a.answer_id), JSON.stringify(a, null, 1) + '\n');
  }

  /**
   * Takes the cache folder for one scrape: a second scrape of the same folder at the same time
   * is refused. A lock left by a killed process (its pid gone) is taken over. Returns the release.
   */
  lock(): () => void {
    mkdirSync(this.dir, { recursive: true });
    const file = join(this.dir, '.lock');
    for (let tries = 0; ; tries++) {
      try {
        writeFileSync(file, String(process.pid), { flag: 'wx' });
        break;
      } catch (e) {
        if ((e as { code?: string }).code !== 'EEXIST' || tries > 0) throw new CacheBusyError(this.dir, readPid(file));
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
    const dir = this.answersDir();
    if (!existsSync(dir)) return [];
    const out: CachedAnswer[] = [];
    for (const f of readdirSync(dir)) {
      if (!/^\d+\.json$/.test(f)) continue;
      try {
        const a = JSON.parse(readFileSync(join(dir, f), 'utf8')) as CachedAnswer;
        if (a.format !== ANSWER_FORMAT) this.unreadable.push({ file: join(dir, f), reason: `format ${String(a.format)}, not ${ANSWER_FORMAT}` });
        else out.push(a);
      } catch (e) {
        this.unreadable.push({ file: join(dir, f), reason: `not whole JSON (${(e as Error).message})` });
      }
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
  mkdirSync(cacheRoot, { recursive: true });
  writeFileAtomic(backoffFile(cacheRoot), JSON.stringify(live));
}

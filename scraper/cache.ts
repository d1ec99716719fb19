/**
 * The answer cache: one JSON file per answer plus a progress file per challenge, every write
 * atomic (temp file + rename), so an interrupted scrape leaves only whole files behind and
 * the next run resumes from the progress file. Scraped code lives here, never in the repo
 * (the default location, .koth-cache/, is git-ignored).
 */
import { existsSync, mkdirSync, readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { writeFileAtomic } from '../engines/core/io/atomic.ts';
import type { CodeBlock, ExtractedBot } from './extract.ts';

export interface CachedAnswer {
  format: 'koth-answer/1';
  challenge: string;
  questionId: number;
  answerId: number;
  /** owner.display_name (entities decoded); null when the user was deleted. */
  author: string | null;
  score: number;
  creationDate: number;
  lastEditDate: number | null;
  lastActivityDate: number | null;
  /** Which version of the body this is: the current one, or the revision in force at `asOf`. */
  revision: { asOf: string | null; number: number | null; date: number | null };
  body: string;
  blocks: CodeBlock[];
  bots: ExtractedBot[];
  /** Why no bot was found, when none was. */
  reason?: string;
  fetchedAt: string;
}

export interface Progress {
  format: 'koth-progress/1';
  challenge: string;
  asOf: string | null;
  /** Next page of the initial (oldest-first) listing; pages before it are cached. */
  nextPage: number;
  complete: boolean;
  /** Unix seconds when the last complete scrape started (later runs ask only for answers active since). */
  lastScrape: number | null;
}

export function defaultCacheDir(): string {
  return resolve(process.env.KOTH_CACHE ?? '.koth-cache');
}

export class AnswerCache {
  readonly dir: string;

  constructor(
    root: string,
    readonly challenge: string,
    readonly asOf: string | null = null,
  ) {
    this.dir = join(root, asOf ? `${challenge}@${asOf}` : challenge);
  }

  private answersDir(): string {
    return join(this.dir, 'answers');
  }

  exists(): boolean {
    return existsSync(join(this.dir, 'progress.json'));
  }

  readProgress(): Progress {
    const p = join(this.dir, 'progress.json');
    if (!existsSync(p)) return { format: 'koth-progress/1', challenge: this.challenge, asOf: this.asOf, nextPage: 1, complete: false, lastScrape: null };
    return JSON.parse(readFileSync(p, 'utf8')) as Progress;
  }

  writeProgress(p: Progress): void {
    writeFileAtomic(join(this.dir, 'progress.json'), JSON.stringify(p, null, 1));
  }

  read(answerId: number): CachedAnswer | undefined {
    const p = join(this.answersDir(), `${answerId}.json`);
    return existsSync(p) ? (JSON.parse(readFileSync(p, 'utf8')) as CachedAnswer) : undefined;
  }

  write(a: CachedAnswer): void {
    mkdirSync(this.answersDir(), { recursive: true });
    writeFileAtomic(join(this.answersDir(), `${a.answerId}.json`), JSON.stringify(a, null, 1));
  }

  /** Every cached answer, oldest first. A file that is not whole JSON is reported, not used. */
  all(): CachedAnswer[] {
    const dir = this.answersDir();
    if (!existsSync(dir)) return [];
    const out: CachedAnswer[] = [];
    for (const f of readdirSync(dir)) {
      if (!/^\d+\.json$/.test(f)) continue;
      out.push(JSON.parse(readFileSync(join(dir, f), 'utf8')) as CachedAnswer);
    }
    return out.sort((a, b) => a.creationDate - b.creationDate || a.answerId - b.answerId);
  }
}

/**
 * Scraping a challenge: page through its answers (oldest first), extract each answer's
 * bots, cache every answer atomically and record progress after each page — an interrupted
 * scrape resumes at the next page; a finished one is refreshed later by asking only for
 * answers active since the last scrape. `asOf` rebuilds every body as it stood at a date
 * from the answers' revision histories.
 */
import * as cheerio from 'cheerio';
import { StackExchangeClient } from './api.ts';
import { AnswerCache, type CachedAnswer } from './cache.ts';
import type { ChallengeConfig } from './extract.ts';

export interface ApiAnswer {
  answer_id: number;
  question_id: number;
  score: number;
  creation_date: number;
  last_edit_date?: number;
  last_activity_date?: number;
  body?: string;
  owner?: { display_name?: string; user_id?: number; user_type?: string };
}

interface ApiRevision {
  post_id: number;
  revision_number?: number;
  creation_date: number;
  body?: string;
}

export interface ScrapeSummary {
  challenge: string;
  answers: number;
  bots: { name: string; answerId: number; author: string | null; sha256: string }[];
  warnings: { answerId: number; author: string | null; reason: string }[];
  asOf?: string;
  requests?: number;
  /** Answers written by this run (0 when everything was already cached). */
  written?: number;
}

export interface ScrapeOptions {
  client: StackExchangeClient;
  cache: AnswerCache;
  /** ISO date (YYYY-MM-DD or a full timestamp): bodies as they stood then. */
  asOf?: string;
  onPage?: (page: number, answers: number) => void;
  now?: () => number;
}

function decodeEntities(s: string): string {
  return cheerio.load(`<p>${s}</p>`)('p').text();
}

function toCached(cfg: ChallengeConfig, a: ApiAnswer, body: string, revision: CachedAnswer['revision'], now: number): CachedAnswer {
  const ex = cfg.extract(body);
  return {
    format: 'koth-answer/1',
    challenge: cfg.id,
    questionId: cfg.questionId,
    answerId: a.answer_id,
    author: a.owner?.display_name != null ? decodeEntities(a.owner.display_name) : null,
    score: a.score,
    creationDate: a.creation_date,
    lastEditDate: a.last_edit_date ?? null,
    lastActivityDate: a.last_activity_date ?? null,
    revision,
    body,
    blocks: ex.blocks,
    bots: ex.bots,
    ...(ex.reason ? { reason: ex.reason } : {}),
    fetchedAt: new Date(now).toISOString(),
  };
}

export function asOfEpoch(asOf: string): number {
  const t = Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(asOf) ? `${asOf}T23:59:59Z` : asOf);
  if (Number.isNaN(t)) throw new Error(`--as-of "${asOf}" is not a date (use YYYY-MM-DD or an ISO timestamp)`);
  return Math.floor(t / 1000);
}

/** Bodies as they stood at `asOf`, from /posts/{ids}/revisions (100 ids a call). */
async function bodiesAsOf(client: StackExchangeClient, ids: number[], asOf: number): Promise<Map<number, ApiRevision>> {
  const best = new Map<number, ApiRevision>();
  for (let i = 0; i < ids.length; i += 100) {
    const chunk = ids.slice(i, i + 100);
    for (let page = 1; ; page++) {
      const res = await client.get<ApiRevision>(`/posts/${chunk.join(';')}/revisions`, { filter: 'withbody', pagesize: 100, page });
      for (const r of res.items) {
        if (r.creation_date > asOf || r.body == null) continue;
        const cur = best.get(r.post_id);
        if (!cur || r.creation_date > cur.creation_date) best.set(r.post_id, r);
      }
      client.checkQuota();
      if (!res.has_more) break;
    }
  }
  return best;
}

export async function scrapeChallenge(cfg: ChallengeConfig, o: ScrapeOptions): Promise<ScrapeSummary> {
  const { client, cache } = o;
  const now = o.now ?? Date.now;
  const progress = cache.readProgress();
  const started = Math.floor(now() / 1000);
  const asOf = o.asOf ? asOfEpoch(o.asOf) : undefined;
  let written = 0;

  const store = async (items: ApiAnswer[]) => {
    let revisions: Map<number, ApiRevision> | undefined;
    if (asOf !== undefined) revisions = await bodiesAsOf(client, items.filter((a) => a.creation_date <= asOf).map((a) => a.answer_id), asOf);
    for (const a of items) {
      if (asOf !== undefined) {
        const rev = revisions!.get(a.answer_id);
        if (!rev) continue; // posted after the date (or no body then): not part of that day's answers
        const cached = toCached(cfg, a, rev.body!, { asOf: o.asOf!, number: rev.revision_number ?? null, date: rev.creation_date }, now());
        const old = cache.read(a.answer_id);
        if (!old || old.body !== cached.body) {
          cache.write(cached);
          written++;
        }
        continue;
      }
      const cached = toCached(cfg, a, a.body ?? '', { asOf: null, number: null, date: a.last_edit_date ?? a.creation_date }, now());
      const old = cache.read(a.answer_id);
      if (!old || old.body !== cached.body || old.author !== cached.author || old.score !== cached.score) {
        cache.write(cached);
        written++;
      }
    }
  };

  if (!progress.complete) {
    // First scrape (or a resumed one): oldest first, so pages stay stable while new answers arrive.
    for (let page = progress.nextPage; ; page++) {
      const res = await client.get<ApiAnswer>(`/questions/${cfg.questionId}/answers`, { filter: 'withbody', pagesize: 100, page, order: 'asc', sort: 'creation' });
      await store(res.items);
      const done = !res.has_more;
      cache.writeProgress({ ...progress, nextPage: page + 1, complete: done, lastScrape: done ? started : null });
      o.onPage?.(page, res.items.length);
      if (done) break;
      client.checkQuota();
    }
  } else {
    // Refresh: only answers with activity since the last scrape (a minute of overlap).
    const since = Math.max(0, (progress.lastScrape ?? 0) - 60);
    for (let page = 1; ; page++) {
      const res = await client.get<ApiAnswer>(`/questions/${cfg.questionId}/answers`, { filter: 'withbody', pagesize: 100, page, order: 'desc', sort: 'activity', min: since });
      await store(res.items);
      o.onPage?.(page, res.items.length);
      if (!res.has_more) break;
      client.checkQuota();
    }
    cache.writeProgress({ ...progress, lastScrape: started });
  }
  return { ...summarize(cfg, cache), requests: client.requests, written };
}

/** The summary of what the cache holds for a challenge (what --offline prints). */
export function summarize(cfg: ChallengeConfig, cache: AnswerCache): ScrapeSummary {
  const answers = cache.all();
  return {
    challenge: cfg.id,
    answers: answers.length,
    bots: answers.flatMap((a) => a.bots.map((b) => ({ name: b.name, answerId: a.answerId, author: a.author, sha256: b.sha256 }))),
    warnings: answers.filter((a) => a.bots.length === 0).map((a) => ({ answerId: a.answerId, author: a.author, reason: a.reason ?? 'no bot found' })),
    ...(cache.asOf ? { asOf: cache.asOf } : {}),
  };
}

/**
 * Scraping a challenge: list its answers oldest first (keyset paging on creation_date),
 * extract each answer's bots, cache every answer atomically and record progress after each
 * page — an interrupted scrape resumes after the last answer it cached; a finished one is
 * refreshed later by asking only for answers active since the last scrape. `asOf` rebuilds
 * every body as it stood at a date from the answers' revision histories.
 */
import { ApiError, type StackExchangeClient } from './api.ts';
import { asOfEpoch } from '../engines/core/io/as-of.ts';
import { ANSWER_FORMAT, AnswerCache, type CachedAnswer, type Progress } from './cache.ts';
import { decodeEntities, type ChallengeConfig } from './extract.ts';
import { printable } from '../engines/core/report/table.ts';

export const PAGE_SIZE = 100;
/** The API filter for answers: the default fields plus `body` (owner, score, dates, answer_id are default). */
export const ANSWER_FILTER = 'withbody';

export interface ApiAnswer {
  answer_id: number;
  question_id?: number;
  score: number;
  creation_date: number;
  last_edit_date?: number;
  last_activity_date?: number;
  body?: string;
  owner?: { display_name?: string; user_id?: number; user_type?: string };
}

export interface ApiQuestion {
  question_id: number;
  title?: string;
}

export interface ApiRevision {
  post_id: number;
  revision_number?: number;
  revision_type?: string;
  creation_date: number;
  body?: string;
}

export interface ScrapeWarning {
  /** The answer's id as the API sent it (a number, or whatever a broken item carried). */
  answerId: number | string | null;
  author: string | null;
  reason: string;
}

export interface ScrapeSummary {
  challenge: string;
  answers: number;
  bots: { name: string; answerId: number; author: string | null; sha256: string }[];
  warnings: ScrapeWarning[];
  asOf?: string;
  /** API requests made by this run (tries, retries included). */
  requests?: number;
  /** Answers written by this run (0 when nothing changed). */
  written?: number;
  /** Answers the API sent that were already cached as they are (not rewritten). */
  unchanged?: number;
  /** Whether this run listed every answer (first scrape or resume) or only recent activity (refresh). */
  mode?: 'list' | 'resume' | 'refresh';
}

export interface ScrapeProgress {
  mode: 'list' | 'resume' | 'refresh';
  /** Answers received so far (for a resumed listing, including those of the earlier run). */
  answers: number;
  written: number;
  /** Whether the API said more answers follow. */
  hasMore: boolean;
}

export interface ScrapeOptions {
  client: StackExchangeClient;
  cache: AnswerCache;
  /** YYYY-MM-DD (the end of that day, UTC) or an ISO timestamp: bodies as they stood then. */
  asOf?: string;
  onProgress?: (p: ScrapeProgress) => void;
  /** Called for every answer skipped as it arrives (a bad id, an extraction that failed). */
  onWarning?: (w: ScrapeWarning) => void;
  now?: () => number;
}

/** An answer_id the cache can name a file after: a positive safe integer. */
export const validAnswerId = (id: unknown): id is number => typeof id === 'number' && Number.isSafeInteger(id) && id > 0;

/** Unix seconds of an --as-of value: a day means its last second, UTC. */
/** `--as-of` values are read by the core (engines/core/io/as-of.ts): the scraper and every command read them alike. */
export { asOfEpoch };

/** A title as compared: HTML entities decoded, case and runs of white space ignored. */
export function normalTitle(title: string): string {
  return decodeEntities(title).normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
}

/**
 * The tags a King-of-the-Hill title gains or loses over the years, as normalTitle() leaves them:
 * "Adventurers in the Ruins (treasure-raiding KotH)", "… (Camel Up Cup 2k18)", "… [KotH]",
 * "… - King of the Hill".
 */
export const TITLE_TAGS: readonly string[] = ['treasure-raiding koth', 'camel up cup 2k18', 'koth', 'king of the hill'];
/** Tags that are a name of the challenge itself: a question once titled by one alone is that challenge. */
const NAME_TAGS: readonly string[] = ['camel up cup 2k18'];

/** A normalized title without its known tag, and the tag ('' when it has none). */
function splitTag(t: string): [string, string] {
  for (const tag of TITLE_TAGS) {
    for (const [open, close] of [['(', ')'], ['[', ']'], ['- ', ''], ['– ', ''], [': ', '']] as const) {
      const suffix = `${open}${tag}${close}`;
      if (t.endsWith(suffix)) {
        const base = t.slice(0, -suffix.length).replace(/[\s:–-]+$/, '');
        if (base) return [base, tag];
      }
    }
  }
  return [t, ''];
}

/**
 * The site's title and the challenge's name the same question: equal, case, white space and
 * HTML entities aside — with or without a known tag (TITLE_TAGS) on either side, or (a question
 * once titled by its name tag alone) one side's name tag as the other's whole title. No other substring
 * counts: "", "a" or "Dice" is not "A game of dice, but avoid number 6".
 */
export function sameQuestionTitle(site: string, ours: string): boolean {
  const a = normalTitle(site);
  const b = normalTitle(ours);
  if (!a || !b) return false;
  if (a === b) return true;
  const [baseA, tagA] = splitTag(a);
  const [baseB, tagB] = splitTag(b);
  return baseA === baseB || (NAME_TAGS.includes(tagB) && a === tagB) || (NAME_TAGS.includes(tagA) && b === tagA);
}

/**
 * The question under a challenge's id must be that challenge: its title (from
 * `/questions/{id}`) must be the challenge's title, case, white space and HTML entities aside.
 * A wrong id (ruins once had 183127, another question) would otherwise be scraped without a
 * word: its answers cached as the challenge's, none of them a bot.
 */
export async function checkQuestion(client: StackExchangeClient, cfg: ChallengeConfig): Promise<void> {
  client.checkQuota();
  const res = await client.get<ApiQuestion>(`/questions/${cfg.questionId}`);
  const q = res.items.find((x) => x?.question_id === cfg.questionId) ?? res.items[0];
  const where = `the question id of ${cfg.id} (${cfg.questionId}, in its descriptor engines/${cfg.id}/index.ts)`;
  if (!q) throw new ApiError(`the API has no question ${cfg.questionId} on codegolf (a wrong id, or the question was deleted): check ${where}; nothing was scraped`, 'wrong-question');
  if (typeof q.title !== 'string') throw new ApiError(`/questions/${cfg.questionId} came without a title, so the question cannot be checked: nothing was scraped`, 'bad-response');
  if (!sameQuestionTitle(q.title, cfg.title)) {
    throw new ApiError(
      `question ${cfg.questionId} on codegolf is "${printable(decodeEntities(q.title))}", not "${cfg.title}": ${where} is wrong; nothing was scraped`,
      'wrong-question',
    );
  }
}

function toCached(cfg: ChallengeConfig, a: ApiAnswer, body: string, revision: CachedAnswer['revision'], now: number): CachedAnswer {
  const ex = cfg.extract(body);
  return {
    format: ANSWER_FORMAT,
    challenge: cfg.id,
    question_id: cfg.questionId,
    answer_id: a.answer_id,
    author: a.owner?.display_name != null ? decodeEntities(a.owner.display_name) : null,
    owner_id: a.owner?.user_id ?? null,
    score: a.score,
    creation_date: a.creation_date,
    last_edit_date: a.last_edit_date ?? null,
    last_activity_date: a.last_activity_date ?? null,
    revision,
    body,
    blocks: ex.blocks,
    bots: ex.bots,
    ...(ex.reason ? { reason: ex.reason } : {}),
    fetched_at: new Date(now).toISOString(),
  };
}

/** Whether a fetched answer differs from its cached copy in anything the cache keeps (fetched_at aside). */
function changed(old: CachedAnswer | undefined, neu: CachedAnswer): boolean {
  if (!old) return true;
  return (
    old.body !== neu.body ||
    old.author !== neu.author ||
    old.score !== neu.score ||
    old.last_edit_date !== neu.last_edit_date ||
    old.revision.number !== neu.revision.number ||
    old.revision.date !== neu.revision.date ||
    JSON.stringify(old.bots) !== JSON.stringify(neu.bots)
  );
}

/** The revision in force at `asOf` for each id, from /posts/{ids}/revisions (100 ids a call). */
async function revisionsAsOf(client: StackExchangeClient, ids: number[], asOf: number): Promise<Map<number, ApiRevision>> {
  const best = new Map<number, ApiRevision>();
  for (let i = 0; i < ids.length; i += PAGE_SIZE) {
    const chunk = ids.slice(i, i + PAGE_SIZE);
    for (let page = 1; ; page++) {
      client.checkQuota();
      const res = await client.get<ApiRevision>(`/posts/${chunk.join(';')}/revisions`, { filter: ANSWER_FILTER, pagesize: PAGE_SIZE, page, todate: asOf });
      for (const r of res.items) {
        if (r.creation_date > asOf || r.body == null) continue; // later, or a revision that did not touch the body
        const cur = best.get(r.post_id);
        if (!cur || r.creation_date > cur.creation_date || (r.creation_date === cur.creation_date && (r.revision_number ?? 0) > (cur.revision_number ?? 0))) best.set(r.post_id, r);
      }
      if (!res.has_more) break;
      if (!res.items.length) throw new ApiError('/posts/{ids}/revisions said has_more with an empty page: stopping rather than looping', 'bad-response');
    }
  }
  return best;
}

export async function scrapeChallenge(cfg: ChallengeConfig, o: ScrapeOptions): Promise<ScrapeSummary> {
  const { client, cache } = o;
  const now = o.now ?? Date.now;
  const asOf = o.asOf ? asOfEpoch(o.asOf) : undefined;
  let progress: Progress = cache.readProgress();
  const mode: ScrapeProgress['mode'] = progress.complete ? 'refresh' : progress.resume.min > 0 || progress.resume.page > 1 ? 'resume' : 'list';
  const started = Math.floor(now() / 1000);
  const runWarnings: ScrapeWarning[] = [];
  let written = 0;
  let unchanged = 0;
  // Answers received (each once: keyset pages overlap by an answer), for progress display.
  const seen = new Set<number>();
  const base = progress.complete ? 0 : (progress.listed ?? 0);
  const received = () => base + seen.size;

  // The cache is locked (and its leftovers cleaned) only once the API has answered: a run
  // that cannot reach the API leaves the cache exactly as it was.
  let release: (() => void) | undefined;
  const writable = () => {
    if (!release) {
      release = cache.lock();
      cache.removeLeftovers();
    }
  };

  const warn = (w: ScrapeWarning) => {
    runWarnings.push(w);
    o.onWarning?.(w);
  };
  const store = async (all: ApiAnswer[]) => {
    // A bad item is skipped with a warning naming it; it never blocks the rest.
    const items: ApiAnswer[] = [];
    for (const a of all) {
      const raw = (a as { answer_id?: unknown }).answer_id;
      if (!validAnswerId(raw)) warn({ answerId: raw === undefined ? null : JSON.stringify(raw), author: null, reason: 'answer_id is not a positive integer: skipped' });
      else if (typeof a.creation_date !== 'number') warn({ answerId: raw, author: null, reason: 'no creation_date: skipped' });
      else items.push(a);
    }
    for (const a of items) {
      if (typeof a.body !== 'string') throw new ApiError(`answer ${a.answer_id} came without its body: the filter (${ANSWER_FILTER}) must include body`, 'bad-response');
    }
    let revisions = new Map<number, ApiRevision>();
    if (asOf !== undefined) {
      // Answers not edited since the date are as they were then; only the others need their history.
      const edited = items.filter((a) => a.creation_date <= asOf && (a.last_edit_date ?? a.creation_date) > asOf).map((a) => a.answer_id);
      if (edited.length) revisions = await revisionsAsOf(client, edited, asOf);
    }
    writable();
    // One answer whose HTML breaks the extractor is skipped with a warning; the rest go on.
    const safely = (a: ApiAnswer, f: () => CachedAnswer): CachedAnswer | undefined => {
      try {
        return f();
      } catch (e) {
        warn({ answerId: a.answer_id, author: a.owner?.display_name != null ? decodeEntities(a.owner.display_name) : null, reason: `its HTML could not be read (${(e as Error).message}): skipped` });
        return undefined;
      }
    };
    for (const a of items) {
      let cached: CachedAnswer | undefined;
      if (asOf !== undefined) {
        if (a.creation_date > asOf) continue; // posted after the date: not one of that day's answers
        const editedSince = (a.last_edit_date ?? a.creation_date) > asOf;
        const rev = revisions.get(a.answer_id);
        if (editedSince && !rev) {
          runWarnings.push({ answerId: a.answer_id, author: a.owner?.display_name != null ? decodeEntities(a.owner.display_name) : null, reason: `no revision with a body at ${o.asOf}: not cached` });
          continue;
        }
        const revision = { as_of: o.asOf!, number: rev?.revision_number ?? null, date: rev ? rev.creation_date : (a.last_edit_date ?? a.creation_date) };
        cached = safely(a, () => toCached(cfg, a, rev ? rev.body! : a.body!, revision, now()));
      } else {
        cached = safely(a, () => toCached(cfg, a, a.body!, { as_of: null, number: null, date: a.last_edit_date ?? a.creation_date }, now()));
      }
      if (cached === undefined) continue;
      if (changed(cache.read(a.answer_id), cached)) {
        cache.write(cached);
        written++;
      } else unchanged++;
    }
  };

  try {
    // First of all, that the id names the challenge's question (one request).
    await checkQuestion(client, cfg);

    // Cache files that are not whole answers (damaged by hand, or by a disk: not JSON, the wrong shape, bytes that are not UTF-8) are fetched again by id.
    cache.all();
    const broken = [...new Set([...cache.unreadable, ...cache.suspect].map((u) => Number(/(\d+)\.json$/.exec(u.file)?.[1])).filter((id) => id > 0))];
    for (let i = 0; i < broken.length; i += PAGE_SIZE) {
      client.checkQuota();
      const res = await client.get<ApiAnswer>(`/answers/${broken.slice(i, i + PAGE_SIZE).join(';')}`, { filter: ANSWER_FILTER, pagesize: PAGE_SIZE });
      await store(res.items);
    }

    if (!progress.complete) {
      // First scrape, or the resume of an interrupted one: oldest first, keyset paging on
      // creation_date (min is inclusive: the last answer of the previous page comes again and
      // is not rewritten), so answers posted or deleted meanwhile cannot shift a page.
      const firstStarted = progress.started ?? started;
      let { min, page } = progress.resume;
      let stale = 0;
      for (;;) {
        client.checkQuota();
        const res = await client.get<ApiAnswer>(`/questions/${cfg.questionId}/answers`, {
          filter: ANSWER_FILTER,
          pagesize: PAGE_SIZE,
          page,
          order: 'asc',
          sort: 'creation',
          min: min > 0 ? min : undefined,
        });
        if (res.has_more && !res.items.length) throw new ApiError('the API said has_more with an empty page: stopping rather than looping', 'bad-response');
        const fresh = res.items.filter((a) => !seen.has(a.answer_id)).length;
        await store(res.items);
        for (const a of res.items) seen.add(a.answer_id);
        // Keyset paging repeats a page once when many answers share a creation date; a server
        // that ignores paging repeats forever: two pages in a row with no new answer stop it.
        stale = res.has_more && fresh === 0 ? stale + 1 : 0;
        if (stale >= 2) throw new ApiError(`the API keeps saying has_more but its pages bring no new answer (page ${page}): stopping rather than spending the quota; what was fetched is cached`, 'bad-response');
        const last = res.items.reduce((m, a) => Math.max(m, typeof a.creation_date === 'number' ? a.creation_date : 0), 0);
        if (last > min) [min, page] = [last, 1];
        else page++;
        const done = !res.has_more;
        progress = { ...progress, started: firstStarted, complete: done, resume: { min, page }, last_scrape: done ? firstStarted : null, listed: received() };
        if (done) delete progress.listed;
        writable();
        cache.writeProgress(progress);
        o.onProgress?.({ mode, answers: received(), written, hasMore: res.has_more });
        if (done) break;
      }
    } else {
      // Refresh: only answers with activity (edits, votes, comments) since the last scrape, a minute of overlap.
      const since = Math.max(0, (progress.last_scrape ?? 0) - 60);
      let stale = 0;
      for (let page = 1; ; page++) {
        client.checkQuota();
        const res = await client.get<ApiAnswer>(`/questions/${cfg.questionId}/answers`, { filter: ANSWER_FILTER, pagesize: PAGE_SIZE, page, order: 'desc', sort: 'activity', min: since });
        if (res.has_more && !res.items.length) throw new ApiError('the API said has_more with an empty page: stopping rather than looping', 'bad-response');
        const fresh = res.items.filter((a) => !seen.has(a.answer_id)).length;
        await store(res.items);
        for (const a of res.items) seen.add(a.answer_id);
        o.onProgress?.({ mode, answers: received(), written, hasMore: res.has_more });
        if (!res.has_more) break;
        stale = fresh === 0 ? stale + 1 : 0;
        if (stale >= 2) throw new ApiError(`the API keeps saying has_more but its pages bring no new answer (page ${page}): stopping rather than spending the quota`, 'bad-response');
      }
      writable();
      cache.writeProgress({ ...progress, last_scrape: started });
    }
  } finally {
    release?.();
  }
  const summary = summarize(cfg, cache);
  return { ...summary, warnings: [...runWarnings, ...summary.warnings], requests: client.requests, written, unchanged, mode };
}

/** The summary of what the cache holds for a challenge (what --offline prints). */
export function summarize(cfg: ChallengeConfig, cache: AnswerCache): ScrapeSummary {
  const answers = cache.all();
  return {
    challenge: cfg.id,
    answers: answers.length,
    bots: answers.flatMap((a) => a.bots.map((b) => ({ name: b.name, answerId: a.answer_id, author: a.author, sha256: b.sha256 }))),
    warnings: [
      ...answers.filter((a) => a.bots.length === 0).map((a) => ({ answerId: a.answer_id, author: a.author, reason: a.reason ?? 'no bot found' })),
      ...cache.unreadable.map((u) => ({ answerId: Number(/(\d+)\.json$/.exec(u.file)?.[1]) || null, author: null, reason: `cache file ${u.file} ignored: ${u.reason}` })),
      ...cache.suspect.map((u) => ({ answerId: Number(/(\d+)\.json$/.exec(u.file)?.[1]) || null, author: null, reason: `cache file ${u.file} used, but damaged: ${u.reason}` })),
    ],
    ...(cache.asOf ? { asOf: cache.asOf } : {}),
  };
}

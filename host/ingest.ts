/**
 * Ingest, step 1 of a `koth host` tick (docs/host.md "Ingest"): the host's source — `se:QUESTION_ID`
 * (the answers of a StackExchange question, through the scraper) or `dir:PATH` (the files of a
 * folder) — read afresh, and the host's entries and versions brought in line with it:
 *
 * - every bot (one class of one answer or file) is an entry, keyed by (answer, class name): two
 *   answers with one class name are two entries;
 * - a bot's code is a version, identified by its sha256: a new text is a new version (numbered
 *   one past the entry's latest, `validating`), the previous one is retired and kept;
 * - an answer (a file) that is gone retires its entries' active and validating versions: every
 *   answer the host has seen is asked for by id each time (never "active since" alone, which
 *   does not see a deletion); a class that left its answer retires its entry the same way;
 * - an answer without a bot is no entry: it is counted as ignored, and an event says why;
 * - an answer edited many times between two ticks is one new version, the newest (an event
 *   counts the edits the host never saw).
 *
 * Everything is read first (the network, the folder, the sandbox's class discovery), then written
 * in ONE transaction (Store.step): an ingest that fails anywhere writes nothing.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, extname, join } from 'node:path';
import { challengeConfig, findGame } from '../engines/registry.ts';
import type { Extraction, GameDescriptor } from '../engines/core/game.ts';
import {
  addEvent,
  addVersion,
  getSettings,
  latestByAnswer,
  latestVersion,
  listEntries,
  setStatus,
  upsertEntry,
  type Store,
  type Version,
  HOUSE_ANSWER,
} from '../engines/core/host/store.ts';
import { ApiError, type StackExchangeClient } from '../scraper/api.ts';
import { AnswerCache, loadBackoff, saveBackoff } from '../scraper/cache.ts';
import { sha256 } from '../scraper/extract.ts';
import { PAGE_SIZE, scrapeChallenge, type ApiAnswer, type ApiRevision, type ScrapeWarning } from '../scraper/scrape.ts';

/**
 * The classes (bots) a piece of code defines, as the game's own runtime finds them (host/classes.ts
 * has the sandbox's), in the order it defines them; undefined when it cannot tell (the code does
 * not load: its version is then made with the classes the game's extractor reads, and validation
 * rejects it saying why).
 */
export type ClassesOf = (language: string, code: string) => Promise<readonly string[] | undefined> | readonly string[] | undefined;

export interface IngestOptions {
  /** The tick the events belong to (null: outside a tick). */
  tick: number | null;
  /** `se:`: the StackExchange client (base URL, key, limits: as `koth scrape` builds it). */
  client?: StackExchangeClient;
  /** `se:`: the scrape cache's root (the answers are cached there, as by `koth scrape`; the API's backoff is kept there). */
  cacheRoot?: string;
  /** The game's class discovery (host/classes.ts sandboxClassesOf); absent: the game's extractor reads the classes. */
  classesOf?: ClassesOf;
  /** `se:`: the clock the scrape's refreshes are dated by, ms (tests pass a fixed one). */
  now?: () => number;
}

export interface IngestSummary {
  /** Entries made (a new bot), or brought back (its answer is back). */
  new: number;
  /** Entries given a new version (their code changed). */
  edited: number;
  /** Entries whose version was retired because their answer, file or class is gone. */
  retired: number;
  /** Answers (files) seen without a bot. */
  ignored: number;
}

/** What ingest did, as stored in the events table (kind and data). */
export interface IngestEvent {
  kind: 'entry-new' | 'entry-edited' | 'entry-restored' | 'entry-retired' | 'answer-no-bot' | 'answer-edits-collapsed' | 'answer-skipped' | 'entry-same-class';
  data: Record<string, unknown>;
}

export interface IngestResult {
  summary: IngestSummary;
  events: IngestEvent[];
}

/** A bot as the source shows it now. */
export interface SeenBot {
  className: string;
  language: string;
  code: string;
  sha256: string;
}

/** An answer (a file of a `dir:` source) as the source shows it now. */
export interface SeenAnswer {
  /** The answer id (`se:`) or the file name (`dir:`). */
  answer: string;
  author: string;
  /** The answer's dates, ISO 8601 (null for a file: a folder's identity is name and content, not times). */
  posted: string | null;
  edited: string | null;
  bots: SeenBot[];
  /** Why it has no bot, when it has none. */
  noBot?: string;
  /** sha256 of the whole answer (its HTML body, or the file), to tell an answer without a bot that changed. */
  sha256: string;
  /** Edits of its code since the host last saw it, when the source can count them (`se:`: its revisions). */
  edits?: number;
}

/** A host's source, parsed: `se:QUESTION_ID` or `dir:PATH`. */
export type Source = { kind: 'se'; questionId: number } | { kind: 'dir'; path: string };

export function parseSource(source: string): Source {
  const se = /^se:(\d+)$/.exec(source);
  if (se && Number.isSafeInteger(Number(se[1])) && Number(se[1]) > 0) return { kind: 'se', questionId: Number(se[1]) };
  if (source.startsWith('dir:') && source.length > 4) return { kind: 'dir', path: source.slice(4) };
  throw new RangeError(`source ${JSON.stringify(source)}: give se:QUESTION_ID (a StackExchange question's number) or dir:PATH (a folder)`);
}

/** The Python sandbox's language for a game that seats Python answers (`python`; `python2` in a Python 2 game), else undefined. */
const pythonOf = (game: GameDescriptor) => (game.engine?.entrants?.python ? (game.botLanguage === 'Python 2' ? 'python2' : 'python') : undefined);
/** `cpp` for a game that compiles C++ answers to WebAssembly, else undefined. */
const cppOf = (game: GameDescriptor) => (game.engine?.entrants?.cpp ? 'cpp' : undefined);

/**
 * The language a version of a game's answer is in, saying which sandbox validates it: `python`
 * (Pyodide; `python2` in a Python 2 game) or `cpp` (WebAssembly) when the game seats such answers
 * (its `engine.entrants`), else a program, run only with --allow-programs: `program:<language>`
 * when the extractor names the language (gun-duel's answers in other languages), `program` when
 * it does not (atomas: programs in any language).
 */
export function answerLanguage(game: GameDescriptor, botLanguage?: string): string {
  if (botLanguage !== undefined) return `program:${botLanguage}`;
  return (game.botLanguage === 'C++' ? cppOf(game) : pythonOf(game)) ?? 'program';
}

/** Extensions of programs in languages without a sandbox (a `dir:` file with one is one program, run only with --allow-programs). */
export const PROGRAM_EXTENSIONS: readonly string[] = ['.js', '.mjs', '.java', '.rb', '.lua', '.sh', '.cs', '.pl', '.go', '.rs', '.c', '.php', '.hs', '.kt', '.jl', '.r'];
const CPP_EXTENSIONS: readonly string[] = ['.cpp', '.hpp', '.h', '.hh', '.cc', '.cxx', '.hxx'];

/**
 * The language a file of a `dir:` source is in, by its extension: `.py` python (as answerLanguage),
 * C++ cpp, in a game without that sandbox `program:py` / `program:cpp`; PROGRAM_EXTENSIONS
 * `program:<ext>`; any other file undefined (not a bot's file: a README).
 */
export function fileLanguage(game: GameDescriptor, file: string): string | undefined {
  const ext = extname(file).toLowerCase();
  if (ext === '.py') return pythonOf(game) ?? 'program:py';
  if (CPP_EXTENSIONS.includes(ext)) return cppOf(game) ?? `program:${ext.slice(1)}`;
  return PROGRAM_EXTENSIONS.includes(ext) ? `program:${ext.slice(1)}` : undefined;
}

const iso = (unix: number | null | undefined) => (unix == null ? null : new Date(unix * 1000).toISOString());
const unix = (isoDate: string | null) => (isoDate === null ? 0 : Math.floor(Date.parse(isoDate) / 1000));

/**
 * The bots of an answer as its extraction shows them: each bot's code is what the game runs it
 * from (its extractor's codeOf: the block by default), asked to `classesOf` once per distinct
 * code; a class named twice in one answer is its first. A bot in another language than the
 * game's (gun-duel's programs) is `program:<language>`.
 */
export async function botsOf(game: GameDescriptor, ex: Pick<Extraction, 'blocks' | 'bots'>, classesOf?: ClassesOf): Promise<SeenBot[]> {
  const units = new Map<string, { language: string; code: string; names: string[] }>();
  for (const bot of ex.bots) {
    const code = game.extractor.codeOf?.(ex, bot) ?? ex.blocks[bot.block]?.text;
    if (code === undefined) continue;
    const language = answerLanguage(game, bot.language);
    const key = `${language}\n${sha256(code)}`;
    const u = units.get(key) ?? { language, code, names: [] };
    u.names.push(bot.name);
    units.set(key, u);
  }
  const out: SeenBot[] = [];
  for (const u of units.values()) {
    const found = u.language.startsWith('program') ? undefined : await classesOf?.(u.language, u.code);
    for (const className of found ?? u.names) {
      if (!out.some((b) => b.className === className)) out.push({ className, language: u.language, code: u.code, sha256: sha256(u.code) });
    }
  }
  return out;
}

/** A file read as an answer of one code block under a heading of its name (ruins' extractor needs the heading), for the game's extractor. */
function asAnswerHtml(file: string, code: string): string {
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return `<h1>${esc(basename(file, extname(file)))}</h1>\n<pre><code>${esc(code)}</code></pre>\n`;
}

/**
 * A `dir:` source's files as answers: every regular file not starting with '.', in name order.
 * A Python or C++ file's bots are its classes (classesOf, else the game's extractor reading the
 * file as one code block); a program (PROGRAM_EXTENSIONS) is one bot named after the file; any
 * other file has no bot.
 */
export async function readFolder(game: GameDescriptor, path: string, classesOf?: ClassesOf): Promise<SeenAnswer[]> {
  if (!existsSync(path) || !statSync(path).isDirectory()) throw new Error(`dir:${path}: not a folder (the host's source must be a folder of bot files)`);
  const files = readdirSync(path)
    .filter((f) => !f.startsWith('.') && statSync(join(path, f)).isFile())
    .sort();
  const out: SeenAnswer[] = [];
  for (const file of files) {
    const code = readFileSync(join(path, file), 'utf8');
    const language = fileLanguage(game, file);
    const base: Omit<SeenAnswer, 'bots'> = { answer: file, author: '', posted: null, edited: null, sha256: sha256(code) };
    if (language === undefined) {
      out.push({ ...base, bots: [], noBot: `not a bot's file (a bot is a .py or C++ file, or a program: ${PROGRAM_EXTENSIONS.join(' ')})` });
      continue;
    }
    if (language.startsWith('program')) {
      out.push({ ...base, bots: [{ className: basename(file, extname(file)), language, code, sha256: sha256(code) }] });
      continue;
    }
    const found = await classesOf?.(language, code);
    const ex = game.extractor.extract(asAnswerHtml(file, code));
    const names = found ?? ex.bots.filter((b) => b.language === undefined).map((b) => b.name);
    const bots = [...new Set(names)].map((className) => ({ className, language, code, sha256: sha256(code) }));
    out.push({ ...base, bots, ...(bots.length ? {} : { noBot: found ? 'the sandbox finds no bot class in it' : (ex.reason ?? 'no bot found') }) });
  }
  return out;
}

/** The answers that still exist among `ids`, asked for by id (100 a request): a deleted answer is not returned. */
async function existingAnswers(client: StackExchangeClient, questionId: number, ids: readonly number[]): Promise<Set<number>> {
  const alive = new Set<number>();
  for (let i = 0; i < ids.length; i += PAGE_SIZE) {
    const chunk = ids.slice(i, i + PAGE_SIZE);
    for (let page = 1; ; page++) {
      client.checkQuota();
      const res = await client.get<ApiAnswer>(`/answers/${chunk.join(';')}`, { pagesize: PAGE_SIZE, page });
      for (const a of res.items) if (a && typeof a.answer_id === 'number' && (a.question_id === undefined || a.question_id === questionId)) alive.add(a.answer_id);
      if (!res.has_more) break;
      if (!res.items.length) throw new ApiError('/answers/{ids} said has_more with an empty page: stopping rather than looping', 'bad-response');
    }
  }
  return alive;
}

/** Per answer, its revisions that changed the body after `since` (unix seconds), from /posts/{ids}/revisions. */
async function editsSince(client: StackExchangeClient, since: ReadonlyMap<number, number>): Promise<Map<number, number>> {
  const ids = [...since.keys()];
  const count = new Map<number, number>();
  for (let i = 0; i < ids.length; i += PAGE_SIZE) {
    const chunk = ids.slice(i, i + PAGE_SIZE);
    const from = Math.min(...chunk.map((id) => since.get(id)!)) + 1;
    for (let page = 1; ; page++) {
      client.checkQuota();
      const res = await client.get<ApiRevision>(`/posts/${chunk.join(';')}/revisions`, { filter: 'withbody', pagesize: PAGE_SIZE, page, fromdate: from });
      for (const r of res.items) {
        if (r?.body == null || !(r.creation_date > since.get(r.post_id)!)) continue;
        count.set(r.post_id, (count.get(r.post_id) ?? 0) + 1);
      }
      if (!res.has_more) break;
      if (!res.items.length) throw new ApiError('/posts/{ids}/revisions said has_more with an empty page: stopping rather than looping', 'bad-response');
    }
  }
  return count;
}

/**
 * A `se:` source's answers: the question's answers scraped into the cache (`koth scrape`'s path:
 * the title check, backoff, quota, resume), every cached answer then asked for by id (those the
 * API no longer returns are deleted and left out), and, for answers whose code changed since the
 * host last saw them, how many edits that was.
 */
export async function readQuestion(store: Store, game: GameDescriptor, questionId: number, o: IngestOptions): Promise<{ answers: SeenAnswer[]; skipped: ScrapeWarning[] }> {
  if (!o.client || !o.cacheRoot) throw new Error(`se:${questionId}: ingest needs a StackExchange client and a cache root`);
  const base = challengeConfig(game.id)!;
  // The game's own question caches as the game (shared with koth scrape); another question of the same game apart.
  const cfg = questionId === game.questionId ? base : { ...base, id: `${game.id}-q${questionId}`, questionId };
  const cache = new AnswerCache(o.cacheRoot, cfg.id);
  const client = o.client;
  loadBackoff(o.cacheRoot);
  try {
    const started = new Date((o.now ?? Date.now)()).toISOString();
    // Answers the scraper skips as they come (a broken id, HTML it cannot read) are said in events; the rest go on.
    const skipped: ScrapeWarning[] = [];
    await scrapeChallenge(cfg, { client, cache, onWarning: (w) => skipped.push(w), ...(o.now ? { now: o.now } : {}) });
    const cached = cache.all();
    const alive = await existingAnswers(client, questionId, cached.map((a) => a.answer_id));
    // An answer the API sent during this very scrape and now says is gone: the API contradicts itself
    // (a glitch answering an empty list would retire the whole field): nothing is written, the next tick asks again.
    const contradicted = cached.filter((a) => a.fetched_at >= started && !alive.has(a.answer_id)).map((a) => a.answer_id);
    if (contradicted.length) {
      const them = contradicted.length > 1;
      throw new ApiError(
        `the API listed answer${them ? 's' : ''} ${contradicted.slice(0, 5).join(', ')}${contradicted.length > 5 ? ', …' : ''} during this scrape but does not return ${them ? 'them' : 'it'} by id: nothing was ingested, the next tick asks again`,
        'bad-response',
      );
    }
    const answers: SeenAnswer[] = [];
    for (const a of cached) {
      if (!alive.has(a.answer_id)) continue;
      const bots = await botsOf(game, a, o.classesOf);
      answers.push({
        answer: String(a.answer_id),
        author: a.author ?? '',
        posted: iso(a.creation_date),
        edited: iso(a.last_edit_date),
        bots,
        sha256: sha256(a.body),
        ...(bots.length ? {} : { noBot: a.reason ?? 'no bot found' }),
      });
    }
    // How many edits a changed answer had since the host last saw it (only the newest becomes a version).
    const known = latestByAnswer(store);
    const since = new Map<number, number>();
    for (const s of answers) {
      const had = known.get(s.answer);
      const changed = s.bots.some((b) => had?.find((x) => x.entry.className === b.className)?.latest.sha256 !== b.sha256);
      if (!changed || s.edited === null) continue;
      const last = had?.reduce((m, x) => Math.max(m, unix(x.latest.edited ?? x.latest.posted)), 0) || unix(s.posted);
      if (unix(s.edited) > last) since.set(Number(s.answer), last);
    }
    const edits = since.size ? await editsSince(client, since) : new Map<number, number>();
    for (const s of answers) if (edits.has(Number(s.answer))) s.edits = edits.get(Number(s.answer));
    return { answers, skipped };
  } finally {
    // The API's backoff holds for the next process too (as koth scrape keeps it).
    saveBackoff(o.cacheRoot);
  }
}

/**
 * Brings the store in line with the answers the source shows now (all of them: an answer the host
 * follows that is not among them is gone), in one transaction. Pure given its inputs: the
 * network and the sandbox are behind it (readQuestion, readFolder).
 */
export function applyAnswers(store: Store, tick: number | null, seen: readonly SeenAnswer[], o: { gone: string; skipped?: readonly ScrapeWarning[] } = { gone: 'its answer was deleted' }): IngestResult {
  return store.step(() => {
    const summary: IngestSummary = { new: 0, edited: 0, retired: 0, ignored: 0 };
    const events: IngestEvent[] = [];
    const emit = (kind: IngestEvent['kind'], data: Record<string, unknown>) => {
      events.push({ kind, data });
      addEvent(store, tick, kind, data);
    };
    // What the scraper skipped (an answer it could not read keeps its last readable text, if it had one).
    for (const w of o.skipped ?? []) emit('answer-skipped', { answer: w.answerId === null ? null : String(w.answerId), author: w.author, reason: w.reason });
    const live = (v: Version) => v.status === 'active' || v.status === 'validating';
    const retire = (entry: { id: number; answer: string; className: string }, v: Version, reason: string) => {
      setStatus(store, v.id, 'retired', reason);
      summary.retired++;
      emit('entry-retired', { entry: entry.id, answer: entry.answer, class: entry.className, version: v.number, reason });
    };
    const known = latestByAnswer(store);
    const classes = new Map<string, Set<string>>();
    for (const e of listEntries(store)) classes.set(e.className, (classes.get(e.className) ?? new Set()).add(e.answer));

    for (const s of seen) {
      const had = known.get(s.answer) ?? [];
      if (!s.bots.length) {
        summary.ignored++;
        // Said once per content of the answer, not every tick.
        const said = store.row("SELECT 1 AS x FROM events WHERE kind = 'answer-no-bot' AND json_extract(data, '$.answer') = ? AND json_extract(data, '$.sha256') = ?", s.answer, s.sha256);
        if (!said) emit('answer-no-bot', { answer: s.answer, author: s.author, reason: s.noBot ?? 'no bot found', sha256: s.sha256 });
      }
      let collapsed = false;
      for (const b of s.bots) {
        const entry = upsertEntry(store, { answer: s.answer, className: b.className, author: s.author });
        const last = latestVersion(store, entry.id);
        if (last && last.sha256 === b.sha256 && last.status !== 'retired') continue;
        const { version } = addVersion(store, { entry: entry.id, sha256: b.sha256, code: b.code, language: b.language, author: s.author, posted: s.posted, edited: s.edited }, { reopen: true });
        const data = { entry: entry.id, answer: s.answer, class: b.className, author: s.author, version: version.number, sha256: b.sha256, language: b.language };
        if (!last) {
          summary.new++;
          emit('entry-new', data);
          const others = [...(classes.get(b.className) ?? [])].filter((a) => a !== s.answer);
          if (others.length) emit('entry-same-class', { class: b.className, answer: s.answer, others, note: 'both kept: entries are told apart by their answer' });
          classes.set(b.className, (classes.get(b.className) ?? new Set()).add(s.answer));
        } else if (last.status === 'retired' && last.sha256 === b.sha256) {
          summary.new++;
          emit('entry-restored', { ...data, was: last.reason });
        } else {
          summary.edited++;
          // addVersion retired the previous version if it was active or validating; a rejected one stays rejected.
          emit('entry-edited', { ...data, from: last.number });
        }
        if (!collapsed && s.edits !== undefined && s.edits > 1) {
          collapsed = true;
          emit('answer-edits-collapsed', { answer: s.answer, edits: s.edits, note: `edited ${s.edits} times since the host last saw it: only the newest text is a version` });
        }
      }
      // A class that left its answer (renamed, removed, or the answer has no bot any more).
      const now = new Set(s.bots.map((b) => b.className));
      for (const { entry, latest } of had) {
        if (!now.has(entry.className) && live(latest)) retire(entry, latest, s.bots.length ? `class ${entry.className} is no longer in answer ${s.answer}` : `answer ${s.answer} has no bot any more`);
      }
    }
    // Answers the host follows that the source no longer has.
    const present = new Set(seen.map((s) => s.answer));
    for (const [answer, list] of known) {
      if (answer === HOUSE_ANSWER) continue; // the house bots are the host's, not the source's
      if (present.has(answer)) continue;
      for (const { entry, latest } of list) if (live(latest)) retire(entry, latest, o.gone);
    }
    return { summary, events };
  });
}

/**
 * `classesOf` asked only about code the host has not stored yet (a sandbox's answer costs time,
 * and every answer is read at every tick): the classes of a text already stored are the classes
 * of the entries whose versions have it.
 */
export function storedFirst(store: Store, classesOf: ClassesOf): ClassesOf {
  return (language, code) => {
    const known = store
      .rows('SELECT e.class AS class FROM versions v JOIN entries e ON e.id = v.entry WHERE v.sha256 = ? AND v.language = ? GROUP BY e.class ORDER BY min(e.id)', sha256(code), language)
      .map((r) => String(r.class));
    return known.length ? known : classesOf(language, code);
  };
}

/**
 * One ingest of the host's source (`se:QUESTION_ID` or `dir:PATH`): read it whole, then write
 * what changed in one transaction. Returns the counts and the events it stored.
 */
export async function ingest(store: Store, source: string, o: IngestOptions): Promise<IngestResult> {
  const src = parseSource(source);
  const settings = getSettings(store);
  const game = findGame(settings.game);
  if (!game) throw new Error(`the host's game "${settings.game}" is not one this koth knows`);
  const classesOf = o.classesOf && storedFirst(store, o.classesOf);
  if (src.kind === 'se') {
    const { answers, skipped } = await readQuestion(store, game, src.questionId, { ...o, ...(classesOf ? { classesOf } : {}) });
    return applyAnswers(store, o.tick, answers, { gone: 'its answer was deleted (the API no longer returns it)', skipped });
  }
  const seen = await readFolder(game, src.path, classesOf);
  return applyAnswers(store, o.tick, seen, { gone: 'its file was removed from the folder' });
}

/**
 * For tests only: a real HTTP server on 127.0.0.1 (random port) that plays the
 * StackExchange API 2.3 over a data set of answers and revisions written for the tests
 * (fixtures/scraper/). It implements what the scraper uses — /questions/{ids} (each
 * registered challenge's question with its title, unless the test gives others),
 * /questions/{id}/answers with sort/order/min/max/page/pagesize/filter, /answers/{ids},
 * /posts/{ids}/revisions with todate/fromdate —
 * with gzip bodies, a daily quota (then 502 throttle_violation), per-method `backoff`, and
 * injected faults: HTTP errors, throttles, stalls, cut-off transfers, truncated JSON or gzip.
 * Every request is recorded.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { fixture as readFixture } from './fixtures.ts';
import { challenges } from '../engines/registry.ts';
import { gzipSync } from 'node:zlib';
import type { AddressInfo } from 'node:net';
import type { Socket } from 'node:net';

export interface SimOwner {
  display_name?: string;
  user_id?: number;
  user_type: string;
  reputation?: number;
}

export interface SimAnswer {
  answer_id: number;
  question_id: number;
  score: number;
  creation_date: number;
  last_activity_date: number;
  last_edit_date?: number;
  body: string;
  owner: SimOwner;
}

export interface SimQuestion {
  question_id: number;
  /** As the API sends it: HTML entities encoded. */
  title: string;
}

/** The questions of the registered challenges, titled as their descriptors say (what the scraper checks). */
export function registeredQuestions(): SimQuestion[] {
  return challenges().map((c) => ({ question_id: c.questionId, title: c.title.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;') }));
}

export interface SimRevision {
  post_id: number;
  revision_number?: number;
  revision_type: 'single_user' | 'vote_based';
  post_type?: string;
  creation_date: number;
  body?: string;
  comment?: string;
}

export interface Recorded {
  n: number;
  path: string;
  query: URLSearchParams;
}

export type Fault =
  /** Any reply: an API error body, an HTML page... (gzip unless gzip: false). */
  | { reply: { status: number; body: unknown; headers?: Record<string, string>; gzip?: boolean } }
  /** Accept the request and never answer (the client times out, or the process gets killed). */
  | { stall: true }
  /** Answer the headers and half the body, then nothing more. */
  | { stallBody: true }
  /** Announce a Content-Length, send half of it, close the connection. */
  | { cut: true }
  /** A 200 whose gzip'd JSON text is cut in half. */
  | { truncateJson: true }
  /** A 200 whose gzip stream is cut in half. */
  | { truncateGzip: true }
  /** Headers at once, then the body one byte every `everyMs` (never silent long enough for an idle timeout). */
  | { drip: { everyMs: number } }
  /** A 200 whose small gzip body inflates to `bytes` bytes (a decompression bomb). */
  | { bomb: { bytes: number } };

export interface SimOptions {
  /** The API's page size cap (100 in the real API); smaller makes multi-page tests small. */
  maxPageSize?: number;
  quotaMax?: number;
  /** Requests left today; at 0 the API answers 502 throttle_violation. */
  quota?: number;
  /** Seconds until the quota resets, said in the throttle message. */
  quotaResetSeconds?: number;
}

export function apiError(status: number, id: number, name: string, message: string): Fault {
  return { reply: { status, body: { error_id: id, error_name: name, error_message: message } } };
}

export const throttle = (message = 'too many requests from this IP, more requests available in 3 seconds') => apiError(502, 502, 'throttle_violation', message);

export class FakeStackExchange {
  readonly requests: Recorded[] = [];
  answers: SimAnswer[];
  revisions: SimRevision[];
  questions: SimQuestion[];
  quotaMax: number;
  quota: number;
  quotaResetSeconds: number;
  maxPageSize: number;
  /** Consulted first for every request: a fault to serve instead of the normal answer. */
  fault: ((r: Recorded) => Fault | undefined) | undefined;
  /** A `backoff` (seconds) to add to a normal answer. */
  backoff: ((r: Recorded) => number | undefined) | undefined;
  private server: Server | undefined;
  private readonly sockets = new Set<Socket>();
  base = '';

  constructor(data: { answers?: SimAnswer[]; revisions?: SimRevision[]; questions?: SimQuestion[] } = {}, o: SimOptions = {}) {
    this.answers = data.answers ?? [];
    this.revisions = data.revisions ?? [];
    this.questions = data.questions ?? registeredQuestions();
    this.quotaMax = o.quotaMax ?? 300;
    this.quota = o.quota ?? this.quotaMax;
    this.quotaResetSeconds = o.quotaResetSeconds ?? 7200;
    this.maxPageSize = o.maxPageSize ?? 100;
  }

  async start(): Promise<this> {
    this.server = createServer((req, res) => this.handle(req, res));
    this.server.on('connection', (s) => {
      this.sockets.add(s);
      s.on('close', () => this.sockets.delete(s));
    });
    await new Promise<void>((r) => this.server!.listen(0, '127.0.0.1', () => r()));
    this.base = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/2.3`;
    return this;
  }

  async stop(): Promise<void> {
    if (!this.server) return;
    for (const s of this.sockets) s.destroy();
    this.server.closeAllConnections();
    await new Promise<void>((r) => this.server!.close(() => r()));
    this.server = undefined;
  }

  /** Requests for one path pattern, e.g. '/answers' or '/revisions'. */
  calls(pathEnd: string): Recorded[] {
    return this.requests.filter((r) => r.path.endsWith(pathEnd));
  }

  private send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}, gzip = true): void {
    const text = typeof body === 'string' ? body : JSON.stringify(body);
    const payload = gzip ? gzipSync(Buffer.from(text)) : Buffer.from(text);
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': String(payload.length), ...(gzip ? { 'content-encoding': 'gzip' } : {}), ...headers });
    res.end(payload);
  }

  private handle(req: IncomingMessage, res: ServerResponse): void {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const path = url.pathname.replace(/^\/2\.3/, '');
    const rec: Recorded = { n: this.requests.length + 1, path, query: url.searchParams };
    this.requests.push(rec);
    const f = this.fault?.(rec);
    if (f) return this.serveFault(res, f);
    const q = url.searchParams;
    if (q.get('site') !== 'codegolf') return this.send(res, 400, { error_id: 400, error_name: 'bad_parameter', error_message: 'site is required' });
    if (this.quota <= 0) {
      return this.send(res, 502, { error_id: 502, error_name: 'throttle_violation', error_message: `too many requests from this IP, more requests available in ${this.quotaResetSeconds} seconds` });
    }
    this.quota--;
    let items: unknown[];
    let hasMore: boolean;
    const withBody = q.get('filter') === 'withbody';
    const answersPath = /^\/questions\/(\d+)\/answers$/.exec(path);
    const byIdPath = /^\/answers\/([\d;]+)$/.exec(path);
    const revisionsPath = /^\/posts\/([\d;]+)\/revisions$/.exec(path);
    const questionsPath = /^\/questions\/([\d;]+)$/.exec(path);
    if (questionsPath) {
      const ids = new Set(questionsPath[1]!.split(';').map(Number));
      [items, hasMore] = this.paginate(this.questions.filter((x) => ids.has(x.question_id)), q);
    } else if (answersPath) {
      const sort = q.get('sort') ?? 'activity';
      const key = ({ creation: 'creation_date', activity: 'last_activity_date', votes: 'score' } as const)[sort as 'creation'];
      if (!key) return this.send(res, 400, { error_id: 400, error_name: 'bad_parameter', error_message: `sort ${sort}` });
      const min = q.has('min') ? Number(q.get('min')) : -Infinity;
      const max = q.has('max') ? Number(q.get('max')) : Infinity;
      const dir = q.get('order') === 'asc' ? 1 : -1;
      const list = this.answers
        .filter((a) => a.question_id === Number(answersPath[1]) && a[key] >= min && a[key] <= max)
        .sort((a, b) => dir * (a[key] - b[key]) || a.answer_id - b.answer_id);
      [items, hasMore] = this.paginate(list, q);
      items = (items as SimAnswer[]).map(({ body, ...rest }) => (withBody ? { ...rest, body } : rest));
    } else if (byIdPath) {
      const ids = new Set(byIdPath[1]!.split(';').map(Number));
      [items, hasMore] = this.paginate(this.answers.filter((a) => ids.has(a.answer_id)), q);
      items = (items as SimAnswer[]).map(({ body, ...rest }) => (withBody ? { ...rest, body } : rest));
    } else if (revisionsPath) {
      const ids = new Set(revisionsPath[1]!.split(';').map(Number));
      const from = q.has('fromdate') ? Number(q.get('fromdate')) : -Infinity;
      const to = q.has('todate') ? Number(q.get('todate')) : Infinity;
      const list = this.revisions.filter((r) => ids.has(r.post_id) && r.creation_date >= from && r.creation_date <= to).sort((a, b) => b.creation_date - a.creation_date);
      [items, hasMore] = this.paginate(list, q);
      items = (items as SimRevision[]).map(({ body, ...rest }) => (withBody && body !== undefined ? { ...rest, body } : rest));
    } else {
      return this.send(res, 404, { error_id: 404, error_name: 'no_method', error_message: `no method ${path}` });
    }
    const backoff = this.backoff?.(rec);
    this.send(res, 200, { items, has_more: hasMore, quota_max: this.quotaMax, quota_remaining: this.quota, ...(backoff ? { backoff } : {}) });
  }

  private paginate<T>(list: T[], q: URLSearchParams): [T[], boolean] {
    const size = Math.min(Number(q.get('pagesize') ?? 30), this.maxPageSize);
    const page = Number(q.get('page') ?? 1);
    const start = (page - 1) * size;
    return [list.slice(start, start + size), start + size < list.length];
  }

  private serveFault(res: ServerResponse, f: Fault): void {
    if ('reply' in f) return this.send(res, f.reply.status, f.reply.body, f.reply.headers, f.reply.gzip ?? true);
    if ('stall' in f) return; // keep the socket open, answer nothing
    if ('drip' in f) {
      const body = Buffer.from(JSON.stringify({ items: [], has_more: false, quota_max: this.quotaMax, quota_remaining: this.quota }));
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(body.length) });
      let i = 0;
      const t = setInterval(() => {
        if (i >= body.length || res.destroyed) return clearInterval(t);
        res.write(body.subarray(i, ++i));
      }, f.drip.everyMs);
      res.on('close', () => clearInterval(t));
      return;
    }
    if ('bomb' in f) {
      const gz = gzipSync(Buffer.alloc(f.bomb.bytes, 0x20), { level: 9 });
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip', 'content-length': String(gz.length) });
      return void res.end(gz);
    }
    const page = JSON.stringify({ items: [{ answer_id: 1, body: '<p>half</p>' }], has_more: false, quota_max: this.quotaMax, quota_remaining: this.quota });
    if ('truncateJson' in f) return this.send(res, 200, page.slice(0, Math.floor(page.length / 2)));
    const gz = gzipSync(Buffer.from(page));
    if ('truncateGzip' in f) {
      const half = gz.subarray(0, Math.floor(gz.length / 2));
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip', 'content-length': String(half.length) });
      return void res.end(half);
    }
    res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip', 'content-length': String(gz.length) });
    res.write(gz.subarray(0, Math.floor(gz.length / 2)));
    if ('cut' in f) setTimeout(() => res.socket?.destroy(), 10);
    // stallBody: nothing more is sent
  }
}

/** The answers (or revisions) of a fixture file in fixtures/scraper/ (API-shaped: {"items": [...]}). */
export function fixture<T = SimAnswer>(name: string): T[] {
  return readFixture<{ items: T[] }>(`scraper/${name}.json`).items;
}

/** Every challenge's fixture answers, for a server that serves them all. */
export function allFixtures(): SimAnswer[] {
  return ['dice', 'ruins', 'atomas', 'gun-duel', 'camel-up'].flatMap((n) => fixture(n));
}

const plain = (s: string) => s.replace(/\x1b\[[0-9;]*m/g, '');

/**
 * Runs the koth CLI in this process (main(argv)), stdout and stderr captured (colors
 * stripped), the scraper's environment set for the call: no waits, no KOTH_* from outside.
 */
export async function runKoth(args: string[], env: Record<string, string | undefined> = {}) {
  const saved: Record<string, string | undefined> = {};
  const vars = { KOTH_SE_DELAY_SCALE: '0', KOTH_SE_API: undefined, KOTH_CACHE: undefined, KOTH_SE_KEY: undefined, ...env };
  for (const [k, v] of Object.entries(vars)) {
    saved[k] = process.env[k];
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  let stdout = '';
  let stderr = '';
  const out = process.stdout.write;
  const err = process.stderr.write;
  process.stdout.write = ((c: string | Uint8Array) => ((stdout += String(c)), true)) as typeof process.stdout.write;
  process.stderr.write = ((c: string | Uint8Array) => ((stderr += String(c)), true)) as typeof process.stderr.write;
  process.exitCode = undefined;
  let status: number;
  try {
    const { main } = await import('../cli/koth.ts');
    status = await main(args);
  } finally {
    process.stdout.write = out;
    process.stderr.write = err;
    process.exitCode = undefined;
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  }
  return { status, stdout: plain(stdout), stderr: plain(stderr), json: () => JSON.parse(stdout) };
}

/**
 * A small StackExchange API 2.3 client on undici, with the API's etiquette:
 *  - `backoff` (seconds) is honoured per method before the next call to that method;
 *  - throttle_violation / HTTP 429 / 5xx are retried with bounded exponential backoff and
 *    jitter (a `Retry-After` or "more requests available in N seconds" is waited out when
 *    short), then reported as a clear error;
 *  - quota_remaining = 0 stops the scrape, saying when the quota resets;
 *  - gzip bodies are inflated; timeouts, cut-off transfers, truncated or non-JSON bodies are
 *    retried a bounded number of times, then errors.
 * Nothing is written here: callers get only complete, parsed responses.
 */
import { gunzipSync, inflateSync } from 'node:zlib';
import { randomInt } from 'node:crypto';
import { request } from 'undici';

export const DEFAULT_API_BASE = 'https://api.stackexchange.com/2.3';

export interface ApiOptions {
  base?: string;
  site?: string;
  /** App key (KOTH_SE_KEY): a larger daily quota. */
  key?: string;
  /** Multiplies every wait (backoff, retries, throttles): tests use a tiny scale. KOTH_SE_DELAY_SCALE. */
  delayScale?: number;
  /** Per request: time to the response headers, and between body chunks. KOTH_SE_TIMEOUT_MS. */
  timeoutMs?: number;
  /** Per request: the whole exchange, however the bytes trickle in. KOTH_SE_DEADLINE_MS (default 120 s). */
  deadlineMs?: number;
  /** The largest body accepted, inflated (bytes). KOTH_SE_MAX_BODY (default 64 MiB). */
  maxBodyBytes?: number;
  /** Retries of one call after its first try (so maxRetries + 1 tries at most). */
  maxRetries?: number;
  /** Any wait longer than this (seconds, unscaled: a throttle, a Retry-After, a backoff) ends the scrape instead, like the quota. */
  maxThrottleWaitSec?: number;
  /** Injected for tests; resolves after `ms`. */
  sleep?: (ms: number) => Promise<void>;
  /** Injected for tests: the retry jitter, 0 ≤ jitter < 1000 ms. */
  jitter?: () => number;
  /** Called with every wait the client makes (reason, ms actually waited) — progress output and tests. */
  onWait?: (reason: string, ms: number) => void;
  /** Called with things worth telling the user (a quota running low). */
  onNotice?: (message: string) => void;
}

/**
 * The client's options from the environment, as every command that asks the API reads them
 * (`koth scrape`, `koth host`): the base (`--api-base` given, else KOTH_SE_API, else the real
 * API), KOTH_SE_KEY, KOTH_SE_DELAY_SCALE, KOTH_SE_TIMEOUT_MS, KOTH_SE_DEADLINE_MS,
 * KOTH_SE_MAX_WAIT_S and KOTH_SE_MAX_BODY.
 */
export function apiOptionsFromEnv(apiBase: string | undefined, env: NodeJS.ProcessEnv = process.env): ApiOptions & { base: string } {
  return {
    base: apiBase ?? env.KOTH_SE_API ?? DEFAULT_API_BASE,
    ...(env.KOTH_SE_KEY ? { key: env.KOTH_SE_KEY } : {}),
    ...(env.KOTH_SE_DELAY_SCALE ? { delayScale: Number(env.KOTH_SE_DELAY_SCALE) } : {}),
    ...(env.KOTH_SE_TIMEOUT_MS ? { timeoutMs: Number(env.KOTH_SE_TIMEOUT_MS) } : {}),
    ...(env.KOTH_SE_DEADLINE_MS ? { deadlineMs: Number(env.KOTH_SE_DEADLINE_MS) } : {}),
    ...(env.KOTH_SE_MAX_WAIT_S ? { maxThrottleWaitSec: Number(env.KOTH_SE_MAX_WAIT_S) } : {}),
    ...(env.KOTH_SE_MAX_BODY ? { maxBodyBytes: Number(env.KOTH_SE_MAX_BODY) } : {}),
  };
}

export interface ApiPage<T> {
  items: T[];
  has_more: boolean;
  quota_max?: number;
  quota_remaining?: number;
  backoff?: number;
}

/** 'wrong-question': the question the API has under a challenge's id is not that challenge (scrape.ts). */
export type ApiErrorKind = 'network' | 'throttle' | 'server' | 'quota' | 'bad-response' | 'api' | 'wrong-question';

export class ApiError extends Error {
  constructor(
    message: string,
    readonly kind: ApiErrorKind,
    /** For kind 'quota': when requests are possible again. */
    readonly resetsAt?: Date,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

const defaultSleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** When the daily quota resets if the API does not say: the next UTC midnight after `now` (ms since epoch). */
export function quotaResetsAt(now: number): Date {
  const d = new Date(now);
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + 1));
}

/** "2026-11-23T00:00:00Z (in 2 h 30 min)" */
export function describeReset(at: Date, now: number): string {
  const mins = Math.max(0, Math.ceil((at.getTime() - now) / 60000));
  return `${new Date(Math.ceil(at.getTime() / 1000) * 1000).toISOString().replace(/\.000Z$/, 'Z')} (in ${Math.floor(mins / 60)} h ${mins % 60} min)`;
}

/** The seconds in "too many requests from this IP, more requests available in 72389 seconds". */
export function throttleSeconds(message: unknown): number | undefined {
  const m = typeof message === 'string' ? /available in (\d+) seconds?/i.exec(message) : null;
  return m ? Number(m[1]) : undefined;
}

/** A Retry-After header in ms: delta-seconds or an HTTP date; undefined when absent or unreadable. */
export function retryAfterMs(header: string | string[] | undefined, now = Date.now()): number | undefined {
  const v = Array.isArray(header) ? header[0] : header;
  if (v === undefined || v.trim() === '') return undefined;
  if (/^\s*\d+(\.\d+)?\s*$/.test(v)) return Number(v) * 1000;
  const t = Date.parse(v);
  return Number.isFinite(t) ? Math.max(0, t - now) : undefined;
}

/** Connection failures that mean "no route to the API": not worth retrying. */
const UNREACHABLE = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ENETUNREACH', 'EHOSTUNREACH', 'ENETDOWN', 'EADDRNOTAVAIL', 'UND_ERR_CONNECT_TIMEOUT', 'ERR_INVALID_URL']);

function errCode(e: unknown): string {
  const err = e as { code?: string; cause?: { code?: string } };
  return err?.code ?? err?.cause?.code ?? '';
}

class Retry {
  constructor(
    readonly reason: string,
    readonly kind: ApiErrorKind,
    readonly final: string,
    /** A wait the server asked for (ms, unscaled), instead of the exponential one. */
    readonly waitMs?: number,
  ) {}
}

export class StackExchangeClient {
  readonly base: string;
  readonly site: string;
  private readonly key: string | undefined;
  private readonly scale: number;
  readonly timeoutMs: number;
  readonly deadlineMs: number;
  readonly maxBodyBytes: number;
  readonly maxRetries: number;
  private readonly maxThrottleWaitSec: number;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly jitter: () => number;
  private readonly onWait: ((reason: string, ms: number) => void) | undefined;
  private readonly onNotice: ((message: string) => void) | undefined;
  /**
   * Per API and method (base URL + path with ids replaced): the earliest time (ms since
   * epoch) its next call may start. One map for the whole process (every client, every challenge of `scrape all`); the
   * CLI saves it in the cache and loads it back, so it holds across processes too.
   */
  static readonly notBefore = new Map<string, number>();
  private warnedLow = false;
  /** Requests sent (tries, including retries). */
  requests = 0;
  quotaRemaining: number | undefined;
  quotaMax: number | undefined;

  constructor(o: ApiOptions = {}) {
    this.base = (o.base ?? DEFAULT_API_BASE).replace(/\/+$/, '');
    this.site = o.site ?? 'codegolf';
    this.key = o.key || undefined;
    this.scale = Number.isFinite(o.delayScale) && o.delayScale! >= 0 ? o.delayScale! : 1;
    this.timeoutMs = o.timeoutMs && o.timeoutMs > 0 ? o.timeoutMs : 30_000;
    this.deadlineMs = o.deadlineMs && o.deadlineMs > 0 ? o.deadlineMs : 120_000;
    this.maxBodyBytes = o.maxBodyBytes && o.maxBodyBytes > 0 ? o.maxBodyBytes : 64 * 1024 * 1024;
    this.maxRetries = o.maxRetries ?? 5;
    this.maxThrottleWaitSec = o.maxThrottleWaitSec ?? 120;
    this.sleep = o.sleep ?? defaultSleep;
    this.jitter = o.jitter ?? (() => randomInt(0, 1000));
    this.onWait = o.onWait;
    this.onNotice = o.onNotice;
  }

  /**
   * Waits `ms` (unscaled) times the delay scale, saying so first. A wait longer than the cap
   * (maxThrottleWaitSec) is not waited: the scrape stops as at the quota, saying when to resume.
   */
  private async wait(reason: string, ms: number): Promise<void> {
    if (!(ms <= this.maxThrottleWaitSec * 1000)) {
      const now = Date.now();
      const secs = Number.isFinite(ms) ? Math.ceil(ms / 1000) : Infinity;
      throw this.quotaError(new Date(now + Math.min(secs, 365 * 86400) * 1000), now, `the server asks to wait ${Number.isFinite(secs) ? `${secs} s` : 'indefinitely'} (${reason}), more than the ${this.maxThrottleWaitSec} s this scraper waits`);
    }
    const scaled = Math.max(0, Math.round(ms * this.scale));
    this.onWait?.(reason, scaled);
    if (scaled > 0) await this.sleep(scaled);
  }

  /** A backoff holds for one method of one API (base URL). */
  backoffKey(method: string): string {
    return `${this.base} ${method}`;
  }

  /** The method a backoff applies to: the path with ids replaced (/questions/{ids}/answers). */
  static methodOf(path: string): string {
    return path.replace(/\/[\d;]+(?=\/|$)/g, '/{ids}');
  }

  /** Exponential backoff with jitter: 1 s, 2 s, 4 s ... capped at 30 s, plus 0–1 s. */
  retryDelay(attempt: number): number {
    return Math.min(30_000, 1000 * 2 ** attempt) + this.jitter();
  }

  private quotaError(resetsAt: Date, now: number, why: string): ApiError {
    return new ApiError(
      `${why}; it resets at ${describeReset(resetsAt, now)}. ` +
        `${this.key ? '' : 'Set KOTH_SE_KEY to an app key for a larger quota. '}What was fetched is cached; rerun then and the scrape resumes.`,
      'quota',
      resetsAt,
    );
  }

  async get<T>(path: string, params: Record<string, string | number | undefined> = {}): Promise<ApiPage<T>> {
    const method = StackExchangeClient.methodOf(path);
    const query = new URLSearchParams({ site: this.site });
    for (const [k, v] of Object.entries(params)) if (v !== undefined) query.set(k, String(v));
    if (this.key) query.set('key', this.key);
    const url = `${this.base}${path}?${query}`;
    for (let attempt = 0; ; attempt++) {
      const due = StackExchangeClient.notBefore.get(this.backoffKey(method));
      if (due !== undefined && due > Date.now()) {
        const ms = due - Date.now();
        // The stored time is already scaled; a backoff past the cap stops here like the quota.
        if (this.scale > 0 && ms / this.scale > this.maxThrottleWaitSec * 1000) await this.wait(`backoff requested by the API for ${method}`, ms / this.scale);
        this.onWait?.(`backoff requested by the API for ${method}`, ms);
        await this.sleep(ms);
      }
      let outcome: ApiPage<T> | Retry;
      try {
        outcome = await this.once<T>(url, method);
      } catch (e) {
        if (e instanceof ApiError) throw e;
        throw new ApiError(`${method}: ${(e as Error).message}`, 'network');
      }
      if (!(outcome instanceof Retry)) return outcome;
      if (attempt >= this.maxRetries) {
        throw new ApiError(`${outcome.final} (${attempt + 1} tries); try again later — what was fetched so far is cached and the next run resumes`, outcome.kind);
      }
      const delay = outcome.waitMs ?? this.retryDelay(attempt);
      await this.wait(`${outcome.reason}, retry ${attempt + 1}/${this.maxRetries}`, delay);
    }
  }

  /** One try: a page, a Retry (what went wrong, retryable), or a thrown ApiError (final). */
  private async once<T>(url: string, method: string): Promise<ApiPage<T> | Retry> {
    this.requests++;
    // One deadline for the whole exchange: headers then a byte a second cannot hold a request open.
    const deadline = AbortSignal.timeout(this.deadlineMs);
    const overDeadline = () => new Retry(`${method}: no complete answer within the ${this.deadlineMs} ms deadline`, 'network', `${method}: no complete answer within ${this.deadlineMs} ms, again and again`);
    let res: Awaited<ReturnType<typeof request>>;
    try {
      res = await request(url, {
        method: 'GET',
        headers: { 'accept-encoding': 'gzip, deflate', 'user-agent': 'koth-replay scraper (+https://github.com/)' },
        headersTimeout: this.timeoutMs,
        bodyTimeout: this.timeoutMs,
        signal: deadline,
      });
    } catch (e) {
      if (deadline.aborted) return overDeadline();
      const code = errCode(e);
      if (code === 'UND_ERR_HEADERS_TIMEOUT' || /timeout/i.test(code)) {
        if (code === 'UND_ERR_CONNECT_TIMEOUT') throw new ApiError(`cannot reach ${this.base} (connection timed out)`, 'network');
        return new Retry(`no answer from ${method} within ${this.timeoutMs} ms`, 'network', `no answer from ${this.base} within ${this.timeoutMs} ms`);
      }
      if (UNREACHABLE.has(code) || !code) throw new ApiError(`cannot reach ${this.base} (${code || (e as Error).message})`, 'network');
      // ECONNRESET, UND_ERR_SOCKET...: the connection broke before an answer; a hiccup worth retrying.
      return new Retry(`connection to ${this.base} broke (${code})`, 'network', `the connection to ${this.base} kept breaking (${code})`);
    }
    const status = res.statusCode;
    let raw: Buffer;
    try {
      raw = Buffer.from(await res.body.arrayBuffer());
    } catch (e) {
      if (deadline.aborted) return overDeadline();
      const code = errCode(e);
      const what = /TIMEOUT/.test(code) ? `the body stalled for ${this.timeoutMs} ms` : `the transfer was cut off (${code || (e as Error).message})`;
      return new Retry(`${method}: ${what}`, 'bad-response', `${method}: ${what}; nothing was written`);
    }
    const enc = String(res.headers['content-encoding'] ?? '').toLowerCase();
    let text: string;
    try {
      if (raw.length > this.maxBodyBytes) throw new ApiError(`${method} sent a body of ${raw.length} bytes, more than the ${this.maxBodyBytes} accepted: nothing was written`, 'bad-response');
      const cap = { maxOutputLength: this.maxBodyBytes };
      text = (enc === 'gzip' ? gunzipSync(raw, cap) : enc === 'deflate' ? inflateSync(raw, cap) : raw).toString('utf8');
    } catch (e) {
      if (e instanceof ApiError) throw e;
      if ((e as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE' || /too large|maxOutputLength/i.test((e as Error).message)) {
        throw new ApiError(`${method} sent a ${enc} body that inflates past the ${this.maxBodyBytes} bytes accepted: nothing was written`, 'bad-response');
      }
      return new Retry(`${method}: truncated or corrupt ${enc} body`, 'bad-response', `${method} answered with a truncated or corrupt ${enc} body (${(e as Error).message}); nothing was written`);
    }
    const askedWait = retryAfterMs(res.headers['retry-after']);

    let body: Record<string, unknown> | undefined;
    try {
      const parsed: unknown = JSON.parse(text);
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) body = parsed as Record<string, unknown>;
    } catch {
      body = undefined;
    }
    if (!body) {
      if (status === 429 || status >= 500) return new Retry(`HTTP ${status} from ${method}`, status === 429 ? 'throttle' : 'server', `${method} kept failing (HTTP ${status})`, askedWait);
      const looksCut = /^\s*[[{]/.test(text);
      if (looksCut && status < 300) {
        return new Retry(`${method}: truncated JSON`, 'bad-response', `${method} answered HTTP ${status} with JSON cut short (${text.length} bytes); nothing was written`);
      }
      if (status < 300) {
        // An HTML or text page with 200 (a proxy's error page) is transient: retried, bounded.
        return new Retry(`${method}: HTTP ${status} with a page that is not JSON`, 'bad-response', `${method} kept answering HTTP ${status} with a page that is not JSON (${text.length} bytes): nothing was written. Is --api-base/KOTH_SE_API (${this.base}) the StackExchange API?`, askedWait);
      }
      throw new ApiError(`${method} answered HTTP ${status} with a body that is not complete JSON (${text.length} bytes): nothing was written. Is --api-base/KOTH_SE_API (${this.base}) the StackExchange API?`, 'bad-response');
    }

    if (typeof body.quota_remaining === 'number') this.quotaRemaining = body.quota_remaining;
    if (typeof body.quota_max === 'number') this.quotaMax = body.quota_max;
    if (typeof body.backoff === 'number' && body.backoff > 0) {
      StackExchangeClient.notBefore.set(this.backoffKey(method), Date.now() + Math.round(Math.min(body.backoff, 1e7) * 1000 * this.scale));
    }

    const errorName = typeof body.error_name === 'string' ? body.error_name : undefined;
    const errorMessage = typeof body.error_message === 'string' ? body.error_message : '';
    if (errorName === 'throttle_violation' || status === 429) {
      const secs = throttleSeconds(errorMessage) ?? (askedWait !== undefined ? askedWait / 1000 : undefined);
      if (secs !== undefined && secs > this.maxThrottleWaitSec) {
        const now = Date.now();
        throw this.quotaError(new Date(now + secs * 1000), now, `the StackExchange API refuses more requests from this address (${errorName ?? `HTTP ${status}`}: ${errorMessage || 'throttled'})`);
      }
      return new Retry(`${errorName ?? `HTTP ${status}`} from ${method}`, 'throttle', `${method} kept being throttled (${errorName ?? `HTTP ${status}`}${errorMessage ? `: ${errorMessage}` : ''})`, secs !== undefined ? secs * 1000 : undefined);
    }
    if (status >= 500 || errorName === 'internal_error' || errorName === 'temporarily_unavailable') {
      return new Retry(`${errorName ?? `HTTP ${status}`} from ${method}`, 'server', `${method} kept failing (${errorName ?? `HTTP ${status}`}${errorMessage ? `: ${errorMessage}` : ''})`, askedWait);
    }
    if (errorName || status >= 400) {
      throw new ApiError(`${method}: ${errorName ?? `HTTP ${status}`}${body.error_id !== undefined ? ` (${body.error_id})` : ''}: ${errorMessage || 'the API refused the request'}`, 'api');
    }
    if (!Array.isArray(body.items) || typeof body.has_more !== 'boolean') {
      throw new ApiError(`${method} answered without an items list and has_more: nothing was written`, 'bad-response');
    }
    const page = body as unknown as ApiPage<T>;
    if (!this.warnedLow && this.quotaMax && this.quotaRemaining !== undefined && this.quotaRemaining > 0 && this.quotaRemaining < 0.1 * this.quotaMax) {
      this.warnedLow = true;
      this.onNotice?.(`only ${this.quotaRemaining}/${this.quotaMax} API requests left today${this.key ? '' : ' (KOTH_SE_KEY raises the quota)'}`);
    }
    return page;
  }

  /** Throws when the quota is used up (before the next call), saying when it resets. */
  checkQuota(now = Date.now()): void {
    if (this.quotaRemaining === 0) {
      throw this.quotaError(quotaResetsAt(now), now, 'the StackExchange API quota is used up (quota_remaining 0)');
    }
  }
}

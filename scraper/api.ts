/**
 * A small StackExchange API 2.3 client on undici, with the API's etiquette:
 *  - `backoff` (seconds) is honoured per method before the next call to that method;
 *  - throttle_violation / HTTP 429 / 5xx are retried with bounded exponential backoff and
 *    jitter, then reported as a clear error;
 *  - quota_remaining = 0 stops the scrape, saying when the quota resets (UTC midnight);
 *  - gzip bodies are inflated; timeouts, truncated or non-JSON bodies are errors.
 * Nothing is written here: callers write only complete, parsed responses.
 */
import { gunzipSync, inflateSync } from 'node:zlib';
import { randomInt } from 'node:crypto';
import { request } from 'undici';

export const DEFAULT_API_BASE = 'https://api.stackexchange.com/2.3';

export interface ApiOptions {
  base?: string;
  site?: string;
  key?: string;
  /** Multiplies every wait (backoff, retries): tests use a tiny scale. KOTH_SE_DELAY_SCALE. */
  delayScale?: number;
  timeoutMs?: number;
  maxRetries?: number;
  /** Injected for tests; resolves after `ms`. */
  sleep?: (ms: number) => Promise<void>;
  /** Called with every wait the client makes (reason, ms) — progress output and tests. */
  onWait?: (reason: string, ms: number) => void;
}

export interface ApiPage<T> {
  items: T[];
  has_more: boolean;
  quota_max: number;
  quota_remaining: number;
  backoff?: number;
}

export class ApiError extends Error {
  constructor(
    message: string,
    readonly kind: 'network' | 'throttle' | 'server' | 'quota' | 'bad-response' | 'api',
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

const defaultSleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** When the daily quota resets: the next UTC midnight, from `now` (ms since epoch). */
export function quotaResetsAt(now: number): Date {
  const d = new Date(now);
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + 1));
}

export class StackExchangeClient {
  readonly base: string;
  readonly site: string;
  private readonly key: string | undefined;
  private readonly scale: number;
  private readonly timeoutMs: number;
  private readonly maxRetries: number;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly onWait: ((reason: string, ms: number) => void) | undefined;
  /** Per method (path without ids): the earliest time the next call may start. */
  private readonly notBefore = new Map<string, number>();
  requests = 0;
  quotaRemaining: number | undefined;

  constructor(o: ApiOptions = {}) {
    this.base = (o.base ?? DEFAULT_API_BASE).replace(/\/+$/, '');
    this.site = o.site ?? 'codegolf';
    this.key = o.key;
    this.scale = o.delayScale ?? 1;
    this.timeoutMs = o.timeoutMs ?? 30_000;
    this.maxRetries = o.maxRetries ?? 5;
    this.sleep = o.sleep ?? defaultSleep;
    this.onWait = o.onWait;
  }

  private async wait(reason: string, ms: number): Promise<void> {
    const scaled = Math.max(0, Math.round(ms * this.scale));
    this.onWait?.(reason, scaled);
    if (scaled > 0) await this.sleep(scaled);
  }

  /** The method a backoff applies to: the path with ids replaced (/questions/{ids}/answers). */
  static methodOf(path: string): string {
    return path.replace(/\/[\d;]+(?=\/|$)/g, '/{ids}');
  }

  async get<T>(path: string, params: Record<string, string | number> = {}): Promise<ApiPage<T>> {
    const method = StackExchangeClient.methodOf(path);
    const query = new URLSearchParams({ site: this.site, ...Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])) });
    if (this.key) query.set('key', this.key);
    const url = `${this.base}${path}?${query}`;
    for (let attempt = 0; ; attempt++) {
      const due = this.notBefore.get(method);
      if (due !== undefined && due > Date.now()) await this.wait(`backoff requested by the API for ${method}`, (due - Date.now()) / this.scale);
      let status: number;
      let text: string;
      try {
        this.requests++;
        const res = await request(url, {
          method: 'GET',
          headers: { 'accept-encoding': 'gzip, deflate', 'user-agent': 'koth-replay scraper' },
          headersTimeout: this.timeoutMs,
          bodyTimeout: this.timeoutMs,
        });
        status = res.statusCode;
        const raw = Buffer.from(await res.body.arrayBuffer());
        const enc = String(res.headers['content-encoding'] ?? '').toLowerCase();
        try {
          text = (enc === 'gzip' ? gunzipSync(raw) : enc === 'deflate' ? inflateSync(raw) : raw).toString('utf8');
        } catch (e) {
          throw new ApiError(`truncated or corrupt ${enc} body from ${method}: ${(e as Error).message}`, 'bad-response');
        }
      } catch (e) {
        if (e instanceof ApiError) throw e;
        const code = (e as { code?: string }).code ?? '';
        if (/TIMEOUT/i.test(code) || /timeout/i.test((e as Error).message)) {
          if (attempt < this.maxRetries) {
            await this.wait(`timeout on ${method}, retry ${attempt + 1}/${this.maxRetries}`, this.retryDelay(attempt));
            continue;
          }
          throw new ApiError(`no answer from ${this.base} within ${this.timeoutMs} ms (${this.maxRetries + 1} tries)`, 'network');
        }
        throw new ApiError(`cannot reach ${this.base} (${code || (e as Error).message})`, 'network');
      }
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(text);
      } catch {
        if (status >= 500 && attempt < this.maxRetries) {
          await this.wait(`HTTP ${status} from ${method}, retry ${attempt + 1}/${this.maxRetries}`, this.retryDelay(attempt));
          continue;
        }
        throw new ApiError(`${method} answered HTTP ${status} with a body that is not complete JSON (${text.length} bytes): nothing was written`, 'bad-response');
      }
      const errorName = typeof body.error_name === 'string' ? body.error_name : undefined;
      const retryable = status === 429 || status >= 500 || errorName === 'throttle_violation';
      if (retryable) {
        if (attempt < this.maxRetries) {
          await this.wait(`${errorName ?? `HTTP ${status}`} from ${method}, retry ${attempt + 1}/${this.maxRetries}`, this.retryDelay(attempt));
          continue;
        }
        throw new ApiError(
          `${method} kept failing (${errorName ?? `HTTP ${status}`}${body.error_message ? `: ${body.error_message}` : ''}) after ${this.maxRetries + 1} tries; ` +
            'try again later (what was fetched so far is cached; the next run resumes)',
          errorName === 'throttle_violation' || status === 429 ? 'throttle' : 'server',
        );
      }
      if (errorName) {
        throw new ApiError(`${method}: ${errorName} (${body.error_id}): ${body.error_message ?? ''}`, 'api');
      }
      if (!Array.isArray(body.items)) throw new ApiError(`${method} answered without an items list: nothing was written`, 'bad-response');
      const page = body as unknown as ApiPage<T>;
      if (typeof page.backoff === 'number' && page.backoff > 0) this.notBefore.set(method, Date.now() + page.backoff * 1000 * this.scale);
      if (typeof page.quota_remaining === 'number') this.quotaRemaining = page.quota_remaining;
      return page;
    }
  }

  /** Exponential backoff with jitter: 1 s, 2 s, 4 s ... capped at 30 s, plus up to 1 s. */
  private retryDelay(attempt: number): number {
    return Math.min(30_000, 1000 * 2 ** attempt) + randomInt(0, 1000);
  }

  /** Throws when the quota is used up, saying when it resets. */
  checkQuota(now = Date.now()): void {
    if (this.quotaRemaining === 0) {
      const at = quotaResetsAt(now);
      const mins = Math.ceil((at.getTime() - now) / 60000);
      throw new ApiError(
        `the StackExchange API quota is used up; it resets at ${at.toISOString()} (in ${Math.floor(mins / 60)} h ${mins % 60} min). ` +
          'Set KOTH_SE_KEY to an app key for a larger quota; what was fetched is cached and the next run resumes.',
        'quota',
      );
    }
  }
}

/**
 * The queue's Redis connection (fishtest's server side has its database; here Redis is the one
 * server): a redis:// URL checked before use, a connection opened and checked (password,
 * database number, and for runs an eviction policy that never drops a job), the errors a
 * connection ends in, and passwords hidden from everything printed.
 */
// ioredis is loaded by the first connect(): not at every start of the CLI.
import type { Redis } from 'ioredis';
import { printable } from '../../report/table.ts';

/** Redis unreachable, or gone for longer than the run waits, or refusing the password (exit 4). */
export class QueueUnreachable extends Error {}
/** Redis is reachable but cannot hold a run as it is set up (an evicting maxmemory-policy): exit 4 with what to change. */
export class QueueMisconfigured extends Error {}
/** The URL names something the Redis there does not have (a database number out of range): exit 2. */
export class QueueBadUrl extends Error {}

/** A duration (ms) set by the environment (tests shorten the queue's timers), else the default. */
export const envMs = (k: string, d: number) => (Number(process.env[k]) > 0 ? Number(process.env[k]) : d);

/** A redis:// URL checked, or why not (the URL shown with its password hidden). */
export function checkQueueUrl(url: string): string | undefined {
  let u: URL;
  const shown = redact(url);
  try {
    u = new URL(url);
  } catch {
    return `--queue takes a URL like redis://[:password@]host:port[/db], got "${shown}"`;
  }
  if (u.protocol !== 'redis:' && u.protocol !== 'rediss:') return `--queue takes a redis:// or rediss:// URL, got "${shown}"`;
  if (!u.hostname) return `--queue ${shown} names no host`;
  if (!/^\/?(\d{1,9})?$/.test(u.pathname)) return `--queue ${shown}: the path names the database, a number (redis://host:port/0 is the default one), not "${printable(decodeURIComponent(u.pathname.slice(1)))}"`;
  if (u.hash) return `--queue ${shown}: a Redis URL has no #fragment`;
  const db = u.searchParams.get('db');
  if (db !== null && !/^\d{1,9}$/.test(db)) return `--queue ${shown}: db= names the database, a number, not "${printable(db)}"`;
  return undefined;
}

/** The database number a URL names, as its path (/N) or as ioredis also reads it (?db=N); 0 when it names none. */
export function queueDb(url: string): number {
  const u = new URL(url);
  const m = /^\/(\d+)$/.exec(u.pathname) ?? /^(\d+)$/.exec(u.searchParams.get('db') ?? '');
  return m ? Number(m[1]) : 0;
}

const redisAuthHelp = 'give it as redis://:PASSWORD@host:port (the requirepass of its redis.conf; with Redis ACL users redis://USER:PASSWORD@host:port)';

/** What to say when a connection failed: the server's own refusal (WRONGPASS, NOAUTH) rather than "Connection is closed.". */
function connectionProblem(url: string, e: Error, serverSaid: string | undefined): string {
  const said = [serverSaid, e.message].find((m) => m && /WRONGPASS|NOAUTH|invalid password|invalid username-password|AUTH.*(without any password|no password)/i.test(m));
  if (said) {
    const wrong = /WRONGPASS|invalid password|invalid username-password/i.test(said);
    return wrong
      ? `Redis at ${redact(url)} refused the password (WRONGPASS: ${printable(said.replace(/^(ReplyError: )?WRONGPASS /, ''))}): ${redisAuthHelp}`
      : /without any password|no password/i.test(said)
        ? `Redis at ${redact(url)} has no password set, but the URL gives one: leave it out (redis://host:port), or set requirepass there`
        : `Redis at ${redact(url)} needs a password (NOAUTH): ${redisAuthHelp}`;
  }
  return `cannot reach Redis at ${redact(url)}: ${printable((serverSaid && /Connection is closed/.test(e.message) ? serverSaid : e.message) ?? String(e))}`;
}

/** Whether a connection failed because of its credentials (then waiting does not help). */
export const isAuthProblem = (message: string) => /refused the password|needs a password|has no password set/.test(message);

/**
 * A connection; `blocking` ones (workers) retry commands forever, as BullMQ requires. Checked
 * before it is handed out: the password (WRONGPASS/NOAUTH said as such), the database number of
 * the URL (SELECT), and, when `forRuns`, the eviction policy: a Redis that evicts keys under
 * memory pressure drops jobs and finished shards, and a run re-adds and recomputes them without end.
 */
export async function connect(url: string, blocking: boolean, forRuns = true): Promise<Redis> {
  const { Redis } = await import('ioredis');
  const conn = new Redis(url, { maxRetriesPerRequest: blocking ? null : 20, lazyConnect: true, connectTimeout: envMs('KOTH_QUEUE_CONNECT_MS', 5000), retryStrategy: (n) => Math.min(n * 200, 2000) });
  let serverSaid: string | undefined;
  conn.on('error', (e: Error) => (serverSaid = e.message)); // reconnects by itself; failures surface as command errors
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      conn.connect().then(() => conn.ping()),
      new Promise((_r, reject) => {
        timer = setTimeout(() => reject(new Error(serverSaid ?? 'no answer')), envMs('KOTH_QUEUE_CONNECT_MS', 5000));
      }),
    ]);
  } catch (e) {
    conn.disconnect();
    throw new QueueUnreachable(connectionProblem(url, e as Error, serverSaid));
  } finally {
    clearTimeout(timer);
  }
  try {
    await checkServer(conn, url, forRuns);
  } catch (e) {
    conn.disconnect();
    throw e;
  }
  return conn;
}

/** The database of the URL exists; with `forRuns`, Redis never evicts (maxmemory-policy noeviction). */
async function checkServer(conn: Redis, url: string, forRuns: boolean): Promise<void> {
  const db = queueDb(url);
  if (db) {
    try {
      await conn.select(db);
    } catch (e) {
      const msg = (e as Error).message;
      if (!/index|range|invalid/i.test(msg)) throw new QueueUnreachable(`cannot use Redis at ${redact(url)}: SELECT ${db}: ${printable(msg)}`);
      const n = await conn.config('GET', 'databases').then((r) => Number((r as string[])[1]), () => NaN);
      throw new QueueBadUrl(`Redis at ${redact(url)} has no database ${db}${n > 0 ? ` (it has ${n}: /0 to /${n - 1})` : ''}: give a database number it has, or none (database 0)`);
    }
  }
  if (!forRuns) return;
  const info = await conn.info('memory').catch(() => '');
  const policy = /^maxmemory_policy:(\S+)/m.exec(info)?.[1];
  if (policy && policy !== 'noeviction') {
    throw new QueueMisconfigured(
      `Redis at ${redact(url)} has maxmemory-policy ${printable(policy)}: it may drop queued jobs and finished shards when memory runs short, and a run would redo them without end. ` +
        'Set "maxmemory-policy noeviction" in its redis.conf (or: redis-cli CONFIG SET maxmemory-policy noeviction) and rerun. Nothing was run.',
    );
  }
}

/** A text with the password of every URL in it hidden (`redis://:secret@host` → `redis://***@host`): for anything printed or written to a page. */
export function redact(text: string): string {
  // The user information runs to the last "@" before white space (a password may hold "@" or "/").
  return text.replace(/([a-z][a-z0-9+.-]*:\/\/)[^\s@]*@(?:[^\s@]*@)*/gi, '$1***@');
}

/** One command-line word with a URL's password hidden; the word may hold spaces (a quoted password). */
export function redactWord(word: string): string {
  return word.replace(/([a-z][a-z0-9+.-]*:\/\/)(?:[^@]*@)+/gi, '$1***@');
}

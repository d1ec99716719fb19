/**
 * Python sources by content: how a run's `--python-bots` files travel to machines that never see
 * the coordinator's files (`koth worker` on the queue, engines/core/runner/queue/worker.ts; `koth ab`'s
 * Python candidates may use the same two functions).
 *
 * Every game's originals hand their jobs the sources as objects holding the file's text in a
 * `code` string (dice `{ path, code }`, ruins `{ module, code, origin }`, camel-up `{ path, module,
 * code, pasted }`: engines/core/game.ts `OriginalBots.fromFile`). `pythonSourcesToJob` replaces
 * each such text by a reference naming its sha256 (and length) and returns the texts by sha256;
 * `pythonSourcesFromJob` puts them back, checking that every text it is given has the sha256 its
 * reference names — a worker runs exactly what the coordinator read, or nothing. The rest of the
 * options (a source's path or module name, the bots, the rules) is left as it is: a path is only a
 * name there (messages, module names), never opened by the side that receives it.
 */
import { createHash } from 'node:crypto';

/** The sha256 of a text (UTF-8), in hex: a source's address. */
export const sha256Hex = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

/** The key that marks a reference to a text sent by content (no option of a game has it). */
export const CONTENT_MARK = 'koth:sha256';

/** What stands in a job's options where a source's text was. */
export interface ContentRef {
  [CONTENT_MARK]: string;
  /** The text's length in UTF-8 bytes (said in messages; checked with the hash). */
  bytes: number;
}

/** A job's options could not be given their texts back (missing, or not the text the reference names). */
export class ContentProblem extends Error {
  constructor(
    message: string,
    /** The sha256 concerned. */
    readonly sha256: string,
  ) {
    super(message);
    this.name = 'ContentProblem';
  }
}

const SHA = /^[0-9a-f]{64}$/;

export function isContentRef(v: unknown): v is ContentRef {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && CONTENT_MARK in v;
}

const isPlain = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v) && Object.getPrototypeOf(v) === Object.prototype;

/**
 * A run's options with the text of every Python source (an object's `code` string, at any depth)
 * replaced by a `ContentRef`, and the texts by sha256 (each once, however many sources hold it).
 * The options given are not changed.
 */
export function pythonSourcesToJob<T>(opts: T): { opts: unknown; contents: Record<string, string> } {
  const contents: Record<string, string> = {};
  const walk = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(walk);
    if (!isPlain(v)) return v;
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) {
      if (k === 'code' && typeof x === 'string') {
        const sha = sha256Hex(x);
        contents[sha] = x;
        out[k] = { [CONTENT_MARK]: sha, bytes: Buffer.byteLength(x, 'utf8') } satisfies ContentRef;
      } else out[k] = walk(x);
    }
    return out;
  };
  return { opts: walk(opts), contents };
}

/** The sha256 every reference of a job's options names (each once, in order of appearance); throws ContentProblem for a reference not of koth's shape. */
export function contentRefsOf(opts: unknown): string[] {
  const out = new Set<string>();
  const walk = (v: unknown): void => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (isContentRef(v)) out.add(checkedRef(v)[CONTENT_MARK]);
    else if (isPlain(v)) Object.values(v).forEach(walk);
  };
  walk(opts);
  return [...out];
}

function checkedRef(v: ContentRef): ContentRef {
  const sha = v[CONTENT_MARK];
  if (typeof sha !== 'string' || !SHA.test(sha) || !Number.isSafeInteger(v.bytes) || v.bytes < 0) {
    throw new ContentProblem('a source reference in the job is not of koth\'s shape (a sha256 in hex and a length)', typeof sha === 'string' ? sha.slice(0, 64) : '?');
  }
  return v;
}

/**
 * The options with every reference replaced by its text, taken from `texts` (by sha256). Each
 * text is checked: its sha256 and length must be the reference's. Throws ContentProblem naming
 * the sha256 when a text is missing or is not the one named; nothing is returned half-filled.
 */
export function pythonSourcesFromJob(opts: unknown, texts: Readonly<Record<string, string | null | undefined>> | ReadonlyMap<string, string | null | undefined>): unknown {
  // Only the texts' own entries (a sha256 never names "constructor", but a forged one might).
  const get = (sha: string) => (texts instanceof Map ? texts.get(sha) : Object.prototype.hasOwnProperty.call(texts, sha) ? (texts as Record<string, string | null | undefined>)[sha] : undefined);
  const checked = new Set<string>();
  const walk = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(walk);
    if (isContentRef(v)) {
      const { [CONTENT_MARK]: sha, bytes } = checkedRef(v);
      const text = get(sha);
      if (typeof text !== 'string') throw new ContentProblem(`the source with sha256 ${sha} (${bytes} bytes) is not there`, sha);
      if (!checked.has(sha)) {
        const got = sha256Hex(text);
        if (got !== sha || Buffer.byteLength(text, 'utf8') !== bytes) {
          throw new ContentProblem(`the source given for sha256 ${sha} (${bytes} bytes) has sha256 ${got} (${Buffer.byteLength(text, 'utf8')} bytes): it is not the file the run was started with`, sha);
        }
        checked.add(sha);
      }
      return text;
    }
    if (!isPlain(v)) return v;
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) out[k] = walk(x);
    return out;
  };
  return walk(opts);
}

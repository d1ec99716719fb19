/**
 * Pyodide's memory snapshot of a freshly booted interpreter, kept on disk so the next sandbox
 * starts in about 0.4 s instead of 2.7 s (measured here; the wasm heap is restored instead of
 * Python being initialised again). Pyodide's own feature (`loadPyodide({ _makeSnapshot })`,
 * `makeMemorySnapshot()`, `loadPyodide({ _loadSnapshot })`), marked experimental there, so:
 *  - the snapshot is taken right after the boot, before anything of ours runs in Python (the
 *    sandbox's bootstrap runs after every load, snapshot or not);
 *  - its file name carries Pyodide's version and the Node ABI; the file is written atomically
 *    (a temporary file renamed) and starts with the SHA-256 of the snapshot after it: a file
 *    whose checksum does not match (edited, truncated, of an older format) is never handed to
 *    Pyodide, and it, like a snapshot that does not load, is ignored and made again;
 *  - KOTH_PYODIDE_SNAPSHOT=off turns it off (every sandbox boots from scratch).
 * One thing differs from a cold boot: Python's string-hash secret is the snapshot's, the same in
 * every sandbox, where a cold boot draws one per process (hash randomisation) — a set of strings
 * iterates in one order in every run instead of an order per process, as CPython run with
 * PYTHONHASHSEED set would.
 *
 * Where: node_modules/.cache/koth-replay/ beside the pyodide package (the usual place of tools'
 * caches), or KOTH_PYODIDE_SNAPSHOT_DIR.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { threadId } from 'node:worker_threads';

export interface SnapshotLoader<P> {
  /** loadPyodide with the given extra options ({_loadSnapshot} or {_makeSnapshot}), or none. */
  load(extra: Record<string, unknown>): Promise<P>;
  /** The booted instance's snapshot (only for an instance loaded with _makeSnapshot). */
  snapshot(py: P): Uint8Array;
}

/** The snapshot's file, or undefined when snapshots are off. */
export function snapshotFile(): string | undefined {
  if (/^(off|0|no|false)$/i.test(process.env.KOTH_PYODIDE_SNAPSHOT ?? '')) return undefined;
  const req = createRequire(import.meta.url);
  const pkgFile = req.resolve('pyodide/package.json');
  const version = (JSON.parse(readFileSync(pkgFile, 'utf8')) as { version: string }).version;
  const dir = process.env.KOTH_PYODIDE_SNAPSHOT_DIR || join(dirname(dirname(pkgFile)), '.cache', 'koth-replay');
  return join(dir, `pyodide-${version}-abi${process.versions.modules}.snapshot`);
}

/** The file's first bytes: this tag, then the SHA-256 (32 bytes) of the snapshot that follows. */
const MAGIC = Buffer.from('koth-pyodide-snapshot sha256\n');

/** The snapshot as stored: MAGIC, its SHA-256, the bytes. */
export function sealSnapshot(snap: Uint8Array): Buffer {
  return Buffer.concat([MAGIC, createHash('sha256').update(snap).digest(), snap]);
}

/**
 * The snapshot of a stored file, or undefined when its tag or checksum does not match. A copy in
 * a buffer of its own: Pyodide reads the snapshot as 32-bit words from its byte offset, which the
 * header (61 bytes) would leave unaligned — every load then failed and every sandbox booted cold.
 */
export function openSnapshot(file: Buffer): Buffer | undefined {
  const head = MAGIC.length + 32;
  if (file.length <= head || !file.subarray(0, MAGIC.length).equals(MAGIC)) return undefined;
  const snap = file.subarray(head);
  if (!createHash('sha256').update(snap).digest().equals(file.subarray(MAGIC.length, head))) return undefined;
  const own = Buffer.alloc(snap.length);
  snap.copy(own);
  return own;
}

/** A booted Pyodide: from the snapshot file when there is a usable one, else booted anew (and its snapshot saved for next time). */
export async function bootPyodide<P>(l: SnapshotLoader<P>): Promise<P> {
  const file = snapshotFile();
  if (!file) return l.load({});
  let bytes: Buffer | undefined;
  try {
    bytes = openSnapshot(readFileSync(file));
  } catch {
    bytes = undefined;
  }
  if (bytes) {
    try {
      return await l.load({ _loadSnapshot: bytes });
    } catch {
      // Unusable (another Pyodide build, a damaged file): booted anew below and saved again.
    }
  }
  const py = await l.load({ _makeSnapshot: true });
  try {
    const snap = l.snapshot(py);
    mkdirSync(dirname(file), { recursive: true });
    const tmp = `${file}.${process.pid}.${threadId}.tmp`;
    try {
      writeFileSync(tmp, sealSnapshot(snap));
      renameSync(tmp, file);
    } finally {
      rmSync(tmp, { force: true });
    }
  } catch {
    // A read-only node_modules: the next sandbox boots from scratch too; nothing is lost.
  }
  return py;
}

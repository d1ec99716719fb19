import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { bootPyodide, openSnapshot, sealSnapshot, snapshotFile, type SnapshotLoader } from './snapshot.ts';
import { SandboxPool, sandboxEnv } from '../../pool.ts';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
const saved = { ...process.env };
afterEach(() => {
  process.env = { ...saved };
});

/** A stand-in for loadPyodide: records the extra options of each load; a snapshot is a few bytes. */
function fakeLoader(o: { failSnapshotLoad?: boolean } = {}) {
  const calls: Record<string, unknown>[] = [];
  const loader: SnapshotLoader<{ from: string }> = {
    async load(extra) {
      calls.push(extra);
      if (extra._loadSnapshot) {
        if (o.failSnapshotLoad) throw new Error('bad snapshot');
        return { from: `snapshot:${Buffer.from(extra._loadSnapshot as Uint8Array).toString()}` };
      }
      return { from: extra._makeSnapshot ? 'boot+make' : 'boot' };
    },
    snapshot: () => new TextEncoder().encode('SNAP'),
  };
  return { loader, calls };
}

function useDir(): string {
  const d = mkdtempSync(join(tmpdir(), 'koth-snapshot-'));
  dirs.push(d);
  process.env.KOTH_PYODIDE_SNAPSHOT_DIR = d;
  delete process.env.KOTH_PYODIDE_SNAPSHOT;
  return d;
}

describe('the Pyodide boot snapshot', () => {
  it('is made on the first boot, used on the next, named by Pyodide version and Node ABI', async () => {
    useDir();
    const file = snapshotFile()!;
    expect(file).toMatch(/pyodide-[\d.]+-abi\d+\.snapshot$/);
    const a = fakeLoader();
    expect((await bootPyodide(a.loader)).from).toBe('boot+make');
    expect(openSnapshot(readFileSync(file))?.toString()).toBe('SNAP');
    // Pyodide reads it as 32-bit words: it starts at an aligned offset whatever the header's length.
    expect(openSnapshot(readFileSync(file))!.byteOffset % 8).toBe(0);
    const b = fakeLoader();
    expect((await bootPyodide(b.loader)).from).toBe('snapshot:SNAP');
    expect(b.calls).toHaveLength(1);
  });

  it('a snapshot that does not load is ignored and made again', async () => {
    useDir();
    writeFileSync(snapshotFile()!, sealSnapshot(Buffer.from('damaged')));
    const f = fakeLoader({ failSnapshotLoad: true });
    expect((await bootPyodide(f.loader)).from).toBe('boot+make');
    expect(f.calls.map((c) => Object.keys(c))).toEqual([['_loadSnapshot'], ['_makeSnapshot']]);
    expect(openSnapshot(readFileSync(snapshotFile()!))?.toString()).toBe('SNAP');
  });

  it('a snapshot whose checksum does not match (edited, truncated, an older format) is never loaded: made again', async () => {
    useDir();
    const good = sealSnapshot(Buffer.from('SNAP'));
    for (const bad of [Buffer.concat([good.subarray(0, -1), Buffer.from('X')]), good.subarray(0, -2), Buffer.from('SNAP')]) {
      writeFileSync(snapshotFile()!, bad);
      const f = fakeLoader();
      expect((await bootPyodide(f.loader)).from).toBe('boot+make');
      expect(f.calls).toEqual([{ _makeSnapshot: true }]);
      expect(readFileSync(snapshotFile()!).equals(good)).toBe(true);
    }
  });

  it('KOTH_PYODIDE_SNAPSHOT=off boots from scratch and writes nothing; an unwritable folder loses nothing', async () => {
    const d = useDir();
    process.env.KOTH_PYODIDE_SNAPSHOT = 'off';
    expect(snapshotFile()).toBeUndefined();
    const off = fakeLoader();
    expect((await bootPyodide(off.loader)).from).toBe('boot');
    expect(off.calls).toEqual([{}]);
    delete process.env.KOTH_PYODIDE_SNAPSHOT;
    const blocker = join(d, 'a-file');
    writeFileSync(blocker, '');
    process.env.KOTH_PYODIDE_SNAPSHOT_DIR = join(blocker, 'below');
    const ro = fakeLoader();
    expect((await bootPyodide(ro.loader)).from).toBe('boot+make');
    expect(existsSync(join(blocker, 'below'))).toBe(false);
  });

  it('sandbox workers get KOTH_PYODIDE_SNAPSHOT and KOTH_PYODIDE_SNAPSHOT_DIR (and nothing else of the environment)', async () => {
    expect(sandboxEnv({ KOTH_PYODIDE_SNAPSHOT: 'off', KOTH_PYODIDE_SNAPSHOT_DIR: '/x', HOME: '/root', KOTH_REDIS: 'redis://:pw@h' })).toEqual({ KOTH_PYODIDE_SNAPSHOT: 'off', KOTH_PYODIDE_SNAPSHOT_DIR: '/x' });
    const d = useDir();
    const file = snapshotFile()!;
    const pool = new SandboxPool({ workers: 1, modules: [] });
    try {
      await pool.warm();
    } finally {
      await pool.destroy();
    }
    // The worker made its snapshot where this process said, not in node_modules/.cache.
    expect(existsSync(file)).toBe(true);
    expect(openSnapshot(readFileSync(file))).toBeDefined();
    rmSync(file);
    process.env.KOTH_PYODIDE_SNAPSHOT = 'off';
    const off = new SandboxPool({ workers: 1, modules: [] });
    try {
      await off.warm();
    } finally {
      await off.destroy();
    }
    expect(existsSync(file)).toBe(false);
    expect(d).toBeTruthy();
  }, 120_000);

  it('real Pyodide: a sandbox from the snapshot runs Python like a cold one', async () => {
    useDir();
    const { LocalPython } = await import('./local.ts');
    const cold = await LocalPython.load();
    expect(existsSync(snapshotFile()!)).toBe(true);
    const made = statSync(snapshotFile()!).mtimeMs;
    const warm = await LocalPython.load();
    // The second came from the snapshot: a load that failed would have booted cold and written it again.
    expect(statSync(snapshotFile()!).mtimeMs).toBe(made);
    const probe = 'import koth_sandbox, random\ndef probe():\n    random.seed(1)\n    return [random.random(), sorted({"b", "a"})]\nkoth_sandbox.register("probe", probe)\n';
    for (const py of [cold, warm]) {
      py.loadModule('probe', probe);
      expect(py.call('probe', [])).toEqual([0.13436424411240122, ['a', 'b']]);
    }
  }, 60_000);
});

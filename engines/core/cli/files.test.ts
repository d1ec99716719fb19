import { chmodSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import * as fs from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UserError } from './errors.ts';

// A full disk, injected: while `full` is set, writing a new file fails with ENOSPC (as root, permissions block nothing).
let full = false;
vi.mock('node:fs', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:fs')>();
  return {
    ...real,
    writeFileSync: (...args: Parameters<typeof real.writeFileSync>) => {
      if (full) throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
      return real.writeFileSync(...args);
    },
  };
});
const { outputFileProblem, outputFolderProblem, readInputFile, readJsonInput } = await import('./files.ts');

afterEach(() => {
  full = false;
});

const tmp = () => mkdtempSync(join(tmpdir(), 'koth-files-'));
const isRoot = process.getuid?.() === 0;

describe('outputs are checked before any work', () => {
  it('a new file in a writable folder, or an existing file, is fine; the probe leaves nothing behind', () => {
    const d = tmp();
    writeFileSync(join(d, 'old.json'), '{}');
    expect(outputFileProblem(join(d, 'new.json'))).toBeUndefined();
    expect(outputFileProblem(join(d, 'old.json'))).toBeUndefined();
    expect(outputFileProblem(join(d, 'sub', 'dir', 'new.json'))).toBeUndefined(); // folders are made when written
    expect(outputFolderProblem(join(d, 'report'), 'index.html')).toBeUndefined();
    expect(readdirSync(d).sort()).toEqual(['old.json']);
  });

  it('a folder, a device, a path through a file, an empty name are refused with the reason', () => {
    const d = tmp();
    writeFileSync(join(d, 'file'), 'x');
    expect(outputFileProblem(d)).toMatch(/is a folder: give a file name/);
    expect(outputFileProblem('/dev/full')).toMatch(/not a regular file/);
    expect(outputFileProblem(join(d, 'file', 'ck.json'))).toBe(`${join(d, 'file')} is a file, not a folder`);
    expect(outputFileProblem('')).toMatch(/empty/);
    expect(outputFolderProblem(join(d, 'file'), 'index.html')).toMatch(/is a file, not a folder/);
    mkdirSync(join(d, 'r', 'index.html'), { recursive: true });
    expect(outputFolderProblem(join(d, 'r'), 'index.html')).toMatch(/index\.html is a folder, so index\.html cannot be written there/);
    expect(outputFolderProblem(join(d, 'file', 'r'), 'index.html')).toMatch(/file is a file, not a folder/);
  });

  it('a full disk is found by the probe write (injected ENOSPC)', () => {
    const d = tmp();
    full = true;
    expect(outputFileProblem(join(d, 'ck.json'))).toBe(`nothing can be written in ${d}: no space left on the device (ENOSPC)`);
    expect(outputFolderProblem(join(d, 'report'), 'index.html')).toMatch(/no space left on the device \(ENOSPC\)/);
  });

  // As root, permission bits block nothing: the probe then succeeds, rightly (root can write there). Covered above by the injected failure.
  it.skipIf(isRoot)('a read-only folder is refused', () => {
    const d = tmp();
    chmodSync(d, 0o500);
    try {
      expect(outputFileProblem(join(d, 'ck.json'))).toMatch(/permission denied \(EACCES\)/);
      expect(outputFolderProblem(d, 'index.html')).toMatch(/permission denied/);
    } finally {
      chmodSync(d, 0o700);
    }
  });
});

describe('inputs: a folder or garbage where a file is expected', () => {
  it('missing, a folder, a device, empty names, not JSON: usage errors naming the option and what to give', () => {
    const d = tmp();
    writeFileSync(join(d, 'garbage'), '\x00\x01 not json');
    const err = (f: () => unknown) => {
      try {
        f();
      } catch (e) {
        expect(e).toBeInstanceOf(UserError);
        expect((e as UserError).exitCode).toBe(2);
        return (e as Error).message;
      }
      throw new Error('accepted');
    };
    expect(err(() => readInputFile('--source', d, "give the original's Python file"))).toBe(`--source: ${d} is a folder, not a file (give the original's Python file)`);
    expect(err(() => readInputFile('--source', join(d, 'nope.py')))).toBe(`--source: no file ${join(d, 'nope.py')}`);
    expect(err(() => readInputFile('--from', '/dev/null'))).toMatch(/not a regular file/);
    expect(err(() => readInputFile('--from', ''))).toMatch(/--from is empty/);
    expect(err(() => readJsonInput('--from', join(d, 'garbage'), 'give a file written by --json'))).toMatch(/^--from: .*garbage is not JSON \(.*\) \(give a file written by --json\)$/);
    expect(fs.existsSync(join(d, 'garbage'))).toBe(true);
  });
});

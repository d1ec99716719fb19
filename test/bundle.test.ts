import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './helpers.ts';
import { games } from '../engines/registry.ts';

// The bundled CLI (dist/koth.js, built by `npm install` and by `npm test`) is what
// `npm run replay` runs: check it end to end, worker threads included.
const run = (args: string[]) =>
  spawnSync(process.execPath, ['dist/koth.js', ...args], { cwd: ROOT, encoding: 'utf8', timeout: 570_000, env: { ...process.env, NO_COLOR: '1' } });

describe('the bundled koth (what npm run replay runs)', () => {
  it('exists', () => {
    expect(existsSync(`${ROOT}/dist/koth.js`) && existsSync(`${ROOT}/dist/worker.js`)).toBe(true);
  });

  it('runs a dice replay on 2 worker threads with the same result as 1', () => {
    const two = run(['replay', 'dice', '--games', '20000', '--workers', '2', '--json']);
    expect(two.stderr).toBe('');
    const one = run(['replay', 'dice', '--games', '20000', '--workers', '1', '--json']);
    const strip = (s: string) => {
      const r = JSON.parse(s);
      delete r.seconds;
      delete r.workers;
      r.summary = r.summary.replace(/\d+ worker\(s\), [\d.]+ s/, '');
      return r;
    };
    expect(strip(two.stdout)).toEqual(strip(one.stdout));
  });

  it('`koth replay` (the main job) replays every game and agrees with the published tables', () => {
    const r = run(['replay', '--json']);
    expect(r.stderr).toBe('');
    const reports = JSON.parse(r.stdout) as { challenge: string; verdict: string }[];
    expect(reports.map((x) => x.challenge)).toEqual(games.filter((g) => g.engine).map((g) => g.id));
    expect(reports.find((x) => x.challenge === 'dice')!.verdict).toBe('agree');
    expect(r.status).toBe(0);
  }, 600_000);
});

// `npm link`, `npm i -g` and `npx koth` install the command as a symlink named `koth` to
// dist/koth.js (package.json "bin"); started that way the CLI must run, not exit 0 silently.
describe('the installed koth command (a symlink named koth to dist/koth.js)', () => {
  const env = { ...process.env, NO_COLOR: '1', PATH: `${dirname(process.execPath)}:${process.env.PATH ?? ''}` };
  let dir = '';
  const link = (name: string, target: string) => {
    mkdirSync(dirname(name), { recursive: true });
    symlinkSync(target, name);
    return name;
  };

  it('runs --help through an absolute symlink, started by its shebang', () => {
    dir = mkdtempSync(join(tmpdir(), 'koth-bin-'));
    try {
      const bin = link(join(dir, 'koth'), join(ROOT, 'dist/koth.js'));
      const r = spawnSync(bin, ['--help'], { cwd: dir, encoding: 'utf8', env });
      expect(r.stderr).toBe('');
      expect(r.stdout).toMatch(/^Usage: koth /);
      expect(r.stdout).toContain('Exit codes:');
      expect(r.status).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('runs through a relative symlink as npm makes it (bin/koth → ../lib/…/dist/koth.js), errors included', () => {
    dir = mkdtempSync(join(tmpdir(), 'koth-bin-'));
    try {
      const bin = join(dir, 'bin/koth');
      link(bin, relative(join(dir, 'bin'), join(ROOT, 'dist/koth.js')));
      const help = spawnSync(process.execPath, [bin, 'replay', '--help'], { cwd: dir, encoding: 'utf8', env });
      expect(help.stdout).toMatch(/^Usage: koth replay /);
      expect(help.status).toBe(0);
      const bad = spawnSync(bin, ['replay', '--no-such-option'], { cwd: dir, encoding: 'utf8', env });
      expect(bad.stderr).toMatch(/unknown option '--no-such-option'/);
      expect(bad.status).toBe(2);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('does not start when imported (tests call main() in-process)', async () => {
    const { isMainModule } = await import('../cli/koth.ts');
    const self = new URL('../cli/koth.ts', import.meta.url).href;
    expect(isMainModule(join(ROOT, 'cli/koth.ts'), self)).toBe(true);
    expect(isMainModule(join(ROOT, 'cli/koth'), self)).toBe(true);
    expect(isMainModule(join(ROOT, 'node_modules/vitest/vitest.mjs'), self)).toBe(false);
    expect(isMainModule(undefined, self)).toBe(false);
  });
});

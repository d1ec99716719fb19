/**
 * `koth play <game> --report DIR` from the command line: the page is written and named, a
 * folder that cannot be written is refused before the game (exit code 2, the reason), and an
 * option the page cannot go with is refused with why.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { koth } from './helpers.ts';

const TMP = mkdtempSync(join(tmpdir(), 'koth-watch-cli-'));
afterAll(() => rmSync(TMP, { recursive: true, force: true }));

describe('koth play <game> --report DIR', () => {
  it('dice: writes DIR/index.html with every turn, and says where', () => {
    const dir = join(TMP, 'dice');
    const r = koth(['play', 'dice', '--seed', '7', '--report', dir]);
    expect(r.status).toBe(0);
    expect(r.stdout).toContain(`report: ${join(dir, 'index.html')}`);
    const html = readFileSync(join(dir, 'index.html'), 'utf8');
    const turns = r.stdout.split('\n').filter((l) => /^game 1 \d+:/.test(l)).length;
    expect(turns).toBeGreaterThan(0);
    expect(html.match(/<li class="step/g)).toHaveLength(turns);
    expect(html).toContain('koth play dice --seed 7 --report');
  });

  it('--json keeps stdout machine-readable (the page is named on stderr)', () => {
    const dir = join(TMP, 'dice-json');
    const r = koth(['play', 'dice', '--seed', '7', '--json', '--report', dir]);
    expect(r.status).toBe(0);
    for (const line of r.stdout.trim().split('\n')) expect(() => JSON.parse(line)).not.toThrow();
    expect(r.stderr).toContain(`report: ${join(dir, 'index.html')}`);
  });

  it('a folder that cannot be written: exit code 2 and the reason, before any game', () => {
    const file = join(TMP, 'a-file');
    writeFileSync(file, 'x');
    for (const game of [['dice'], ['ruins', '--seed', '1'], ['camel-up'], ['gun-duel', '--players', '0,1'], ['atomas']]) {
      const r = koth(['play', ...game, '--report', join(file, 'sub')]);
      expect(r.status, game[0]).toBe(2);
      expect(r.stderr).toMatch(/--report/);
      expect(r.stdout).toBe('');
    }
  });

  it('koth replay --report DIR links sample games written beside the report (DIR/watch/<game>-<k>/index.html)', () => {
    const dir = join(TMP, 'replay');
    const r = koth(['replay', 'ruins', '--report', dir]);
    expect(r.status).toBe(0);
    const html = readFileSync(join(dir, 'index.html'), 'utf8');
    const links = [...html.matchAll(/<li data-game="([^"]+)"><a href="([^"]+)">/g)].map((m) => [m[1], m[2]]);
    expect(links).toEqual([['ruins', 'watch/ruins-1/index.html']]);
    const watch = readFileSync(join(dir, 'watch', 'ruins-1', 'index.html'), 'utf8');
    expect(watch).toContain('koth play ruins --seed K48XMESC --pool test-bots --report DIR');
    expect(watch.match(/<li class="step/g)!.length).toBeGreaterThan(10);
  });

  it('with --python-bots (ruins, camel-up): refused with why', () => {
    for (const game of [['ruins', '--seed', '1'], ['camel-up']]) {
      const r = koth(['play', ...game, '--python-bots', 'x.py', '--report', join(TMP, 'py')]);
      expect(r.status, game[0]).toBe(2);
      expect(r.stderr).toMatch(/--report/);
    }
  });
});

import { mkdtempSync, readFileSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import * as cheerio from 'cheerio';
import { spawnSync } from 'node:child_process';
import { ROOT, koth } from './helpers.ts';

describe('koth replay --report DIR (without a browser)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'koth-report-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('is explained by --help on replay and on a game', () => {
    expect(koth(['replay', '--help']).stdout).toContain('--report <dir>');
    expect(koth(['replay', 'dice', '--help']).stdout).toContain('--report <dir>');
  });

  it('koth replay ruins --report DIR: the published table, every row not comparable with its reason', () => {
    const r = koth(['replay', 'ruins', '--report', join(dir, 'ruins')]);
    expect(r.status).toBe(0);
    expect(r.stdout).toContain(`report: ${join(dir, 'ruins', 'index.html')}`);
    const $ = cheerio.load(readFileSync(join(dir, 'ruins', 'index.html'), 'utf8'));
    const rows = $('section[data-game="ruins"] table[data-table="rows"] tbody tr');
    expect(rows).toHaveLength(10);
    expect(rows.first().find('td').eq(1).text()).toBe('BountyHunter');
    rows.each((_, tr) => {
      expect($(tr).attr('class')).toBe('verdict-na');
      expect($(tr).find('td.note').text()).toBe('not ported: source only on the question page');
    });
    expect($('dl.prov').text()).toContain('K48XMESC');
    expect($('footer').text()).toMatch(/koth replay ruins --report \S+/);
  });

  it('the bundled CLI (what npm run replay runs) writes the page too: vega is loaded from node_modules', () => {
    const out = join(dir, 'bundle');
    const r = spawnSync(process.execPath, ['dist/koth.js', 'replay', '--report', out, 'ruins'], { cwd: ROOT, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const html = readFileSync(join(out, 'index.html'), 'utf8');
    expect(html).toContain('<svg');
    expect(html).toContain('published_marks');
  });

  it('koth replay ruins gun-duel --report DIR: several named games, their default replays in one page', () => {
    const out = join(dir, 'two');
    const r = koth(['replay', 'ruins', 'gun-duel', '--json', '--report', out]);
    expect(r.status).toBe(0);
    expect((JSON.parse(r.stdout) as { challenge: string }[]).map((x) => x.challenge)).toEqual(['ruins', 'gun-duel']);
    const $ = cheerio.load(readFileSync(join(out, 'index.html'), 'utf8'));
    expect($('section[data-game]').map((_, s) => $(s).attr('data-game')).get()).toEqual(['ruins', 'gun-duel']);
    const twice = koth(['replay', 'ruins', 'ruins']);
    expect(twice.status).toBe(2);
    expect(twice.stderr).toContain('named twice');
  });

  it('a run with no comparison (dice --exact) writes no page and says what to run instead', () => {
    const out = join(dir, 'exact');
    const r = koth(['replay', 'dice', '--exact', '--games', '2', '--report', out]);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('gives no comparison with a published table');
    expect(r.stderr).toContain(`koth replay dice --report ${out}`);
    expect(existsSync(join(out, 'index.html'))).toBe(false);
  });
});

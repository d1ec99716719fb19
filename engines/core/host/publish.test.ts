/**
 * Publish (publish.ts) on synthetic stores (test/host-fixture.ts): the site's files; two equal
 * stores (with different clocks and machines) publish byte-identical leaderboard.json and
 * manifest.json; the results digest follows the stored results; a failure in the middle of
 * publishing leaves the previous site whole, and a publish killed between its two renames is put
 * right by the next; no page loads anything remote.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sampleHosts } from '../../../test/host-fixture.ts';
import { computeBoard } from './board.ts';
import { publishSite, resultsDigest, SITE_DIR } from './publish.ts';
import { beginTick, openTest, setStatus, updateTest, type Store } from './store.ts';

const host = sampleHosts();

const HASHES = { engineHash: 'e'.repeat(64), rulesHash: 'r'.repeat(64) };
const read = (store: Store, file: string) => readFileSync(join(store.dir, SITE_DIR, file), 'utf8');

describe('host publish', () => {
  it('writes the site: leaderboard, manifest, events, the board page and a page and JSON per entry', () => {
    const { store, ids } = host();
    setStatus(store, ids.C, 'retired', 'its answer was deleted');
    const t = openTest(store, ids.B, ids.A);
    updateTest(store, t.id, { pairs: 12, outcomes: [[1, 12]], llr: 0.5, verdict: 'running' });
    const { files } = publishSite(store, { ...HASHES, resamples: 30 });
    expect(files).toEqual(['entries/1.html', 'entries/1.json', 'entries/2.html', 'entries/2.json', 'entries/3.html', 'entries/3.json', 'entries/4.html', 'entries/4.json', 'events.json', 'index.html', 'leaderboard.json', 'manifest.json']);
    const board = JSON.parse(read(store, 'leaderboard.json'));
    expect(board.entries.map((e: { name: string }) => e.name)).toEqual(['A', 'B', 'D']);
    expect(board.entries[0]).toMatchObject({ name: 'A', version: 1, status: 'active' });
    const manifest = JSON.parse(read(store, 'manifest.json'));
    expect(manifest).toMatchObject({ game: 'dice', rules: 'original', seed: 'koth', ...HASHES, games: 144, results: resultsDigest(store) });
    expect(manifest.versions.map((v: { name: string; status: string }) => `${v.name}:${v.status}`)).toEqual(['A:active', 'B:active', 'C:retired', 'D:active']);
    const c = JSON.parse(read(store, `entries/${ids.C}.json`));
    expect(c).toMatchObject({ name: 'C', status: 'retired', reason: 'its answer was deleted', rating: null, games: 2 * (12 * 2 + 6 * 3) });
    expect(c.versions).toHaveLength(1);
    const b = JSON.parse(read(store, 'entries/2.json'));
    expect(b.tests).toEqual([{ candidate: 'B', candidateVersion: 1, baseline: 'A', baselineVersion: 1, verdict: 'running', llr: 0.5, pairs: 12 }]);
    expect(b.rating).toMatchObject({ games: expect.any(Number), elo: expect.any(Number) });
    const index = read(store, 'index.html');
    expect(index).toContain('<svg class="interval"');
    expect(index).toContain('What changed in tick 2');
    expect(index).toContain('games-played');
    expect(index).toMatch(/≤ \d+ \(never won\)/);
    expect(read(store, 'entries/3.html')).toContain('its answer was deleted');
    expect(JSON.parse(read(store, 'events.json')).map((e: { kind: string }) => e.kind)).toContain('tick-finished');
  });

  it('publishes byte-identical leaderboard.json and manifest.json from equal stores, whatever the clock and machine', () => {
    const a = host().store;
    const b = host().store;
    // Another machine, another time: only ticks and events differ.
    b.run("UPDATE ticks SET machine = 'elsewhere', pid = 999, started = '2030-01-01T00:00:00.000Z'");
    b.run("UPDATE events SET at = '2030-01-01T00:00:00.000Z'");
    publishSite(a, { ...HASHES, resamples: 40 });
    publishSite(b, { ...HASHES, resamples: 40 });
    for (const f of ['leaderboard.json', 'manifest.json']) expect(read(b, f), f).toBe(read(a, f));
    expect(read(b, 'events.json')).not.toBe(read(a, 'events.json'));
    for (const f of ['leaderboard.json', 'manifest.json']) expect(read(a, f)).not.toMatch(/2026-|2030-|elsewhere|"machine"|"pid"|"at"/);
    // The same store published again: the same bytes.
    const first = read(a, 'manifest.json') + read(a, 'leaderboard.json');
    publishSite(a, { ...HASHES, resamples: 40 });
    expect(read(a, 'manifest.json') + read(a, 'leaderboard.json')).toBe(first);
  });

  it('the results digest is sha256 over the games in number order, and moves with any stored result', () => {
    const { store } = host();
    const lines = store.rows('SELECT * FROM games ORDER BY number').map((g) => `${g.number} ${g.rules} ${g.seed_key} ${g.seats} ${g.kind} ${g.result}\n`);
    expect(resultsDigest(store)).toBe(createHash('sha256').update(lines.join('')).digest('hex'));
    const before = resultsDigest(store);
    store.run("UPDATE games SET result = 's:20,50' WHERE number = 1 AND result = 's:50,20'");
    expect(resultsDigest(store)).not.toBe(before);
  });

  it('a failure in the middle of publishing leaves the previous site, and no temporary folder', () => {
    const { store, ids } = host();
    publishSite(store, { ...HASHES, resamples: 10 });
    const before = Object.fromEntries(readdirSync(join(store.dir, SITE_DIR), { recursive: true }).map((f) => [String(f), existsSync(join(store.dir, SITE_DIR, String(f))) && !String(f).endsWith('entries') ? read(store, String(f)) : '']));
    setStatus(store, ids.A, 'retired', 'replaced by version 2');
    let written = 0;
    expect(() =>
      publishSite(store, {
        ...HASHES,
        resamples: 10,
        beforeWrite: () => {
          if (++written === 5) throw new Error('ENOSPC: no space left on device');
        },
      }),
    ).toThrow(/ENOSPC/);
    const after = Object.fromEntries(readdirSync(join(store.dir, SITE_DIR), { recursive: true }).map((f) => [String(f), existsSync(join(store.dir, SITE_DIR, String(f))) && !String(f).endsWith('entries') ? read(store, String(f)) : '']));
    expect(after).toEqual(before);
    expect(readdirSync(store.dir).filter((f) => f.startsWith(SITE_DIR))).toEqual([SITE_DIR]);
    // The next publish goes through and shows the change.
    publishSite(store, { ...HASHES, resamples: 10 });
    expect(JSON.parse(read(store, 'leaderboard.json')).entries.map((e: { name: string }) => e.name)).not.toContain('A');
  });

  it('a publish killed between its two renames (site.old left, no site) is put right by the next', () => {
    const { store } = host();
    publishSite(store, { ...HASHES, resamples: 10 });
    renameSync(join(store.dir, SITE_DIR), join(store.dir, `${SITE_DIR}.old`));
    publishSite(store, { ...HASHES, resamples: 10 });
    expect(readdirSync(store.dir).filter((f) => f.startsWith(SITE_DIR))).toEqual([SITE_DIR]);
    expect(JSON.parse(read(store, 'manifest.json')).games).toBe(144);
  });

  it('no page loads anything remote; names from answers are escaped', () => {
    const { store, ids } = host();
    store.run(`UPDATE entries SET class = '<script src="https://evil.example/x.js"></script>', author = '<img src=http://x/y.png>' WHERE id = ?`, ids.B);
    const lock = beginTick(store, { pid: 1, machine: 'test' });
    lock.finish();
    const { files } = publishSite(store, { ...HASHES, resamples: 10 });
    for (const f of files.filter((x) => x.endsWith('.html'))) {
      const html = read(store, f);
      // Text from answers is escaped, so every '<' opens one of the page's own tags: none names a remote resource.
      const tags = html.match(/<[a-z][^>]*>/gi) ?? [];
      expect(tags.length).toBeGreaterThan(20);
      expect(tags.filter((t) => /^<(script|img|link|iframe|object|embed|image|use)\b/i.test(t)), f).toEqual([]);
      expect(tags.filter((t) => /\bstyle=|\bsrcset=|\bposter=|\bdata=|\baction=|\bbackground=/i.test(t)), f).toEqual([]);
      const links = tags.flatMap((t) => [...t.matchAll(/\b(?:src|href|xlink:href)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/gi)].map((m) => m[1] ?? m[2] ?? m[3]!));
      expect(links.length).toBeGreaterThan(0);
      expect(links.filter((l) => /^[a-z][a-z0-9+.-]*:|^\//i.test(l)), f).toEqual([]);
      expect(html.match(/<style>([^<]*)<\/style>/)![1], f).not.toMatch(/url\(|@import/i);
      expect(html, f).toContain("default-src 'none'");
    }
    expect(read(store, 'index.html')).toContain('&lt;script src=&quot;https://evil.example/x.js&quot;&gt;');
  });

  it("shows what changed since the site before: an entry gone, the others' ranks and Elos", () => {
    const { store, ids } = host();
    publishSite(store, { ...HASHES, resamples: 10 });
    expect(read(store, 'index.html')).not.toContain('<th>change</th>');
    setStatus(store, ids.A, 'retired', 'its answer was deleted');
    publishSite(store, { ...HASHES, resamples: 10 });
    const index = read(store, 'index.html');
    expect(index).toMatch(/<tr><td>A<\/td><td>gone<\/td><td class="num">1 → —<\/td>/);
    expect(index).toMatch(/<tr><td>B<\/td><td>moved<\/td><td class="num">2 → 1<\/td>/);
  });

  it('refuses to publish a board as of a date, without entries or under other rules', () => {
    const { store } = host();
    expect(() => publishSite(store, { ...HASHES, board: computeBoard(store, { resamples: 5, without: ['A'] }) })).toThrow(/shown, not published/);
    expect(() => publishSite(store, { ...HASHES, board: computeBoard(store, { resamples: 5, asOf: '2030-01-01' }) })).toThrow(/shown, not published/);
    expect(existsSync(join(store.dir, SITE_DIR))).toBe(false);
  });

  it('publishes a board computed beforehand as it is', () => {
    const { store } = host();
    const board = computeBoard(store, { resamples: 10 });
    publishSite(store, { ...HASHES, board });
    expect(JSON.parse(read(store, 'leaderboard.json')).ratings).toEqual(JSON.parse(JSON.stringify(board.ratings)));
  });
});

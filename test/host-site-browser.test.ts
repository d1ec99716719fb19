/**
 * A host's published site (engines/core/host/publish.ts) in a real browser: Debian's chromium
 * driven by playwright-core (no downloaded browser), pages opened from file:// as a reader who
 * downloaded the site would. The site of a dice host whose games of house bots were played
 * (test/host-watch-fixture.ts): index.html (the board's rows, an interval drawn per rated entry),
 * an entry's page (its versions, its link to a watch page) and that watch page (its steps, its
 * stepper script running). Each page: no console or page error, and no request but the page
 * itself — nothing remote, nothing beside it loaded. Screenshots in test-output/host-site-browser/.
 *
 * Skips with a message where /usr/bin/chromium is missing: `apt-get install chromium`.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ROOT } from './helpers.ts';
import { HAS_CHROMIUM, openPage, skipReason, useChromium } from './browser.ts';
import { dicePortsHost, HOUSE } from './host-watch-fixture.ts';
import { DICE_HOST } from '../engines/dice/host.ts';
import { publishSite, SITE_DIR } from '../engines/core/host/publish.ts';

const SKIP_REASON = skipReason('host-site-browser.test.ts', "a host's site");
const OUT = join(ROOT, 'test-output', 'host-site-browser');

describe.skipIf(!HAS_CHROMIUM)(`a host's site in chromium${HAS_CHROMIUM ? '' : ` (skipped: ${SKIP_REASON})`}`, () => {
  const browser = useChromium(OUT);

  it('the board, an entry page and a watch page render from file://, loading nothing else', async () => {
    const dir = join(OUT, 'hill');
    rmSync(dir, { recursive: true, force: true });
    const { store } = await dicePortsHost(dir);
    try {
      publishSite(store, { engineHash: 'e'.repeat(64), rulesHash: 'r'.repeat(64), resamples: 50, host: DICE_HOST });
    } finally {
      store.close();
    }
    const site = join(dir, SITE_DIR);
    const open = async (file: string, javaScriptEnabled: boolean) => {
      const url = pathToFileURL(join(site, file)).href;
      const o = await openPage(browser(), url, { javaScriptEnabled, viewport: { width: 1300, height: 900 } });
      await o.page.screenshot({ path: join(OUT, `${file.replace(/[/.]/g, '-')}.png`), fullPage: true });
      return { ...o, url };
    };

    const index = await open('index.html', false);
    const rows = await index.page.$$eval('main > table:first-of-type tbody tr', (trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => (td.textContent ?? '').trim())));
    expect(rows.map((r) => r[1]).sort()).toEqual([...HOUSE, 'Thrower'].sort());
    for (const r of rows) expect(r[3]).toBe('active');
    const rated = rows.filter((r) => r[5] !== '—');
    expect(rated.length).toBeGreaterThanOrEqual(4);
    expect(await index.page.locator('svg.interval').count()).toBe(rated.length);
    expect(rows.filter((r) => r[0] !== '').map((r) => Number(r[0]))).toEqual(rated.map((_, i) => i + 1));
    expect(index.errors).toEqual([]);
    expect(index.requests).toEqual([index.url]);

    const entry = await open('entries/1.html', false);
    expect(await entry.page.locator('h1').textContent()).toBe('OptFor2X');
    expect(await entry.page.locator('table tbody tr').first().locator('td').nth(1).textContent()).toBe('active');
    const link = entry.page.locator('a[href="../watch/12.html"]');
    expect(await link.textContent()).toBe('Game 12');
    expect(entry.errors).toEqual([]);
    expect(entry.requests).toEqual([entry.url]);

    const watch = await open('watch/12.html', true);
    expect(await watch.page.locator('h1').textContent()).toBe('dice — hosted game 12');
    const steps = await watch.page.locator('li.step').count();
    expect(steps).toBeGreaterThan(3);
    // The stepper ran: its controls shown, one step at a time, its place in the hash.
    expect(await watch.page.locator('#ctl').isVisible()).toBe(true);
    expect(await watch.page.locator('li.step.current').count()).toBe(1);
    expect(await watch.page.locator('#where').textContent()).toMatch(new RegExp(`^step 1 / ${steps} — `));
    await watch.page.keyboard.press('ArrowRight');
    expect(await watch.page.locator('#where').textContent()).toMatch(new RegExp(`^step 2 / ${steps} — `));
    expect(await watch.page.locator('main').textContent()).toContain('Seats: 0. BrainBot v1 (house bot)');
    expect(watch.errors).toEqual([]);
    expect(watch.requests).toEqual([watch.url]);
    for (const p of [index, entry, watch]) await p.page.context().close();
  });
});

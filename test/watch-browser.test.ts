/**
 * "Watch a game" pages (koth play <game> --report DIR) in Debian's chromium through
 * playwright-core (no downloaded browser). With the script: one step shown, → changes the
 * picture (and ← brings it back), no console error, no request beyond the file; a screenshot
 * of one step per game in test-output/watch/ (git-ignored). Without the script: every step
 * shown.
 *
 * Skips with a message where /usr/bin/chromium is missing: `apt-get install chromium`.
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ROOT, koth } from './helpers.ts';
import { HAS_CHROMIUM, openPage, skipReason, useChromium } from './browser.ts';

const SKIP_REASON = skipReason('watch-browser.test.ts', 'the watch pages');

const OUT = join(ROOT, 'test-output', 'watch');

const GAMES: { game: string; args: string[]; shotStep: number }[] = [
  { game: 'dice', args: ['play', 'dice', '--seed', '3'], shotStep: 3 },
  { game: 'ruins', args: ['play', 'ruins', '--seed', 'K48XMESC', '--pool', 'test-bots'], shotStep: 5 },
  { game: 'camel-up', args: ['play', 'camel-up', '--seed', '1', '--pool', 'dumb'], shotStep: 8 },
  { game: 'atomas', args: ['play', 'atomas', '--seed', '1'], shotStep: 30 },
  { game: 'gun-duel', args: ['play', 'gun-duel', '--seed', '7', '--players', '0,1,2,3,4,5,6,7'], shotStep: 6 },
];

describe.skipIf(!HAS_CHROMIUM)(`watch pages in chromium${HAS_CHROMIUM ? '' : ` (skipped: ${SKIP_REASON})`}`, () => {
  const browser = useChromium(OUT);

  for (const g of GAMES) {
    it(`koth play ${g.game} --report DIR: → steps the picture, every step listed without script, screenshot`, async () => {
      const dir = join(OUT, g.game);
      const r = koth([...g.args, '--report', dir]);
      expect(r.stderr).not.toMatch(/internal error/);
      expect(r.status).toBe(0);
      const file = join(dir, 'index.html');
      const url = pathToFileURL(file).href;

      const { page, errors, requests } = await openPage(browser(), url, { viewport: { width: 1000, height: 800 } });
      const total = await page.locator('li.step').count();
      expect(total).toBeGreaterThan(g.shotStep);
      await expect.poll(() => page.locator('li.step:visible').count()).toBe(1);
      expect(await page.locator('#ctl').isVisible()).toBe(true);
      const current = () => page.locator('li.step.current').getAttribute('id');
      const picture = () => page.locator('li.step.current svg').innerHTML();
      expect(await current()).toBe('step-1');
      const first = await picture();
      await page.keyboard.press('ArrowRight');
      expect(await current()).toBe('step-2');
      expect(await picture()).not.toBe(first);
      expect(await page.locator('#where').textContent()).toContain(`step 2 / ${total}`);
      await page.keyboard.press('ArrowLeft');
      expect(await current()).toBe('step-1');
      expect(await picture()).toBe(first);
      await page.keyboard.press('End');
      expect(await current()).toBe(`step-${total}`);
      await page.keyboard.press('Home');
      expect(await current()).toBe('step-1');
      for (let i = 1; i < g.shotStep; i++) await page.keyboard.press('ArrowRight');
      expect(await current()).toBe(`step-${g.shotStep}`);
      expect(await page.locator('#pos').inputValue()).toBe(String(g.shotStep - 1));
      await page.evaluate('window.scrollTo(0, 0)');
      await page.screenshot({ path: join(OUT, `${g.game}.png`), fullPage: true });
      expect(errors).toEqual([]);
      expect(requests).toEqual([url]);
      await page.context().close();

      // Without the script: every step is there to read.
      const plain = await browser().newContext({ javaScriptEnabled: false, viewport: { width: 1000, height: 800 } });
      const p2 = await plain.newPage();
      await p2.goto(url, { waitUntil: 'load' });
      expect(await p2.locator('li.step:visible').count()).toBe(total);
      expect(await p2.locator('li.step:visible svg').count()).toBe(total);
      expect(await p2.locator('#ctl').isVisible()).toBe(false);
      await plain.close();
    });
  }
});

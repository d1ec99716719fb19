/**
 * Debian's chromium for the browser tests (playwright-core, no downloaded browser): where it
 * is, why a test skips without it, and one way to launch it headless.
 */
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { afterAll, beforeAll } from 'vitest';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';

export const CHROMIUM = '/usr/bin/chromium';
export const HAS_CHROMIUM = existsSync(CHROMIUM);

/** Why `file`'s browser test of `what` is skipped (also printed once, so the run says so). */
export function skipReason(file: string, what: string): string {
  const why = `${CHROMIUM} not found: install Debian's chromium (apt-get install -y chromium) to run the browser test of ${what}`;
  if (!HAS_CHROMIUM) console.warn(`${file} skipped: ${why}`);
  return why;
}

export async function launchChromium(): Promise<Browser> {
  const { chromium } = await import('playwright-core');
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'],
  });
}

/**
 * Inside a describe block: a fresh screenshot folder `out` and one chromium for the block's
 * tests (closed after them); returns the browser's getter.
 */
export function useChromium(out: string): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    rmSync(out, { recursive: true, force: true });
    mkdirSync(out, { recursive: true });
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => browser!;
}

/** A new page on `url` (loaded), with what it logged as errors or warnings and every request it made. */
export async function openPage(browser: Browser, url: string, options: BrowserContextOptions): Promise<{ page: Page; errors: string[]; requests: string[] }> {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  const errors: string[] = [];
  const requests: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') errors.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('request', (q) => requests.push(q.url()));
  await page.goto(url, { waitUntil: 'load' });
  return { page, errors, requests };
}

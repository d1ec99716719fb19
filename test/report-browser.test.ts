/**
 * The HTML replay report in a real browser: Debian's chromium driven by playwright-core
 * (no downloaded browser), JavaScript disabled. Pages: the sample page (every kind of
 * section, hostile bot names) and pages written by the CLI from small runs. Checks: no
 * console or page errors, no request beyond the file itself, every chart drawn with one
 * mark per bot (counted in the SVG Vega emitted, against the page's own table), and a
 * screenshot per page in test-output/report-browser/ (git-ignored).
 *
 * Skips with a message where /usr/bin/chromium is missing: `apt-get install chromium`.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { ROOT, koth } from './helpers.ts';
import { HAS_CHROMIUM, openPage, skipReason, useChromium } from './browser.ts';
import { writeReportPage } from '../engines/core/report/html/write.ts';
import { HOSTILE_BOT, samplePage } from '../engines/core/report/html/sample-page.ts';

const SKIP_REASON = skipReason('report-browser.test.ts', 'the HTML report');

const OUT = join(ROOT, 'test-output', 'report-browser');

interface ChartCheck {
  chart: string;
  expected: Record<string, number>;
  counted: Record<string, number>;
  /** Bot names read back from the marks' aria-labels, per layer. */
  labels: Record<string, string[]>;
  width: number;
  height: number;
}

interface PageCheck {
  errors: string[];
  requests: string[];
  charts: ChartCheck[];
  /** Per comparison section: bots of the table with a reproduced / a published figure. */
  tables: { chart: string; ours: string[]; published: string[] }[];
  scripts: number;
}

async function inspect(browser: Browser, file: string, shot: string): Promise<PageCheck> {
  const { page, errors, requests } = await openPage(browser, pathToFileURL(file).href, { javaScriptEnabled: false, viewport: { width: 1400, height: 1000 } });
  // Runs in Node against the live DOM (page scripts are off; Playwright's evaluation is not a page script).
  const charts = await page.$$eval('figure.chart', (figs) =>
    figs.map((f) => {
      // The project's tsconfig has no DOM lib: the few members used here, typed by hand.
      type Node = { getAttribute(name: string): string | null; getBoundingClientRect(): { width: number; height: number } };
      const el = f as unknown as { dataset: Record<string, string | undefined>; querySelector(sel: string): Node | null; querySelectorAll(sel: string): ArrayLike<Node> };
      const expected: Record<string, number> = {};
      const counted: Record<string, number> = {};
      const labels: Record<string, string[]> = {};
      for (const [k, v] of Object.entries(el.dataset)) {
        if (!k.startsWith('marks')) continue;
        const layer = k.slice(5).replace(/[A-Z]/g, (c) => '_' + c.toLowerCase()).replace(/^_/, '');
        expected[layer] = Number(v);
        const marks = Array.from(el.querySelectorAll(`svg g.${layer}_marks > [role="graphics-symbol"]`));
        counted[layer] = marks.length;
        labels[layer] = marks.map((m) => /; bot: (.*?)(?:; (?:high|verdict|kind): .*)?$/.exec(m.getAttribute('aria-label') ?? '')?.[1] ?? '?');
      }
      const box = el.querySelector('svg')!.getBoundingClientRect();
      return { chart: el.dataset.chart ?? '', expected, counted, labels, width: box.width, height: box.height };
    }),
  );
  const tables = await page.$$eval('section.comparison', (secs) =>
    secs.map((s) => {
      const rows = [...s.querySelectorAll('table[data-table="rows"] tbody tr')].map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent ?? ''));
      return {
        chart: s.querySelector('figure.chart')?.getAttribute('data-chart') ?? '',
        ours: rows.filter((r) => r[3] !== '—').map((r) => r[1]!),
        published: rows.filter((r) => r[2] !== '—').map((r) => r[1]!),
      };
    }),
  );
  const scripts = await page.locator('script').count();
  await page.screenshot({ path: shot, fullPage: true });
  await page.context().close();
  return { errors, requests, charts, tables, scripts };
}

function expectSound(check: PageCheck, file: string, chartsWanted: number): void {
  expect(check.errors).toEqual([]);
  expect(check.requests).toEqual([pathToFileURL(file).href]);
  expect(check.scripts).toBe(0);
  expect(check.charts).toHaveLength(chartsWanted);
  for (const c of check.charts) {
    expect(c.counted, c.chart).toEqual(c.expected);
    expect(c.width).toBeGreaterThan(200);
    expect(c.height).toBeGreaterThan(50);
  }
  // Comparison charts: one mark per bot of the table, for ours and for the published figure.
  for (const t of check.tables) {
    const c = check.charts.find((x) => x.chart === t.chart)!;
    expect(c.labels['ours'], t.chart).toEqual(t.ours);
    expect(c.labels['published'], t.chart).toEqual(t.published);
  }
}

describe.skipIf(!HAS_CHROMIUM)(`HTML report in chromium${HAS_CHROMIUM ? '' : ` (skipped: ${SKIP_REASON})`}`, () => {
  const browser = useChromium(OUT);

  it('the sample page (every section kind, hostile names): no errors, one mark per bot, screenshot', async () => {
    const file = await writeReportPage(join(OUT, 'sample'), samplePage());
    const check = await inspect(browser(), file, join(OUT, 'sample.png'));
    expectSound(check, file, 4);
    const dice = check.charts.find((c) => c.chart === 'dice-comparison')!;
    expect(dice.labels['ours']).toContain(HOSTILE_BOT);
    expect(check.charts.find((c) => c.chart === 'dice-rules-change')!.labels['change']).toEqual(['OptFor2X', HOSTILE_BOT, 'Hesitate']);
    expect(existsSync(join(OUT, 'sample.png'))).toBe(true);
  });

  it('koth replay --report DIR dice (a small run) and ruins: the published table and ours per bot', async () => {
    const dir = join(OUT, 'replay');
    const r = koth(['replay', '--report', dir, 'dice', '--games', '20000', '--workers', '1']);
    expect(r.stderr).not.toMatch(/internal error/);
    expect(r.stdout).toContain(`report: ${join(dir, 'index.html')}`);
    const check = await inspect(browser(), join(dir, 'index.html'), join(OUT, 'replay-dice.png'));
    expectSound(check, join(dir, 'index.html'), 1);
    expect(check.tables[0]!.published).toHaveLength(49);
    expect(check.charts[0]!.counted['ours']).toBe(49);

    const ruinsDir = join(OUT, 'ruins');
    const rr = koth(['replay', 'ruins', '--report', ruinsDir]);
    expect(rr.status).toBe(0);
    const ruins = await inspect(browser(), join(ruinsDir, 'index.html'), join(OUT, 'replay-ruins.png'));
    expectSound(ruins, join(ruinsDir, 'index.html'), 1);
    expect(ruins.charts[0]!.counted).toMatchObject({ ours: 0, published: 10 });
  });

  it('koth replay dice --compare-rules original,fixed --report DIR: change per bot and win rate by seat', async () => {
    const dir = join(OUT, 'rules');
    const r = koth(['replay', 'dice', '--compare-rules', 'original,fixed', '--games', '20000', '--workers', '1', '--report', dir]);
    expect(r.status).toBe(0);
    const check = await inspect(browser(), join(dir, 'index.html'), join(OUT, 'rules-dice.png'));
    expectSound(check, join(dir, 'index.html'), 2);
    expect(check.charts.map((c) => c.chart)).toEqual(['dice-rules-groups', 'dice-rules-change']);
    expect(check.charts[0]!.counted['group']).toBe(16); // 8 seats × 2 rules
    expect(check.charts[1]!.counted['change']).toBe(49);
  });
});

import { describe, expect, it } from 'vitest';
import * as cheerio from 'cheerio';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { renderWatchPage, svg, writeWatchPage, type WatchPage } from './watch.ts';

const HOSTILE = '<script>alert("x")</script>&';

function samplePage(n = 5): WatchPage {
  return {
    title: `watch ${HOSTILE}`,
    game: 'sample',
    command: `koth play sample --bots '${HOSTILE}'`,
    harnessVersion: '0.0.0',
    intro: [`players: ${HOSTILE}`],
    legend: 'a legend',
    steps: Array.from({ length: n }, (_, i) => ({
      label: `step label ${i} ${HOSTILE}`,
      svg: svg.open(100, 40, `picture ${i}`) + svg.rect(0, 0, 10 * (i + 1), 20, '#000') + svg.text(2, 30, `${HOSTILE} ${i}`) + '</svg>',
      lines: [`line ${i} ${HOSTILE}`],
      ...(i === 2 ? { mark: 'bad' as const } : {}),
    })),
  };
}

describe('watch page (engines/core/report/html/watch.ts)', () => {
  const html = renderWatchPage(samplePage());
  const $ = cheerio.load(html);

  it('is self-contained: no external URL, no resource but itself, a CSP that forbids the network', () => {
    expect(html).not.toMatch(/\b(?:src|href)\s*=\s*"(?:https?:)?\/\//i);
    expect(html).not.toMatch(/https?:\/\/(?!www\.w3\.org\/2000\/svg)/);
    expect($('link, img, iframe, object, embed')).toHaveLength(0);
    expect($('script[src]')).toHaveLength(0);
    expect($('script')).toHaveLength(1);
    expect($('meta[http-equiv="Content-Security-Policy"]').attr('content')).toContain("default-src 'none'");
  });

  it('says what played the game: the ports by default, the original Python bots when they did', () => {
    expect($('footer').text()).toContain('One game played by the TypeScript ports');
    const py = cheerio.load(renderWatchPage({ ...samplePage(), playedBy: 'the original Python bots (sandboxed in Pyodide)' }));
    expect(py('footer').text()).toContain('One game played by the original Python bots (sandboxed in Pyodide)');
    expect(py('footer').text()).not.toContain('TypeScript ports');
  });

  it('lists every step, with its picture and text, without the script', () => {
    const steps = $('ol.steps > li.step');
    expect(steps).toHaveLength(5);
    steps.each((i, e) => {
      expect($(e).attr('id')).toBe(`step-${i + 1}`);
      expect($(e).find('h2').text()).toBe(`${i + 1}. step label ${i} ${HOSTILE}`);
      expect($(e).find('svg')).toHaveLength(1);
      expect($(e).find('li').text()).toBe(`line ${i} ${HOSTILE}`);
    });
    expect($('li.step.bad').attr('id')).toBe('step-3');
    // The stepper is hidden until the script shows it; the CSS hides steps only under .js.
    expect($('#ctl').attr('hidden')).toBeDefined();
    expect(html).toContain('.js li.step { display: none; }');
    expect($('body').hasClass('js')).toBe(false);
  });

  it('escapes every text a bot or user gave', () => {
    expect(html).not.toContain('<script>alert');
    expect($('title').text()).toBe(`watch ${HOSTILE}`);
    expect($('svg text').first().text()).toBe(`${HOSTILE} 0`);
    expect($('li.step').first().attr('data-label')).toBe(`step label 0 ${HOSTILE}`);
  });

  it('writes DIR/index.html', () => {
    const dir = mkdtempSync(join(tmpdir(), 'koth-watch-'));
    try {
      const path = writeWatchPage(join(dir, 'out'), samplePage(2));
      expect(path).toBe(join(dir, 'out', 'index.html'));
      expect(readFileSync(path, 'utf8')).toBe(renderWatchPage(samplePage(2)));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

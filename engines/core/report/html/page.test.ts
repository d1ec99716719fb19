import { describe, expect, it } from 'vitest';
import * as cheerio from 'cheerio';
import { esc, renderReportPage, verdictClass } from './page.ts';
import { HOSTILE_BOT, HOSTILE_NOTE, samplePage } from './sample-page.ts';
import { sectionFromComparison } from './sections.ts';
import type { ComparisonReport } from '../../stats/compare.ts';

describe('HTML report page', async () => {
  const html = await renderReportPage(samplePage());
  const $ = cheerio.load(html);

  it('escapes scraped text everywhere, tables and SVG alike', () => {
    expect(esc('<a href="x">&\'</a>')).toBe('&lt;a href=&quot;x&quot;&gt;&amp;&#39;&lt;/a&gt;');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<b>not bold</b>');
    // The hostile name comes back as text, in the table and in the charts' labels.
    expect($('table.comparison td').filter((_, e) => $(e).text() === HOSTILE_BOT)).toHaveLength(1);
    expect($('table.comparison td.note').filter((_, e) => $(e).text() === HOSTILE_NOTE)).toHaveLength(1);
    expect($('svg text').filter((_, e) => $(e).text().includes('<script>')).length).toBeGreaterThan(0);
  });

  it('has one section per game run, with its anchor in the contents', () => {
    expect($('section.game').map((_, e) => $(e).attr('data-game')).get()).toEqual(['dice', 'ruins', 'dice']);
    expect($('nav a').map((_, e) => $(e).attr('href')).get()).toEqual(['#dice', '#ruins', '#dice-rules']);
    for (const id of ['dice', 'ruins', 'dice-rules']) expect($(`h2#${id}`)).toHaveLength(1);
  });

  it('marks each row with its verdict class, and says why a row cannot be compared', () => {
    const dice = $('section[data-game="dice"].comparison table[data-table="rows"] tbody tr');
    expect(dice.map((_, e) => $(e).attr('class')).get()).toEqual(['verdict-agree', 'verdict-disagree', 'verdict-agree', 'verdict-na']);
    expect(verdictClass('n/a')).toBe('verdict-na');
    const ruins = $('section[data-game="ruins"] tbody tr');
    expect(ruins).toHaveLength(2);
    ruins.each((_, e) => expect($(e).find('td.note').text()).toBe('not ported: source only on the question page'));
    expect($('section[data-game="ruins"] .badge').text()).toBe('not comparable');
    expect($('section[data-game="dice"].comparison ul.standout li')).toHaveLength(2);
    expect($('section[data-game="dice"].comparison ul.standout li.verdict-disagree').text()).toContain('outside [18.80, 19.40]');
  });

  it('shows published and ours side by side with intervals', () => {
    const first = $('section[data-game="dice"].comparison table[data-table="rows"] tbody tr').first().find('td').map((_, e) => $(e).text()).get();
    expect(first).toEqual(['1', 'OptFor2X', '21.60', '21.50', '[21.30, 21.70]', 'agree', '']);
    expect($('table[data-table="game-rows"] tbody tr')).toHaveLength(1);
  });

  it('draws every chart as inline SVG with one mark per plotted bot, and no script', () => {
    expect($('script')).toHaveLength(0);
    // Nothing to load: no external resource (links to the questions are fine).
    expect(html).not.toMatch(/<[^>]*\ssrc=|<link|@import|url\(/);
    const figs = $('figure.chart');
    expect(figs.map((_, e) => $(e).attr('data-chart')).get()).toEqual(['dice-comparison', 'ruins-comparison', 'dice-rules-groups', 'dice-rules-change']);
    const count = (fig: ReturnType<typeof $>, layer: string) => fig.find(`g.${layer}_marks > [role="graphics-symbol"]`).length;
    const dice = figs.eq(0);
    expect(count(dice, 'ours')).toBe(3);
    expect(count(dice, 'published')).toBe(4);
    expect(count(dice, 'ours_interval')).toBe(3);
    expect(count(figs.eq(1), 'published')).toBe(2);
    expect(count(figs.eq(1), 'ours')).toBe(0);
    expect(count(figs.eq(2), 'group')).toBe(6);
    expect(count(figs.eq(3), 'change')).toBe(3);
    expect(count(figs.eq(3), 'change_interval')).toBe(3);
  });

  it('gives the provenance: command, seeds, games, workers, variant, bot versions, harness version', () => {
    const prov = $('section[data-game="dice"].comparison dl.prov').text();
    for (const s of ['koth replay dice --rules fixed --seed 2019', '2019', '1,000 ours', '300,000,000 published', 'fixed', 'shard size']) expect(prov).toContain(s);
    expect($('section[data-game="dice"].comparison table.bots td.mono').first().attr('title')).toBe('ab'.repeat(32));
    expect($('footer').text()).toContain('0.0.0-test');
    expect($('footer').text()).toContain('koth replay --report report');
  });
});

describe('sectionFromComparison', () => {
  it('reads run details from any game\'s ComparisonReport and keeps only its bots\' versions', () => {
    const report: ComparisonReport = {
      challenge: 'ruins',
      table: 't',
      verdict: 'n/a',
      confidence: 1,
      digits: 0,
      seed: 'K48XMESC',
      rows: [{ bot: 'A', metric: 'score', published: 3, reproduced: null, low: null, high: null, verdict: 'n/a', note: 'not ported' }],
    };
    const s = sectionFromComparison(report, { title: 'Ruins', bots: [{ bot: 'A', ported: false }, { bot: 'B', ported: true }] });
    expect(s).toMatchObject({ id: 'ruins', metricLabel: 'score', digits: 0, gameRows: [], provenance: { command: 'koth replay ruins', seeds: ['K48XMESC'], bots: [{ bot: 'A' }] } });
  });
});

describe('a section with two metrics per bot (gun-duel: round-1 points and places)', () => {
  it('gets one chart per metric, each with one mark per bot, and a metric per table row', async () => {
    const report: ComparisonReport = {
      challenge: 'gun-duel',
      table: 'round 1',
      verdict: 'agree',
      confidence: 0.999,
      rows: ['A', 'B', 'C'].flatMap((bot, i) => [
        { bot, metric: 'points', published: 10 - i, reproduced: 10 - i, low: 9 - i, high: 11 - i, verdict: 'agree' as const },
        { bot, metric: 'places', published: i + 1, reproduced: i + 1, low: i + 0.5, high: i + 1.5, verdict: 'agree' as const },
      ]),
    };
    const page = samplePage();
    page.sections = [sectionFromComparison(report, { title: 'Gun duel', bots: [] })];
    const $ = cheerio.load(await renderReportPage(page));
    const figs = $('figure.chart');
    expect(figs.map((_, e) => $(e).attr('data-chart')).get()).toEqual(['gun-duel-comparison-points', 'gun-duel-comparison-places']);
    figs.each((_, f) => {
      expect($(f).find('g.ours_marks > [role="graphics-symbol"]')).toHaveLength(3);
      expect($(f).find('g.published_marks > [role="graphics-symbol"]')).toHaveLength(3);
    });
    expect($('table[data-table="rows"] tbody tr td:nth-child(2)').map((_, e) => $(e).text()).get()).toEqual(['A · points', 'A · places', 'B · points', 'B · places', 'C · points', 'C · places']);
  });
});

describe('what played and where it ran (issue 31, defect 20)', () => {
  const report = (extra: Record<string, unknown>): ComparisonReport => ({
    challenge: 'dice',
    table: 't',
    verdict: 'agree',
    confidence: 0.999,
    rows: [{ bot: 'A', metric: 'win%', published: 3, reproduced: 3, low: 2, high: 4, verdict: 'agree' }],
    ...extra,
  });
  it('a run of the original Python bots says so (lead and provenance), not "the TypeScript ports"', async () => {
    const page = samplePage();
    page.sections = [sectionFromComparison(report({ playedBy: 'the original Python bots (sandboxed in Pyodide)', ranOn: '2 sandbox worker(s)' }), { title: 'Dice', bots: [] })];
    const $ = cheerio.load(await renderReportPage(page));
    expect($('p.lead').first().text()).toContain('our replay with the original Python bots (sandboxed in Pyodide)');
    expect($('body').text()).not.toContain('TypeScript ports');
    expect($('dl.prov').text()).toContain('ran on2 sandbox worker(s)');
  });
  it('a queued run says where it ran, and shows no worker count of this machine', async () => {
    const page = samplePage();
    page.sections = [sectionFromComparison(report({ ranOn: 'koth worker processes through the queue redis://127.0.0.1:6379' }), { title: 'Dice', bots: [] })];
    const $ = cheerio.load(await renderReportPage(page));
    expect($('dl.prov').text()).toContain('ran onkoth worker processes through the queue');
    expect($('dl.prov dt').map((_, e) => $(e).text()).get()).not.toContain('workers');
    expect($('p.lead').first().text()).toContain('our replay with the TypeScript ports');
  });
});

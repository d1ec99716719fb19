/**
 * The replay report as one self-contained HTML page: inline CSS, inline SVG charts (charts.ts),
 * no script, no external resource. Every text that came from a scrape or a user (bot names,
 * notes, commands) goes through esc().
 */
import { eloCell, ratingsSummary } from '../ratings.ts';
import type { RatingsReport } from '../../stats/pairwise.ts';
import { confidencePercent } from '../../stats/intervals.ts';
import { changeChartSpec, comparisonChartSpec, groupChartSpec, renderSvg, type ChartCounts } from './charts.ts';
import type { ComparisonRow, ComparisonSection, ReportPage, ReportSection, RowVerdict, RuleComparisonRow, RuleComparisonSection, RunProvenance, TableVerdict } from './types.ts';
import type { TopLevelSpec } from 'vega-lite';
import { metricLabel } from './sections.ts';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** HTML-escapes text for element content and quoted attribute values. */
export function esc(s: unknown): string {
  return String(s ?? '').replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

const fmt = (v: number | null | undefined, d: number) => (v == null || !Number.isFinite(v) ? '—' : v.toFixed(d));
const signed = (v: number, d: number) => `${v >= 0 ? '+' : '−'}${Math.abs(v).toFixed(d)}`;
const pct = confidencePercent;

/** CSS class of a row verdict: verdict-agree, verdict-disagree, verdict-na. */
export function verdictClass(v: RowVerdict | TableVerdict): string {
  return v === 'n/a' ? 'verdict-na' : `verdict-${v}`;
}

const VERDICT_TEXT: Record<RowVerdict, string> = { agree: 'agree', disagree: 'DISAGREE', 'n/a': 'n/a' };
const TABLE_TEXT: Record<TableVerdict, string> = {
  agree: 'agrees with the published table',
  disagree: 'DISAGREES with the published table',
  'n/a': 'not comparable',
};

const CSS = `
:root { color-scheme: light; }
* { box-sizing: border-box; }
body { font: 16px/1.45 "DejaVu Sans", Verdana, Helvetica, Arial, sans-serif; color: #1f2328; background: #fff; margin: 0; }
main { max-width: 1480px; margin: 0 auto; padding: 24px 28px 60px; }
h1 { font-size: 28px; margin: 0 0 6px; }
h2 { font-size: 23px; margin: 44px 0 6px; padding-top: 12px; border-top: 2px solid #d0d7de; }
h3 { font-size: 18px; margin: 24px 0 8px; }
a { color: #0969da; }
code, pre, .mono { font-family: "DejaVu Sans Mono", Menlo, Consolas, monospace; font-size: 14px; }
pre { background: #f6f8fa; border: 1px solid #d0d7de; border-radius: 6px; padding: 10px 12px; white-space: pre-wrap; word-break: break-word; margin: 8px 0; }
.lead { color: #57606a; margin: 0 0 16px; }
.badge { display: inline-block; padding: 2px 10px; border-radius: 999px; font-weight: bold; font-size: 14px; border: 1px solid; }
.badge.verdict-agree { color: #1a7f37; border-color: #1a7f37; background: #dafbe1; }
.badge.verdict-disagree { color: #fff; border-color: #cf222e; background: #cf222e; }
.badge.verdict-na { color: #57606a; border-color: #8c959f; background: #f6f8fa; }
nav ul { margin: 4px 0; padding-left: 20px; }
.counts { margin: 6px 0 10px; }
.layout { display: flex; flex-wrap: wrap; gap: 24px; align-items: flex-start; }
.layout > * { flex: 1 1 480px; min-width: 0; }
.layout > .chartcol { flex: 0 1 auto; }
.layout > .tablecol { overflow-x: auto; }
figure { margin: 8px 0; overflow-x: auto; }
figure svg { display: block; max-width: 100%; height: auto; }
figcaption { color: #57606a; font-size: 14px; margin-top: 4px; }
table { border-collapse: collapse; font-size: 14px; width: 100%; }
th, td { padding: 3px 8px; border-bottom: 1px solid #eaeef2; text-align: left; vertical-align: top; }
thead th { background: #f6f8fa; border-bottom: 2px solid #d0d7de; position: sticky; top: 0; }
th.group { text-align: center; border-left: 2px solid #d0d7de; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
thead th.num { white-space: normal; }
td.split, th.split { border-left: 2px solid #d0d7de; }
tr.verdict-agree td.verdict { color: #1a7f37; }
tr.verdict-disagree { background: #ffebe9; }
tr.verdict-disagree td.verdict { color: #cf222e; font-weight: bold; }
tr.verdict-na { background: #f6f8fa; color: #57606a; }
tr.verdict-na td.note { color: #9a6700; font-weight: bold; }
tr.significant td.diff { color: #cf222e; font-weight: bold; }
td.note { font-size: 13px; min-width: 11em; }
.interval { color: #57606a; font-size: 12px; }
dl.prov { display: grid; grid-template-columns: max-content 1fr; gap: 2px 16px; margin: 6px 0; }
dl.prov dt { color: #57606a; }
dl.prov dd { margin: 0; }
details { margin: 8px 0; }
summary { cursor: pointer; color: #0969da; }
footer { margin-top: 48px; color: #57606a; font-size: 14px; border-top: 1px solid #d0d7de; padding-top: 12px; }
`;

interface Chart {
  svg: string;
  counts: ChartCounts;
  caption: string;
}

async function chart(made: { spec: TopLevelSpec; counts: ChartCounts } | null, caption: string): Promise<Chart | null> {
  if (!made) return null;
  return { svg: await renderSvg(made.spec), counts: made.counts, caption };
}

function figure(c: Chart | null, name: string): string {
  if (!c) return '<p class="lead">Nothing to plot: no row has a published or reproduced figure.</p>';
  const marks = Object.entries(c.counts.marks).map(([k, v]) => ` data-marks-${esc(k.replace(/_/g, '-'))}="${v}"`).join('');
  // The caption wraps at the chart's own width (else its one long line sets the column's width).
  const width = /^<svg[^>]*\swidth="(\d+(?:\.\d+)?)"/.exec(c.svg)?.[1];
  const style = width ? ` style="width: ${width}px; max-width: 100%"` : '';
  return `<figure class="chart" data-chart="${esc(name)}" data-bots="${c.counts.bots}"${marks}${style}>${c.svg}<figcaption>${esc(c.caption)}</figcaption></figure>`;
}

function verdictBadge(v: TableVerdict, text = TABLE_TEXT[v]): string {
  return `<span class="badge ${verdictClass(v)}">${esc(text)}</span>`;
}

const METRIC_NAMES: Record<string, string> = { avgRounds: 'average rounds per game', tiedPct: 'tied games, %' };

function comparisonRowHtml(r: ComparisonRow, i: number | string, d: number, label: string, withNote: boolean): string {
  const interval = r.low == null || r.high == null ? '—' : `[${fmt(r.low, d)}, ${fmt(r.high, d)}]`;
  return (
    `<tr class="${verdictClass(r.verdict)}"><td class="num">${esc(i)}</td><td>${esc(label)}</td>` +
    `<td class="num split">${fmt(r.published, d)}</td><td class="num split">${fmt(r.reproduced, d)}</td><td class="num">${interval}</td>` +
    `<td class="verdict">${VERDICT_TEXT[r.verdict]}${r.verdict === 'disagree' && r.explained ? ' (explained)' : ''}</td>` +
    `${withNote ? `<td class="note">${esc([r.note, r.explained].filter(Boolean).join(' — '))}</td>` : ''}</tr>`
  );
}

/** Per-bot rows (numbered, one metric) or table-level figures (one per row, named by metric). */
function comparisonTable(s: ComparisonSection, rows: readonly ComparisonRow[], perBot: boolean, label: string): string {
  const d = perBot ? s.digits : 3;
  const withNote = rows.some((r) => r.note || r.explained);
  const multi = perBot && new Set(rows.map((r) => r.metric)).size > 1;
  const col = perBot && !multi ? esc(s.metricLabel) : 'value';
  return (
    `<table class="comparison" data-table="${esc(label)}"><thead>` +
    `<tr><th></th><th></th><th class="group">Published</th><th class="group" colspan="2">Reproduced (ours)</th><th colspan="${withNote ? 2 : 1}"></th></tr>` +
    `<tr><th class="num">#</th><th>${perBot ? 'bot' : 'figure'}</th><th class="num split">${col}</th>` +
    `<th class="num split">${col}</th><th class="num">${rows.some((r) => r.low != null) ? `${pct(s.confidence)} interval` : 'interval'}</th><th>verdict</th>${withNote ? '<th>why / note</th>' : ''}</tr></thead><tbody>` +
    rows.map((r, i) => comparisonRowHtml(r, perBot ? i + 1 : '', d, perBot ? (multi ? `${r.bot} · ${metricLabel(r.metric)}` : r.bot) : `${METRIC_NAMES[r.metric] ?? r.metric} ${r.bot}`, withNote)).join('') +
    '</tbody></table>'
  );
}

function provenanceHtml(p: RunProvenance): string {
  const items: [string, string][] = [['rerun with', `<code>${esc(p.command)}</code>`]];
  items.push(['seed' + (p.seeds.length > 1 ? 's' : ''), p.seeds.length ? p.seeds.map((s) => `<code>${esc(s)}</code>`).join(', ') : '— (nothing was run)']);
  if (p.games != null || p.publishedGames != null) items.push(['games', `${p.games != null ? esc(p.games.toLocaleString('en-US')) : '—'} ours · ${p.publishedGames != null ? esc(p.publishedGames.toLocaleString('en-US')) : '—'} published`]);
  if (p.variant) items.push(['rules (engine variant)', `<code>${esc(p.variant)}</code>`]);
  if (p.workers != null) items.push(['workers', esc(p.workers) + ' <span class="lead">(results do not depend on it)</span>']);
  for (const [k, v] of Object.entries(p.extra ?? {})) items.push([k, esc(v)]);
  if (p.wallSeconds != null) items.push(['wall time', `${esc(p.wallSeconds.toFixed(1))} s`]);
  const dl = `<dl class="prov">${items.map(([k, v]) => `<dt>${esc(k)}</dt><dd>${v}</dd>`).join('')}</dl>`;
  if (!p.bots.length) return dl;
  const ported = p.bots.filter((b) => b.ported).length;
  const dates = [...new Set(p.bots.map((b) => b.sourceDate).filter(Boolean))].sort();
  const rows = p.bots
    .map(
      (b) =>
        `<tr><td>${esc(b.bot)}</td><td>${b.ported ? 'ported' : '<strong>not ported</strong>'}</td><td class="mono" title="${esc(b.sha256 ?? '')}">${b.sha256 ? esc(b.sha256.slice(0, 16)) + '…' : '—'}</td><td>${esc(b.sourceDate ?? '—')}</td><td class="note">${esc(b.source ?? '')}</td></tr>`,
    )
    .join('');
  return (
    dl +
    `<details><summary>Bot versions: ${p.bots.length} bots, ${ported} ported; source snapshot ${esc(dates.join(', ') || '—')}</summary>` +
    `<table class="bots"><thead><tr><th>bot</th><th>port</th><th>sha256 of the original code</th><th>snapshot</th><th>source</th></tr></thead><tbody>${rows}</tbody></table></details>`
  );
}

function sectionHeader(s: ReportSection, subtitle: string): string {
  const q = s.questionId ? ` · <a href="https://codegolf.stackexchange.com/questions/${s.questionId}">question ${s.questionId}</a>` : '';
  return `<h2 id="${esc(s.id)}">${esc(s.title)}</h2><p class="lead">${esc(subtitle)}${q}</p>`;
}

async function comparisonSectionHtml(s: ComparisonSection): Promise<string> {
  const counts = { agree: 0, disagree: 0, 'n/a': 0 };
  for (const r of s.rows) counts[r.verdict]++;
  // One chart per metric (e.g. gun-duel's points and places), each with one mark per bot.
  const metrics = [...new Set(s.rows.map((r) => r.metric))];
  const figures: string[] = [];
  for (const m of metrics) {
    const label = metrics.length > 1 ? metricLabel(m) : s.metricLabel;
    const rows = s.rows.filter((r) => r.metric === m);
    const comparable = rows.some((r) => r.low != null && r.high != null);
    const c = await chart(
      comparisonChartSpec(s, m, label),
      comparable
        ? `${label} per bot: published (◆) and ours (●) with its ${pct(s.confidence)} acceptance interval (ours widened by the published figure's sampling error and rounding). Red: the published figure is outside the interval; grey: cannot be compared.`
        : `${label} per bot: published (◆) only; none of ours can be compared (the table says why).`,
    );
    figures.push(figure(c, metrics.length > 1 ? `${s.id}-comparison-${m}` : `${s.id}-comparison`));
  }
  const standOut = s.rows.filter((r) => r.verdict !== 'agree');
  const why =
    standOut.length && standOut.length < s.rows.length
      ? `<h3>Rows that disagree or cannot be compared</h3><ul class="standout">${standOut.map((r) => `<li class="${verdictClass(r.verdict)}"><strong>${esc(r.bot)}</strong>: ${r.verdict === 'disagree' ? `published ${fmt(r.published, s.digits)} is outside [${fmt(r.low, s.digits)}, ${fmt(r.high, s.digits)}] around ours ${fmt(r.reproduced, s.digits)}` : 'not comparable'}${r.note ? ' — ' + esc(r.note) : ''}${r.explained ? ` — <em>known cause: ${esc(r.explained)}</em>` : ''}</li>`).join('')}</ul>`
      : '';
  return (
    `<section class="game comparison ${verdictClass(s.verdict)}" data-game="${esc(s.game)}">` +
    sectionHeader(s, `${s.game}: published table "${s.table}" vs our replay`) +
    `<p class="counts">${verdictBadge(s.verdict)} ${counts.agree} agree · ${counts.disagree} disagree · ${counts['n/a']} not comparable</p>` +
    (s.summary ? `<pre class="summary">${esc(s.summary)}</pre>` : '') +
    `<div class="layout"><div class="chartcol">${figures.join('')}</div><div class="tablecol">${comparisonTable(s, s.rows, true, 'rows')}</div></div>` +
    (s.gameRows.length ? `<h3>Whole-table figures</h3>${comparisonTable(s, s.gameRows, false, 'game-rows')}` : '') +
    (s.ratings ? ratingsHtml(s.ratings) : '') +
    why +
    `<h3>Provenance</h3>${provenanceHtml(s.provenance)}</section>`
  );
}

/** --ratings: the bots' Bradley–Terry ratings, highest first, with their intervals and whether each one's order over the next is settled. */
function ratingsHtml(r: RatingsReport): string {
  const settled = new Map(r.neighbours.map((n) => [n.higher, n]));
  const rows = Object.entries(r.ratings)
    .map(([bot, x], i) => {
      const n = settled.get(bot);
      return `<tr><td class="num">${i + 1}</td><td>${esc(bot)}</td><td class="num">${eloCell(x)}</td><td>${n ? `${n.significant ? 'settled' : 'not settled'} over ${esc(n.lower)} (flips in ${(100 * n.flipShare).toFixed(1)}% of resamples)` : ''}</td></tr>`;
    })
    .join('');
  return (
    `<h3>Ratings (Bradley–Terry, Elo scale)</h3><table class="ratings" data-table="ratings"><thead><tr><th class="num">#</th><th>bot</th><th class="num">Elo [${confidencePercent(r.ratingsFit.confidence)} interval]</th><th>order over the next</th></tr></thead><tbody>${rows}</tbody></table>` +
    `<p class="note">${esc(ratingsSummary(r))}</p>`
  );
}

function est(e: { value: number; low: number; high: number }, d: number): string {
  return `${fmt(e.value, d)}<br><span class="interval">[${fmt(e.low, d)}, ${fmt(e.high, d)}]</span>`;
}

function ruleTable(s: RuleComparisonSection, rows: readonly RuleComparisonRow[], keyLabel: string, label: string): string {
  const [va, vb] = s.variants;
  const d = s.digits;
  return (
    `<table class="rules" data-table="${esc(label)}"><thead><tr><th>${esc(keyLabel)}</th><th class="num split">${esc(va)} ${esc(s.metricLabel)}</th><th class="num">${esc(vb)} ${esc(s.metricLabel)}</th><th class="num split">${esc(vb)} − ${esc(va)} [${pct(s.confidence)}]</th></tr></thead><tbody>` +
    rows
      .map(
        (r) =>
          `<tr class="${r.significant ? 'significant' : 'within'}"><td>${esc(r.key)}</td><td class="num split">${est(r.a, d)}</td><td class="num">${est(r.b, d)}</td>` +
          `<td class="num split diff">${signed(r.diff.value, d)}<br><span class="interval">[${signed(r.diff.low, d)}, ${signed(r.diff.high, d)}]</span></td></tr>`,
      )
      .join('') +
    '</tbody></table>'
  );
}

async function ruleSectionHtml(s: RuleComparisonSection): Promise<string> {
  const [va, vb] = s.variants;
  const sig = s.rows.filter((r) => r.significant).length;
  const change = await chart(changeChartSpec(s), `Per bot: ${s.metricLabel} under "${vb}" minus under "${va}", same seeds, with its ${pct(s.confidence)} interval. Red: outside the interval of chance.`);
  let groups = '';
  if (s.groups) {
    const g = s.groups;
    const gc = await chart(groupChartSpec(s, g), g.caption ?? `${s.metricLabel} by ${g.keyLabel} under both rules, ${pct(s.confidence)} intervals.`);
    groups = `<h3>${esc(g.title)}</h3><div class="layout"><div class="chartcol">${figure(gc, `${s.id}-groups`)}</div><div class="tablecol">${ruleTable(s, g.rows, g.keyLabel, 'groups')}</div></div>`;
  }
  return (
    `<section class="game rules" data-game="${esc(s.game)}">` +
    sectionHeader(s, `${s.game}: rule comparison "${va}" vs "${vb}" on the same seeds`) +
    `<p class="counts">${sig} of ${s.rows.length} bots change by more than chance</p>` +
    (s.summary ? `<pre class="summary">${esc(s.summary)}</pre>` : '') +
    groups +
    `<h3>Change per bot</h3><div class="layout"><div class="chartcol">${figure(change, `${s.id}-change`)}</div><div class="tablecol">${ruleTable(s, s.rows, 'bot', 'rows')}</div></div>` +
    `<h3>Provenance</h3>${provenanceHtml(s.provenance)}</section>`
  );
}

function tocEntry(s: ReportSection): string {
  const v = s.kind === 'comparison' ? ` ${verdictBadge(s.verdict)}` : ` <span class="lead">rule comparison ${esc(s.variants.join(' vs '))}</span>`;
  return `<li><a href="#${esc(s.id)}">${esc(s.title)}</a>${v}</li>`;
}

/** The whole page. Charts are rendered here (asynchronously, by Vega). */
export async function renderReportPage(page: ReportPage): Promise<string> {
  const body: string[] = [];
  for (const s of page.sections) body.push(s.kind === 'comparison' ? await comparisonSectionHtml(s) : await ruleSectionHtml(s));
  const meta = [
    `harness koth-replay ${esc(page.harnessVersion)}`,
    page.generatedAt ? `made ${esc(page.generatedAt)}` : '',
    page.wallSeconds != null ? `wall time ${esc(page.wallSeconds.toFixed(1))} s` : '',
  ].filter(Boolean);
  // Say what played: the ports, the original Python bots (--python-bots), or both across sections.
  const playedBy = [...new Set(page.sections.map((s) => (s.kind === 'comparison' ? String(s.provenance.extra?.['played by'] ?? 'the TypeScript ports') : 'the TypeScript ports')))];
  return (
    '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">` +
    `<title>${esc(page.title)}</title><style>${CSS}</style></head><body><main>` +
    `<h1>${esc(page.title)}</h1><p class="lead">Published King-of-the-Hill leaderboards next to our replay with ${esc(playedBy.join(' and ') || 'the TypeScript ports')}. ${meta.join(' · ')}</p>` +
    `<p>Made by <code>${esc(page.command)}</code></p>` +
    `<nav><ul>${page.sections.map(tocEntry).join('')}</ul></nav>` +
    (page.watch?.length
      ? `<h3 id="watch">Watch a game, step by step</h3><ul class="watch">${page.watch.map((w) => `<li data-game="${esc(w.game)}"><a href="${esc(w.href)}">${esc(w.title)}</a> <span class="lead">(${esc(w.steps)} steps)</span></li>`).join('')}</ul>`
      : '') +
    body.join('\n') +
    `<footer>Every figure on this page can be remade with the command shown in its section's provenance; the page itself with <code>${esc(page.command)}</code>. ${meta.join(' · ')}</footer>` +
    '</main></body></html>\n'
  );
}

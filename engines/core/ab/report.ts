/**
 * `koth ab --report DIR`: one self-contained page (inline CSS and SVG, no script, no network):
 * the verdict and figures, and two charts over the pairs — the LLR with its bounds, and the paired
 * score difference with its interval. Charts are Vega-Lite rendered to SVG (report/html/charts.ts).
 */
import { join, resolve } from 'node:path';
import type { TopLevelSpec } from 'vega-lite';
import { writeFileAtomic } from '../io/atomic.ts';
import { renderSvg } from '../report/html/charts.ts';
import { esc } from '../report/html/page.ts';
import { verdictWords, type AbResult } from './run.ts';
import { confidencePercent } from '../stats/intervals.ts';

/** Layer names (SVG classes `<name>_marks`) the page's tests rely on. */
export const AB_MARKS = { llr: 'llr', bound: 'bound', diff: 'diff', diffBand: 'diff_band' } as const;

const WIDTH = 560;

export function llrChartSpec(r: AbResult): TopLevelSpec {
  const [lo, hi] = r.bounds;
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v5.json',
    width: WIDTH,
    height: 220,
    title: 'Log-likelihood ratio over pairs',
    layer: [
      { name: AB_MARKS.llr, data: { values: r.trace }, mark: { type: 'line', color: '#0969da' }, encoding: { x: { field: 'pairs', type: 'quantitative', title: 'pairs' }, y: { field: 'llr', type: 'quantitative', title: 'LLR' } } },
      { name: AB_MARKS.bound, data: { values: [{ b: lo, which: 'H0 (lower)' }, { b: hi, which: 'H1 (upper)' }] }, mark: { type: 'rule', strokeDash: [4, 4], color: '#cf222e' }, encoding: { y: { field: 'b', type: 'quantitative' } } },
    ],
  } as TopLevelSpec;
}

export function diffChartSpec(r: AbResult): TopLevelSpec {
  const pct = confidencePercent(r.confidence);
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v5.json',
    width: WIDTH,
    height: 220,
    title: `Score difference per pair (candidate − baseline) / 2, with its ${pct} interval`,
    data: { values: r.trace },
    layer: [
      { name: AB_MARKS.diffBand, mark: { type: 'area', opacity: 0.25, color: '#1a7f37' }, encoding: { x: { field: 'pairs', type: 'quantitative', title: 'pairs' }, y: { field: 'low', type: 'quantitative', title: 'difference' }, y2: { field: 'high' } } },
      { name: AB_MARKS.diff, mark: { type: 'line', color: '#1a7f37' }, encoding: { x: { field: 'pairs', type: 'quantitative' }, y: { field: 'mean', type: 'quantitative' } } },
    ],
  } as TopLevelSpec;
}

const f = (x: number, d: number) => (x >= 0 ? '+' : '') + x.toFixed(d);

export async function renderAbPage(r: AbResult, command: string): Promise<string> {
  const [llr, diff] = await Promise.all([renderSvg(llrChartSpec(r)), renderSvg(diffChartSpec(r))]);
  const rows: [string, string][] = [
    ['verdict', `${r.verdict}: ${verdictWords(r.verdict)}`],
    ['pairs', `${r.pairs} (of at most ${r.maxPairs}); discordant ${r.discordant}`],
    ['score difference', `${f(r.score.mean, 4)} [${f(r.score.low, 4)}, ${f(r.score.high, 4)}]`],
    ['Elo difference', `${f(r.elo.diff, 1)} [${f(r.elo.low, 1)}, ${f(r.elo.high, 1)}]`],
    ['LOS', `${(r.los * 100).toFixed(1)}%`],
    ['LLR', `${r.llr.toFixed(3)} [${r.bounds[0].toFixed(3)}, ${r.bounds[1].toFixed(3)}]`],
    ['SPRT', `elo0 ${r.sprt.elo0}, elo1 ${r.sprt.elo1}, alpha ${r.sprt.alpha}, beta ${r.sprt.beta}`],
    ['mean result', `candidate ${r.candidateScore.toFixed(4)}, baseline ${r.baselineScore.toFixed(4)}`],
    ['field', r.field.length ? r.field.join(', ') : '(none: a solo game)'],
    ['seed', r.seed + (r.rules ? `, rules ${r.rules}` : '')],
    ...Object.entries(r.notes ?? {}).map(([text, n]): [string, string] => ['noted', `${text}: ${n} time(s)`]),
    ['command', command],
  ];
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<title>${esc(`koth ab ${r.game}: ${r.candidate} vs ${r.baseline}`)}</title>` +
    '<style>body{font-family:DejaVu Sans,Verdana,Helvetica,Arial,sans-serif;margin:2em auto;max-width:980px;color:#1f2328}table{border-collapse:collapse}td,th{border:1px solid #d0d7de;padding:4px 8px;text-align:left;vertical-align:top}figure{margin:1.5em 0}</style></head><body><main>' +
    `<h1>${esc(`${r.game}: is ${r.candidate} better than ${r.baseline}?`)}</h1>` +
    `<table>${rows.map(([k, v]) => `<tr><th>${esc(k)}</th><td>${esc(v)}</td></tr>`).join('')}</table>` +
    `<figure class="ab-llr">${llr}</figure><figure class="ab-diff">${diff}</figure>` +
    '</main></body></html>\n'
  );
}

export async function writeAbPage(dir: string, r: AbResult, command: string): Promise<string> {
  const path = resolve(join(dir, 'index.html'));
  writeFileAtomic(path, await renderAbPage(r, command));
  return path;
}

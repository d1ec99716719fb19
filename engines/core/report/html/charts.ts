/**
 * Charts of the report as Vega-Lite specs, compiled to Vega and rendered headless to SVG
 * (`view.toSVG()`, no browser, no canvas). The page inlines the SVG, so it needs no script.
 *
 * Every per-bot layer has a name; Vega gives its mark group the class `<name>_marks`, with
 * one `role="graphics-symbol"` child per datum: the browser test counts those to check that
 * each chart draws exactly one mark per bot.
 */
import { confidencePercent } from '../../stats/intervals.ts';
import type { TopLevelSpec } from 'vega-lite';
import type { ComparisonSection, RuleComparisonRow, RuleComparisonSection } from './types.ts';

/** Layer names (and so SVG classes `<name>_marks`) the page and its tests rely on. */
export const MARKS = {
  published: 'published',
  ours: 'ours',
  oursInterval: 'ours_interval',
  change: 'change',
  changeInterval: 'change_interval',
  groupPoint: 'group',
  groupInterval: 'group_interval',
} as const;

export const VERDICT_COLORS = { agree: '#1a7f37', disagree: '#cf222e', 'n/a': '#8c959f' } as const;
const PUBLISHED_COLOR = '#111111';
const VARIANT_COLORS = ['#0969da', '#bc4c00'];

const CONFIG = {
  font: 'DejaVu Sans, Verdana, Helvetica, Arial, sans-serif',
  axis: { labelFontSize: 13, titleFontSize: 13, labelLimit: 220, titleFontWeight: 'normal' as const },
  legend: { labelFontSize: 13, titleFontSize: 13, symbolSize: 90, labelLimit: 260, orient: 'top' as const },
  title: { fontSize: 14 },
  view: { stroke: '#d0d7de' },
};

const STEP = 20;
const WIDTH = 440;

/** Bot names made unique (a repeated name gets " (2)", ...) so a nominal axis keeps every row. */
function uniqueKeys(names: readonly string[]): string[] {
  const seen = new Map<string, number>();
  return names.map((n) => {
    const k = (seen.get(n) ?? 0) + 1;
    seen.set(n, k);
    return k === 1 ? n : `${n} (${k})`;
  });
}

export interface ChartCounts {
  /** Bots on the chart's axis. */
  bots: number;
  /** Marks expected per named layer. */
  marks: Record<string, number>;
}

/** Published vs reproduced per bot, reproduced with its acceptance interval, colored by verdict. */
export function comparisonChartSpec(s: ComparisonSection, metric?: string, label = s.metricLabel): { spec: TopLevelSpec; counts: ChartCounts } | null {
  const shown = s.rows.filter((r) => (metric === undefined || r.metric === metric) && (r.published != null || r.reproduced != null));
  if (!shown.length) return null;
  const keys = uniqueKeys(shown.map((r) => r.bot));
  const values = shown.map((r, i) => ({
    bot: keys[i],
    published: r.published,
    reproduced: r.reproduced,
    low: r.low,
    high: r.high,
    verdict: r.verdict === 'agree' ? 'ours: agrees' : r.verdict === 'disagree' ? 'ours: disagrees' : 'ours: not comparable',
  }));
  const y = { field: 'bot', type: 'nominal' as const, sort: null, title: null, };
  const withIntervals = shown.some((r) => r.low != null && r.high != null);
  const title = withIntervals ? `${label} (published ◆, ours ● with ${confidencePercent(s.confidence)} interval)` : `${label} (published ◆, ours ●)`;
  const x = (field: string) => ({ field, type: 'quantitative' as const, title, scale: { zero: false, nice: true } });
  const color = {
    scale: {
      domain: ['published', 'ours: agrees', 'ours: disagrees', 'ours: not comparable'],
      range: [PUBLISHED_COLOR, VERDICT_COLORS.agree, VERDICT_COLORS.disagree, VERDICT_COLORS['n/a']],
    },
    legend: { title: null, columns: 2 },
  };
  const spec: TopLevelSpec = {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    width: WIDTH,
    height: { step: STEP },
    config: CONFIG,
    data: { values },
    layer: [
      {
        name: MARKS.oursInterval,
        transform: [{ filter: 'datum.low != null && datum.high != null' }],
        mark: { type: 'rule', strokeWidth: 2 },
        encoding: { y, x: x('low'), x2: { field: 'high' }, color: { field: 'verdict', ...color } },
      },
      {
        name: MARKS.ours,
        transform: [{ filter: 'datum.reproduced != null' }],
        mark: { type: 'point', filled: true, size: 60, shape: 'circle' },
        encoding: { y, x: x('reproduced'), color: { field: 'verdict', ...color } },
      },
      {
        name: MARKS.published,
        transform: [{ filter: 'datum.published != null' }],
        mark: { type: 'point', filled: false, size: 90, shape: 'diamond', strokeWidth: 1.6 },
        encoding: { y, x: x('published'), color: { datum: 'published', ...color } },
      },
    ],
  };
  return {
    spec,
    counts: {
      bots: shown.length,
      marks: {
        [MARKS.ours]: shown.filter((r) => r.reproduced != null).length,
        [MARKS.oursInterval]: shown.filter((r) => r.low != null && r.high != null).length,
        [MARKS.published]: shown.filter((r) => r.published != null).length,
      },
    },
  };
}

/** Per bot: the change b − a with its interval, colored by whether it is outside chance. */
export function changeChartSpec(s: RuleComparisonSection): { spec: TopLevelSpec; counts: ChartCounts } {
  const keys = uniqueKeys(s.rows.map((r) => r.key));
  const [va, vb] = s.variants;
  const values = s.rows.map((r, i) => ({
    bot: keys[i],
    d: r.diff.value,
    low: r.diff.low,
    high: r.diff.high,
    kind: r.significant ? 'outside chance' : 'within chance',
  }));
  const y = { field: 'bot', type: 'nominal' as const, sort: null, title: null };
  const x = (field: string) => ({ field, type: 'quantitative' as const, title: `${s.metricLabel}: ${vb} − ${va} (${s.diffUnit}), ${confidencePercent(s.confidence)} interval` });
  const color = { field: 'kind', scale: { domain: ['within chance', 'outside chance'], range: ['#57606a', '#cf222e'] }, legend: { title: null } };
  const spec: TopLevelSpec = {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    width: WIDTH,
    height: { step: STEP },
    config: CONFIG,
    layer: [
      { data: { values: [{ zero: 0 }] }, mark: { type: 'rule', color: '#8c959f', strokeDash: [4, 3] }, encoding: { x: { field: 'zero', type: 'quantitative' } } },
      { data: { values }, name: MARKS.changeInterval, mark: { type: 'rule', strokeWidth: 2 }, encoding: { y, x: x('low'), x2: { field: 'high' }, color } },
      { data: { values }, name: MARKS.change, mark: { type: 'point', filled: true, size: 60 }, encoding: { y, x: x('d'), color } },
    ],
  };
  return { spec, counts: { bots: values.length, marks: { [MARKS.change]: values.length, [MARKS.changeInterval]: values.length } } };
}

/** A breakdown (dice: win rate by seat) under both variants side by side, with intervals. */
export function groupChartSpec(s: RuleComparisonSection, g: NonNullable<RuleComparisonSection['groups']>): { spec: TopLevelSpec; counts: ChartCounts } {
  const [va, vb] = s.variants;
  const values = g.rows.flatMap((r: RuleComparisonRow) => [
    { key: r.key, variant: va, value: r.a.value, low: r.a.low, high: r.a.high },
    { key: r.key, variant: vb, value: r.b.value, low: r.b.low, high: r.b.high },
  ]);
  const x = { field: 'key', type: 'ordinal' as const, sort: null, title: g.keyLabel, axis: { labelAngle: 0 } };
  const y = (field: string) => ({ field, type: 'quantitative' as const, title: `${s.metricLabel} (${confidencePercent(s.confidence)} interval)`, scale: { zero: false } });
  const color = { field: 'variant', scale: { domain: [va, vb], range: VARIANT_COLORS }, legend: { title: 'rules' } };
  const xOffset = { field: 'variant', sort: [va, vb] };
  const spec: TopLevelSpec = {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    width: 520,
    height: 280,
    config: CONFIG,
    data: { values },
    layer: [
      { name: MARKS.groupInterval, mark: { type: 'rule', strokeWidth: 2 }, encoding: { x, xOffset, y: y('low'), y2: { field: 'high' }, color } },
      { name: MARKS.groupPoint, mark: { type: 'point', filled: true, size: 70 }, encoding: { x, xOffset, y: y('value'), color } },
    ],
  };
  return { spec, counts: { bots: g.rows.length, marks: { [MARKS.groupPoint]: values.length, [MARKS.groupInterval]: values.length } } };
}

/** Vega-Lite → Vega → SVG markup, headless. */
export async function renderSvg(spec: TopLevelSpec): Promise<string> {
  const [vega, vl] = await Promise.all([import('vega'), import('vega-lite')]);
  const compiled = vl.compile(spec).spec;
  const view = new vega.View(vega.parse(compiled), { renderer: 'none', logLevel: vega.Error });
  try {
    return await view.toSVG();
  } finally {
    view.finalize();
  }
}

import Table from 'cli-table3';
import pc from 'picocolors';
import type { ComparisonReport, ComparisonRow } from '../stats/compare.ts';
import { confidencePercent } from '../stats/intervals.ts';

/**
 * Terminal rendering of a comparison: published vs reproduced side by side, the acceptance
 * interval and a colored verdict per row, then the overall verdict. Colors follow
 * picocolors' detection (NO_COLOR, FORCE_COLOR, TTY).
 */
function fmt(v: number | null, digits: number): string {
  return v == null ? '—' : v.toFixed(digits);
}

function verdictCell(v: ComparisonRow['verdict']): string {
  if (v === 'agree') return pc.green('agree');
  if (v === 'disagree') return pc.red(pc.bold('DISAGREE'));
  return pc.dim('n/a');
}

/** No rule between body rows: long tables stay readable. */
const COMPACT = { mid: '', 'left-mid': '', 'mid-mid': '', 'right-mid': '' };

export function renderComparison(report: ComparisonReport, digits = typeof report.digits === 'number' ? report.digits : 2): string {
  const metrics = [...new Set(report.rows.map((r) => r.metric))];
  const hasIntervals = report.rows.some((r) => r.low != null);
  const head = ['#', 'bot', ...(metrics.length > 1 ? ['metric'] : []), 'published', 'reproduced', hasIntervals ? `${confidencePercent(report.confidence)} interval` : 'interval', 'verdict', 'note'];
  const table = new Table({ head: head.map((h) => pc.bold(h)), style: { head: [], border: [] }, chars: COMPACT });
  report.rows.forEach((r, i) => {
    table.push([
      String(i + 1),
      r.bot,
      ...(metrics.length > 1 ? [r.metric] : []),
      fmt(r.published, digits),
      fmt(r.reproduced, digits),
      r.low == null || r.high == null ? '—' : `[${r.low.toFixed(digits)}, ${r.high.toFixed(digits)}]`,
      r.verdict === 'disagree' && r.explained ? pc.yellow('DISAGREE (explained)') : verdictCell(r.verdict),
      [r.note, r.explained].filter(Boolean).map((t) => pc.dim(t!)).join(pc.dim(' — ')),
    ]);
  });
  const counts = { agree: 0, disagree: 0, 'n/a': 0 };
  for (const r of report.rows) counts[r.verdict]++;
  const title = pc.bold(`${report.challenge} — ${report.table}`);
  const overall =
    report.verdict === 'agree'
      ? pc.green(pc.bold('AGREES with the published table'))
      : report.verdict === 'disagree'
        ? pc.red(pc.bold('DISAGREES with the published table'))
        : pc.yellow(pc.bold('NOT COMPARABLE'));
  const explained = report.rows.filter((r) => r.verdict === 'disagree' && r.explained).length;
  const summary = `${overall}: ${counts.agree} agree, ${counts.disagree} disagree${explained ? ` (${explained} explained)` : ''}, ${counts['n/a']} n/a`;
  const extra = typeof report.summary === 'string' ? `\n${report.summary}` : '';
  return `${title}${extra}\n${table.toString()}\n${summary}\n`;
}

/** A plain aligned table for other listings (stats, registry...). */
export function renderTable(head: string[], rows: (string | number)[][]): string {
  const table = new Table({ head: head.map((h) => pc.bold(h)), style: { head: [], border: [] }, chars: COMPACT });
  for (const r of rows) table.push(r.map((c) => String(c)));
  return table.toString();
}

/**
 * Text from outside (API display names, titles, bot names from scraped code) made safe to
 * print on a terminal: control characters (C0, DEL, C1 — ESC among them, which could set the
 * window title, change colours or clear the screen) and the bidi overrides that make text read
 * otherwise than it is stored are shown escaped as \xNN / \u{NNNN}.
 * Stored data keeps the text exact; only what is printed is escaped.
 */
export function printable(s: string): string {
  return s.replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g, (c) => {
    const n = c.codePointAt(0)!;
    return n < 0x100 ? `\\x${n.toString(16).padStart(2, '0')}` : `\\u{${n.toString(16)}}`;
  });
}

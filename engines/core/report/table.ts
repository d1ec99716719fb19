import { stripVTControlCharacters } from 'node:util';
import Table from 'cli-table3';
import pc from 'picocolors';
import type { ComparisonReport, ComparisonRow } from '../stats/compare.ts';
import { confidencePercent } from '../stats/intervals.ts';
import { eloCell, ratingsSummary, reportRatings } from './ratings.ts';

/**
 * Terminal tables (cli-table3). Every table fits the terminal: when stdout is a terminal its
 * width (`process.stdout.columns`) bounds the table, and cli-table3 wraps cells to the column
 * widths computed here (`colWidths` + `wordWrap`); piped (not a terminal) a table is printed at
 * full width, as a file or a script wants it. Colors follow picocolors' detection (NO_COLOR,
 * FORCE_COLOR, TTY).
 */

/**
 * How a column may give way when the table is wider than the terminal:
 * - `fixed`: its cells never wrap (figures, intervals); only its header may wrap, between words;
 * - `name`: identifiers (bot names): a long one is broken across lines, never cut;
 * - `text`: prose, wrapped between words;
 * - `note`: prose that wraps like `text`, and is left out of the table when it would be
 *   narrower than NOTE_MIN columns — its texts are then printed under the table (nothing lost).
 */
export type ColumnKind = 'fixed' | 'name' | 'text' | 'note';

export interface TableLayout {
  /** The width to fit; undefined: no limit (full width). Default: terminalWidth(). */
  width?: number | undefined;
  /** One kind per column; default `text` for every column. */
  columns?: readonly ColumnKind[];
}

/** The narrowest a note column may get before it is left out of the table. */
export const NOTE_MIN = 24;
/** The narrowest a name column may get (its longest names then take several lines). */
const NAME_MIN = 10;
/** cli-table3's default padding: one space each side. */
const PAD = 2;

/** The width tables must fit: the terminal's, when stdout is one; undefined when piped (full width). */
export function terminalWidth(stream: { isTTY?: boolean; columns?: number } = process.stdout): number | undefined {
  return stream.isTTY && typeof stream.columns === 'number' && stream.columns > 0 ? stream.columns : undefined;
}

/** Printed width of a text: escape sequences do not count. */
function visible(s: string): number {
  return [...stripVTControlCharacters(s)].length;
}
const widest = (texts: readonly string[]) => texts.reduce((m, t) => Math.max(m, ...t.split('\n').map(visible)), 0);
const longestWord = (texts: readonly string[]) => texts.reduce((m, t) => Math.max(m, ...t.split(/\s+/).map(visible)), 0);

/**
 * The column widths (padding included) that fit `width`, or undefined when the natural widths
 * fit (or there is no limit). Columns shrink in this order: a note down to NOTE_MIN (left out
 * when even that is too wide), then the others, widest first, each down to the least it can
 * take without breaking a word (a fixed column: its widest cell; a name: NAME_MIN).
 */
export function fitColumns(head: readonly string[], rows: readonly (readonly string[])[], kinds: readonly ColumnKind[], width: number | undefined): { widths?: number[]; dropped?: number } {
  if (width === undefined) return {};
  const n = head.length;
  const body = (i: number) => rows.map((r) => r[i] ?? '');
  const natural = head.map((h, i) => Math.max(widest([h]), widest(body(i))) + PAD);
  const least = head.map((h, i) => {
    const headWord = longestWord([h]) + PAD;
    switch (kinds[i] ?? 'text') {
      case 'fixed':
        return Math.max(headWord, widest(body(i)) + PAD);
      case 'name':
        return Math.min(natural[i]!, Math.max(headWord, NAME_MIN));
      case 'note':
        return Math.min(natural[i]!, Math.max(headWord, longestWord(body(i)) + PAD, NOTE_MIN));
      default:
        return Math.max(headWord, longestWord(body(i)) + PAD);
    }
  });
  const shrink = (widths: number[], cols: number[], excess: number): number => {
    while (excess > 0) {
      const open = cols.filter((i) => widths[i]! > least[i]!);
      if (!open.length) break;
      const i = open.reduce((a, b) => (widths[b]! > widths[a]! ? b : a));
      widths[i]!--;
      excess--;
    }
    return excess;
  };
  const total = (widths: number[], cols: number[]) => cols.reduce((t, i) => t + widths[i]!, 0) + cols.length + 1;
  const all = [...Array(n).keys()];
  if (total(natural, all) <= width) return {};
  const note = all.find((i) => kinds[i] === 'note');
  const widths = [...natural];
  let excess = total(widths, all) - width;
  if (note !== undefined) excess = shrink(widths, [note], excess);
  excess = shrink(widths, all.filter((i) => i !== note), excess);
  if (excess <= 0 || note === undefined) return { widths };
  // Even at its narrowest the note does not fit beside the rest: the table goes without it.
  const rest = all.filter((i) => i !== note);
  const without = [...natural];
  shrink(without, rest, total(without, rest) - width);
  return { widths: rest.map((i) => without[i]!), dropped: note };
}

/**
 * A table laid out to fit: its columns shrunk (fitColumns), cells wrapped by cli-table3
 * (`wordWrap`; name cells broken anywhere), a left-out note column's texts under it.
 */
function layoutTable(head: readonly string[], cells: readonly (readonly string[])[], o: TableLayout, label: (row: number) => string = (r) => String(r + 1)): string {
  // Every table, once: what its cells echo (names, the user's text) is printed escaped; koth's colours stay.
  const rows = cells.map((r) => r.map(printableKeepingColour));
  const kinds = o.columns ?? head.map(() => 'text' as const);
  const { widths, dropped } = fitColumns(head, rows, kinds, 'width' in o ? o.width : terminalWidth());
  const keep = head.map((_, i) => i).filter((i) => i !== dropped);
  const table = new Table({
    head: keep.map((i) => pc.bold(head[i]!)),
    style: { head: [], border: [] },
    chars: COMPACT,
    ...(widths ? { colWidths: widths, wordWrap: true } : {}),
  });
  for (const r of rows) table.push(keep.map((i) => (widths && kinds[i] === 'name' ? { content: r[i] ?? '', wrapOnWordBoundary: false } : (r[i] ?? ''))));
  let out = table.toString();
  if (dropped !== undefined) {
    const notes = rows.flatMap((r, i) => (r[dropped] ? [`  ${label(i)}: ${r[dropped]}`] : []));
    if (notes.length) out += `\n${pc.dim(`${head[dropped]} (left out of the table: the terminal is ${'width' in o ? o.width : terminalWidth()} columns wide)`)}\n${notes.join('\n')}`;
  }
  return out;
}

/**
 * Terminal rendering of a comparison: published vs reproduced side by side, the acceptance
 * interval and a colored verdict per row, then the overall verdict. The note column is shown
 * when a row has a note; on a narrow terminal it wraps, or goes under the table.
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

export function renderComparison(report: ComparisonReport, digits = typeof report.digits === 'number' ? report.digits : 2, layout: Omit<TableLayout, 'columns'> = {}): string {
  const metrics = [...new Set(report.rows.map((r) => r.metric))];
  const hasIntervals = report.rows.some((r) => r.low != null);
  const notes = report.rows.map((r) => [r.note, r.explained].filter(Boolean).map((t) => pc.dim(t!)).join(pc.dim(' — ')));
  // --ratings: an Elo [low, high] column beside the reproduced figure (once per bot), the fit's line under the table.
  const ratings = reportRatings(report);
  // Rated entries that are no row (a pool naming a bot twice rates its second seat as "Name#2"): rows of their own, after the comparison's.
  const apart = ratings ? Object.keys(ratings.ratings).filter((bot) => !report.rows.some((r) => r.bot === bot)) : [];
  const withNotes = notes.some(Boolean) || apart.length > 0;
  const rated = new Set<string>();
  const eloOf = (bot: string) => (rated.has(bot) ? '' : (rated.add(bot), eloCell(ratings!.ratings[bot])));
  const head = ['#', 'bot', ...(metrics.length > 1 ? ['metric'] : []), 'published', 'reproduced', hasIntervals ? `${confidencePercent(report.confidence)} interval` : 'interval', ...(ratings ? [`Elo [${confidencePercent(ratings.ratingsFit.confidence)}]`] : []), 'verdict', ...(withNotes ? ['note'] : [])];
  const columns: ColumnKind[] = ['fixed', 'name', ...(metrics.length > 1 ? ['name' as const] : []), 'fixed', 'fixed', 'fixed', ...(ratings ? ['fixed' as const] : []), 'text', ...(withNotes ? ['note' as const] : [])];
  const rows = report.rows.map((r, i) => [
    String(i + 1),
    r.bot,
    ...(metrics.length > 1 ? [r.metric] : []),
    fmt(r.published, digits),
    fmt(r.reproduced, digits),
    r.low == null || r.high == null ? '—' : `[${r.low.toFixed(digits)}, ${r.high.toFixed(digits)}]`,
    ...(ratings ? [eloOf(r.bot)] : []),
    r.verdict === 'disagree' && r.explained ? pc.yellow('DISAGREE (explained)') : verdictCell(r.verdict),
    ...(withNotes ? [notes[i]!] : []),
  ]);
  for (const bot of apart) {
    const note = pc.dim(ratedApartNote(bot));
    rows.push([String(rows.length + 1), bot, ...(metrics.length > 1 ? [''] : []), '—', '—', '—', eloOf(bot), verdictCell('n/a'), note]);
  }
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
  const fitLine = ratings ? `\n${ratingsSummary(ratings)}` : '';
  const table = layoutTable(head, rows, { ...layout, columns }, (i) => `${i + 1} ${rows[i]![1]}`);
  return `${title}${extra}\n${table}\n${summary}${fitLine}\n`;
}

/** Why a rated entry has no comparison row: "Name#k" is the pool's k-th seat of Name, rated apart (the rows are by name). */
export function ratedApartNote(bot: string): string {
  const m = /^(.*)#(\d+)$/.exec(bot);
  const nth = (k: number) => `${k}${k % 10 === 2 && k % 100 !== 12 ? 'nd' : k % 10 === 3 && k % 100 !== 13 ? 'rd' : k % 10 === 1 && k % 100 !== 11 ? 'st' : 'th'}`;
  return m ? `rated apart: the pool's ${nth(Number(m[2]))} ${m[1]} (the table's rows are by name)` : 'rated, but no row of the table';
}

/** A plain aligned table for other listings (stats, registry...), fitted to the terminal (every column wraps between words unless `columns` says otherwise). */
export function renderTable(head: string[], rows: (string | number)[][], layout: TableLayout = {}): string {
  return layoutTable(head, rows.map((r) => r.map((c) => String(c))), layout);
}

export { printable, printableKeepingColour } from './printable.ts';
import { printableKeepingColour } from './printable.ts';

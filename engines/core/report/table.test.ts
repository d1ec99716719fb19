import { stripVTControlCharacters } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { fitColumns, NOTE_MIN, renderComparison, renderTable, terminalWidth } from './table.ts';
import type { ComparisonReport, ComparisonRow } from '../stats/compare.ts';

const plain = (s: string) => stripVTControlCharacters(s);
const width = (line: string) => [...plain(line)].length;
/** The table's own lines (borders and rows), without the title, the summary or notes under it. */
const tableLines = (out: string) => out.split('\n').filter((l) => /^[┌│└]/.test(plain(l)));
/** A body row's cells, by column, read back from the lines of a (possibly wrapped) table. */
function columnText(out: string, col: number): string {
  return tableLines(out)
    .slice(2, -1) // top border, header
    .map((l) => plain(l).split('│')[col + 1]!.trim())
    .join('');
}

const row = (bot: string, over: Partial<ComparisonRow> = {}): ComparisonRow => ({ bot, metric: 'winPct', published: 21.6, reproduced: 21.12, low: 14.59, high: 29.53, verdict: 'agree', ...over });
// The dice table's shape: 49 rows, names up to 23 characters, no notes.
const names = ['OptFor2X', 'Rebel', 'BringMyOwn_dice', 'AdaptiveRoller', 'ThrowThriceBot', 'LastRoundTrigger_Alpha', 'GoTo20Bot', 'PointsAreForNerdsBot'];
const dice: ComparisonReport = { challenge: 'dice', table: 'official', verdict: 'agree', confidence: 0.999, rows: Array.from({ length: 49 }, (_, i) => row(`${names[i % names.length]}${i}`)) };
// The atomas table's shape: short names, long notes and explanations.
const long = 'published at percentile 99.7 of 297 run means; 225 of 300 runs crashed (3 in game 1: no mean)';
const atomas: ComparisonReport = {
  challenge: 'atomas',
  table: 'answers',
  verdict: 'agree',
  confidence: 0.99,
  rows: [
    row('draftBot', { verdict: 'disagree', note: long, explained: 'an earlier controller: its answer reports crashes past 1500 points and wrong fusions' }),
    row('BadPlayer', { note: 'published at percentile 0.0 of 298 run means' }),
    row('RandomBot'),
  ],
};

describe('terminal tables fit the terminal', () => {
  it('piped (no width): full width, one line per row, as before', () => {
    const out = renderComparison(dice, 2, { width: undefined });
    expect(tableLines(out)).toHaveLength(49 + 3);
    expect(Math.max(...tableLines(out).map(width))).toBeGreaterThan(80);
    expect(plain(out)).not.toMatch(/│ note/); // no note in any row: no note column
  });

  it('dice at 80 columns: every line fits, long names are broken across lines, never cut', () => {
    const out = renderComparison(dice, 2, { width: 80 });
    for (const l of tableLines(out)) expect(width(l)).toBeLessThanOrEqual(80);
    expect(tableLines(out).length).toBeLessThan(2 * 49); // not every row on two lines
    expect(columnText(out, 1)).toBe(dice.rows.map((r) => r.bot).join(''));
    expect(plain(out)).not.toContain('…');
  });

  it('atomas: notes wrap in their column when it can be NOTE_MIN wide, else they go under the table', () => {
    const wide = renderComparison(atomas, 2, { width: 140 });
    for (const l of tableLines(wide)) expect(width(l)).toBeLessThanOrEqual(140);
    expect(plain(wide)).toContain('│ note');
    expect(columnText(wide, 6).replace(/\s+/g, '')).toBe(plain([`${long} — an earlier controller: its answer reports crashes past 1500 points and wrong fusions`, 'published at percentile 0.0 of 298 run means'].join('')).replace(/\s+/g, ''));
    const narrow = renderComparison(atomas, 2, { width: 80 });
    for (const l of tableLines(narrow)) expect(width(l)).toBeLessThanOrEqual(80);
    expect(plain(narrow)).not.toContain('│ note');
    expect(plain(narrow)).toContain('note (left out of the table: the terminal is 80 columns wide)');
    expect(plain(narrow)).toContain(`  1 draftBot: ${long} — an earlier controller`);
    expect(plain(narrow)).toContain('  2 BadPlayer: published at percentile 0.0 of 298 run means');
    expect(plain(narrow)).not.toContain('3 RandomBot:'); // no note, no line
  });

  it('fitColumns: a note is shrunk first, then the widest columns; never below a word', () => {
    const head = ['#', 'bot', 'verdict', 'note'];
    const rows = [['1', 'SomeBot', 'DISAGREE (explained)', 'x '.repeat(100).trim()]];
    expect(fitColumns(head, rows, ['fixed', 'name', 'text', 'note'], undefined)).toEqual({});
    expect(fitColumns(head, rows, ['fixed', 'name', 'text', 'note'], 1000)).toEqual({});
    const fit = fitColumns(head, rows, ['fixed', 'name', 'text', 'note'], 60);
    expect(fit.dropped).toBeUndefined();
    expect(fit.widths!.reduce((a, b) => a + b, 0) + 5).toBe(60);
    expect(fit.widths).toEqual([3, 9, 19, NOTE_MIN]); // the note down to NOTE_MIN, then the widest other column
    const tight = fitColumns(head, rows, ['fixed', 'name', 'text', 'note'], 40);
    expect(tight.dropped).toBe(3);
    expect(tight.widths).toEqual([3, 9, 22]); // 34 + 4 borders fit 40
    const roomy = fitColumns(head, rows, ['fixed', 'name', 'text', 'note'], 100);
    expect(roomy.widths).toEqual([3, 9, 22, 100 - 5 - 34]); // only the note gave way
  });

  it('renderTable wraps between words to fit; full width when piped', () => {
    const head = ['what', 'koth-replay', 'original', 'ratio', 'original measured by / note'];
    const rows = [['dice exact games per CPU-second', '154.2 k games/s', '5.0 k games/s', '30.8×', 'forty_game_controller.py (python3, same invocation), median of 5 runs']];
    const full = renderTable(head, rows, { width: undefined });
    expect(full.split('\n')).toHaveLength(4);
    const out = renderTable(head, rows, { width: 80 });
    for (const l of out.split('\n')) expect(width(l)).toBeLessThanOrEqual(80);
    expect(plain(out).replace(/[│┌┐└┘─┬┴\s]+/g, ' ')).toContain('forty_game_controller.py');
  });
});

describe('the width comes from stdout when it is a terminal', () => {
  const saved = { isTTY: process.stdout.isTTY, columns: process.stdout.columns };
  afterEach(() => {
    Object.defineProperty(process.stdout, 'isTTY', { value: saved.isTTY, configurable: true, writable: true });
    Object.defineProperty(process.stdout, 'columns', { value: saved.columns, configurable: true, writable: true });
  });

  it('a terminal of 72 columns bounds the table; a pipe does not', () => {
    expect(terminalWidth({ isTTY: true, columns: 72 })).toBe(72);
    expect(terminalWidth({ isTTY: false, columns: 72 })).toBeUndefined();
    expect(terminalWidth({})).toBeUndefined();
    Object.defineProperty(process.stdout, 'isTTY', { value: true, configurable: true, writable: true });
    Object.defineProperty(process.stdout, 'columns', { value: 72, configurable: true, writable: true });
    for (const l of tableLines(renderComparison(dice))) expect(width(l)).toBeLessThanOrEqual(72);
    Object.defineProperty(process.stdout, 'isTTY', { value: false, configurable: true, writable: true });
    expect(tableLines(renderComparison(dice))).toHaveLength(49 + 3);
  });
});

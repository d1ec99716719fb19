/**
 * One pass over the stored games for the passes over a million of them that the board and the
 * site make (rate.ts, board.ts, publish.ts): the same games in the same order as store.ts's
 * iterateGames (number order, one rules version or all), read many at a time.
 *
 * Why not iterateGames: a row read through the driver costs about a microsecond whatever it holds
 * (1.2 s for a million rows of one integer), and making a `Game` of each (its seats split into
 * numbers) as much again. Here SQLite writes CHUNK games into one string, each game as the line
 * of the results digest (publish.ts resultsDigest: `<number> <rules> <seed key> <seats> <kind>
 * <result>[ <subject>]\n`), and their ticks and subjects into others; the lines are hashed as they are and split here
 * (a chunk whose lines do not split one way — a space or a newline in a column — or whose numbers
 * do not rise is read row by row).
 * It belongs beside store.ts's queries (kept apart while store.ts changes; the column names are
 * the schema's).
 */
import type { Store } from './store.ts';

/** A stored game's columns: number, rules, seed key, seats (comma-separated version ids, as stored), result, kind, tick. */
export type GameRowVisitor = (number: number, rules: string, seedKey: number, seats: string, result: string, kind: string, tick: number) => void;

/** Games a query reads at once. */
const CHUNK = 20_000;

/**
 * Calls `visit` with every stored game in number order (of `rules` only, when given), and
 * `lines` with each chunk's digest lines (every game's, in number order) before its games are visited.
 */
export function forEachGameRow(store: Store, visit: GameRowVisitor, filter: { rules?: string } = {}, lines?: (text: string) => void): void {
  const where = filter.rules !== undefined ? 'number > ? AND rules = ?' : 'number > ?';
  const stmt = store.db.prepare(
    // No ORDER BY inside the aggregates (its sort costs 0.8 s of CPU a million games): the rows come
    // in the subquery's order, which visitLines checks (numbers rising), reading the chunk row by row if not.
    "SELECT group_concat(number || ' ' || rules || ' ' || seed_key || ' ' || seats || ' ' || kind || ' ' || result || coalesce(' ' || subject, '') || char(10), '') AS lines, " +
      `group_concat(tick, ',') AS ticks, group_concat(coalesce(subject, ''), ',') AS subjects, max(number) AS last FROM (SELECT * FROM games WHERE ${where} ORDER BY number LIMIT ${CHUNK})`,
  );
  const exact = store.db.prepare(`SELECT number, rules, seed_key, seats, result, kind, tick, subject FROM games WHERE ${where} ORDER BY number LIMIT ${CHUNK}`).raw(true);
  let after = 0;
  for (;;) {
    const args = filter.rules !== undefined ? [after, filter.rules] : [after];
    const r = stmt.get(...args) as { lines: string | null; ticks: string | null; subjects: string | null; last: number | bigint | null };
    if (r.lines === null || r.last === null) return;
    if (!visitLines(r.lines, String(r.ticks).split(','), String(r.subjects).split(','), after, visit, lines)) {
      // A column holding a space or a newline (a rules name, or a damaged result), or rows out of order: the chunk read row by row.
      const rows = exact.all(...args) as unknown[][];
      lines?.(rows.map((x) => `${Number(x[0])} ${String(x[1])} ${Number(x[2])} ${String(x[3])} ${String(x[5])} ${String(x[4])}${x[7] == null ? '' : ` ${Number(x[7])}`}\n`).join(''));
      for (const row of rows) visit(Number(row[0]), String(row[1]), Number(row[2]), String(row[3]), String(row[4]), String(row[5]), Number(row[6]));
    }
    after = Number(r.last);
  }
}

const SEATS = /^\d+(?:,\d+)*$/;

/**
 * Visits a chunk's games from its digest lines (first handing the lines to `lines`), when every
 * line splits one way only — six fields and its subject if it has one, none holding a space, a
 * known kind, seats as stored — the
 * numbers rise from `after`, and there are as many lines as ticks. Returns false (nothing visited,
 * nothing handed) otherwise: the caller reads that chunk row by row.
 */
function visitLines(text: string, ticks: readonly string[], subjects: readonly string[], after: number, visit: GameRowVisitor, lines: ((text: string) => void) | undefined): boolean {
  if (subjects.length !== ticks.length) return false;
  const pos: number[] = []; // per game: its number, its start and its five spaces
  let at = 0;
  let last = after;
  while (at < text.length) {
    const end = text.indexOf('\n', at);
    const a = text.indexOf(' ', at);
    const b = text.indexOf(' ', a + 1);
    const c = text.indexOf(' ', b + 1);
    const d = text.indexOf(' ', c + 1);
    const e = text.indexOf(' ', d + 1);
    if (end < 0 || a < 0 || b < 0 || c < 0 || d < 0 || e < 0 || e > end) return false;
    // After the kind: the result, then the game's subject (a test's or a smoke game's), if it has one, after one more space.
    const subject = subjects[pos.length / 7] ?? '';
    const resultEnd = subject === '' ? end : end - subject.length - 1;
    if (text.lastIndexOf(' ', resultEnd - 1) !== e || (subject !== '' && (text.charCodeAt(resultEnd) !== 32 || text.slice(resultEnd + 1, end) !== subject))) return false;
    const number = Number(text.slice(at, a));
    const kind = text.slice(d + 1, e);
    if (!(number > last) || !(kind === 'field' || kind === 'test' || kind === 'smoke') || !SEATS.test(text.slice(c + 1, d))) return false;
    last = number;
    pos.push(number, a, b, c, d, e, resultEnd);
    at = end + 1;
  }
  if (pos.length !== 7 * ticks.length) return false;
  lines?.(text);
  for (let g = 0, p = 0; g < ticks.length; g++, p += 7) {
    const [number, a, b, c, d, e, resultEnd] = [pos[p]!, pos[p + 1]!, pos[p + 2]!, pos[p + 3]!, pos[p + 4]!, pos[p + 5]!, pos[p + 6]!];
    visit(number, text.slice(a + 1, b), Number(text.slice(b + 1, c)), text.slice(c + 1, d), text.slice(e + 1, resultEnd), text.slice(d + 1, e), Number(ticks[g]));
  }
  return true;
}

/**
 * The version ids of a seats column ("12,7,9") written into `out` (from its start); returns how
 * many. No array made a game: a pass over a million games reuses one.
 */
export function seatsInto(seats: string, out: number[]): number {
  let k = 0;
  let x = 0;
  for (let i = 0; i < seats.length; i++) {
    const c = seats.charCodeAt(i);
    if (c === 44 /* , */) (out[k++] = x), (x = 0);
    else x = x * 10 + (c - 48);
  }
  out[k++] = x;
  return k;
}

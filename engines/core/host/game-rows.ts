/**
 * One pass over the stored games for the passes over a million of them that the board and the
 * site make (rate.ts, board.ts, publish.ts): the same games in the same order as store.ts's
 * iterateGames (number order, one rules version or all), read many at a time.
 *
 * Why not iterateGames: a row read through the driver costs about a microsecond whatever it holds
 * (1.2 s for a million rows of one integer), and making a `Game` of each (its seats split into
 * numbers) as much again. Here SQLite writes CHUNK games into one string, each game as the line
 * of the results digest (publish.ts resultsDigest: `<number> <rules> <seed key> <seats> <kind>
 * <result>\n`), and their ticks into another; the lines are hashed as they are and split here.
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
    "SELECT group_concat(number || ' ' || rules || ' ' || seed_key || ' ' || seats || ' ' || kind || ' ' || result || char(10), '' ORDER BY number) AS lines, " +
      `group_concat(tick, ',' ORDER BY number) AS ticks, max(number) AS last FROM (SELECT * FROM games WHERE ${where} ORDER BY number LIMIT ${CHUNK})`,
  );
  let after = 0;
  for (;;) {
    const r = (filter.rules !== undefined ? stmt.get(after, filter.rules) : stmt.get(after)) as { lines: string | null; ticks: string | null; last: number | bigint | null };
    if (r.lines === null || r.last === null) return;
    const text = r.lines;
    lines?.(text);
    const ticks = String(r.ticks).split(',');
    let at = 0;
    for (let g = 0; at < text.length; g++) {
      // number, then from the line's end: result, kind, seats, seed key (none holds a space); the rules between.
      const end = text.indexOf('\n', at);
      const a = text.indexOf(' ', at);
      const e = text.lastIndexOf(' ', end);
      const d = text.lastIndexOf(' ', e - 1);
      const c = text.lastIndexOf(' ', d - 1);
      const b = text.lastIndexOf(' ', c - 1);
      visit(Number(text.slice(at, a)), text.slice(a + 1, b), Number(text.slice(b + 1, c)), text.slice(c + 1, d), text.slice(e + 1, end), text.slice(d + 1, e), Number(ticks[g]));
      at = end + 1;
    }
    after = Number(r.last);
  }
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

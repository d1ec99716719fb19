/**
 * The board of a host (`koth host board [--json]`, docs/host.md "Rate"): one row per entry (its
 * latest version), the ratings of the active ones (rate.ts), the SPRT tests, and how the ratings
 * were made. A function of the store and the options only — no clock, no machine — so the
 * published leaderboard.json (publish.ts) is byte-identical for identical inputs.
 *
 * Figures are rounded where they are shown and published (Elo and bounds to 0.1, shares and LLRs
 * to 4 decimals): a board says what its games support, and a figure's last bits are not that.
 */
import { eloCell } from '../report/ratings.ts';
import { renderTable, terminalWidth, type ColumnKind, type TableLayout } from '../report/table.ts';
import type { GameRowVisitor } from './game-rows.ts';
import { boardNames, rateAndCount, type HostRatings, type RateOptions } from './rate.ts';
import { getSettings, listEntries, listTests, versionsOf, type Store, type TestVerdict, type Version, type VersionStatus } from './store.ts';

/** One entry's row: its latest version, and the rating of that version when it is active and rated. */
export interface BoardEntry {
  /** The entry's id (its page is entries/<id>.html). */
  id: number;
  /** The board name (class name; `Class (answer A)` when two answers share one). */
  name: string;
  answer: string;
  author: string;
  /** The latest version's number, from 1 per entry. */
  version: number;
  sha256: string;
  status: VersionStatus;
  /** Why it was rejected or retired. */
  reason?: string;
  /** Active: the games its rating is fitted on; otherwise the field games it played (same rules version, as of). */
  games: number;
  /** null: not rated (not active, or no rated game yet). */
  elo: number | null;
  /** The interval; null on the side a one-sided bound leaves open, or when not rated. */
  low: number | null;
  high: number | null;
  /** A version that never won (never lost): its bound is `high` (`low`), as `--ratings` JSON reports it. */
  oneSided?: { side: 'upper' | 'lower'; why: 'never won' | 'never lost'; bound: number; comparisons: number; tail: number };
  /** The share of bootstrap resamples in which it rated highest; null when not rated. */
  first: number | null;
}

export interface BoardTest {
  /** Entry names of the candidate and the baseline, and their version numbers. */
  candidate: string;
  candidateVersion: number;
  baseline: string;
  baselineVersion: number;
  verdict: TestVerdict;
  llr: number;
  pairs: number;
}

export interface Board {
  game: string;
  rules: string;
  entries: BoardEntry[];
  tests: BoardTest[];
  ratings: Omit<HostRatings, 'ratings' | 'rules'>;
}

const round = (x: number, digits: number) => {
  const f = 10 ** digits;
  const y = Math.round(x * f) / f;
  return Object.is(y, -0) ? 0 : y;
};
const elo = (x: number | null) => (x === null || !Number.isFinite(x) ? null : round(x, 1));

const STATUS_ORDER: Record<VersionStatus, number> = { active: 0, validating: 1, rejected: 2, retired: 3 };

/**
 * The board: entries sorted active first (highest Elo first, unrated after the rated), then
 * validating, rejected, retired; within equals by name, then id. Entries named in `without` are
 * not on it. Field games a version played are counted under the same rules version and as-of as
 * the ratings.
 */
export function computeBoard(store: Store, options: RateOptions = {}): Board {
  return boardWith(store, options);
}

/** computeBoard, its one pass over the stored games also handing each (of every rules version) to `also`, their digest lines to `lines` (publish.ts: the digest and counts of the site). */
export function boardWith(store: Store, options: RateOptions = {}, also?: GameRowVisitor, lines?: (text: string) => void): Board {
  const settings = getSettings(store);
  const { ratings, fieldPlayed: playedCounts } = rateAndCount(store, options, also, lines);
  const entries = listEntries(store);
  const names = boardNames(entries);
  const without = new Set(ratings.without);
  const rated = new Map(ratings.ratings.map((r) => [r.version, r]));
  const latest = new Map<number, Version>();
  const versionOf = new Map<number, { name: string; number: number }>();
  for (const e of entries) {
    const vs = versionsOf(store, e.id);
    for (const v of vs) versionOf.set(v.id, { name: names.get(e.id)!, number: v.number });
    if (vs.length) latest.set(e.id, vs[vs.length - 1]!);
  }
  const rows: BoardEntry[] = entries.flatMap((e) => {
    const name = names.get(e.id)!;
    const v = latest.get(e.id);
    if (!v || without.has(name)) return [];
    const r = v.status === 'active' ? rated.get(v.id) : undefined;
    const row: BoardEntry = {
      id: e.id,
      name,
      answer: e.answer,
      author: v.author ?? e.author,
      version: v.number,
      sha256: v.sha256,
      status: v.status,
      ...(v.reason !== null ? { reason: v.reason } : {}),
      games: r ? r.games : v.status === 'active' ? 0 : (playedCounts.get(v.id) ?? 0),
      elo: r ? elo(r.rating.elo) : null,
      low: r ? elo(r.rating.low) : null,
      high: r ? elo(r.rating.high) : null,
      ...(r?.rating.oneSided ? { oneSided: { ...r.rating.oneSided, bound: elo(r.rating.oneSided.bound)!, tail: round(r.rating.oneSided.tail, 6) } } : {}),
      first: r ? round(r.firstShare, 4) : null,
    };
    return [row];
  });
  rows.sort((a, b) => STATUS_ORDER[a.status] - STATUS_ORDER[b.status] || (b.elo ?? -Infinity) - (a.elo ?? -Infinity) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0) || a.id - b.id);
  const tests: BoardTest[] = listTests(store).map((t) => {
    const c = versionOf.get(t.candidate)!;
    const b = versionOf.get(t.baseline)!;
    return { candidate: c.name, candidateVersion: c.number, baseline: b.name, baselineVersion: b.number, verdict: t.verdict, llr: round(t.llr, 4), pairs: t.pairs };
  });
  const { ratings: _r, rules, ...how } = ratings;
  return { game: settings.game, rules, entries: rows, tests, ratings: how };
}

/** A board row's rating as a cell ("1623 [1590, 1655]", "≤ 1021 (never won)", "—"). */
export function boardEloCell(e: BoardEntry): string {
  if (e.elo === null) return '—';
  return eloCell({ elo: e.elo, low: e.low, high: e.high, ...(e.oneSided ? { oneSided: e.oneSided } : {}) });
}

/** The board as a terminal table (the project's table kit: fitted to the terminal), tests under it. */
export function renderBoard(board: Board, layout: Omit<TableLayout, 'columns'> = {}): string {
  const pct = Math.round(board.ratings.confidence * 100);
  const head = ['#', 'entry', 'v', 'status', 'games', `Elo [${pct}%]`, 'P(1st)', 'author', 'reason'];
  let rank = 0;
  const rows = board.entries.map((e) => [
    e.status === 'active' && e.elo !== null ? String(++rank) : '',
    e.name,
    String(e.version),
    e.status,
    String(e.games),
    boardEloCell(e),
    e.first === null ? '—' : `${(e.first * 100).toFixed(1)}%`,
    e.author,
    e.reason ?? '',
  ]);
  const width = 'width' in layout ? layout.width : terminalWidth();
  const kinds: ColumnKind[] = ['fixed', 'name', 'fixed', 'fixed', 'fixed', 'fixed', 'fixed', 'name', 'note'];
  // No reason on the board (every entry active or validating): no column for it.
  const cols = rows.some((r) => r[8]) ? head.length : head.length - 1;
  const parts = [
    renderTable(head.slice(0, cols), rows.map((r) => r.slice(0, cols)), { ...layout, columns: kinds.slice(0, cols) }),
    wrapWords(`${board.game}, rules ${board.rules}: ${board.ratings.games} games (${board.ratings.deals} deals), ${board.ratings.modelText}; ${board.ratings.resamples} bootstrap resamples of the deals.` +
      (board.ratings.asOf ? ` As of ${board.ratings.asOf}.` : '') +
      (board.ratings.without.length ? ` Without ${board.ratings.without.join(', ')} and their games.` : ''),
      width,
    ),
  ];
  if (board.tests.length) {
    parts.push(
      renderTable(
        ['candidate', 'baseline', 'verdict', 'LLR', 'pairs'],
        board.tests.map((t) => [`${t.candidate} v${t.candidateVersion}`, `${t.baseline} v${t.baselineVersion}`, t.verdict, t.llr.toFixed(2), String(t.pairs)]),
        { ...layout, columns: ['name', 'name', 'fixed', 'fixed', 'fixed'] },
      ),
    );
  }
  return parts.join('\n');
}

/** A line of prose broken between words to `width` columns (no limit: as it is). */
function wrapWords(text: string, width: number | undefined): string {
  if (width === undefined) return text;
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line && [...line].length + 1 + [...word].length > width) (lines.push(line), (line = word));
    else line = line ? `${line} ${word}` : word;
  }
  return [...lines, line].join('\n');
}

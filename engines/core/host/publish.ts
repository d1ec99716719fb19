/**
 * Step 6 of a host's tick, Publish (docs/host.md "Publish"): DIR/site/, a static site needing no
 * server and loading nothing remote —
 *
 *  - `leaderboard.json`: the active entries' rows of the board (board.ts, the fields of
 *    `koth host board --json`) and how they were rated;
 *  - `manifest.json`: what the board is a function of — the game, the rules version and a hash of
 *    its rules, the engine build's hash, the host seed, every version's sha256, the game count and
 *    a digest of the stored results;
 *  - `events.json`: what happened, with wall-clock times, machines and pids (the only file that has them);
 *  - `index.html`: the board with its intervals drawn (inline SVG), what changed in the last tick
 *    (its events, and the entries that came onto the board, left it or moved since the site before);
 *  - `entries/<id>.html` and `entries/<id>.json`: an entry's status, reason, versions, tests and games;
 *  - `watch/<number>.html`: watch pages of stored games, played again from their seeds (watch.ts),
 *    for a bounded set — each active entry's latest field game of house bots, linked from its
 *    page (a site of a million games cannot hold a page a game: `koth host watch DIR N` makes any
 *    other); games seating posted answers need the sandbox and get none yet.
 *
 * leaderboard.json and manifest.json hold no wall-clock time, machine name, pid or worker id:
 * they are functions of the store's entries, versions, games and tests, the host seed and the two
 * hashes given, so two hosts with equal inputs publish them byte for byte alike.
 *
 * Atomic: the site is written whole into a temporary folder beside it, DIR/site.tmp-<pid>, then
 * swapped in by renaming (POSIX rename cannot replace a non-empty folder, so the old site is first
 * renamed to DIR/site.old and removed after the swap). A failure while writing — a full disk, a
 * signal — leaves the previous site untouched and the temporary folder removed; a process killed
 * between the two renames leaves DIR/site.old, which the next publish puts back before anything else.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { esc, renderWatchPage } from '../report/html/watch.ts';
import { boardEloCell, boardWith, type Board, type BoardEntry, type BoardTest } from './board.ts';
import { forEachGameRow, seatsInto, type GameRowVisitor } from './game-rows.ts';
import { HostWatchRefused, type HostGame } from './play.ts';
import { boardNames, type RateOptions } from './rate.ts';
import { HostWatchError, PORT_LANGUAGE, storedGameWatchPage } from './watch.ts';
import { gameCount, getSettings, listEntries, listEvents, listTicks, listVersions, versionsOf, type HostEvent, type Store } from './store.ts';

/** The site's folder in a host DIR. */
export const SITE_DIR = 'site';
/** The site's folder of watch pages (watch/<game number>.html). */
export const WATCH_DIR = 'watch';

export interface PublishOptions extends Pick<RateOptions, 'resamples' | 'confidence'> {
  /** The engine build's hash (the bundle's or the game's code; the caller knows which build plays). */
  engineHash: string;
  /** A hash of the rules version's rules (its parameters as the game states them). */
  rulesHash: string;
  /** The board to publish, when the tick has it already (else computed with `resamples`, `confidence`). */
  board?: Board;
  /**
   * The game's hosting (its engine's `host`): with its `watch`, the site gets the watch pages of
   * each active entry's latest field game of house bots (watch/<number>.html); without, none.
   */
  host?: Pick<HostGame, 'watch'>;
  /**
   * Watch pages made already (rendered HTML by game number: a tick makes those of games seating
   * posted answers in its sandbox, watchedGames): an active entry whose latest field game has one
   * links that game's page; the others, their latest field game of house bots made here.
   */
  watchPages?: ReadonlyMap<number, string>;
  /** Called with each file's site path before it is written (tests inject a failure here). */
  beforeWrite?: (file: string) => void;
}

export interface Manifest {
  game: string;
  rules: string;
  rulesHash: string;
  engineHash: string;
  seed: string;
  /** Every version, by id. */
  versions: { id: number; entry: number; name: string; version: number; sha256: string; status: string }[];
  /** Stored games (every kind and rules version). */
  games: number;
  /** sha256 of the games' lines in number order (resultsDigest). */
  results: string;
}

/**
 * The digest of the stored results: sha256 (hex) over one line per game in number order,
 * `<number> <rules> <seed key> <seats, comma-separated version ids> <kind> <result>\n` (UTF-8), with
 * ` <subject>` before the newline for a test's or a smoke game (the test or version its seed names).
 * The tick and the worker are not in it (they say when and where, not what).
 */
export function resultsDigest(store: Store): string {
  const tally = new GameTally();
  forEachGameRow(store, tally.visit, {}, tally.lines);
  return tally.digest();
}

/**
 * What the site needs of every stored game, gathered in one pass (rate's, when the board is
 * computed here): resultsDigest's hash (of forEachGameRow's lines, which are the digest's), the
 * games of any kind each version sat in, the count.
 */
class GameTally {
  games = 0;
  readonly byVersion = new Map<number, number>();
  /** Each version's latest field game, and its latest field game of house bots only (a page can be made of it here). */
  readonly lastField = new Map<number, number>();
  readonly lastPortField = new Map<number, number>();
  constructor(private readonly ports: ReadonlySet<number> = new Set()) {}
  private readonly hash = createHash('sha256');
  private readonly ids: number[] = [];
  readonly lines = (text: string): void => void this.hash.update(text);
  readonly visit: GameRowVisitor = (number, _rules, _seedKey, seats, _result, kind) => {
    this.games++;
    const k = seatsInto(seats, this.ids);
    let ports = true;
    for (let i = 0; i < k; i++) {
      const v = this.ids[i]!;
      if (!this.ports.has(v)) ports = false;
      if (this.ids.indexOf(v) < i) continue; // a version seated twice: one game
      this.byVersion.set(v, (this.byVersion.get(v) ?? 0) + 1);
    }
    if (kind !== 'field') return;
    for (let i = 0; i < k; i++) {
      this.lastField.set(this.ids[i]!, number);
      if (ports) this.lastPortField.set(this.ids[i]!, number);
    }
  };
  digest(): string {
    return this.hash.digest('hex');
  }
}

/** The manifest (see the file's comment). */
export function manifestOf(store: Store, o: Pick<PublishOptions, 'engineHash' | 'rulesHash'>, board: Board, tally?: { games: number; results: string }): Manifest {
  const s = getSettings(store);
  const names = boardNames(listEntries(store));
  return {
    game: s.game,
    rules: board.rules,
    rulesHash: o.rulesHash,
    engineHash: o.engineHash,
    seed: s.seed,
    versions: listVersions(store).map((v) => ({ id: v.id, entry: v.entry, name: names.get(v.entry)!, version: v.number, sha256: v.sha256, status: v.status })),
    games: tally ? tally.games : gameCount(store),
    results: tally ? tally.results : resultsDigest(store),
  };
}

const json = (x: unknown) => `${JSON.stringify(x, null, 2)}\n`;

/** leaderboard.json's content: the active rows of the board and how they were rated. */
export function leaderboardOf(board: Board): { game: string; rules: string; ratings: Board['ratings']; entries: BoardEntry[] } {
  return { game: board.game, rules: board.rules, ratings: board.ratings, entries: board.entries.filter((e) => e.status === 'active') };
}

/** Publishes DIR/site/ (see the file's comment); returns the site's folder and its files (site paths, sorted). */
export function publishSite(store: Store, o: PublishOptions): { dir: string; files: string[] } {
  const site = join(store.dir, SITE_DIR);
  const old = `${site}.old`;
  if (!existsSync(site) && existsSync(old)) renameSync(old, site); // a publish killed between its two renames
  for (const f of readdirSync(store.dir)) if (f.startsWith(`${SITE_DIR}.tmp-`)) rmSync(join(store.dir, f), { recursive: true, force: true });
  const tally = new GameTally(new Set(listVersions(store).flatMap((v) => (v.language === PORT_LANGUAGE ? [v.id] : []))));
  let board = o.board;
  if (board) forEachGameRow(store, tally.visit, {}, tally.lines);
  else board = boardWith(store, { resamples: o.resamples, confidence: o.confidence }, tally.visit, tally.lines);
  if (board.ratings.asOf !== null || board.ratings.without.length || board.rules !== getSettings(store).rules) {
    throw new RangeError('publishSite: the site is the board now, of the host\'s rules, with every entry (a board --as-of, --without or --rules is shown, not published)');
  }
  const files = siteFiles(store, o, board, previousLeaderboard(site), { games: tally.games, results: tally.digest(), byVersion: tally.byVersion, lastField: tally.lastField, lastPortField: tally.lastPortField });
  const tmp = `${site}.tmp-${process.pid}`;
  try {
    mkdirSync(join(tmp, 'entries'), { recursive: true });
    if ([...files.keys()].some((f) => f.startsWith(`${WATCH_DIR}/`))) mkdirSync(join(tmp, WATCH_DIR));
    for (const [file, text] of files) {
      o.beforeWrite?.(file);
      writeFileSync(join(tmp, file), text);
    }
  } catch (e) {
    rmSync(tmp, { recursive: true, force: true });
    throw e;
  }
  rmSync(old, { recursive: true, force: true });
  if (existsSync(site)) renameSync(site, old);
  renameSync(tmp, site);
  rmSync(old, { recursive: true, force: true });
  return { dir: site, files: [...files.keys()].sort() };
}

/** Every file of the site by its path in the site, in writing order. */
function siteFiles(
  store: Store,
  o: PublishOptions,
  board: Board,
  previous: BoardEntry[] | undefined,
  tally: { games: number; results: string; byVersion: Map<number, number>; lastField: Map<number, number>; lastPortField: Map<number, number> },
): Map<string, string> {
  const files = new Map<string, string>();
  files.set('leaderboard.json', json(leaderboardOf(board)));
  files.set('manifest.json', json(manifestOf(store, o, board, tally)));
  const events = listEvents(store);
  files.set('events.json', json(events));
  const ticks = listTicks(store);
  const last = ticks.at(-1)?.number;
  files.set('index.html', indexPage(board, last === undefined ? [] : events.filter((e) => e.tick === last), last, boardChanges(previous, board)));
  const rows = new Map(board.entries.map((e) => [e.id, e]));
  const names = boardNames(listEntries(store));
  const played = tally.byVersion;
  // Watch pages: each active entry's latest field game when its page was given, else its latest of house bots (a bounded set: one an entry at most, shared games once).
  const watched = new Map<number, string>();
  const watchOf = (number: number | undefined): string | null => {
    if (number === undefined || !o.host?.watch) return null;
    if (!watched.has(number)) {
      try {
        watched.set(number, renderWatchPage(storedGameWatchPage(store, o.host, number, { command: `koth host watch DIR ${number}` })));
      } catch (e) {
        if (!(e instanceof HostWatchRefused || e instanceof HostWatchError)) throw e;
        return null;
      }
    }
    return `${WATCH_DIR}/${number}.html`;
  };
  for (const entry of listEntries(store)) {
    const row = rows.get(entry.id);
    const versions = versionsOf(store, entry.id);
    const name = names.get(entry.id)!;
    const latest = versions.at(-1);
    const active = latest?.status === 'active' ? latest.id : undefined;
    const lastGame = active === undefined ? undefined : tally.lastField.get(active);
    const given = lastGame !== undefined && o.watchPages?.has(lastGame);
    if (given && !watched.has(lastGame!)) watched.set(lastGame!, o.watchPages!.get(lastGame!)!);
    const watchGame = given ? lastGame : active === undefined ? undefined : tally.lastPortField.get(active);
    const watchPage = given ? `${WATCH_DIR}/${lastGame}.html` : watchOf(watchGame);
    const page = {
      id: entry.id,
      name,
      answer: entry.answer,
      class: entry.className,
      author: entry.author,
      status: versions.at(-1)?.status ?? null,
      reason: versions.at(-1)?.reason ?? null,
      rating: row && row.elo !== null ? { elo: row.elo, low: row.low, high: row.high, ...(row.oneSided ? { oneSided: row.oneSided } : {}), first: row.first, games: row.games } : null,
      games: versions.reduce((s, v) => s + (played.get(v.id) ?? 0), 0),
      versions: versions.map((v) => ({ version: v.number, sha256: v.sha256, language: v.language, author: v.author, posted: v.posted, edited: v.edited, status: v.status, reason: v.reason, games: played.get(v.id) ?? 0 })),
      tests: board.tests.filter((t) => t.candidate === name || t.baseline === name),
      latestGame: lastGame ?? null,
      watch: watchPage && watchGame !== undefined ? { game: watchGame, page: watchPage } : null,
    };
    files.set(`entries/${entry.id}.json`, json(page));
    files.set(`entries/${entry.id}.html`, entryPage(board, page));
  }
  for (const [number, html] of watched) files.set(`${WATCH_DIR}/${number}.html`, html);
  return files;
}

/** The active rows of the site published before, if it is there and readable (what changed is shown against it). */
function previousLeaderboard(site: string): BoardEntry[] | undefined {
  try {
    const x = JSON.parse(readFileSync(join(site, 'leaderboard.json'), 'utf8')) as { entries?: unknown };
    return Array.isArray(x.entries) ? (x.entries as BoardEntry[]) : undefined;
  } catch {
    return undefined;
  }
}

/** One line of "what changed": an entry that came onto the board, left it, or moved. */
export interface BoardChange {
  name: string;
  change: 'new' | 'gone' | 'moved';
  rank: [number | null, number | null];
  elo: [number | null, number | null];
}

/** The active entries' changes from the board published before (undefined: none before): new, gone, a rank or Elo changed (by name; unrated rows have no rank). */
export function boardChanges(previous: readonly BoardEntry[] | undefined, board: Board): BoardChange[] {
  if (!previous) return [];
  const ranks = (rows: readonly BoardEntry[]) => {
    let k = 0;
    return new Map(rows.filter((e) => e.status === 'active').map((e) => [e.name, { rank: e.elo === null ? null : ++k, elo: e.elo }]));
  };
  const before = ranks(previous);
  const now = ranks(board.entries);
  const out: BoardChange[] = [];
  for (const [name, x] of now) {
    const b = before.get(name);
    if (!b) out.push({ name, change: 'new', rank: [null, x.rank], elo: [null, x.elo] });
    else if (b.rank !== x.rank || b.elo !== x.elo) out.push({ name, change: 'moved', rank: [b.rank, x.rank], elo: [b.elo, x.elo] });
  }
  for (const [name, b] of before) if (!now.has(name)) out.push({ name, change: 'gone', rank: [b.rank, null], elo: [b.elo, null] });
  return out;
}

function changesTable(changes: readonly BoardChange[]): string {
  if (!changes.length) return '';
  const f = (x: number | null) => (x === null ? '—' : String(x));
  const delta = (c: BoardChange) => (c.elo[0] !== null && c.elo[1] !== null ? ` (${c.elo[1] - c.elo[0] >= 0 ? '+' : '−'}${Math.abs(Math.round((c.elo[1] - c.elo[0]) * 10) / 10)})` : '');
  return (
    '<table><thead><tr><th>entry</th><th>change</th><th>rank</th><th>Elo</th></tr></thead><tbody>' +
    changes.map((c) => `<tr><td>${esc(c.name)}</td><td>${c.change}</td><td class="num">${f(c.rank[0])} → ${f(c.rank[1])}</td><td class="num">${f(c.elo[0])} → ${f(c.elo[1])}${delta(c)}</td></tr>`).join('') +
    '</tbody></table>'
  );
}

// ——— pages ———

const CSS = `
* { box-sizing: border-box; }
body { font: 16px/1.45 "DejaVu Sans", Verdana, Helvetica, Arial, sans-serif; color: #1f2328; background: #fff; margin: 0; }
main { max-width: 1200px; margin: 0 auto; padding: 24px 28px 60px; }
h1 { font-size: 28px; margin: 0 0 6px; }
h2 { font-size: 22px; margin: 32px 0 6px; padding-top: 10px; border-top: 2px solid #d0d7de; }
a { color: #0969da; }
code, .mono { font-family: "DejaVu Sans Mono", Menlo, Consolas, monospace; font-size: 14px; }
.lead { color: #57606a; margin: 0 0 14px; }
table { border-collapse: collapse; margin: 8px 0; }
th, td { padding: 4px 10px; border-bottom: 1px solid #d0d7de; text-align: left; vertical-align: middle; }
td.num { text-align: right; font-variant-numeric: tabular-nums; }
.status-active { color: #1a7f37; } .status-rejected { color: #cf222e; } .status-retired, .status-validating { color: #57606a; }
svg.interval { display: block; }
ul.events li { margin: 2px 0; }
`;

function page(title: string, body: string): string {
  return (
    '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">` +
    `<title>${esc(title)}</title><style>${CSS}</style></head><body><main>${body}</main></body></html>\n`
  );
}

const r1 = (x: number) => String(Math.round(x * 10) / 10);

/** The interval of a row drawn on the board's common scale: a bar from low to high (an open end: to the edge, dashed), a dot at the fit. */
function intervalSvg(e: BoardEntry, lo: number, hi: number, width = 320, height = 18): string {
  if (e.elo === null) return '';
  const x = (v: number) => 8 + ((v - lo) / (hi - lo || 1)) * (width - 16);
  const from = e.low ?? lo;
  const to = e.high ?? hi;
  const open = e.low === null || e.high === null;
  const label = `${e.name}: ${boardEloCell(e)}`;
  return (
    `<svg class="interval" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${esc(label)}">` +
    `<line x1="${r1(x(from))}" y1="${height / 2}" x2="${r1(x(to))}" y2="${height / 2}" stroke="#0969da" stroke-width="3"${open ? ' stroke-dasharray="4 3"' : ''}/>` +
    `<circle cx="${r1(x(e.elo))}" cy="${height / 2}" r="4" fill="#1f2328"/></svg>`
  );
}

function testsTable(tests: readonly BoardTest[]): string {
  if (!tests.length) return '<p class="lead">No test.</p>';
  return (
    '<table><thead><tr><th>candidate</th><th>baseline</th><th>verdict</th><th>LLR</th><th>pairs</th></tr></thead><tbody>' +
    tests.map((t) => `<tr><td>${esc(t.candidate)} v${t.candidateVersion}</td><td>${esc(t.baseline)} v${t.baselineVersion}</td><td>${esc(t.verdict)}</td><td class="num">${t.llr.toFixed(2)}</td><td class="num">${t.pairs}</td></tr>`).join('') +
    '</tbody></table>'
  );
}

function indexPage(board: Board, changes: readonly HostEvent[], tick: number | undefined, moves: readonly BoardChange[]): string {
  const rated = board.entries.filter((e) => e.elo !== null);
  const ends = rated.flatMap((e) => [e.elo!, e.low ?? e.elo!, e.high ?? e.elo!]);
  const lo = ends.length ? Math.min(...ends) - 10 : 1400;
  const hi = ends.length ? Math.max(...ends) + 10 : 1600;
  const pct = Math.round(board.ratings.confidence * 100);
  let rank = 0;
  const rows = board.entries
    .map(
      (e) =>
        `<tr><td class="num">${e.status === 'active' && e.elo !== null ? ++rank : ''}</td><td><a href="entries/${e.id}.html">${esc(e.name)}</a></td><td class="num">${e.version}</td>` +
        `<td class="status-${e.status}">${esc(e.status)}</td><td class="num">${e.games}</td><td class="mono">${esc(boardEloCell(e))}</td><td>${intervalSvg(e, lo, hi)}</td>` +
        `<td class="num">${e.first === null ? '—' : `${(e.first * 100).toFixed(1)}%`}</td><td>${esc(e.author)}</td><td>${esc(e.reason ?? '')}</td></tr>`,
    )
    .join('');
  const how = board.ratings;
  return page(
    `${board.game} King of the Hill`,
    `<h1>${esc(board.game)} King of the Hill</h1>` +
      `<p class="lead">Rules ${esc(board.rules)}: ${how.games} games (${how.deals} deals). ${esc(how.modelText)}; ${pct}% intervals from ${how.resamples} bootstrap resamples of the deals; an entry that never won (never lost) has a one-sided bound (dashed). ` +
      `Every figure is recomputable: <a href="manifest.json">manifest.json</a>, <a href="leaderboard.json">leaderboard.json</a>, <a href="events.json">events.json</a>.</p>` +
      `<table><thead><tr><th>#</th><th>entry</th><th>v</th><th>status</th><th>games</th><th>Elo [${pct}%]</th><th>interval (${r1(lo)} to ${r1(hi)})</th><th>P(1st)</th><th>author</th><th>reason</th></tr></thead><tbody>${rows}</tbody></table>` +
      `<h2>What changed${tick === undefined ? '' : ` in tick ${tick}`}</h2>` +
      changesTable(moves) +
      (changes.length ? `<ul class="events">${changes.map((e) => `<li><span class="mono">${esc(e.at)}</span> ${esc(e.kind)} <span class="mono">${esc(JSON.stringify(e.data))}</span></li>`).join('')}</ul>` : '<p class="lead">Nothing yet.</p>') +
      `<h2>Tests</h2>${testsTable(board.tests)}`,
  );
}

interface EntryPageData {
  id: number;
  name: string;
  answer: string;
  author: string;
  status: string | null;
  reason: string | null;
  rating: { elo: number; low: number | null; high: number | null; first: number | null; games: number } | null;
  games: number;
  versions: { version: number; sha256: string; language: string; author: string | null; posted: string | null; edited: string | null; status: string; reason: string | null; games: number }[];
  tests: BoardTest[];
  /** The active version's latest field game (null: none), and the one whose watch page the site has. */
  latestGame: number | null;
  watch: { game: number; page: string } | null;
}

function entryPage(board: Board, p: EntryPageData): string {
  const row = board.entries.find((e) => e.id === p.id);
  return page(
    `${p.name} · ${board.game} King of the Hill`,
    `<p><a href="../index.html">← the board</a></p><h1>${esc(p.name)}</h1>` +
      `<p class="lead">Answer ${esc(p.answer)} by ${esc(p.author)} · <span class="status-${esc(p.status)}">${esc(p.status)}</span>${p.reason ? ` · ${esc(p.reason)}` : ''} · ${p.games} games · <a href="${p.id}.json">${p.id}.json</a></p>` +
      (row && row.elo !== null ? `<p>Elo <span class="mono">${esc(boardEloCell(row))}</span> over ${row.games} rated games; rank 1 in ${((row.first ?? 0) * 100).toFixed(1)}% of the resamples.</p>` : '') +
      `<h2>Versions</h2><table><thead><tr><th>v</th><th>status</th><th>reason</th><th>games</th><th>language</th><th>posted</th><th>edited</th><th>sha256</th></tr></thead><tbody>` +
      p.versions
        .map((v) => `<tr><td class="num">${v.version}</td><td class="status-${esc(v.status)}">${esc(v.status)}</td><td>${esc(v.reason ?? '')}</td><td class="num">${v.games}</td><td>${esc(v.language)}</td><td>${esc(v.posted ?? '')}</td><td>${esc(v.edited ?? '')}</td><td class="mono">${esc(v.sha256)}</td></tr>`)
        .join('') +
      `</tbody></table><h2>Tests</h2>${testsTable(p.tests)}` +
      `<h2>Watch</h2>${watchParagraph(p)}`,
  );
}

function watchParagraph(p: EntryPageData): string {
  const make = '<code>koth host watch DIR N</code> makes the page of any other stored game N of house bots';
  if (p.watch) {
    const also = p.latestGame !== null && p.latestGame !== p.watch.game ? ` Its latest field game is game ${p.latestGame}, which seats posted answers: its page needs the sandbox (not made yet).` : '';
    return `<p><a href="../${esc(p.watch.page)}">Game ${p.watch.game}</a>, its latest field game among house bots, played again from its seed step by step.${also} ${make}.</p>`;
  }
  if (p.latestGame !== null) return `<p class="lead">Its latest field game is game ${p.latestGame}; it seats posted answers, whose watch pages need the sandbox (not made yet).</p>`;
  return '<p class="lead">No field game yet.</p>';
}

/**
 * Step 5 of a host's tick, Rate (docs/host.md "Rate"): Bradley–Terry ratings of the active
 * versions from the stored field games of a rules version, with bootstrap intervals, each
 * version's probability of rank 1, and one-sided bounds for a version that never won or never
 * lost. A function of the store only (no clock): the same store rates the same, bit for bit.
 *
 * - **Which games.** Field games (kind `field`: the games scheduled for the board; SPRT test games
 *   answer their own question and smoke games are validation) of the rules version, every seat an
 *   active version: a game with a retired, rejected or validating version in it does not count,
 *   so retiring a version takes its games off the board with it. `asOf`: only games of ticks that
 *   finished by then (the ticks table's times; a day means its end, UTC). The versions counted
 *   are those active now (schema 1 keeps no time of a status change).
 * - **`without`**: the entries named are left out with every game they sat in — not refitted on
 *   the same games without their seats. In a game of several seats the others' results were made
 *   with that entry at the table (it took points, it made others win or lose), so only the games
 *   it did not play are games of the field without it. The price: in an 8-seat dice field of 40
 *   entries about a fifth of the games go.
 * - **The fit**: the core's (engines/core/stats/bradley-terry.ts): winners beat losers, tied winners
 *   0.5 each, a virtual half game against an anchor of Elo 1500. The model is the game's: camel-up
 *   rates with the Camel Up Cup 2026 leaderboard's own model (100 MM steps, as `--format 2026`),
 *   the others fitted to convergence (as `--ratings`).
 * - **Intervals**: a bootstrap over deals — the games sharing a seed key (the seat rotations of one
 *   deal, common random numbers) are one unit, drawn together — from a generator seeded with
 *   `host/<host seed>/rules/<rules>/ratings` only: percentile intervals, and the share of resamples
 *   in which a version rates highest (rank 1; a tie at the top shares the resample). A version
 *   that never won (never lost) a comparison gets the core's one-sided bound instead of an interval.
 */
import { asOfEpoch } from '../io/as-of.ts';
import { PyRandom } from '../rng/python-random.ts';
import { BT_ITERATIONS, CONVERGED_TOLERANCE, fitScoreMatrix, oneSidedBounds, summariseResamples, type BradleyTerryOptions } from '../stats/bradley-terry.ts';
import { complementOf } from '../stats/intervals.ts';
import type { ReportedRating } from '../stats/pairwise.ts';
import { forEachGameRow, seatsInto, type GameRowVisitor } from './game-rows.ts';
import { decodeResult, seatsOf, winnersOf } from './result.ts';
import { fieldRunSeed } from './seeds.ts';
import { getSettings, listEntries, listTicks, listVersions, MAX_RESULT_BYTES, type Entry, type Store, type Version } from './store.ts';

/** The fit's model: the 2026 leaderboard's 100 MM steps, or the fit's maximum. */
export type RatingModel = 'leaderboard-2026' | 'converged';

/** The model a game's host rates with (camel-up: its 2026 leaderboard's; the rest: converged, as `--ratings`). */
export function ratingModelOf(game: string): RatingModel {
  return game === 'camel-up' ? 'leaderboard-2026' : 'converged';
}

const MODEL_TEXT: Record<RatingModel, string> = {
  'leaderboard-2026': `Bradley–Terry with the Camel Up Cup 2026 leaderboard's ${BT_ITERATIONS} MM steps from strength 1 (its _fit_elo), anchor Elo 1500, winners beat losers, tied winners 0.5 each`,
  converged: `Bradley–Terry fitted to convergence (Newton steps until none moves an Elo by more than ${CONVERGED_TOLERANCE.toExponential()}), anchor Elo 1500, winners beat losers, tied winners 0.5 each`,
};

export interface RateOptions {
  /** The rules version whose games are rated (default: the host's). */
  rules?: string;
  /** Only games of ticks finished by then: YYYY-MM-DD (the end of that day, UTC) or an ISO timestamp. */
  asOf?: string;
  /** Board names of entries left out, with every game they sat in. */
  without?: readonly string[];
  /** Bootstrap resamples (default 1000). */
  resamples?: number;
  /** Interval level (default 0.95). */
  confidence?: number;
  /** Default: ratingModelOf(the host's game). */
  model?: RatingModel;
}

/** One active version's rating. */
export interface VersionRating {
  /** The version id. */
  version: number;
  /** Games rated (the fit's games it sat in; a seat counted once per game). */
  games: number;
  /** The fit's Elo, its interval (null: the side a one-sided bound leaves open), as `--ratings` JSON reports a rating. */
  rating: ReportedRating;
  /** Share of resamples in which it rated highest (a tie at the top shared). */
  firstShare: number;
}

export interface HostRatings {
  rules: string;
  model: RatingModel;
  modelText: string;
  /** Games rated, and the deals (seed keys) the bootstrap draws. */
  games: number;
  deals: number;
  resamples: number;
  confidence: number;
  /** The bootstrap generator's seed. */
  seed: string;
  asOf: string | null;
  without: string[];
  /** Highest Elo first; equal Elos by version id. Active versions without a rated game are absent. */
  ratings: VersionRating[];
}

/**
 * Board names of entries: the class name, and where two entries share one, `Class (answer A)` for
 * each of them (entries are told apart by their answer).
 */
export function boardNames(entries: readonly Entry[]): Map<number, string> {
  const count = new Map<string, number>();
  for (const e of entries) count.set(e.className, (count.get(e.className) ?? 0) + 1);
  return new Map(entries.map((e) => [e.id, count.get(e.className)! > 1 ? `${e.className} (answer ${e.answer})` : e.className]));
}

/** The tick numbers finished by `asOf` (undefined: every tick, finished or not). */
export function ticksFinishedBy(store: Store, asOf: string | undefined): Set<number> | undefined {
  if (asOf === undefined) return undefined;
  const limit = asOfEpoch(asOf) * 1000;
  return new Set(listTicks(store).flatMap((t) => (t.finished !== null && Date.parse(t.finished) <= limit ? [t.number] : [])));
}

/** What the caller asked that rate() cannot do (an entry not on the board, a bad level): the user's input, not a damaged store. */
export class RateInputError extends RangeError {
  constructor(message: string) {
    super(message);
    this.name = 'RateInputError';
  }
}

/** Rates the host's active versions (see the file's comment). */
export function rate(store: Store, options: RateOptions = {}): HostRatings {
  return rateAndCount(store, options).ratings;
}

/** A whole number list that grows (the pass's per-game pieces, millions of them, without a JS array's boxing). */
class IntList {
  data = new Int32Array(1024);
  length = 0;
  push(x: number): void {
    if (this.length === this.data.length) {
      const next = new Int32Array(this.data.length * 2);
      next.set(this.data);
      this.data = next;
    }
    this.data[this.length++] = x;
  }
}

/**
 * The winning seats of a stored result and its seat count. The canonical spelling of whole-number
 * scores (`s:` and integers of at most 15 digits, no leading zero, no `-0`: what every game stores)
 * is read here in one scan — decodeResult would accept exactly it and give the same scores —
 * anything else through decodeResult (which throws for what is not a result).
 */
function winnersOfText(text: string, winners: number[]): number {
  winners.length = 0;
  const len = text.length;
  fast: if (len > 2 && len <= MAX_RESULT_BYTES && text.charCodeAt(0) === 115 /* s */ && text.charCodeAt(1) === 58 /* : */) {
    let i = 2;
    let seat = 0;
    let top = -Infinity;
    while (true) {
      let neg = false;
      if (text.charCodeAt(i) === 45 /* - */) (neg = true), i++;
      const first = i;
      let x = 0;
      while (i < len) {
        const c = text.charCodeAt(i);
        if (c < 48 || c > 57) break;
        x = x * 10 + (c - 48);
        i++;
      }
      const digits = i - first;
      if (digits === 0 || digits > 15 || (digits > 1 && text.charCodeAt(first) === 48) || (neg && x === 0)) break fast;
      if (neg) x = -x;
      if (x > top) (top = x), (winners.length = 0);
      if (x === top) winners.push(seat);
      seat++;
      if (i === len) return seat;
      if (text.charCodeAt(i) !== 44 /* , */) break fast;
      i++;
    }
  }
  const r = decodeResult(text);
  winners.length = 0;
  winners.push(...winnersOf(r));
  return seatsOf(r);
}

/**
 * rate(), and the field games of the rules version (as of `asOf`) each version sat in, whatever
 * its status (the board's game count of a version that is not rated) — from one pass over the
 * stored games, which also hands every stored game (of any rules version) to `also` and their
 * digest lines (forEachGameRow) to `lines` (the site's digest and counts).
 */
export function rateAndCount(store: Store, options: RateOptions = {}, also?: GameRowVisitor, lines?: (text: string) => void): { ratings: HostRatings; fieldPlayed: Map<number, number> } {
  const settings = getSettings(store);
  const rules = options.rules ?? settings.rules;
  const model = options.model ?? ratingModelOf(settings.game);
  const resamples = options.resamples ?? 1000;
  const confidence = options.confidence ?? 0.95;
  if (!Number.isInteger(resamples) || resamples < 1) throw new RateInputError(`resamples must be a whole number >= 1, got ${resamples}`);
  if (!(confidence > 0 && confidence < 1)) throw new RateInputError(`confidence must be in (0, 1), got ${confidence}`);
  const seed = `${fieldRunSeed(settings.seed, rules)}/ratings`;

  const entries = listEntries(store);
  const names = boardNames(entries);
  const byName = new Map(entries.map((e) => [names.get(e.id)!, e.id]));
  const without = [...new Set(options.without ?? [])].sort();
  const unknown = without.filter((n) => !byName.has(n));
  if (unknown.length) throw new RateInputError(`--without: no entry named ${unknown.map((n) => JSON.stringify(n)).join(', ')} (the board's names: ${[...byName.keys()].sort().join(', ')})`);
  const droppedEntries = new Set(without.map((n) => byName.get(n)!));
  const versions = listVersions(store);
  const dropped = new Set(versions.filter((v) => droppedEntries.has(v.entry)).map((v) => v.id));
  const active = new Set(versions.filter((v) => v.status === 'active' && !dropped.has(v.id)).map((v) => v.id));
  const ticks = ticksFinishedBy(store, options.asOf);

  // One pass over the games. The rated ones (field games of the rules version, every seat active):
  // seats as indices into `order` (version ids in order of first appearance), deals numbered in
  // order of first appearance, and each game's twice-pairwise scores (RatingsRecorder.game's:
  // a winner over a loser 2, over a tied winner 1) as (deal, a · stride + b, score) pieces.
  const order: number[] = [];
  const dealIndex = new Map<number, number>();
  const stride = active.size + 1;
  const pieceDeal = new IntList();
  const pieceCell = new IntList();
  const pieceScore = new IntList();
  const seatDeal = new IntList();
  const seatCol = new IntList();
  // Per version id (ids are small whole numbers: arrays, not maps, for a million games).
  const maxId = versions.reduce((m, v) => Math.max(m, v.id), 0);
  const isActive = new Uint8Array(maxId + 1);
  for (const v of active) isActive[v] = 1;
  const colOf = new Int32Array(maxId + 1).fill(-1);
  const playedOf = new Float64Array(maxId + 1); // rated games
  const fieldPlayed = new Map<number, number>();
  const seen = new Float64Array(maxId + 1); // the last game a version was counted in (a seat twice in a game counts once)
  let stamp = 0;
  let rated = 0;
  let lastKey = -1;
  let lastDeal = -1;
  const ids: number[] = [];
  const cols: number[] = [];
  const winners: number[] = [];
  const won = new Uint8Array(256);
  const solo = new Map<number, { seats: number[]; scores: number[] }>(); // one-seat games by seed key
  const visit: GameRowVisitor = (number, gameRules, seedKey, seatsText, resultText, kind, tick) => {
    also?.(number, gameRules, seedKey, seatsText, resultText, kind, tick);
    if (gameRules !== rules || kind !== 'field' || (ticks && !ticks.has(tick))) return;
    const k = seatsInto(seatsText, ids);
    stamp++;
    let allActive = true;
    for (let i = 0; i < k; i++) {
      const v = ids[i]!;
      if (!(v <= maxId && isActive[v])) allActive = false;
      if (v <= maxId && seen[v] === stamp) continue;
      if (v <= maxId) seen[v] = stamp;
      else if (ids.indexOf(v) < i) continue;
      fieldPlayed.set(v, (fieldPlayed.get(v) ?? 0) + 1);
    }
    if (!allActive) return;
    const seats = winnersOfText(resultText, winners);
    if (seats !== k) throw new RangeError(`game ${number}: a result of ${seats} seats for ${k} seats`);
    if (k === 1) {
      // A one-seat game is one hand of its deal: the versions that played the seed key alone are compared by score (after the pass).
      const r = decodeResult(resultText);
      if (r.kind !== 'score') throw new RangeError(`game ${number}: a one-seat game's result must be a score`);
      const d = solo.get(seedKey) ?? { seats: [], scores: [] };
      d.seats.push(ids[0]!);
      d.scores.push(r.scores[0]!);
      solo.set(seedKey, d);
      return;
    }
    if (k > won.length) throw new RangeError(`game ${number}: ${k} seats, at most ${won.length} are rated`);
    stamp++;
    for (let i = 0; i < k; i++) {
      const v = ids[i]!;
      let c = colOf[v]!;
      if (c < 0) (c = order.length), (colOf[v] = c), order.push(v);
      cols[i] = c;
      if (seen[v] !== stamp) (seen[v] = stamp), playedOf[v]!++;
    }
    let deal = seedKey === lastKey ? lastDeal : dealIndex.get(seedKey);
    if (deal === undefined) (deal = dealIndex.size), dealIndex.set(seedKey, deal);
    (lastKey = seedKey), (lastDeal = deal);
    rated++;
    for (let i = 0; i < k; i++) (seatDeal.push(deal), seatCol.push(cols[i]!));
    for (const i of winners) won[i] = 1;
    for (const i of winners) {
      const a = cols[i]!;
      for (let j = 0; j < k; j++) if (j !== i) (pieceDeal.push(deal), pieceCell.push(a * stride + cols[j]!), pieceScore.push(won[j] ? 1 : 2));
    }
    for (const i of winners) won[i] = 0;
  };
  forEachGameRow(store, visit, also ? {} : { rules }, lines);
  // The deals of one-seat games (atomas), after every other deal: their versions compared pairwise
  // by score, the higher beating the lower (2), equal scores drawing (1 each); one game of the fit a deal.
  for (const [key, d] of [...solo].sort((x, y) => x[0] - y[0])) {
    if (new Set(d.seats).size < 2) continue; // a version alone on its seed is compared with no one
    const cs = d.seats.map((v) => {
      let c = colOf[v]!;
      if (c < 0) (c = order.length), (colOf[v] = c), order.push(v);
      return c;
    });
    let deal = dealIndex.get(key);
    if (deal === undefined) (deal = dealIndex.size), dealIndex.set(key, deal);
    rated++;
    for (const v of new Set(d.seats)) playedOf[v]!++;
    for (const c of cs) (seatDeal.push(deal), seatCol.push(c));
    const sc = d.scores;
    for (let i = 0; i < cs.length; i++)
      for (let j = 0; j < cs.length; j++) {
        if (i === j || cs[i] === cs[j] || sc[i]! < sc[j]!) continue;
        pieceDeal.push(deal);
        pieceCell.push(cs[i]! * stride + cs[j]!);
        pieceScore.push(sc[i]! > sc[j]! ? 2 : 1);
      }
  }
  const n = order.length;
  const keys = order.map(String);
  const deals = dealIndex.size;
  const played = order.map((v) => playedOf[v]!);

  // Each deal's twice-pairwise scores summed once, as cells a * n + b: a resample adds whole deals,
  // so it costs the deals' few distinct pairs, not their games. The deal's pieces are gathered by
  // a counting sort, then summed cell by cell; the sums are whole numbers, exact in any order.
  const { starts: cellStart, cells: dealCell, values: dealValue } = gatherByDeal(deals, pieceDeal, pieceCell, pieceScore, stride, n);
  const { starts: seatStart, cells: dealSeat } = gatherByDeal(deals, seatDeal, seatCol, undefined, 1, 1);
  const doubled = new Float64Array(n * n);
  const present = new Uint8Array(n);
  const sumDeals = (weights: Int32Array) => sumWeighted(weights, seatStart, dealSeat, cellStart, dealCell, dealValue, doubled, present);
  const fitOptions: BradleyTerryOptions = { iterations: model === 'converged' ? 'converged' : BT_ITERATIONS };
  sumDeals(new Int32Array(deals).fill(1));
  const allDoubled = Float64Array.from(doubled);
  const fit = fitScoreMatrix(keys, allDoubled, present, fitOptions);
  const start = new Map([...fit].map(([k, r]) => [k, r.strength]));
  const fitKeys = [...fit.keys()];
  const fitCol = new Map(fitKeys.map((k, i) => [k, i]));
  const samples = new Float64Array(resamples * fitKeys.length).fill(NaN);
  const first = new Array<number>(fitKeys.length).fill(0);
  const rng = new PyRandom(seed);
  const weights = new Int32Array(deals);
  const refitOptions = model === 'converged' ? { ...fitOptions, start } : fitOptions;
  for (let b = 0; b < resamples && deals > 0; b++) {
    weights.fill(0);
    for (let k = 0; k < deals; k++) weights[rng.randbelow(deals)]!++;
    sumDeals(weights);
    const refit = fitScoreMatrix(keys, doubled, present, refitOptions);
    let top = -Infinity;
    for (const [k, r] of refit) {
      samples[b * fitKeys.length + fitCol.get(k)!] = r.elo;
      top = Math.max(top, r.elo);
    }
    const leaders = [...refit].filter(([, r]) => r.elo === top).map(([k]) => fitCol.get(k)!);
    for (const i of leaders) first[i]! += 1 / leaders.length;
  }
  const summary = summariseResamples(fit, samples, resamples, confidence, deals);
  const bounds = oneSidedBounds(keys, allDoubled, fit, complementOf(confidence) / 2);
  const ratings: VersionRating[] = summary.ratings.map((x) => {
    const i = colOf[Number(x.name)]!;
    const b = bounds.get(x.name);
    let rating: ReportedRating;
    if (!b) rating = { elo: x.elo, low: x.low, high: x.high };
    else {
      const oneSided = { side: b.side, why: b.side === 'upper' ? ('never won' as const) : ('never lost' as const), bound: b.elo, comparisons: b.comparisons, tail: b.tail };
      rating = b.side === 'upper' ? { elo: x.elo, low: null, high: b.elo, oneSided } : { elo: x.elo, low: b.elo, high: null, oneSided };
    }
    return { version: order[i]!, games: played[i]!, rating, firstShare: first[fitCol.get(x.name)!]! / resamples };
  });
  ratings.sort((a, b) => b.rating.elo - a.rating.elo || a.version - b.version);
  return {
    ratings: {
      rules,
      model,
      modelText: MODEL_TEXT[model] + (solo.size ? '; one-seat games compared pairwise by score within their deal (the higher beats the lower, equal scores draw)' : ''),
      games: rated,
      deals,
      resamples,
      confidence,
      seed,
      asOf: options.asOf ?? null,
      without,
      ratings,
    },
    fieldPlayed,
  };
}

/**
 * Twice the pairwise scores of the deals, each counted `weights[deal]` times, into `doubled`, and
 * who took part into `present` (deal k's seats and cells: `seatStart[k]` to `seatStart[k + 1]`,
 * `cellStart[k]` to `cellStart[k + 1]`). A function of its own, not a closure: it is the loop a
 * bootstrap spends its time in.
 */
function sumWeighted(weights: Int32Array, seatStart: Int32Array, dealSeat: Int32Array, cellStart: Int32Array, dealCell: Int32Array, dealValue: Int32Array, doubled: Float64Array, present: Uint8Array): void {
  doubled.fill(0);
  present.fill(0);
  const deals = weights.length;
  let seat0 = seatStart[0]!;
  let cell0 = cellStart[0]!;
  for (let k = 0; k < deals; k++) {
    const seat1 = seatStart[k + 1]!;
    const cell1 = cellStart[k + 1]!;
    const c = weights[k]!;
    if (c) {
      for (let i = seat0; i < seat1; i++) present[dealSeat[i]!] = 1;
      for (let i = cell0; i < cell1; i++) doubled[dealCell[i]!]! += c * dealValue[i]!;
    }
    seat0 = seat1;
    cell0 = cell1;
  }
}

/**
 * Pieces (deal, cell, value) gathered deal by deal (a counting sort), equal cells of a deal summed
 * into one (values absent: each distinct cell once). A cell `a * from + b` becomes `a * to + b`.
 * Returns the deals' ranges (`starts[k]` to `starts[k + 1]`), cells and values.
 */
function gatherByDeal(deals: number, deal: IntList, cell: IntList, value: IntList | undefined, from: number, to: number): { starts: Int32Array; cells: Int32Array; values: Int32Array } {
  const m = deal.length;
  const starts = new Int32Array(deals + 1);
  for (let i = 0; i < m; i++) starts[deal.data[i]! + 1]!++;
  for (let k = 0; k < deals; k++) starts[k + 1]! += starts[k]!;
  const at = starts.slice(0, deals);
  const sortedCell = new Int32Array(m);
  const sortedValue = new Int32Array(m);
  for (let i = 0; i < m; i++) {
    const k = at[deal.data[i]!]!++;
    const c = cell.data[i]!;
    sortedCell[k] = from === 1 ? c : Math.floor(c / from) * to + (c % from);
    sortedValue[k] = value ? value.data[i]! : 1;
  }
  // Sum equal cells of each deal: a scratch sum per cell, the cells in order of first appearance.
  let scratchSize = 0;
  for (let i = 0; i < m; i++) scratchSize = Math.max(scratchSize, sortedCell[i]! + 1);
  const scratch = new Int32Array(scratchSize);
  const outStarts = new Int32Array(deals + 1);
  const cells = new Int32Array(m);
  const values = new Int32Array(m);
  let out = 0;
  for (let k = 0; k < deals; k++) {
    outStarts[k] = out;
    const from0 = out;
    for (let i = starts[k]!; i < starts[k + 1]!; i++) {
      const c = sortedCell[i]!;
      if (!scratch[c]) cells[out++] = c;
      scratch[c]! += sortedValue[i]!;
    }
    for (let i = from0; i < out; i++) {
      values[i] = value ? scratch[cells[i]!]! : 1;
      scratch[cells[i]!] = 0;
    }
  }
  outStarts[deals] = out;
  return { starts: outStarts, cells: cells.subarray(0, out), values: values.subarray(0, out) };
}

/** Versions by id (for a board or a page beside the ratings). */
export function versionsById(store: Store): Map<number, Version> {
  return new Map(listVersions(store).map((v) => [v.id, v]));
}

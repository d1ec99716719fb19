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
import { decodeResult, seatsOf, winnersOf } from './result.ts';
import { fieldRunSeed } from './seeds.ts';
import { getSettings, iterateGames, listEntries, listTicks, listVersions, type Entry, type Store, type Version } from './store.ts';

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

  // The rated games: seats as indices into `order` (version ids in order of first appearance), winners.
  const col = new Map<number, number>();
  const order: number[] = [];
  // `scores`: a deal of one-seat games (atomas), its versions compared pairwise by score.
  const games: { seats: number[]; winners: number[]; deal: number; scores?: number[] }[] = [];
  const dealIndex = new Map<number, number>();
  const solo = new Map<number, { seats: number[]; scores: number[] }>();
  const seatOf = (v: number) => {
    if (!col.has(v)) (col.set(v, order.length), order.push(v));
    return col.get(v)!;
  };
  for (const g of iterateGames(store, { rules })) {
    if (g.kind !== 'field' || (ticks && !ticks.has(g.tick)) || !g.seats.every((s) => active.has(s))) continue;
    const result = decodeResult(g.result);
    if (seatsOf(result) !== g.seats.length) throw new RangeError(`game ${g.number}: a result of ${seatsOf(result)} seats for ${g.seats.length} seats`);
    if (g.seats.length === 1) {
      // A one-seat game is one hand of its deal: the versions that played the seed key alone are compared by score.
      if (result.kind !== 'score') throw new RangeError(`game ${g.number}: a one-seat game's result must be a score`);
      const d = solo.get(g.seedKey) ?? { seats: [], scores: [] };
      d.seats.push(g.seats[0]!);
      d.scores.push(result.scores[0]!);
      solo.set(g.seedKey, d);
      continue;
    }
    const seats = g.seats.map(seatOf);
    if (!dealIndex.has(g.seedKey)) dealIndex.set(g.seedKey, dealIndex.size);
    games.push({ seats, winners: winnersOf(result), deal: dealIndex.get(g.seedKey)! });
  }
  for (const [key, d] of [...solo].sort((x, y) => x[0] - y[0])) {
    if (new Set(d.seats).size < 2) continue; // a version alone on its seed is compared with no one
    const seats = d.seats.map(seatOf);
    if (!dealIndex.has(key)) dealIndex.set(key, dealIndex.size);
    const top = Math.max(...d.scores);
    games.push({ seats, winners: d.scores.flatMap((x, i) => (x === top ? [i] : [])), deal: dealIndex.get(key)!, scores: d.scores });
  }
  const n = order.length;
  const keys = order.map(String);
  const deals = dealIndex.size;
  const played = new Array<number>(n).fill(0);
  for (const g of games) for (const s of new Set(g.seats)) played[s]!++;

  // Each deal's twice-pairwise scores (RatingsRecorder.game's sums), summed once: a resample adds
  // whole deals, so it costs the deals' few distinct pairs, not their games.
  const dealCells: number[][] = Array.from({ length: deals }, () => []);
  const dealSeats: number[][] = Array.from({ length: deals }, () => []);
  {
    const sums = Array.from({ length: deals }, () => new Map<number, number>());
    const seated = Array.from({ length: deals }, () => new Set<number>());
    for (const g of games) {
      const cells = sums[g.deal]!;
      for (const s of g.seats) seated[g.deal]!.add(s);
      if (g.scores) {
        // Pairwise by score: the higher beats the lower (2), equal scores draw (1 each).
        const sc = g.scores;
        for (let i = 0; i < g.seats.length; i++)
          for (let j = 0; j < g.seats.length; j++) {
            if (i === j || g.seats[i] === g.seats[j] || sc[i]! < sc[j]!) continue;
            const k = g.seats[i]! * n + g.seats[j]!;
            cells.set(k, (cells.get(k) ?? 0) + (sc[i]! > sc[j]! ? 2 : 1));
          }
        continue;
      }
      const won = new Set(g.winners);
      for (const i of won) {
        const a = g.seats[i]!;
        for (let j = 0; j < g.seats.length; j++) if (j !== i) cells.set(a * n + g.seats[j]!, (cells.get(a * n + g.seats[j]!) ?? 0) + (won.has(j) ? 1 : 2));
      }
    }
    sums.forEach((cells, d) => {
      for (const [k, v] of [...cells].sort((x, y) => x[0] - y[0])) dealCells[d]!.push(k, v);
      dealSeats[d] = [...seated[d]!].sort((x, y) => x - y);
    });
  }
  /** Twice the pairwise scores of the deals, each counted `weights[deal]` times (default once), and who took part. */
  const doubledOf = (weights?: ArrayLike<number>) => {
    const d = new Array<number>(n * n).fill(0);
    const rated = new Array<boolean>(n).fill(false);
    for (let k = 0; k < deals; k++) {
      const c = weights ? weights[k]! : 1;
      if (!c) continue;
      for (const s of dealSeats[k]!) rated[s] = true;
      const cells = dealCells[k]!;
      for (let i = 0; i < cells.length; i += 2) d[cells[i]!]! += c * cells[i + 1]!;
    }
    return { doubled: d, rated };
  };
  const fitOptions: BradleyTerryOptions = { iterations: model === 'converged' ? 'converged' : BT_ITERATIONS };
  const all = doubledOf();
  const fit = fitScoreMatrix(keys, all.doubled, all.rated, fitOptions);
  const start = new Map([...fit].map(([k, r]) => [k, r.strength]));
  const fitKeys = [...fit.keys()];
  const fitCol = new Map(fitKeys.map((k, i) => [k, i]));
  const samples = new Float64Array(resamples * fitKeys.length).fill(NaN);
  const first = new Array<number>(fitKeys.length).fill(0);
  const rng = new PyRandom(seed);
  const weights = new Array<number>(deals);
  for (let b = 0; b < resamples && deals > 0; b++) {
    weights.fill(0);
    for (let k = 0; k < deals; k++) weights[rng.randbelow(deals)]!++;
    const s = doubledOf(weights);
    const refit = fitScoreMatrix(keys, s.doubled, s.rated, model === 'converged' ? { ...fitOptions, start } : fitOptions);
    let top = -Infinity;
    for (const [k, r] of refit) {
      samples[b * fitKeys.length + fitCol.get(k)!] = r.elo;
      top = Math.max(top, r.elo);
    }
    const leaders = [...refit].filter(([, r]) => r.elo === top).map(([k]) => fitCol.get(k)!);
    for (const i of leaders) first[i]! += 1 / leaders.length;
  }
  const summary = summariseResamples(fit, samples, resamples, confidence, deals);
  const bounds = oneSidedBounds(keys, all.doubled, fit, complementOf(confidence) / 2);
  const ratings: VersionRating[] = summary.ratings.map((x) => {
    const i = col.get(Number(x.name))!;
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
  const modelText = MODEL_TEXT[model] + (solo.size ? '; one-seat games compared pairwise by score within their deal (the higher beats the lower, equal scores draw)' : '');
  return { rules, model, modelText, games: games.length, deals, resamples, confidence, seed, asOf: options.asOf ?? null, without, ratings };
}

/** Versions by id (for a board or a page beside the ratings). */
export function versionsById(store: Store): Map<number, Version> {
  return new Map(listVersions(store).map((v) => [v.id, v]));
}

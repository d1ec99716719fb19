/**
 * Step 3 of a tick, Schedule (docs/host.md "Schedule and play"): which field games to play next.
 * Pure: no I/O, no clock; the same inputs give the same games, and every draw comes from CPython's
 * generator seeded with `host/<host seed>/rules/<rules>/schedule/<first seed key>` — the host seed
 * and the store's state only (a rerun of a killed tick schedules the same games).
 *
 * Games come in deals: a deal is one seed key and one set of k versions, played in all k cyclic
 * rotations of its seats (common random numbers: the rotations share the deal's generator, so a
 * seat's luck is everyone's). The k seats of a deal are chosen as Halite III's matchmaker chose a
 * game's players, with its known gap fixed:
 *
 *  1. **The seed entry** is the one with the fewest games (ties broken by a draw), among entries
 *     still wanting games: an entry stops receiving extra games as a seed once it has at least
 *     `minGames` games and its interval (high − low, Elo) is narrower than `targetWidth`. It still
 *     sits as an opponent of the others. When no entry wants games, nothing is scheduled. (Halite
 *     III weighted the seed by 1/(games + 1) with a random factor, and gave a quarter of the seeds to
 *     the least recently played: here every deal's counts are updated before the next seed is
 *     picked, which makes the fewest games exactly first.)
 *  2. **The window**: a size L = floor(5 / (0.01 + U)^0.65) for a uniform U — Halite III's
 *     heavy-tailed "maximum rank distance": 4 at least, 7 in half the deals, 30 or more in one deal
 *     of 19 (U < 0.0535), up to the whole field.
 *  3. **The opponents**: k − 1 drawn without replacement from the window around the seed.
 *
 * **The gap its users complained about** (Halite III issue 207): its window was the L bots
 * closest in rating (|Δmu|). When one bot was far ahead, every bot's L nearest lay below it, so
 * even the second rarely met the leader — a gap in the ratings kept the top apart, exactly where
 * games matter most. Here the window is taken in rank order, ⌈L/2⌉ above the seed and ⌊L/2⌋ below
 * (shifted inward at the ends so it always holds L), so any window reaches across a gap next to
 * its seed, however wide. Unrated entries (new ones: no Elo yet) rank at the field's median.
 */
import { PyRandom } from '../rng/python-random.ts';

/** An active version as the scheduler sees it. */
export interface ScheduleEntry {
  /** The version id (what a game's seats hold). */
  id: number;
  /** Field games it has played (the rules version's). */
  games: number;
  /** Its Elo and interval, null when not rated yet (or a one-sided bound: then its width is infinite). */
  elo: number | null;
  low: number | null;
  high: number | null;
}

export interface ScheduleOptions {
  hostSeed: string;
  rules: string;
  /** The seed key of the first deal (one past the last stored field game's): deals take firstKey, firstKey + 1, … */
  firstKey: number;
  /** At most this many games, in whole deals of k (when fewer than k are asked for, one deal's first rotations). */
  games: number;
  /** Seats per game, k (the game's max, fewer when the field is smaller; at least 2). */
  seats: number;
  /** Games before an entry may stop receiving extra games (DEFAULT_MIN_GAMES). */
  minGames?: number;
  /** The interval width (Elo) below which it stops (DEFAULT_TARGET_WIDTH). */
  targetWidth?: number;
}

/** A game to play: its seed key and seats (version ids), in order. */
export interface ScheduledGame {
  seedKey: number;
  seats: number[];
}

/** An entry keeps receiving extra field games until it has this many… */
export const DEFAULT_MIN_GAMES = 200;
/** …and its 95 % interval is narrower than this many Elo. */
export const DEFAULT_TARGET_WIDTH = 50;

/** Halite III's heavy-tailed window size for a uniform draw u in [0, 1). */
export function windowSize(u: number): number {
  return Math.floor(5 / (0.01 + u) ** 0.65);
}

/**
 * The window of size L around position `at` of a ranked list of n: ⌈L/2⌉ above (towards 0), ⌊L/2⌋
 * below, shifted inward at the ends; the seed itself excluded. Returns positions, top first.
 */
export function rankWindow(n: number, at: number, L: number): number[] {
  const size = Math.min(L, n - 1);
  let from = at - Math.ceil(size / 2);
  let to = at + Math.floor(size / 2);
  if (from < 0) {
    to += -from;
    from = 0;
  }
  if (to > n - 1) {
    from -= to - (n - 1);
    to = n - 1;
  }
  const out: number[] = [];
  for (let p = Math.max(0, from); p <= to; p++) if (p !== at) out.push(p);
  return out;
}

/** Whether an entry still wants extra games: fewer than minGames, or an interval not yet narrower than targetWidth. */
export function wantsGames(e: ScheduleEntry, minGames = DEFAULT_MIN_GAMES, targetWidth = DEFAULT_TARGET_WIDTH): boolean {
  if (e.games < minGames) return true;
  if (e.low === null || e.high === null) return true;
  return !(e.high - e.low < targetWidth);
}

/** The next field games (see the module's comment). */
export function schedule(entries: readonly ScheduleEntry[], o: ScheduleOptions): ScheduledGame[] {
  const k = o.seats;
  if (!Number.isSafeInteger(k) || k < 2) throw new RangeError(`a deal seats at least 2, got ${k}`);
  if (new Set(entries.map((e) => e.id)).size !== entries.length) throw new RangeError('schedule: a version listed twice');
  if (entries.length < k || o.games <= 0) return [];
  const minGames = o.minGames ?? DEFAULT_MIN_GAMES;
  const targetWidth = o.targetWidth ?? DEFAULT_TARGET_WIDTH;
  const rng = new PyRandom(`host/${o.hostSeed}/rules/${o.rules}/schedule/${o.firstKey}`);
  // Rank order: by Elo, highest first, unrated at the median of the rated; equal ones by id.
  const rated = entries.flatMap((e) => (e.elo === null ? [] : [e.elo])).sort((a, b) => a - b);
  const median = rated.length ? rated[Math.floor((rated.length - 1) / 2)]! : 0;
  const ranked = [...entries].sort((a, b) => (b.elo ?? median) - (a.elo ?? median) || a.id - b.id);
  const games = new Map(entries.map((e) => [e.id, e.games]));
  const wanting = new Set(entries.filter((e) => wantsGames(e, minGames, targetWidth)).map((e) => e.id));
  const out: ScheduledGame[] = [];
  let key = o.firstKey;
  while (out.length < o.games && wanting.size) {
    // Whole deals only (a deal's rotations balance its luck), except one short deal when fewer games than seats are asked for.
    if (out.length > 0 && o.games - out.length < k) break;
    // 1. The seed: fewest games among those wanting them, ties by a draw.
    let fewest = Infinity;
    for (const id of wanting) fewest = Math.min(fewest, games.get(id)!);
    const tied = ranked.filter((e) => wanting.has(e.id) && games.get(e.id) === fewest);
    const seed = tied[rng.randbelow(tied.length)]!;
    // 2–3. The window in rank order around it, and k − 1 opponents drawn from it.
    const at = ranked.indexOf(seed);
    const window = rankWindow(ranked.length, at, Math.max(k - 1, windowSize(rng.random())));
    const opponents = rng.sample(window, k - 1).map((p) => ranked[p]!.id);
    const seats = [seed.id, ...opponents];
    const rotations = Math.min(k, o.games - out.length);
    for (let r = 0; r < rotations; r++) out.push({ seedKey: key, seats: [...seats.slice(r), ...seats.slice(0, r)] });
    for (const id of seats) games.set(id, games.get(id)! + rotations);
    key++;
    // An entry that reached its minimum with its interval already narrow enough stops here too.
    for (const id of seats) {
      const e = entries.find((x) => x.id === id)!;
      if (!wantsGames({ ...e, games: games.get(id)! }, minGames, targetWidth)) wanting.delete(id);
    }
  }
  return out;
}

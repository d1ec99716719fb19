/**
 * A hosted game's result in the notation the store keeps (`games.result`, at most
 * MAX_RESULT_BYTES bytes) and the Bradley–Terry fit reads (docs/host.md "Rate", "The notation").
 * One notation for all five games: each seat's outcome, seat by seat (the seats of the game row),
 * in one of two kinds, whichever the game has:
 *
 *  - `s:` scores, higher is better: `s:41,38,50,12` (dice points, ruins treasure, camel-up coins,
 *    a gun-duel duel's points `s:1,0`, an atomas score). The seats holding the top score won (ties share), as every game's
 *    `--ratings` reads a game. A score is a finite number written as JavaScript writes it
 *    (`String(n)`: `-3`, `2.5`, `1e+21`), `-0` as `0`.
 *  - `p:` places, 1 is best: `p:1,2,2,4` (a win `p:1,2`, a draw `p:1,1`). Tied seats share
 *    a place, and the next place is one past the seats ahead (standard competition ranking), so a
 *    result has one spelling. `-` is a seat without a place (a game that ended with no winner, as a
 *    camel-up game stopped after 1000 actions: `p:-,-,-,-`); the seats at place 1 won.
 *
 * What the fit reads is RatedGame's "these seats won": winners beat losers, tied winners 0.5 each
 * (engines/core/stats/bradley-terry.ts). A result is canonical: decodeResult refuses any other
 * spelling of it, so two hosts storing one game store one string (the results digest of
 * manifest.json depends on it).
 *
 * Size: the most seats of the five games is ruins' 10 (dice 8, camel-up 4, gun-duel 2, atomas 1
 * per solo game): ten scores of up to eight characters each take 2 + 10 × 8 + 9 = 91 bytes.
 */
import type { RatedGame } from '../stats/bradley-terry.ts';
import { MAX_RESULT_BYTES } from './store.ts';

/** One game's outcome, seat by seat. */
export type GameResult = { kind: 'score'; scores: number[] } | { kind: 'place'; places: (number | null)[] };

/** Why a result string cannot be read, or a result cannot be stored. */
export class ResultNotationError extends RangeError {
  constructor(message: string) {
    super(message);
    this.name = 'ResultNotationError';
  }
}

const scoreText = (x: number) => (Object.is(x, -0) ? '0' : String(x));

/** The places of scores (higher better) in competition ranking: 1 + the seats strictly ahead. */
export function placesOfScores(scores: readonly number[]): number[] {
  return scores.map((x) => 1 + scores.filter((y) => y > x).length);
}

/** The canonical places of a ranking given by any numbers (lower better; null: no place). */
function canonicalPlaces(places: readonly (number | null)[]): (number | null)[] {
  return places.map((p) => (p === null ? null : 1 + places.filter((q) => q !== null && q < p).length));
}

/** The result as its string (throws ResultNotationError: no seat, a score not finite, a place not in competition ranking, more than MAX_RESULT_BYTES). */
export function encodeResult(r: GameResult): string {
  let text: string;
  if (r.kind === 'score') {
    if (!r.scores.length) throw new ResultNotationError('a result needs at least one seat');
    for (const x of r.scores) if (typeof x !== 'number' || !Number.isFinite(x)) throw new ResultNotationError(`a score must be a finite number, got ${String(x)}`);
    text = `s:${r.scores.map(scoreText).join(',')}`;
  } else if (r.kind === 'place') {
    if (!r.places.length) throw new ResultNotationError('a result needs at least one seat');
    for (const p of r.places) if (p !== null && !(Number.isSafeInteger(p) && p >= 1)) throw new ResultNotationError(`a place is a whole number ≥ 1 or null (no place), got ${String(p)}`);
    const canon = canonicalPlaces(r.places);
    if (canon.some((p, i) => p !== r.places[i])) throw new ResultNotationError(`places ${JSON.stringify(r.places)} are not in competition ranking (1 + the seats ahead): ${JSON.stringify(canon)}`);
    text = `p:${r.places.map((p) => (p === null ? '-' : String(p))).join(',')}`;
  } else {
    throw new ResultNotationError(`unknown result kind ${JSON.stringify((r as { kind?: unknown }).kind)}`);
  }
  const bytes = Buffer.byteLength(text, 'utf8');
  if (bytes > MAX_RESULT_BYTES) throw new ResultNotationError(`the result ${text} is ${bytes} bytes: at most ${MAX_RESULT_BYTES} are stored`);
  return text;
}

/** A result string read back (throws ResultNotationError for anything that is not the canonical spelling of a result). */
export function decodeResult(text: string): GameResult {
  const bad = (why: string) => new ResultNotationError(`game result ${JSON.stringify(text)}: ${why}`);
  if (Buffer.byteLength(text, 'utf8') > MAX_RESULT_BYTES) throw bad(`longer than ${MAX_RESULT_BYTES} bytes`);
  const m = /^([sp]):(.+)$/.exec(text);
  if (!m) throw bad("not 's:<scores>' or 'p:<places>'");
  const parts = m[2]!.split(',');
  let r: GameResult;
  if (m[1] === 's') {
    const scores = parts.map((t) => {
      const x = Number(t);
      if (t === '' || !Number.isFinite(x) || scoreText(x) !== t) throw bad(`${JSON.stringify(t)} is not a score as written canonically`);
      return x;
    });
    r = { kind: 'score', scores };
  } else {
    const places = parts.map((t) => {
      if (t === '-') return null;
      if (!/^[1-9][0-9]*$/.test(t) || !Number.isSafeInteger(Number(t))) throw bad(`${JSON.stringify(t)} is not a place (1, 2, … or -)`);
      return Number(t);
    });
    r = { kind: 'place', places };
  }
  try {
    if (encodeResult(r) !== text) throw bad('not its canonical spelling');
  } catch (e) {
    if (e instanceof ResultNotationError && !e.message.startsWith('game result')) throw bad(e.message);
    throw e;
  }
  return r;
}

/** How many seats a result has. */
export function seatsOf(r: GameResult): number {
  return r.kind === 'score' ? r.scores.length : r.places.length;
}

/** The seats that won: the top score's, or place 1's (none when no seat has a place). */
export function winnersOf(r: GameResult): number[] {
  if (r.kind === 'score') {
    const top = Math.max(...r.scores);
    return r.scores.flatMap((x, i) => (x === top ? [i] : []));
  }
  return r.places.flatMap((p, i) => (p === 1 ? [i] : []));
}

/** The game as the Bradley–Terry fit reads it: `participants` the seats' names, the winners of the result (the seat counts must agree). */
export function ratedGameOf(participants: readonly string[], r: GameResult): RatedGame {
  if (participants.length !== seatsOf(r)) throw new ResultNotationError(`a result of ${seatsOf(r)} seats for a game of ${participants.length}`);
  return { participants, winners: winnersOf(r) };
}

/**
 * HandcodedHenry (Camel Up Cup 2026 house bot, "fka Sir_Humpfree_Bogart"): the 2018 winner's
 * expected values, as its author revised it for the 2026 Cup.
 *
 * 1. Round winner: every order in which the camels still to move could move (all permutations)
 *    times every distance (3^n), played out on a copy of the track with the bot's own mover;
 *    the share of outcomes in which each camel is 1st / 2nd / worse gives a round bet's EV.
 * 2. Game winner / loser: 2,000 random futures of up to 35 moves (or until a camel stands past
 *    the line), from 70,000 dice drawn at once with random.choices((1,2,3), k=70000) and a
 *    camel per move drawn with random.randrange(len(bank)) (swap-and-pop).
 * 3. A riskiness (distance to the richest player × the leaders' nearness to the end) pushes
 *    each EV toward its best payout; the highest wins, rolling (EV 1) by default. No traps.
 *
 * Quirks of the original kept for exactness:
 * - the mover caps a move at the finish line (16), reads the traps of the state it was given
 *   (also in futures past the round's end), does not move a camel already past the line, and on
 *   a −1 trap pops index stack-c-1 (the 2018 controller's wrong camels when the mover is not
 *   at the bottom of its stack);
 * - the futures start from, and the three leaders' squares are read on, the LAST hypothetical
 *   track of step 1 (the last permutation with every distance 3), not the real track;
 * - the run counter of the game-winner tally (game_winners[5]) counts moves, not futures;
 * - the game-loser chance is multiplied by nearness_to_end; the payout curve of game bets
 *   uses the number of ALL game bets on the table (len(g.game_winner_bets)), as the original;
 * - max() takes the first maximum (list.index(max(...))).
 * Floating point: the same operations in the same order (x**2 written x*x, which is what
 * CPython's float pow gives for an exponent of 2).
 * A trap type that is not an int (a float from a misbehaving Python player) raises TypeError
 * where the original's list index would: the engine then rolls for the bot.
 */
import { checkBet, findCamelInNthPlace, pyEqualsInt, type CamelGameState, type CamelPlayer } from '../../engines/camel-up/rules.ts';
import { PythonError } from '../../engines/core/py/errors.ts';
import type { Provenance } from '../provenance.ts';

export const provenance: Provenance = {
  challenge: 'camel-up',
  bot: 'HandcodedHenry',
  questionId: 167101,
  author: 'Tyler Barron',
  source: 'GitHub trbarron/Camel_Up_Cup_2K18 bots/house/HandcodedHenry.py @ 2dbad1c (2026-07-09; last changed in 0ac1e53, 2026-07-09, Tyler Barron)',
  sourceDate: '2026-07-09',
  sha256: '3a84fe66cbe4dc3baf43111b70b3b931a1c955e78e7e528774d0be1be9ea85e3',
  notes: 'sha256 of the whole file at 2dbad1c. A house bot of the 2026 Cup (not an answer on the question); play it with --rules 2026.',
};

const FINISH = 16;
const FUTURE_SIGHT = 2000;
const DEPTH_CAP = 35;

/** A trap's type as an int (Python's `distance += t` then a list index). */
export function trapInt(t: unknown): number {
  if (typeof t === 'number' && Number.isInteger(t)) return t;
  if (typeof t === 'boolean') return Number(t);
  throw new PythonError('TypeError', 'list indices must be integers or slices, not float');
}

/** Python's list index (negative from the end); IndexError outside. */
function row(track: number[][], i: number): number[] {
  const r = track[i < 0 ? track.length + i : i];
  if (r === undefined) throw new PythonError('IndexError', 'list index out of range');
  return r;
}

/** FindCamelInNthPlace on a full track (five camels: the loop always ends on the track). */
function nth(track: number[][], n: number): number {
  let counted = 0;
  for (let i = track.length - 1; i >= 0; i--) {
    const r = track[i]!;
    if (r.length >= n - counted) return r[r.length - (n - counted)]!;
    counted += r.length;
  }
  return findCamelInNthPlace(track, n); // fewer than n camels: the original's negative indices, then IndexError
}

/** MoveCamel of HandcodedHenry (its own mover, on the traps of the state it was given). */
function moveCamel(camel: number, moveDist: number, track: number[][], traps: CamelGameState['trap_track']): void {
  let cur = -1;
  let y = -1;
  for (let ix = 0; ix < track.length; ix++) {
    const k = track[ix]!.indexOf(camel);
    if (k >= 0) {
      cur = ix;
      y = k;
      break;
    }
  }
  if (cur < 0) throw new PythonError('TypeError', 'list indices must be integers or slices, not NoneType');
  const stack = track[cur]!.length - y;
  let distance = moveDist;
  let fromBottom = false;
  if (cur + distance > FINISH) distance = FINISH - cur;
  const trap = traps[cur + distance < 0 ? traps.length + cur + distance : cur + distance];
  if (trap === undefined) throw new PythonError('IndexError', 'list index out of range');
  if (trap.length > 0) {
    if (pyEqualsInt(trap[0], -1)) fromBottom = true;
    distance += trapInt(trap[0]);
  }
  if (cur > FINISH) return;
  const src = track[cur]!;
  if (fromBottom) {
    for (let c = 0; c < stack; c++) {
      const moved = src.splice(stack - c - 1, 1)[0]!;
      row(track, cur + distance).unshift(moved);
    }
  } else {
    for (let c = 0; c < stack; c++) {
      const moved = src.splice(y, 1)[0]!;
      row(track, cur + distance).push(moved);
    }
  }
}

const HandcodedHenry: CamelPlayer = {
  name: 'HandcodedHenry',
  move(player, g, { random }) {
    const traps = g.trap_track;
    // Step 1: every order and distance of the camels still to move.
    const toMove: number[] = [];
    for (let i = 0; i < g.camels.length; i++) if (g.camel_yet_to_move[i]) toMove.push(i);
    const n = toMove.length;
    const resulting = Array.from({ length: 5 }, () => [0, 0, 0]);
    // One scratch track, reset to the real one per scenario (the original copies it each time): the last scenario's stays.
    const hyp: number[][] = g.camel_track.map((r) => [...r]);
    const combos = 3 ** n;
    for (const perm of permutations(toMove)) {
      for (let mc = 0; mc < combos; mc++) {
        resetTrack(hyp, g.camel_track);
        for (let m = 0; m < n; m++) moveCamel(perm[m]!, (Math.floor(mc / 3 ** m) % 3) + 1, hyp, traps);
        const first = nth(hyp, 1);
        const second = nth(hyp, 2);
        for (let c = 0; c < g.camels.length; c++) {
          if (c === first) resulting[c]![2]!++;
          else if (c === second) resulting[c]![1]!++;
          else resulting[c]![0]!++;
        }
      }
    }

    const where = (camel: number) => hyp.findIndex((r) => r.includes(camel));
    const firstLoc = where(findCamelInNthPlace(g.camel_track, 1));
    const secondLoc = where(findCamelInNthPlace(g.camel_track, 2));
    const thirdLoc = where(findCamelInNthPlace(g.camel_track, 3));
    if (firstLoc < 0 || secondLoc < 0 || thirdLoc < 0) throw new PythonError('IndexError', 'list index out of range');
    const nearness = (0.9 * firstLoc + 0.07 * secondLoc + 0.03 * thirdLoc) / FINISH;

    let maxDelta = 0;
    for (const money of g.player_money_values) {
      const delta = money - g.player_money_values[player]!;
      if (delta > maxDelta) maxDelta = delta;
    }
    const distToFirst = -0.2 + 0.0394 * maxDelta + 0.00288 * (maxDelta * maxDelta);
    const riskiness = distToFirst * nearness;

    let bestMove: number[] = [0];
    let bestValue = 1;
    const firstPay = [5, 3, 2, 0];
    const secondPay = [1, 1, 1, 0];
    const thirdPay = [-1, -1, -1, 0];
    for (let i = 0; i < g.camels.length; i++) {
      let k = 0;
      for (const b of g.round_bets) if (pyEqualsInt(b[0], i)) k++;
      if (k > 3) k = 3;
      const possible = resulting[0]![0]! + resulting[0]![1]! + resulting[0]![2]!;
      const c1 = resulting[i]![2]! / possible;
      const c2 = resulting[i]![1]! / possible;
      const c3 = resulting[i]![0]! / possible;
      const ev = c1 * firstPay[k]! + c2 * secondPay[k]! + c3 * thirdPay[k]!;
      const upshot = firstPay[k]!;
      const fEV = ev + riskiness * (upshot - ev);
      if (fEV > bestValue) {
        bestMove = [2, i];
        bestValue = fEV;
      }
    }

    // Step 2: the futures.
    const winners = [0, 0, 0, 0, 0, 0];
    const losers = [0, 0, 0, 0, 0, 0];
    const dice = random.choices([1, 2, 3], FUTURE_SIGHT * DEPTH_CAP);
    let di = 0;
    const track = hyp.map((r) => [...r]);
    for (let f = 0; f < FUTURE_SIGHT; f++) {
      let won = false;
      resetTrack(track, hyp);
      const bank = [0, 1, 2, 3, 4];
      let depth = 0;
      while (!won && depth < DEPTH_CAP) {
        if (bank.length === 0) bank.push(0, 1, 2, 3, 4);
        const idx = random.randrange(bank.length);
        const boy = bank[idx]!;
        bank[idx] = bank[bank.length - 1]!;
        bank.pop();
        moveCamel(boy, dice[di]!, track, traps);
        di++;
        // CheckForGameWinners: one run counted per move; the first occupied square past the line, from the end.
        winners[5]!++;
        for (let i = track.length - 1; i > FINISH - 1; i--) {
          const r = track[i]!;
          if (r.length) {
            winners[r[r.length - 1]!]!++;
            won = true;
            break;
          }
        }
        depth++;
      }
      losers[nth(track, 5)]!++;
      losers[5]!++;
    }

    for (let sus = 0; sus < 5; sus++) {
      for (const bet of g.player_game_bets[player]!) {
        if (checkBet(bet, String(sus))) {
          winners[sus] = 0;
          losers[sus] = 0;
        }
      }
    }

    const gameBet = (counts: number[], tableBets: number, scale: number | null): [number, number] => {
      const runs = counts[5]!;
      const five = counts.slice(0, 5);
      const pick = five.indexOf(Math.max(...five));
      const chance = scale === null ? five[pick]! / runs : (five[pick]! * scale) / runs;
      const x = tableBets * chance + 1;
      const payout = 0.42857 * (x * x) - 4.37143 * x + 12;
      const ev = payout * chance - (1 - chance);
      return [pick, ev + riskiness * (8 - ev)];
    };
    const [front, winEV] = gameBet(winners, g.game_winner_bets.length, null);
    if (winEV > bestValue) {
      bestMove = [3, front];
      bestValue = winEV;
    }
    const [back, loseEV] = gameBet(losers, g.game_loser_bets.length, nearness);
    if (loseEV > bestValue) {
      bestMove = [4, back];
      bestValue = loseEV;
    }
    return bestMove;
  },
};

/** dst := a copy of src, row for row (dst has src's length). */
export function resetTrack(dst: number[][], src: readonly (readonly number[])[]): void {
  for (let i = 0; i < src.length; i++) {
    const d = dst[i]!;
    const r = src[i]!;
    // pop/assign/push rather than `length =` (slow in V8, and it would make the rows holey).
    while (d.length > r.length) d.pop();
    for (let k = 0; k < r.length; k++) {
      if (k < d.length) d[k] = r[k]!;
      else d.push(r[k]!);
    }
  }
}

/** itertools.permutations(xs, len(xs)): lexicographic by position. */
export function* permutations(xs: readonly number[]): Generator<number[]> {
  const n = xs.length;
  const idx = xs.map((_, i) => i);
  const cycles = Array.from({ length: n }, (_, i) => n - i);
  yield idx.map((i) => xs[i]!);
  if (n === 0) return;
  for (;;) {
    let i = n - 1;
    for (; i >= 0; i--) {
      cycles[i]!--;
      if (cycles[i] === 0) {
        const [first] = idx.splice(i, 1);
        idx.push(first!);
        cycles[i] = n - i;
      } else {
        const j = cycles[i]!;
        [idx[i], idx[n - j]] = [idx[n - j]!, idx[i]!];
        yield idx.map((k) => xs[k]!);
        break;
      }
    }
    if (i < 0) return;
  }
}

export default HandcodedHenry;

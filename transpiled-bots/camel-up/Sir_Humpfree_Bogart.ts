/**
 * Sir_Humpfree_Bogart (question 167101, posted by the challenge's author): expected values.
 *
 * 1. Round winner: every order in which the camels still to move could move (all
 *    permutations) times every distance (3^n), played out on a copy of the track with the
 *    bot's own camel-moving code; the share of outcomes in which each camel is 1st / 2nd /
 *    worse gives the EV of a round bet (payouts by how many bets that camel already has).
 * 2. Game winner / loser: 10,000 random futures (camels drawn and moved with the shared
 *    `random`, up to 35 moves or until a camel crosses 16), counting winners and last camels.
 * 3. A riskiness from the distance to the richest player and the leading camels' nearness to
 *    the end pushes each EV toward its best payout; the highest wins, moving a camel (EV 1) by
 *    default. It never places traps.
 *
 * Exactness kept on purpose, as in the original:
 * - its camel mover caps the distance at the finish line, reads the traps of the state it was
 *   given (even in futures past the round's end), and on a −1 trap pops index stack-c-1 like
 *   the controller's buggy path;
 * - the track the futures start from, and on which the leading camels are located, is the
 *   LAST hypothetical track of step 1 (the last permutation with every distance 3), not the
 *   real one;
 * - the futures draw from a list that IS the list of camels still to move (Python aliasing):
 *   the first future empties it, later futures start with what is left (usually nothing, so a
 *   fresh [0..4]);
 * - CheckForGameWinners counts a winner once per occupied square past the line, and its run
 *   counter once per move, not per future;
 * - randint uses CPython 3's algorithm on the engine's shared generator: two draws a move,
 *   in the original order (camel index, then distance).
 * Floating point: the same operations in the same order (x**2 written x*x, which is what
 * CPython's pow gives for an exponent of 2).
 */
import { checkBet, findCamelInNthPlace, FINISH_LINE, type CamelPlayer } from '../../engines/camel-up/rules.ts';
import type { Provenance } from '../provenance.ts';

export const provenance: Provenance = {
  challenge: 'camel-up',
  bot: 'Sir_Humpfree_Bogart',
  questionId: 167101,
  source: 'GitHub trbarron/Camel_Up_Cup_2K18 Sir_Humpfree_Bogart.py @ 46f6797 (2018-06-20; added in 4ba6867, 2018-05-07)',
  sourceDate: '2018-06-20',
  sha256: '1fbd52394b31ece68203f51e6c435dc91f90575c0c27e8fd27ac426a022477c1',
  notes: 'sha256 of the whole file at 46f6797. Posted as an answer too (by the challenge author).',
};

const FUTURE_SIGHT = 10_000;
const DEPTH_CAP = 35;
const SQUARES = 29;
const SLOTS = 5;

/**
 * The track as the bot's simulations use it, without allocation: each square a stack of at
 * most 5 camels (bottom first), plus each camel's square and height. Its operations are the
 * Python list operations the original performs (pop(i), insert(0, x), append(x)), one camel at
 * a time, so even a move onto its own square behaves as in Python.
 */
class SimTrack {
  readonly sq = new Int8Array(SQUARES * SLOTS);
  readonly len = new Int8Array(SQUARES);
  readonly pos = new Int8Array(5);
  readonly hgt = new Int8Array(5);

  static of(track: readonly (readonly number[])[]): SimTrack {
    const t = new SimTrack();
    track.forEach((row, s) => row.forEach((c) => t.push(s, c)));
    return t;
  }

  copyFrom(o: SimTrack): void {
    this.sq.set(o.sq);
    this.len.set(o.len);
    this.pos.set(o.pos);
    this.hgt.set(o.hgt);
  }

  private place(s: number, i: number, c: number): void {
    this.sq[s * SLOTS + i] = c;
    this.pos[c] = s;
    this.hgt[c] = i;
  }

  push(s: number, c: number): void {
    this.place(s, this.len[s]!, c);
    this.len[s]! += 1;
  }

  /** list.pop(i) */
  removeAt(s: number, i: number): number {
    const b = s * SLOTS;
    const c = this.sq[b + i]!;
    const n = this.len[s]!;
    for (let k = i; k < n - 1; k++) this.place(s, k, this.sq[b + k + 1]!);
    this.len[s] = n - 1;
    return c;
  }

  /** list.insert(0, x) */
  insertFirst(s: number, c: number): void {
    const b = s * SLOTS;
    for (let k = this.len[s]!; k > 0; k--) this.place(s, k, this.sq[b + k - 1]!);
    this.place(s, 0, c);
    this.len[s]! += 1;
  }

  /** FindCamelInNthPlace. */
  nth(n: number): number {
    let counted = 0;
    for (let s = SQUARES - 1; ; s--) {
      const l = this.len[s]!;
      const dtg = n - counted;
      if (l >= dtg) return this.sq[s * SLOTS + l - dtg]!;
      counted += l;
    }
  }
}

/** The bot's own MoveCamel (not the controller's): distance capped at the line, traps read from g. */
function simMove(camel: number, dist: number, t: SimTrack, traps: Int8Array): void {
  const pos = t.pos[camel]!;
  const y = t.hgt[camel]!;
  const stack = t.len[pos]! - y;
  let distance = dist;
  let fromBottom = false;
  if (pos + distance > FINISH_LINE) distance = FINISH_LINE - pos;
  const trap = traps[pos + distance]!;
  if (trap !== 0) {
    if (trap === -1) fromBottom = true;
    distance += trap;
  }
  if (pos > FINISH_LINE) return;
  const dest = pos + distance;
  if (fromBottom) {
    // for c in range(stack): dest.insert(0, src.pop(stack - c - 1))
    for (let c = 0; c < stack; c++) t.insertFirst(dest, t.removeAt(pos, stack - c - 1));
  } else {
    // for c in range(stack): dest.append(src.pop(found_y_pos))
    for (let c = 0; c < stack; c++) t.push(dest, t.removeAt(pos, y));
  }
}

const Sir_Humpfree_Bogart: CamelPlayer = {
  name: 'Sir_Humpfree_Bogart',
  move(player, g, { random }) {
    const camelsToMove: number[] = [];
    for (let i = 0; i < g.camels.length; i++) if (g.camel_yet_to_move[i]) camelsToMove.push(i);
    const n = camelsToMove.length;
    const resultingPlace = Array.from({ length: 5 }, () => [0, 0, 0]);
    // The traps of the state it was given (type per square; 0 = none).
    const traps = new Int8Array(SQUARES);
    g.trap_track.forEach((tr, sqr) => {
      if (tr.length > 0) traps[sqr] = tr[0]!;
    });
    const real = SimTrack.of(g.camel_track);
    // Every permutation of the camels to move times every distance (3^n), each played out on
    // a copy of the track: walked depth first so common prefixes are played once (the counts
    // do not depend on the order).
    const levels = Array.from({ length: n + 1 }, () => new SimTrack());
    levels[0]!.copyFrom(real);
    const left = [...camelsToMove];
    const used = new Array<boolean>(n).fill(false);
    const walk = (depth: number): void => {
      const t = levels[depth]!;
      if (depth === n) {
        const first = t.nth(1);
        const second = t.nth(2);
        for (let c = 0; c < g.camels.length; c++) {
          if (c === first) resultingPlace[c]![2]! += 1;
          else if (c === second) resultingPlace[c]![1]! += 1;
          else resultingPlace[c]![0]! += 1;
        }
        return;
      }
      const next = levels[depth + 1]!;
      for (let i = 0; i < n; i++) {
        if (used[i]) continue;
        used[i] = true;
        for (let d = 1; d <= 3; d++) {
          next.copyFrom(t);
          simMove(left[i]!, d, next, traps);
          walk(depth + 1);
        }
        used[i] = false;
      }
    };
    walk(0);
    // The original's hyp_camel_track afterwards: its LAST simulation, the last permutation
    // (camels in reverse order) with every distance 3.
    const hyp = new SimTrack();
    hyp.copyFrom(real);
    for (let m = n - 1; m >= 0; m--) simMove(camelsToMove[m]!, 3, hyp, traps);

    // Riskiness: distance to the richest player, and the leaders' nearness to the end.
    const firstCam = findCamelInNthPlace(g.camel_track, 1);
    const secondCam = findCamelInNthPlace(g.camel_track, 2);
    const thirdCam = findCamelInNthPlace(g.camel_track, 3);
    // Located on the LAST hypothetical track, as the original does.
    const firstLoc = hyp.pos[firstCam]!;
    const secondLoc = hyp.pos[secondCam]!;
    const thirdLoc = hyp.pos[thirdCam]!;
    const nearnessToEnd = (0.9 * firstLoc + 0.07 * secondLoc + 0.03 * thirdLoc) / FINISH_LINE;
    let maxDelta = 0;
    for (const money of g.player_money_values) {
      const delta = money - g.player_money_values[player]!;
      if (delta > maxDelta) maxDelta = delta;
    }
    const distToFirst = -0.2 + 0.0394 * maxDelta + 0.00288 * (maxDelta * maxDelta);
    const riskiness = distToFirst * nearnessToEnd;

    let best: unknown[] = [0];
    let bestValue = 1;

    // Round winner bets.
    const firstPayout = [5, 3, 2, 0];
    const secondPayout = [1, 1, 1, 0];
    const thirdPayout = [-1, -1, -1, 0];
    for (let i = 0; i < g.camels.length; i++) {
      let idx = 0;
      for (const bet of g.round_bets) if (i === bet[0]) idx += 1;
      if (idx > 3) idx = 3;
      const possible = resultingPlace[0]![0]! + resultingPlace[0]![1]! + resultingPlace[0]![2]!;
      const chance1 = resultingPlace[i]![2]! / possible;
      const chance2 = resultingPlace[i]![1]! / possible;
      const chance3 = resultingPlace[i]![0]! / possible;
      const ev = chance1 * firstPayout[idx]! + chance2 * secondPayout[idx]! + chance3 * thirdPayout[idx]!;
      const upshot = firstPayout[idx]!;
      const fEV = ev + riskiness * (upshot - ev);
      if (fEV > bestValue) {
        best = [2, i];
        bestValue = fEV;
      }
    }

    // Futures: game winners and losers.
    const gameWinners = [0, 0, 0, 0, 0, 0];
    const gameLosers = [0, 0, 0, 0, 0, 0];
    // camel_bank: either THE list camels_to_move (shared by every future until emptied) or a
    // fresh [0..4]; kept as two buffers with lengths, no allocation.
    const ctm = Int8Array.from(camelsToMove);
    let ctmLen = ctm.length;
    const fresh = new Int8Array(5);
    let freshLen = 0;
    const track = new SimTrack();
    for (let cycle = 0; cycle < FUTURE_SIGHT; cycle++) {
      let winnerFlag = false;
      track.copyFrom(hyp);
      let onCtm = true; // camel_bank = camels_to_move
      for (let depth = 0; !winnerFlag && depth < DEPTH_CAP; depth++) {
        if ((onCtm ? ctmLen : freshLen) === 0) {
          onCtm = false; // camel_bank = [0, 1, 2, 3, 4]
          for (let q = 0; q < 5; q++) fresh[q] = q;
          freshLen = 5;
        }
        const bank = onCtm ? ctm : fresh;
        const len = onCtm ? ctmLen : freshLen;
        // randint(0, len - 1) and randint(1, 3) are a + _randbelow(width) in CPython 3.
        const k = random.randbelow(len);
        const boy = bank[k]!;
        for (let q = k; q < len - 1; q++) bank[q] = bank[q + 1]!;
        if (onCtm) ctmLen--;
        else freshLen--;
        const dist = 1 + random.randbelow(3);
        simMove(boy, dist, track, traps);
        // CheckForGameWinners: a count per occupied square past the line, the run counter per move.
        for (let i = FINISH_LINE; i < SQUARES; i++) {
          if (track.len[i]! > 0) {
            gameWinners[track.nth(1)]! += 1;
            winnerFlag = true;
          }
        }
        gameWinners[5]! += 1;
      }
      gameLosers[track.nth(5)]! += 1;
      gameLosers[5]! += 1;
    }

    // Camels it has already bet on (winner or loser) count for nothing.
    for (let sus = 0; sus < 5; sus++) {
      for (const bet of g.player_game_bets[player]!) {
        if (checkBet(bet, String(sus))) {
          gameWinners[sus] = 0;
          gameLosers[sus] = 0;
        }
      }
    }

    const gameBet = (counts: number[], scale: number, betsSoFar: number): [number, number] => {
      const runs = counts[5]!;
      const five = counts.slice(0, 5);
      const pick = five.indexOf(Math.max(...five));
      const chance = (five[pick]! * scale) / runs; // scale 1 is exact: count / runs
      const x = betsSoFar * chance + 1;
      const payout = 0.42857 * (x * x) - 4.37143 * x + 12;
      const ev = payout * chance - (1 - chance);
      return [pick, ev + riskiness * (8 - ev)];
    };
    // GameWinners: chance = count / runs; GameLosers: count * nearness_to_end / runs.
    const [front, winnerValue] = gameBet(gameWinners, 1, g.game_winner_bets.length);
    if (winnerValue > bestValue) {
      best = [3, front];
      bestValue = winnerValue;
    }
    const [back, loserValue] = gameBet(gameLosers, nearnessToEnd, g.game_loser_bets.length);
    if (loserValue > bestValue) {
      best = [4, back];
      bestValue = loserValue;
    }
    return best;
  },
};

export default Sir_Humpfree_Bogart;

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
 *
 * Speed (the bot is nearly all of a game's time; camelup.py spends 11–15 s a game in it): no
 * list is copied. Step 1 walks on five keys (square * 8 + height per camel, a row per depth);
 * the futures run on FutureTrack (stacks as typed arrays, a move costs the camels moved) with
 * the camel bank packed 3 bits a slot; the draws are CPython 3's _randbelow written out on
 * the generator's 32-bit words (getrandbits(bit_length) with rejection), the same words in the
 * same order. The traces (answer and generator state after every recorded call) prove it.
 */
import { checkBet, findCamelInNthPlace, FINISH_LINE, type CamelPlayer } from '../../engines/camel-up/rules.ts';
import type { Provenance } from '../provenance.ts';
import type { PyRandom } from '../../engines/core/rng/python-random.ts';

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
const CAMEL_COUNT = 5;

/*
 * The simulations' track, compact: one key per camel, square * 8 + height in its stack
 * (bottom 0), five camels in an Int32Array (one row per depth of the permutation walk). With
 * every camel on the track, FindCamelInNthPlace(n) is the camel with the n-th largest key
 * (the top of the furthest stack first), so 1st is the largest key and 5th the smallest.
 * Nothing is allocated per simulated move.
 */

/** Scratch stacks (bottom first) for the rare −1-trap move, which is done list op for list op. */
const stackA = new Int8Array(CAMEL_COUNT);
const stackB = new Int8Array(CAMEL_COUNT);

/** Writes the camels on square `s` into `out` by height; returns how many. */
function readStack(keys: Int32Array, o: number, s: number, out: Int8Array): number {
  let n = 0;
  for (let j = 0; j < CAMEL_COUNT; j++) {
    const k = keys[o + j]!;
    if (k >> 3 === s) {
      out[k & 7] = j;
      n++;
    }
  }
  return n;
}

function writeStack(keys: Int32Array, o: number, s: number, st: Int8Array, n: number): void {
  for (let i = 0; i < n; i++) keys[o + st[i]!] = s * 8 + i;
}

/**
 * The −1 trap: `for c in range(stack): dest.insert(0, src.pop(stack - c - 1))` on Python
 * lists (index stack-c-1, not y + …: the original's own quirk), including dest = src.
 */
function moveFromBottom(keys: Int32Array, o: number, pos: number, y: number, dest: number): void {
  let la = readStack(keys, o, pos, stackA);
  const same = dest === pos;
  const B = same ? stackA : stackB;
  let lb = same ? la : readStack(keys, o, dest, stackB);
  const stack = la - y;
  for (let c = 0; c < stack; c++) {
    // src.pop(stack - c - 1)
    const i = stack - c - 1;
    const x = stackA[i]!;
    for (let k = i; k < la - 1; k++) stackA[k] = stackA[k + 1]!;
    la--;
    if (same) lb = la;
    // dest.insert(0, x)
    for (let k = lb; k > 0; k--) B[k] = B[k - 1]!;
    B[0] = x;
    lb++;
    if (same) la = lb;
  }
  writeStack(keys, o, pos, stackA, la);
  if (!same) writeStack(keys, o, dest, stackB, lb);
}

/**
 * The bot's own MoveCamel (not the controller's) on the camels keys[o..o+4]: the distance
 * capped at the line, traps read from the state it was given, a camel past the line not moved.
 */
function simMove(keys: Int32Array, o: number, camel: number, dist: number, traps: Int8Array): void {
  const key = keys[o + camel]!;
  const pos = key >> 3;
  const y = key & 7;
  let distance = dist;
  if (pos + distance > FINISH_LINE) distance = FINISH_LINE - pos;
  const trap = traps[pos + distance]!;
  if (pos > FINISH_LINE) return;
  const dest = pos + distance + trap;
  if (trap === -1) {
    moveFromBottom(keys, o, pos, y, dest);
    return;
  }
  // for c in range(stack): dest.append(src.pop(y)) — onto its own square that is the same order again.
  if (dest === pos) return;
  let n = 0;
  for (let j = 0; j < CAMEL_COUNT; j++) if (keys[o + j]! >> 3 === dest) n++;
  const base = dest * 8 + n - y;
  for (let j = 0; j < CAMEL_COUNT; j++) {
    const k = keys[o + j]!;
    if (k >> 3 === pos && (k & 7) >= y) keys[o + j] = base + (k & 7);
  }
}

/** The keys of a real camel_track. */
function keysOf(track: readonly (readonly number[])[]): Int32Array {
  const keys = new Int32Array(CAMEL_COUNT);
  track.forEach((row, s) => row.forEach((c, h) => (keys[c] = s * 8 + h)));
  return keys;
}

/**
 * A future's track as Python lists without allocation: each square a stack of at most five
 * camels (bottom first) with its length, and each camel's square and height. The futures
 * move one stack per step, so this makes a move cost the camels moved, not the whole track.
 */
class FutureTrack {
  readonly sq = new Int32Array(SQUARES * CAMEL_COUNT);
  readonly len = new Int32Array(SQUARES);
  readonly pos = new Int32Array(CAMEL_COUNT);
  readonly hgt = new Int32Array(CAMEL_COUNT);

  /** Sets the track to the keys' (len is only ever non-zero where a camel stands). */
  reset(keys: Int32Array): void {
    const { sq, len, pos, hgt } = this;
    for (let j = 0; j < CAMEL_COUNT; j++) len[pos[j]!] = 0;
    for (let j = 0; j < CAMEL_COUNT; j++) {
      const p = keys[j]! >> 3;
      const h = keys[j]! & 7;
      pos[j] = p;
      hgt[j] = h;
      sq[p * CAMEL_COUNT + h] = j;
      if (len[p]! <= h) len[p] = h + 1;
    }
  }

  /** list.pop(i) on square s. */
  private removeAt(s: number, i: number): number {
    const { sq, hgt } = this;
    const b = s * CAMEL_COUNT;
    const c = sq[b + i]!;
    const n = this.len[s]!;
    for (let k = i; k < n - 1; k++) {
      const d = sq[b + k + 1]!;
      sq[b + k] = d;
      hgt[d] = k;
    }
    this.len[s] = n - 1;
    return c;
  }

  /** list.insert(0, c) on square s. */
  private insertFirst(s: number, c: number): void {
    const { sq, hgt } = this;
    const b = s * CAMEL_COUNT;
    for (let k = this.len[s]!; k > 0; k--) {
      const d = sq[b + k - 1]!;
      sq[b + k] = d;
      hgt[d] = k;
    }
    sq[b] = c;
    this.pos[c] = s;
    hgt[c] = 0;
    this.len[s]! += 1;
  }

  /** simMove on this track; returns the square the stack went to. */
  move(camel: number, dist: number, traps: Int8Array): number {
    const { sq, len, pos, hgt } = this;
    const from = pos[camel]!;
    let distance = dist;
    if (from + distance > FINISH_LINE) distance = FINISH_LINE - from;
    const trap = traps[from + distance]!;
    if (from > FINISH_LINE) return from;
    const dest = from + distance + trap;
    const y = hgt[camel]!;
    const l = len[from]!;
    if (trap === -1) {
      // for c in range(stack): dest.insert(0, src.pop(stack - c - 1))
      const stack = l - y;
      for (let c = 0; c < stack; c++) this.insertFirst(dest, this.removeAt(from, stack - c - 1));
      return dest;
    }
    // for c in range(stack): dest.append(src.pop(y)) — onto its own square, the same order again.
    if (dest === from) return dest;
    const n = len[dest]!;
    const sb = from * CAMEL_COUNT;
    const db = dest * CAMEL_COUNT + n - y;
    for (let i = y; i < l; i++) {
      const c = sq[sb + i]!;
      sq[db + i] = c;
      pos[c] = dest;
      hgt[c] = n + i - y;
    }
    len[dest] = n + l - y;
    len[from] = y;
    return dest;
  }

  /** How many squares from the finish line on hold a camel. */
  occupiedPastLine(): number {
    let squares = 0;
    for (let j = 0; j < CAMEL_COUNT; j++) {
      const p = this.pos[j]!;
      if (p >= FINISH_LINE) squares |= 1 << (p - FINISH_LINE);
    }
    let count = 0;
    for (; squares !== 0; squares &= squares - 1) count++;
    return count;
  }
}

/**
 * The 10,000 futures from the hypothetical track: camels drawn from camel_bank and moved with
 * the shared `random` until a camel stands past the line or 35 moves, counting (as the
 * original's CheckForGameWinners) the leader once per occupied square past the line, the run
 * counter once per move, and the last camel once per future. camel_bank is THE list
 * camels_to_move (Python aliasing) until the first future empties it, then a fresh [0..4].
 */
function playFutures(hyp: Int32Array, camelsToMove: readonly number[], traps: Int8Array, random: PyRandom, gameWinners: number[], gameLosers: number[]): void {
  // A bank is a Python list of camels packed 3 bits a slot (slot 0 lowest): pop(k) is two masks.
  let ctm = 0; // the list camels_to_move itself, shared by every future until emptied
  for (let i = camelsToMove.length - 1; i >= 0; i--) ctm = (ctm << 3) | camelsToMove[i]!;
  let ctmLen = camelsToMove.length;
  const FRESH = (4 << 12) | (3 << 9) | (2 << 6) | (1 << 3) | 0; // [0, 1, 2, 3, 4]
  const track = new FutureTrack();
  const { pos, hgt } = track;
  // A camel past the line at the start: the first move of every future ends it, whatever moves.
  let startPast = false;
  for (let j = 0; j < CAMEL_COUNT; j++) if (hyp[j]! >> 3 >= FINISH_LINE) startPast = true;
  let moves = 0;
  for (let cycle = 0; cycle < FUTURE_SIGHT; cycle++) {
    track.reset(hyp);
    let onCtm = true; // camel_bank = camels_to_move
    let bank = ctm;
    let len = ctmLen;
    let past = 0;
    for (let depth = 0; depth < DEPTH_CAP; ) {
      if (len === 0) {
        onCtm = false; // camel_bank = [0, 1, 2, 3, 4]
        bank = FRESH;
        len = CAMEL_COUNT;
      }
      // randint(0, len - 1) then randint(1, 3): a + _randbelow(width) in CPython 3.
      const shift = BELOW_SHIFT[len]!;
      let k = random.nextUint32() >>> shift;
      while (k >= len) k = random.nextUint32() >>> shift;
      // boy = camel_bank.pop(k)
      const at = 3 * k;
      const boy = (bank >> at) & 7;
      bank = (bank & ((1 << at) - 1)) | ((bank >> (at + 3)) << at);
      len--;
      let d = random.nextUint32() >>> 30;
      while (d >= 3) d = random.nextUint32() >>> 30;
      const dest = track.move(boy, 1 + d, traps);
      moves++;
      depth++;
      // Before this move no square past the line was occupied (else the future had ended),
      // unless the track started so: now at most the one the stack went to is.
      if (depth === 1 && startPast) {
        past = track.occupiedPastLine();
        if (past > 0) break;
      } else if (dest >= FINISH_LINE) {
        past = 1;
        break;
      }
    }
    if (onCtm) {
      ctm = bank;
      ctmLen = len;
    } else ctmLen = 0;
    // FindCamelInNthPlace 1 and 5: the largest and the smallest square * 8 + height.
    let first = 0;
    let last = 0;
    let firstKey = -1;
    let lastKey = SQUARES * 8;
    for (let j = 0; j < CAMEL_COUNT; j++) {
      const key = pos[j]! * 8 + hgt[j]!;
      if (key > firstKey) {
        firstKey = key;
        first = j;
      }
      if (key < lastKey) {
        lastKey = key;
        last = j;
      }
    }
    // CheckForGameWinners: the leader once per occupied square past the line.
    if (past > 0) gameWinners[first]! += past;
    gameLosers[last]! += 1;
  }
  gameWinners[5]! += moves;
  gameLosers[5]! += FUTURE_SIGHT;
}

const CAMELS_0_4 = [0, 1, 2, 3, 4];

/** A leaf of the round walk: its 1st (largest key) and 2nd camel counted. */
function countLeaf(levels: Int32Array, o: number, counts: Int32Array): void {
  let first = 0;
  let second = -1;
  for (let j = 1; j < CAMEL_COUNT; j++) {
    const k = levels[o + j]!;
    if (k > levels[o + first]!) {
      second = first;
      first = j;
    } else if (second < 0 || k > levels[o + second]!) second = j;
  }
  counts[first]! += 1;
  counts[CAMEL_COUNT + second]! += 1;
  counts[2 * CAMEL_COUNT]! += 1;
}

function walkRound(levels: Int32Array, depth: number, camels: readonly number[], used: number, traps: Int8Array, counts: Int32Array): void {
  const n = camels.length;
  const o = depth * CAMEL_COUNT;
  const next = o + CAMEL_COUNT;
  for (let i = 0; i < n; i++) {
    if (used & (1 << i)) continue;
    const camel = camels[i]!;
    for (let d = 1; d <= 3; d++) {
      for (let j = 0; j < CAMEL_COUNT; j++) levels[next + j] = levels[o + j]!;
      simMove(levels, next, camel, d, traps);
      if (depth + 1 === n) countLeaf(levels, next, counts);
      else walkRound(levels, depth + 1, camels, used | (1 << i), traps, counts);
    }
  }
}

/**
 * Step 1: every permutation of the camels to move times every distance (3^n), each played
 * out on a copy of the track, walked depth first so common prefixes are played once (the
 * counts do not depend on the order). Returns per camel how often it came 1st ([0..4]) and
 * 2nd ([5..9]), and the number of outcomes ([10]).
 */
function roundPlaces(real: Int32Array, camels: readonly number[], traps: Int8Array): Int32Array {
  const levels = new Int32Array((camels.length + 1) * CAMEL_COUNT);
  levels.set(real);
  const counts = new Int32Array(2 * CAMEL_COUNT + 1);
  if (camels.length === 0) countLeaf(levels, 0, counts);
  else walkRound(levels, 0, camels, 0, traps, counts);
  return counts;
}

/** 32 - bit_length(n) for n = 1..5: CPython 3's _randbelow(n) is getrandbits(bit_length) with rejection. */
const BELOW_SHIFT = [0, 31, 30, 30, 29, 29];

const Sir_Humpfree_Bogart: CamelPlayer = {
  name: 'Sir_Humpfree_Bogart',
  move(player, g, { random }) {
    const camelsToMove: number[] = [];
    for (let i = 0; i < g.camels.length; i++) if (g.camel_yet_to_move[i]) camelsToMove.push(i);
    const n = camelsToMove.length;
    // The traps of the state it was given (type per square; 0 = none).
    const traps = new Int8Array(SQUARES);
    g.trap_track.forEach((tr, sqr) => {
      if (tr.length > 0) traps[sqr] = tr[0]!;
    });
    const real = keysOf(g.camel_track);
    // Step 1: the round's outcomes, every permutation times every distance.
    const counts = roundPlaces(real, camelsToMove, traps);
    const leaves = counts[2 * CAMEL_COUNT]!;
    // resulting_place[c] = [3rd or worse, 2nd, 1st], as the original counts them.
    const resultingPlace = CAMELS_0_4.map((c) => [leaves - counts[c]! - counts[CAMEL_COUNT + c]!, counts[CAMEL_COUNT + c]!, counts[c]!]);
    // The original's hyp_camel_track afterwards: its LAST simulation, the last permutation
    // (camels in reverse order) with every distance 3.
    const hyp = Int32Array.from(real);
    for (let m = n - 1; m >= 0; m--) simMove(hyp, 0, camelsToMove[m]!, 3, traps);

    // Riskiness: distance to the richest player, and the leaders' nearness to the end.
    const firstCam = findCamelInNthPlace(g.camel_track, 1);
    const secondCam = findCamelInNthPlace(g.camel_track, 2);
    const thirdCam = findCamelInNthPlace(g.camel_track, 3);
    // Located on the LAST hypothetical track, as the original does.
    const firstLoc = hyp[firstCam]! >> 3;
    const secondLoc = hyp[secondCam]! >> 3;
    const thirdLoc = hyp[thirdCam]! >> 3;
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
    playFutures(hyp, camelsToMove, traps, random, gameWinners, gameLosers);

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

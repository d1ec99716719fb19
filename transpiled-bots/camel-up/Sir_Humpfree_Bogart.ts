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
import { checkBet, findCamel, findCamelInNthPlace, FINISH_LINE, moveStack, type CamelGameState, type CamelPlayer } from '../../engines/camel-up/rules.ts';
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

/** The bot's own MoveCamel (not the controller's): distance capped at the line, traps read from g. */
function simMove(camel: number, dist: number, track: number[][], g: CamelGameState): void {
  const [pos, y] = findCamel(track, camel);
  let distance = dist;
  let fromBottom = false;
  if (pos + distance > FINISH_LINE) distance = FINISH_LINE - pos;
  const trap = g.trap_track[pos + distance]!;
  if (trap.length > 0) {
    if (trap[0] === -1) fromBottom = true;
    distance += trap[0]!;
  }
  if (pos > FINISH_LINE) return;
  moveStack(track, pos, y, distance, fromBottom, true);
}

const copyTrack = (t: readonly number[][]): number[][] => t.map((r) => r.slice());

/** itertools.permutations(items): every ordering, in the same order. */
function permutations(items: readonly number[]): number[][] {
  if (items.length <= 1) return [[...items]];
  const out: number[][] = [];
  items.forEach((x, i) => {
    for (const rest of permutations([...items.slice(0, i), ...items.slice(i + 1)])) out.push([x, ...rest]);
  });
  return out;
}

const Sir_Humpfree_Bogart: CamelPlayer = {
  name: 'Sir_Humpfree_Bogart',
  move(player, g, { random }) {
    const camelsToMove: number[] = [];
    for (let i = 0; i < g.camels.length; i++) if (g.camel_yet_to_move[i]) camelsToMove.push(i);
    const n = camelsToMove.length;
    const resultingPlace = Array.from({ length: 5 }, () => [0, 0, 0]);
    let hyp: number[][] = g.camel_track;
    const combos = 3 ** n;
    for (const perm of permutations(camelsToMove)) {
      for (let mc = 0; mc < combos; mc++) {
        hyp = copyTrack(g.camel_track);
        for (let m = 0, p = 1; m < n; m++, p *= 3) simMove(perm[m]!, (Math.floor(mc / p) % 3) + 1, hyp, g);
        const first = findCamelInNthPlace(hyp, 1);
        const second = findCamelInNthPlace(hyp, 2);
        for (let c = 0; c < g.camels.length; c++) {
          if (c === first) resultingPlace[c]![2]! += 1;
          else if (c === second) resultingPlace[c]![1]! += 1;
          else resultingPlace[c]![0]! += 1;
        }
      }
    }

    // Riskiness: distance to the richest player, and the leaders' nearness to the end.
    const firstCam = findCamelInNthPlace(g.camel_track, 1);
    const secondCam = findCamelInNthPlace(g.camel_track, 2);
    const thirdCam = findCamelInNthPlace(g.camel_track, 3);
    const firstLoc = findCamel(hyp, firstCam)[0];
    const secondLoc = findCamel(hyp, secondCam)[0];
    const thirdLoc = findCamel(hyp, thirdCam)[0];
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
    for (let cycle = 0; cycle < FUTURE_SIGHT; cycle++) {
      let winnerFlag = false;
      const track = copyTrack(hyp);
      let bank = camelsToMove; // the same list: deleting from it empties camelsToMove
      for (let depth = 0; !winnerFlag && depth < DEPTH_CAP; depth++) {
        if (bank.length === 0) bank = [0, 1, 2, 3, 4];
        const k = random.randint(0, bank.length - 1);
        const boy = bank[k]!;
        bank.splice(k, 1);
        const dist = random.randint(1, 3);
        simMove(boy, dist, track, g);
        // CheckForGameWinners
        for (let i = FINISH_LINE; i < track.length; i++) {
          if (track[i]!.length > 0) {
            gameWinners[findCamelInNthPlace(track, 1)]! += 1;
            winnerFlag = true;
          }
        }
        gameWinners[5]! += 1;
      }
      gameLosers[findCamelInNthPlace(track, 5)]! += 1;
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

/**
 * OpusOmul (Camel Up Cup 2026 house bot "tb-OpusOmul", by Tyler Barron, written with Claude Opus):
 * 1. enumerates every way the current round can finish (each order of the camels still to move ×
 *    each die value, traps applied) and counts each camel's finishing place;
 * 2. plays 800 random futures of the whole game (at most 60 moves each) for the game bets;
 * 3. takes the action of highest expected value, starting from "roll" at 1.0 (a strictly greater
 *    value replaces it, so earlier candidates win ties): round bets, game winner bets, game loser
 *    bets, then +1 traps on squares 1–16.
 *
 * Draws from the shared `random` (the controller's module-global generator, as in the original):
 * first `random.choices((1, 2, 3), k=48000)` — 48,000 calls of random(), whatever the futures
 * use — then one `random.randrange(len(bank))` per simulated move. Nothing else draws.
 *
 * Quirks of the original, kept for exactness:
 * - the futures' dice are pre-drawn, so a future's moves use consecutive entries of one list and
 *   the 48,000 draws are spent even when the futures use only a few thousand;
 * - the camel bank is emptied by swap-and-pop (`bank[idx] = bank[-1]; bank.pop()`), so the
 *   order of the remaining camels (and so which camel a randrange index names) is that of the
 *   swaps, not of the camels' numbers;
 * - the simulated move clamps the landing square to 16 before looking up a trap, and moves no
 *   camel that stands on 16 or beyond; a −1 trap puts the movers under the square's stack;
 * - the futures cap at 60 moves and then count the position as it stands;
 * - the game-bet payout index is `min(len(game_winner_bets), 3)` over ALL players' bets;
 * - `bet_on` (camels it already bet on, winner or loser) blocks both kinds of game bet;
 * - trap values are the chance a camel still to move lands there with one die (1/3 per camel and
 *   reachable square, added as floats in the order of `remaining`), compared with the best EV so
 *   far; only +1 traps; the adjacency check skips the bot's own trap (MoveTrap removes it first);
 * - with no camel left to move (never the case when the controller asks) it ranks the track as
 *   it stands, with `nth_place`.
 */
import type { CamelPlayer, CamelGameState } from '../../engines/camel-up/rules.ts';
import { checkBet } from '../../engines/camel-up/rules.ts';
import type { Provenance } from '../provenance.ts';

export const provenance: Provenance = {
  challenge: 'camel-up',
  bot: 'OpusOmul',
  questionId: 167101,
  author: 'Tyler Barron',
  source: 'GitHub trbarron/Camel_Up_Cup_2K18 bots/house/OpusOmul.py @ 2dbad1c (2026-07-09; last changed in 0ac1e53, Tyler Barron, Thu Jul 9 20:47:08 2026 -0600)',
  sourceDate: '2026-07-09',
  sha256: 'a6dd841265f7c6920bb3e2361f921379f4c9ac519617b8664f01400f1b3e3eed',
  notes: 'A 2026 house bot (not an answer to question 167101): sha256 of the whole file. Draws from the shared random exactly as the original (48,000 random() for choices, then randrange per simulated move).',
};

const FINISH = 16;
const N_CAMELS = 5;
const N_SIM = 800;
const MAX_DEPTH = 60;
const FIRST_PAY = [5, 3, 2, 0];
const PAY = [8, 5, 3, 1];

function findPos(track: readonly (readonly number[])[], cid: number): [number, number] | null {
  for (let si = 0; si < track.length; si++) {
    const yi = track[si]!.indexOf(cid);
    if (yi >= 0) return [si, yi];
  }
  return null;
}

function nthPlace(track: readonly (readonly number[])[], n: number): number | null {
  let counted = 0;
  for (let si = track.length - 1; si >= 0; si--) {
    const s = track[si]!;
    if (counted + s.length >= n) return s[s.length - (n - counted)]!;
    counted += s.length;
  }
  return null;
}

/**
 * The original's sim_move, game_over and nth_place, on a flat track for the hot loops: square q's stack is st[q*5 .. q*5+cnt[q]) (bottom
 * first; five camels at most). sim_move: the camel and those above it move `dist` (landing clamped
 * to 16; no camel on 16 or beyond moves), then the trap there (−1: under the square's stack).
 */
interface Flat {
  st: Int8Array;
  cnt: Int8Array;
}

function flatOf(track: readonly (readonly number[])[]): Flat {
  const f = { st: new Int8Array(track.length * 5), cnt: new Int8Array(track.length) };
  track.forEach((row, q) => {
    f.cnt[q] = row.length;
    row.forEach((c, i) => (f.st[q * 5 + i] = c));
  });
  return f;
}

function flatMove(t: Flat, cid: number, dist: number, trapType: readonly number[], movers: Int8Array): void {
  const { st, cnt } = t;
  let pos = -1;
  let yi = 0;
  for (let q = 0; q < cnt.length && pos < 0; q++) {
    for (let i = 0; i < cnt[q]!; i++) {
      if (st[q * 5 + i] === cid) {
        pos = q;
        yi = i;
        break;
      }
    }
  }
  if (pos < 0 || pos >= FINISH) return;
  let newPos = Math.min(pos + dist, FINISH);
  let under = false;
  const tt = trapType[newPos]!;
  if (tt !== 0) {
    if (tt === -1) under = true;
    newPos += tt;
  }
  const m = cnt[pos]! - yi;
  for (let i = 0; i < m; i++) movers[i] = st[pos * 5 + yi + i]!;
  cnt[pos] = yi;
  const n = cnt[newPos]!;
  if (under) {
    for (let i = n - 1; i >= 0; i--) st[newPos * 5 + i + m] = st[newPos * 5 + i]!;
    for (let i = 0; i < m; i++) st[newPos * 5 + i] = movers[i]!;
  } else {
    for (let i = 0; i < m; i++) st[newPos * 5 + n + i] = movers[i]!;
  }
  cnt[newPos] = n + m;
}

/** nth_place on the flat track. */
function flatNth(t: Flat, n: number): number | null {
  let counted = 0;
  for (let q = t.cnt.length - 1; q >= 0; q--) {
    const len = t.cnt[q]!;
    if (counted + len >= n) return t.st[q * 5 + len - (n - counted)]!;
    counted += len;
  }
  return null;
}

function flatOver(t: Flat): boolean {
  for (let q = FINISH; q < t.cnt.length; q++) if (t.cnt[q]! > 0) return true;
  return false;
}

/** itertools.permutations order (the counts do not depend on it, but the port follows it). */
function permutations(items: readonly number[]): number[][] {
  if (items.length <= 1) return [[...items]];
  const out: number[][] = [];
  items.forEach((x, i) => {
    for (const rest of permutations([...items.slice(0, i), ...items.slice(i + 1)])) out.push([x, ...rest]);
  });
  return out;
}

function decide(player: number, g: CamelGameState, random: import('../../engines/core/rng/python-random.ts').PyRandom): unknown[] {
  const remaining = [0, 1, 2, 3, 4].filter((i) => g.camel_yet_to_move[i]);
  const nRem = remaining.length;
  const pc = Array.from({ length: N_CAMELS }, () => new Array<number>(N_CAMELS).fill(0));
  let total = 0;
  // Trap types by square (0: none), for the flat moves; sim_move reads the trap track the same way.
  const trapType = g.camel_track.map((_, q) => (q < g.trap_track.length && g.trap_track[q]!.length > 0 ? g.trap_track[q]![0]! : 0));
  const base = flatOf(g.camel_track);
  const t = flatOf(g.camel_track);
  const movers = new Int8Array(5);
  if (nRem > 0) {
    const combos = 3 ** nRem;
    for (const perm of permutations(remaining)) {
      for (let combo = 0; combo < combos; combo++) {
        t.st.set(base.st);
        t.cnt.set(base.cnt);
        for (let mi = 0; mi < nRem; mi++) flatMove(t, perm[mi]!, (Math.floor(combo / 3 ** mi) % 3) + 1, trapType, movers);
        let rank = 0;
        for (let si = t.cnt.length - 1; si >= 0 && rank < N_CAMELS; si--) {
          for (let j = t.cnt[si]! - 1; j >= 0; j--) {
            pc[t.st[si * 5 + j]!]![rank]! += 1;
            rank += 1;
            if (rank === N_CAMELS) break;
          }
        }
        total += 1;
      }
    }
  } else {
    for (let p = 1; p <= N_CAMELS; p++) {
      const c = nthPlace(g.camel_track, p);
      if (c !== null) pc[c]![p - 1]! += 1;
    }
    total = 1;
  }

  let bestAct: unknown[] = [0];
  let bestEv = 1.0;

  for (let cam = 0; cam < N_CAMELS; cam++) {
    const bi = g.round_bets.filter((b) => b[0] === cam).length;
    if (bi >= FIRST_PAY.length) continue;
    const p1 = total ? pc[cam]![0]! / total : 0;
    const p2 = total ? pc[cam]![1]! / total : 0;
    const ev = p1 * FIRST_PAY[bi]! + p2 * 1 + (1 - p1 - p2) * -1;
    if (ev > bestEv) {
      bestEv = ev;
      bestAct = [2, cam];
    }
  }

  const wins = new Array<number>(N_CAMELS).fill(0);
  const losses = new Array<number>(N_CAMELS).fill(0);
  const dice = random.choices([1, 2, 3], N_SIM * MAX_DEPTH);
  let di = 0;
  for (let s = 0; s < N_SIM; s++) {
    t.st.set(base.st);
    t.cnt.set(base.cnt);
    let bank = [...remaining];
    let depth = 0;
    while (!flatOver(t) && depth < MAX_DEPTH) {
      if (bank.length === 0) bank = [0, 1, 2, 3, 4];
      const idx = random.randbelow(bank.length);
      const c = bank[idx]!;
      bank[idx] = bank[bank.length - 1]!;
      bank.pop();
      flatMove(t, c, dice[di]!, trapType, movers);
      di += 1;
      depth += 1;
    }
    const w = flatNth(t, 1);
    const lo = flatNth(t, N_CAMELS);
    if (w !== null) wins[w]! += 1;
    if (lo !== null) losses[lo]! += 1;
  }

  const betOn = new Set<number>();
  for (const hb of g.player_game_bets[player]!) {
    for (let c = 0; c < N_CAMELS; c++) if (checkBet(hb, String(c))) betOn.add(c);
  }

  for (let cam = 0; cam < N_CAMELS; cam++) {
    if (betOn.has(cam)) continue;
    const pw = wins[cam]! / N_SIM;
    const pi = Math.min(g.game_winner_bets.length, PAY.length - 1);
    const ev = pw * PAY[pi]! - (1 - pw);
    if (ev > bestEv) {
      bestEv = ev;
      bestAct = [3, cam];
    }
  }
  for (let cam = 0; cam < N_CAMELS; cam++) {
    if (betOn.has(cam)) continue;
    const pl = losses[cam]! / N_SIM;
    const pi = Math.min(g.game_loser_bets.length, PAY.length - 1);
    const ev = pl * PAY[pi]! - (1 - pl);
    if (ev > bestEv) {
      bestEv = ev;
      bestAct = [4, cam];
    }
  }

  const land = new Array<number>(g.camel_track.length).fill(0.0);
  for (const cam of remaining) {
    const found = findPos(g.camel_track, cam);
    if (found === null) continue;
    for (let d = 1; d < 4; d++) {
      const tgt = found[0] + d;
      if (tgt < land.length) land[tgt]! += 1.0 / 3.0;
    }
  }

  let ownTrap: number | null = null;
  if (g.player_has_placed_trap[player]) {
    for (let ti = 0; ti < g.trap_track.length; ti++) {
      const tr = g.trap_track[ti]!;
      if (tr.length >= 2 && tr[1] === player) {
        ownTrap = ti;
        break;
      }
    }
  }

  for (let tp = 1; tp <= FINISH; tp++) {
    if (g.camel_track[tp]!.length > 0) continue;
    let ok = true;
    for (const off of [-1, 0, 1]) {
      const chkPos = tp + off;
      if (chkPos < 0 || chkPos >= g.trap_track.length) continue;
      if (g.trap_track[chkPos]!.length > 0 && chkPos !== ownTrap) {
        ok = false;
        break;
      }
    }
    if (!ok) continue;
    const tev = land[tp]!;
    if (tev > bestEv) {
      bestEv = tev;
      bestAct = [1, 1, tp];
    }
  }
  return bestAct;
}

const OpusOmul: CamelPlayer = {
  name: 'OpusOmul',
  move(player, g, { random }) {
    return decide(player, g, random);
  },
};

export default OpusOmul;

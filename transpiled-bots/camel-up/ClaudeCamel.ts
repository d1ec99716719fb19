/**
 * ClaudeCamel (Camel Up Cup 2026 house bot, written with Claude Sonnet): pure expected values.
 *
 * 1. Round bets: every order (permutations) × every distance (3^n) of the camels still to move,
 *    on a copy of the real track, each scenario stopping once a camel stands on 16 or beyond;
 *    P(1st), P(2nd), P(worse) give each round bet's EV (payout tier by bets already on the camel;
 *    a camel with three bets or more is skipped).
 * 2. Game winner / loser: 800 Monte Carlo games of up to 64 moves from the real track, with the
 *    round's remaining camels first (a new round clears the traps); the dice are drawn at once,
 *    random.choices((1,2,3), k=51200), then a camel per move with random.randrange(len(bank)).
 * 3. The best EV over rolling (1.0), round bets, game winner and game loser bets (8, 5, 3, 1 by
 *    the number of ALL bets of that kind on the table; its own earlier game bets skipped).
 *
 * Quirks of the original kept for exactness:
 * - its mover pops index stack-c-1 on a −1 trap (the 2018 controller's wrong camels when the
 *   mover is not at the bottom of its stack), clamps the destination to 0–28, and reads the
 *   trap at the first landing square only;
 * - a round scenario stops as soon as any camel is on 16+, but is still counted;
 * - ties keep the first best (strictly greater EV replaces), in the order round, winner, loser.
 * Floating point: the same operations in the same order as Python.
 * A trap type that is not an int (a float from a misbehaving Python player) raises TypeError
 * where the original's list index would: the engine then rolls for the bot.
 */
import { checkBet, pyEqualsInt, type CamelGameState, type CamelPlayer } from '../../engines/camel-up/rules.ts';
import type { Provenance } from '../provenance.ts';
import { permutations, resetTrack, trapInt } from './HandcodedHenry.ts';

export const provenance: Provenance = {
  challenge: 'camel-up',
  bot: 'ClaudeCamel',
  questionId: 167101,
  author: 'Tyler Barron (model: Claude Sonnet)',
  source: 'GitHub trbarron/Camel_Up_Cup_2K18 bots/house/ClaudeCamel.py @ 2dbad1c (2026-07-09; last changed in 0ac1e53, 2026-07-09, Tyler Barron)',
  sourceDate: '2026-07-09',
  sha256: '3b30b40b7d91f29fb3dabb2af1038abc3546db3c65928d6b5bafca5a1cd22378',
  notes: 'sha256 of the whole file at 2dbad1c. A house bot of the 2026 Cup (not an answer on the question); play it with --rules 2026.',
};

const FINISH = 16;
const CAMELS = 5;
const MC_RUNS = 800;
const MAX_DEPTH = 64;

type Traps = CamelGameState['trap_track'];

/** The track and where each camel is (square, height), as ClaudeCamel's pos_map (camels not on the track: -1). */
class Sim {
  readonly pos = new Int32Array(CAMELS).fill(-1);
  readonly y = new Int32Array(CAMELS);
  constructor(readonly track: number[][]) {
    for (let ix = 0; ix < track.length; ix++) this.index(ix);
  }
  /** The track := a copy of `src` and pos_map rebuilt (build_pos_map of a fresh copy). */
  reset(src: readonly (readonly number[])[]): this {
    resetTrack(this.track, src);
    this.pos.fill(-1);
    for (let ix = 0; ix < this.track.length; ix++) this.index(ix);
    return this;
  }
  private index(ix: number): void {
    const r = this.track[ix]!;
    for (let iy = 0; iy < r.length; iy++) {
      const c = r[iy]!;
      if (c >= 0 && c < CAMELS) {
        this.pos[c] = ix;
        this.y[c] = iy;
      }
    }
  }
  /** sim_move. */
  move(camel: number, dist: number, traps: Traps): void {
    const len = this.track.length;
    if (this.pos[camel]! < 0) return;
    const pos = this.pos[camel]!;
    const y = this.y[camel]!;
    const stack = this.track[pos]!.length - y;
    let distance = dist;
    let fromBottom = false;
    let dest = pos + distance;
    if (dest >= 0 && dest < len && traps[dest]!.length > 0) {
      const t = traps[dest]!;
      if (pyEqualsInt(t[0], -1)) fromBottom = true;
      distance += trapInt(t[0]);
      dest = pos + distance;
    }
    dest = Math.max(0, Math.min(dest, len - 1));
    const src = this.track[pos]!;
    const to = this.track[dest]!;
    if (fromBottom) {
      for (let c = 0; c < stack; c++) to.unshift(src.splice(stack - c - 1, 1)[0]!);
    } else {
      for (let c = 0; c < stack; c++) to.push(src.splice(y, 1)[0]!);
    }
    this.index(pos);
    this.index(dest);
  }
  over(): boolean {
    for (let c = 0; c < CAMELS; c++) if (this.pos[c]! >= FINISH) return true;
    return false;
  }
}

/** find_nth: the n-th camel from the front; 0 when the track holds fewer. */
function findNth(track: number[][], n: number): number {
  const len = track.length;
  let counted = 0;
  for (let i = 1; i <= len; i++) {
    const r = track[len - i]!;
    if (r.length >= n - counted) return r[r.length - (n - counted)]!;
    counted += r.length;
  }
  return 0;
}

const ClaudeCamel: CamelPlayer = {
  name: 'ClaudeCamel',
  move(player, g, { random }) {
    const len = g.camel_track.length;
    const remaining: number[] = [];
    for (let i = 0; i < CAMELS; i++) if (g.camel_yet_to_move[i]) remaining.push(i);
    const n = remaining.length;
    const place = Array.from({ length: CAMELS }, () => [0, 0, 0]);
    let total = 0;
    const combos = 3 ** n;
    const scratch = new Sim(g.camel_track.map((r) => [...r]));
    for (const perm of permutations(remaining)) {
      for (let combo = 0; combo < combos; combo++) {
        const sim = scratch.reset(g.camel_track);
        for (let step = 0; step < n; step++) {
          sim.move(perm[step]!, (Math.floor(combo / 3 ** step) % 3) + 1, g.trap_track);
          if (sim.over()) break;
        }
        const first = findNth(sim.track, 1);
        const second = findNth(sim.track, 2);
        for (let c = 0; c < CAMELS; c++) {
          if (c === first) place[c]![2]!++;
          else if (c === second) place[c]![1]!++;
          else place[c]![0]!++;
        }
        total++;
      }
    }

    const wins = [0, 0, 0, 0, 0];
    const loses = [0, 0, 0, 0, 0];
    const dice = random.choices([1, 2, 3], MC_RUNS * MAX_DEPTH);
    let di = 0;
    const noTraps: Traps = Array.from({ length: len }, () => []);
    for (let run = 0; run < MC_RUNS; run++) {
      const sim = scratch.reset(g.camel_track);
      let traps: Traps = g.trap_track;
      const yet = [...g.camel_yet_to_move];
      let depth = 0;
      while (!sim.over() && depth < MAX_DEPTH) {
        let bank: number[] = [];
        for (let i = 0; i < CAMELS; i++) if (yet[i]) bank.push(i);
        if (bank.length === 0) {
          yet.fill(true);
          traps = noTraps;
          bank = [0, 1, 2, 3, 4];
        }
        const idx = random.randrange(bank.length);
        const c = bank[idx]!;
        bank[idx] = bank[bank.length - 1]!;
        bank.pop();
        yet[c] = false;
        sim.move(c, dice[di]!, traps);
        di++;
        depth++;
      }
      wins[findNth(sim.track, 1)]!++;
      loses[findNth(sim.track, CAMELS)]!++;
    }

    const already = new Set<number>();
    for (const hb of g.player_game_bets[player]!) {
      for (let c = 0; c < CAMELS; c++) {
        if (checkBet(hb, String(c))) {
          already.add(c);
          break;
        }
      }
    }
    const winnerBets = g.game_winner_bets.length;
    const loserBets = g.game_loser_bets.length;

    let bestEV = 1.0;
    let best: number[] = [0];
    const fp = [5, 3, 2, 0];
    const sp = [1, 1, 1, 0];
    for (let camel = 0; camel < CAMELS; camel++) {
      let k = 0;
      for (const b of g.round_bets) if (pyEqualsInt(b[0], camel)) k++;
      if (k >= 3) continue;
      const p1 = place[camel]![2]! / total;
      const p2 = place[camel]![1]! / total;
      const po = place[camel]![0]! / total;
      const ev = p1 * fp[k]! + p2 * sp[k]! + po * -1;
      if (ev > bestEV) {
        bestEV = ev;
        best = [2, camel];
      }
    }
    const payouts = [8, 5, 3, 1];
    for (const [kind, counts, tableBets] of [
      [3, wins, winnerBets],
      [4, loses, loserBets],
    ] as const) {
      for (let camel = 0; camel < CAMELS; camel++) {
        if (already.has(camel)) continue;
        const p = counts[camel]! / MC_RUNS;
        const payout = payouts[Math.min(tableBets, payouts.length - 1)]!;
        const ev = p * payout - (1 - p) * 1;
        if (ev > bestEV) {
          bestEV = ev;
          best = [kind, camel];
        }
      }
    }
    return best;
  },
};

export default ClaudeCamel;

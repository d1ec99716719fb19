/**
 * GeminiGerry (Camel Up Cup 2026 house bot, written with Gemini): an "optimized risk-taker".
 *
 * 750 simulations, each on a copy of the state it was given: the rest of the round (a camel by
 * random.choice among those still to move, then its distance by random.randint(1, 3)), then
 * whole new rounds (all camels, no traps) until the game ends. It counts the round's leader,
 * the game's leader and the game's last camel, then takes the best EV over rolling + 0.1: a
 * round bet (5, 3, 2 by bets already on the camel), or a game winner / loser bet priced at the
 * best payout 8 when that camel's chance is over 25% (unless it already bet on it).
 *
 * Quirks of the original kept for exactness:
 * - a simulated game ends only when a camel lands on square 16, 17 or 18 (the 2018 rule, also
 *   under the 2026 rules); beyond 18 it goes on;
 * - its mover reads the trap at the first landing square only, caps the destination at the
 *   track's last square, and on a −1 trap pops index stack-c-1 (the 2018 controller's wrong
 *   camels when the mover is not at the bottom of its stack);
 * - the "loser" is the bottom camel of the rearmost occupied square (not the last camel by the
 *   game's ranking, which is the same), the leader the top of the furthest;
 * - the round's traps stay for the rest of the first simulated round only.
 * One deviation, documented: when every camel has been carried past 18 without one landing on
 * 16–18 (all five in one stack thrown from 15 onto a +1 trap on 18), the original loops forever;
 * the port raises RuntimeError after 10,000 simulated rounds in one simulation instead (the
 * engine then rolls for the bot, as camelup.py 2026 does for a bot that raises).
 * A trap type that is not an int (a float from a misbehaving Python player) raises TypeError
 * (the original raises there too unless the landing square is past the track's end).
 */
import { checkBet, pyEqualsInt, type CamelGameState, type CamelPlayer } from '../../engines/camel-up/rules.ts';
import { PythonError } from '../../engines/core/py/errors.ts';
import type { PyRandom } from '../../engines/core/rng/python-random.ts';
import type { Provenance } from '../provenance.ts';
import { trapInt } from './HandcodedHenry.ts';

export const provenance: Provenance = {
  challenge: 'camel-up',
  bot: 'GeminiGerry',
  questionId: 167101,
  author: 'Tyler Barron (model: Gemini)',
  source: 'GitHub trbarron/Camel_Up_Cup_2K18 bots/house/GeminiGerry.py @ 2dbad1c (2026-07-09; last changed in 0ac1e53, 2026-07-09, Tyler Barron)',
  sourceDate: '2026-07-09',
  sha256: '132f77d2c3d6dff021b77bc98b5b2b78be69695daa8126179478bd89e72fa281',
  notes: 'sha256 of the whole file at 2dbad1c. A house bot of the 2026 Cup (not an answer on the question); play it with --rules 2026. Raises instead of looping forever in the one situation where the original never returns (see the file).',
};

const SIMULATIONS = 750;
const MAX_ROUNDS = 10_000;

type Traps = CamelGameState['trap_track'];

interface SimState {
  track: number[][];
  traps: Traps;
  yet: boolean[];
  active: boolean;
}

/** sim_move_camel. */
function simMoveCamel(s: SimState, camel: number, random: PyRandom): void {
  s.yet[camel] = false;
  let cur = -1;
  let y = -1;
  for (let ix = 0; ix < s.track.length; ix++) {
    const k = s.track[ix]!.indexOf(camel);
    if (k >= 0) {
      cur = ix;
      y = k;
      break;
    }
  }
  if (cur === -1) return;
  const stackLen = s.track[cur]!.length - y;
  let distance = random.randint(1, 3);
  const target = cur + distance;
  let fromBottom = false;
  if (target < s.traps.length && s.traps[target]!.length > 0) {
    const t = s.traps[target]!;
    if (pyEqualsInt(t[0], -1)) fromBottom = true;
    distance += trapInt(t[0]);
  }
  let final = cur + distance;
  if (final >= s.track.length) final = s.track.length - 1;
  const src = s.track[cur]!;
  const to = s.track[final]!;
  if (fromBottom) {
    for (let c = 0; c < stackLen; c++) {
      const popIdx = stackLen - c - 1;
      if (popIdx < src.length) to.unshift(src.splice(popIdx, 1)[0]!);
    }
  } else {
    for (let c = 0; c < stackLen; c++) {
      if (y < src.length) to.push(src.splice(y, 1)[0]!);
    }
  }
}

function leader(track: number[][]): number | null {
  for (let i = track.length - 1; i >= 0; i--) {
    const r = track[i]!;
    if (r.length) return r[r.length - 1]!;
  }
  return null;
}

function loser(track: number[][]): number | null {
  for (const r of track) if (r.length) return r[0]!;
  return null;
}

/** simulate_round. */
function simulateRound(s: SimState, random: PyRandom): number | null {
  for (;;) {
    let left = 0;
    for (const x of s.yet) if (x) left++;
    if (!(left > 0 && s.active)) break;
    const available: number[] = [];
    s.yet.forEach((x, i) => {
      if (x) available.push(i);
    });
    if (available.length === 0) break;
    simMoveCamel(s, random.choice(available), random);
    if (s.track.length > 16 && s.track[16]!.length + s.track[17]!.length + s.track[18]!.length > 0) {
      s.active = false;
      return leader(s.track);
    }
  }
  return leader(s.track);
}

const GeminiGerry: CamelPlayer = {
  name: 'GeminiGerry',
  move(player, g, { random }) {
    const wins = [0, 0, 0, 0, 0];
    const losses = [0, 0, 0, 0, 0];
    const roundWins = [0, 0, 0, 0, 0];
    for (let k = 0; k < SIMULATIONS; k++) {
      const s: SimState = { track: g.camel_track.map((r) => [...r]), traps: g.trap_track, yet: [...g.camel_yet_to_move], active: g.active_game };
      const r = simulateRound(s, random);
      if (r !== null) roundWins[r]!++;
      let rounds = 0;
      while (s.active) {
        if (++rounds > MAX_ROUNDS) throw new PythonError('RuntimeError', 'GeminiGerry port: a simulated game that never ends (the original loops forever here)');
        s.yet = [true, true, true, true, true];
        s.traps = Array.from({ length: 29 }, () => []);
        simulateRound(s, random);
      }
      const w = leader(s.track);
      const l = loser(s.track);
      if (w !== null) wins[w]!++;
      if (l !== null) losses[l]!++;
    }

    let best: number[] = [0];
    let bestEV = 1.0 + 0.1;
    const counts = [0, 0, 0, 0, 0];
    for (const b of g.round_bets) {
      const c = [0, 1, 2, 3, 4].find((i) => pyEqualsInt(b[0], i));
      if (c !== undefined) counts[c]!++;
    }
    const tiers = [5, 3, 2, 0];
    for (let c = 0; c < 5; c++) {
      const prob = roundWins[c]! / SIMULATIONS;
      const payout = counts[c]! < 3 ? tiers[counts[c]!]! : 0;
      if (payout > 0) {
        const ev = prob * payout - (1.0 - prob) * 1.0;
        if (ev > bestEV) {
          bestEV = ev;
          best = [2, c];
        }
      }
    }
    const betOn = (c: number) => {
      for (const bet of g.player_game_bets[player]!) {
        // verify_bet: any exception (a redacted None) is False.
        let same = false;
        try {
          same = checkBet(bet, String(c));
        } catch {
          same = false;
        }
        if (same) return true;
      }
      return false;
    };
    for (const [kind, tally] of [
      [3, wins],
      [4, losses],
    ] as const) {
      for (let c = 0; c < 5; c++) {
        const prob = tally[c]! / SIMULATIONS;
        if (prob > 0.25) {
          const ev = prob * 8.0 - (1.0 - prob) * 1.0;
          if (ev > bestEV && !betOn(c)) {
            bestEV = ev;
            best = [kind, c];
          }
        }
      }
    }
    return best;
  },
};

export default GeminiGerry;

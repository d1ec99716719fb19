/**
 * FabelFelix (Camel Up Cup 2026 house bot "tb-FabelFelix", by Tyler Barron, written with
 * "Claude Fable 5"): enumerates the current round exactly (every order and die value of the
 * camels still to move, traps applied) for the distribution of (round winner, runner-up, game
 * ends), Monte-Carlo samples the rest of the game for the game bets, prices every action with a
 * risk adjustment from its coin lead, and evaluates up to 12 trap placements by enumerating the
 * round again with the trap in place. It never draws from the shared `random`.
 *
 * THE BUDGET (why this port is not in the native exactness claims). The original stops its
 * Monte-Carlo on `sims >= 3000 or (sims >= 250 and time.perf_counter() > deadline)` (deadline =
 * start + 0.9 s) and stops pricing traps when `time.perf_counter() - t_start > 3.3`. So on a slow
 * machine (or a loaded one) it runs fewer futures and prices fewer traps, and its answers
 * depend on the machine. Our Pyodide sandbox freezes that clock (docs/sandbox.md), so the
 * sandboxed original always runs its whole search. This port takes the clock as a parameter:
 * `clock` returns what `time.perf_counter()` would (seconds). The default is a FROZEN clock
 * (always 0): every call runs the full 3,000 futures and prices every trap, which is what
 * the original does on any machine fast enough to finish inside its budget — and exactly what
 * the original does with a frozen `time.perf_counter` (our trace recorder freezes it:
 * fixtures/camel-up/traces). Pass a real clock to imitate a slow machine.
 *
 * MODULE STATE. The futures draw from the module's own `_rng = random.Random(0xCA3E1)`, created
 * once when the module is imported and never reset: it persists across calls, seats and games in
 * one Python interpreter. The port keeps it in the instance (`rng`), and the registry
 * (index.ts camelPlayer) hands out a new instance each time the engine resolves a pool: once per
 * run of games, as our sandbox loads a `--python-bots` file once per run (all seats and games of
 * the run share the module: measured) — and once per shard of a tournament, so its figures do
 * not depend on --workers. The 2026 Lambda tournament imported the module in its parent process,
 * which played no game, and forked workers per round of games (2 games each by default), so
 * there every worker started from the fresh seed too (its games were unseeded: random.seed()).
 *
 * PYTHON VERSION. It sums floats with the builtin `sum()` (p_end, the squared win odds, the
 * continuation odds). CPython 3.12+ (and our sandbox's Pyodide, Python 3.14) sums floats with
 * Neumaier compensation; 3.11 and older add plainly. `sum: 'compensated'` (default) or `'plain'`.
 *
 * Other quirks of the original, kept: dict iteration in insertion order (the enumeration's layers,
 * the outcome table — float sums follow it); frozensets of camels iterate in ascending order
 * (CPython's hash order for 0–4); a −1 trap one square ahead puts the movers under their own
 * square's remaining stack; the round enumeration keeps squares 0–20 only; the game-bet payout
 * index is guessed from the other players' bet counts; candidates sorted by value with a stable
 * sort (the first of equal values wins: roll, round bets 0–4, game winner/loser bets per camel,
 * traps in pricing order); any exception makes it roll ([0]).
 */
import type { CamelPlayer, CamelGameState } from '../../engines/camel-up/rules.ts';
import { checkBet } from '../../engines/camel-up/rules.ts';
import { PyRandom } from '../../engines/core/rng/python-random.ts';
import type { Provenance } from '../provenance.ts';

export const provenance: Provenance = {
  challenge: 'camel-up',
  bot: 'FabelFelix',
  questionId: 167101,
  author: 'Tyler Barron',
  source: 'GitHub trbarron/Camel_Up_Cup_2K18 bots/house/FabelFelix.py @ 2dbad1c (2026-07-09; last changed in 0ac1e53, Tyler Barron, Thu Jul 9 20:47:08 2026 -0600)',
  sourceDate: '2026-07-09',
  sha256: 'f1d90e6b076f1336fd1798725a3e6d7c8263651e824112702a849144e72be2e9',
  notes:
    'A 2026 house bot: sha256 of the whole file. Budgeted by time.perf_counter (0.9 s of futures, 3.3 s in all): the port takes the clock as a parameter, frozen by default (3,000 futures, every trap priced), so it equals the original only where the original finished inside its budget. Not in the native exactness claims.',
};

const FINISH = 16;
const KEYLEN = 21;
const TRACKLEN = 25;
const DICE = [1, 2, 3];
const ROUND_FIRST_PAY = [5, 3, 2, 0];
const ROUND_SECOND_PAY = [1, 1, 1, 0];
const GAME_PAY = [8, 5, 3, 1];
/** The module's `_rng = random.Random(0xCA3E1)`. */
export const FABEL_SEED = 0xca3e1;

export interface FabelFelixOptions {
  /** What `time.perf_counter()` returns, in seconds. Default: frozen at 0 (no budget ever runs out). */
  clock?: () => number;
  /** The module's private generator; default `new PyRandom(0xCA3E1)`, created with the instance. */
  rng?: PyRandom;
  /** How builtin sum() adds floats: 'compensated' (CPython 3.12+, the sandbox's Pyodide; default) or 'plain' (3.11 and older). */
  sum?: 'compensated' | 'plain';
}

type Track = readonly (readonly number[])[];
type Traps = Map<number, readonly [number, number]>;
interface Outcome {
  f: number | null;
  s: number | null;
  e: boolean;
  p: number;
}

/** CPython's sum() of floats (started from the int 0). */
export function pySum(xs: readonly number[], mode: 'compensated' | 'plain'): number {
  if (mode === 'plain') {
    let acc = 0;
    for (const x of xs) acc = acc + x;
    return acc;
  }
  if (xs.length === 0) return 0;
  let f = 0 + xs[0]!;
  let c = 0.0;
  for (let i = 1; i < xs.length; i++) {
    const x = xs[i]!;
    const t = f + x;
    if (Math.abs(f) >= Math.abs(x)) c += f - t + x;
    else c += x - t + f;
    f = t;
  }
  if (c !== 0 && Number.isFinite(c)) f += c;
  return f;
}

const clamp = (x: number, lo: number, hi: number): number => (x < lo ? lo : x > hi ? hi : x);

/*
 * The round enumeration works on each camel's place: code[c] = square * 8 + height (0 = bottom).
 * A track of squares 0–20 (the tuple-of-tuples the original keys its dict with) is exactly its
 * five codes, and a higher code is a better place (_top_two: the two highest codes).
 */

/** _enum_apply on codes: [new codes, trap owner or null, raw landing, final square]. */
function enumApply(code: readonly number[], camel: number, dist: number, traps: Traps): [number[], number | null, number, number] {
  const curr = code[camel]! >> 3;
  const y = code[camel]! & 7;
  const raw = curr + dist;
  let fb = false;
  let owner: number | null = null;
  const tt = traps.get(raw);
  if (tt !== undefined) {
    owner = tt[1];
    if (tt[0] === -1) fb = true;
    dist += tt[0];
  }
  const tgt = curr + dist;
  const out = [...code];
  let m = 0; // camels moving: those on curr at height >= y
  let n = 0; // camels already on tgt (tgt != curr)
  for (let c = 0; c < 5; c++) {
    const sq = code[c]! >> 3;
    if (sq === curr && (code[c]! & 7) >= y) m++;
    else if (sq === tgt) n++;
  }
  for (let c = 0; c < 5; c++) {
    const sq = code[c]! >> 3;
    const h = code[c]! & 7;
    if (sq === curr && h >= y) {
      // The movers keep their order: under the stack (−1 trap, or a bounce onto their own square) or on top.
      out[c] = tgt * 8 + (fb || tgt === curr ? h - y : n + h - y);
    } else if (sq === tgt && (fb || tgt === curr)) out[c] = tgt * 8 + h + m; // pushed up by the movers below them
  }
  return [out, owner, raw, tgt];
}

/** _top_two: first and second place (the two highest codes). */
function topTwoCodes(code: readonly number[]): [number, number] {
  let f = 0;
  for (let c = 1; c < 5; c++) if (code[c]! > code[f]!) f = c;
  let s = f === 0 ? 1 : 0;
  for (let c = 0; c < 5; c++) if (c !== f && code[c]! > code[s]!) s = c;
  return [f, s];
}

/** The layer dict's key (track, frozenset of camels to move) as one number: 8 bits a camel, then the set as 5 bits. */
function trackKey(code: readonly number[], rem: readonly number[]): number {
  let mask = 0;
  for (const c of rem) mask |= 1 << c;
  return ((((code[0]! * 256 + code[1]!) * 256 + code[2]!) * 256 + code[3]!) * 256 + code[4]!) * 32 + mask;
}

interface Node {
  code: number[];
  rem: number[];
  prob: number;
  cex: number[];
}

/** _enum_round: [outcomes in the dict's insertion order, expected trap coins per seat, raw landing chances]. */
function enumRound(track: Track, remaining: readonly number[], traps: Traps, wantLanding: boolean): [Outcome[], number[], number[] | null] {
  const code0 = [0, 0, 0, 0, 0];
  for (let p = 0; p < KEYLEN; p++) {
    const st = track[p]!;
    for (let h = 0; h < st.length; h++) code0[st[h]!] = p * 8 + h;
  }
  const rem0 = [...new Set(remaining)].sort((a, b) => a - b);
  let layer = new Map<number, Node>([[trackKey(code0, rem0), { code: code0, rem: rem0, prob: 1.0, cex: [0.0, 0.0, 0.0, 0.0] }]]);
  const fs = new Map<number, Outcome>();
  const coins = [0.0, 0.0, 0.0, 0.0];
  const landing = wantLanding ? new Array<number>(TRACKLEN).fill(0.0) : null;
  const addFs = (code: readonly number[], e: boolean, p: number): void => {
    const [f, s] = topTwoCodes(code);
    const k = f * 16 + s * 2 + (e ? 1 : 0);
    const o = fs.get(k);
    if (o) o.p = o.p + p;
    else fs.set(k, { f, s, e, p: 0.0 + p });
  };
  while (layer.size) {
    const nxt = new Map<number, Node>();
    for (const { code, rem, prob, cex } of layer.values()) {
      if (!rem.length) {
        addFs(code, false, prob);
        for (let i = 0; i < 4; i++) coins[i]! += cex[i]!;
        continue;
      }
      const share = 1.0 / (rem.length * 3);
      for (const camel of rem) {
        for (const dist of DICE) {
          const p = prob * share;
          const [ncode, owner, raw, tgt] = enumApply(code, camel, dist, traps);
          if (landing) landing[raw]! += p;
          const ce = [cex[0]! * share, cex[1]! * share, cex[2]! * share, cex[3]! * share];
          if (owner !== null) ce[owner]! += p;
          if (tgt >= FINISH) {
            addFs(ncode, true, p);
            for (let i = 0; i < 4; i++) coins[i]! += ce[i]!;
          } else {
            const nrem = rem.filter((c) => c !== camel);
            const k = trackKey(ncode, nrem);
            const cur = nxt.get(k);
            if (cur === undefined) nxt.set(k, { code: ncode, rem: nrem, prob: p, cex: ce });
            else {
              cur.prob += p;
              const cc = cur.cex;
              cc[0]! += ce[0]!;
              cc[1]! += ce[1]!;
              cc[2]! += ce[2]!;
              cc[3]! += ce[3]!;
            }
          }
        }
      }
    }
    layer = nxt;
  }
  return [[...fs.values()], coins, landing];
}

/**
 * _mc_game: [win odds, lose odds, mean dice to the end]. The futures' track is flat (a stack of
 * at most 5 camels per square, in typed arrays) but moves exactly as the original's lists do.
 */
function mcGame(track: Track, remaining: readonly number[], traps: Traps, budget: number, rng: PyRandom, clock: () => number): [number[], number[], number] {
  const baseSt = new Int8Array(TRACKLEN * 5);
  const baseCnt = new Int8Array(TRACKLEN);
  for (let p = 0; p < TRACKLEN && p < track.length; p++) {
    const row = track[p]!;
    baseCnt[p] = row.length;
    for (let i = 0; i < row.length; i++) baseSt[p * 5 + i] = row[i]!;
  }
  const st = new Int8Array(TRACKLEN * 5);
  const cnt = new Int8Array(TRACKLEN);
  const moved = new Int8Array(5);
  const win = [0, 0, 0, 0, 0];
  const lose = [0, 0, 0, 0, 0];
  let movesTot = 0;
  let sims = 0;
  const deadline = clock() + budget;
  const trap0 = traps.size ? traps : null;
  const pos = new Array<number>(5).fill(0);
  const rem: number[] = [];
  for (;;) {
    st.set(baseSt);
    cnt.set(baseCnt);
    for (let p2 = 0; p2 < TRACKLEN; p2++) for (let i = 0; i < cnt[p2]!; i++) pos[st[p2 * 5 + i]!] = p2;
    rem.length = 0;
    rem.push(...remaining);
    let trp = trap0;
    let moves = 0;
    for (;;) {
      if (!rem.length) {
        rem.push(0, 1, 2, 3, 4);
        trp = null;
      }
      const camel = rem.splice(rng.randbelow(rem.length), 1)[0]!;
      const curr = pos[camel]!;
      let dist = 1 + rng.randbelow(3);
      let fb = false;
      if (trp !== null) {
        const tt = trp.get(curr + dist);
        if (tt !== undefined) {
          if (tt[0] === -1) fb = true;
          dist += tt[0];
        }
      }
      const tgt = curr + dist;
      // y = src.index(camel); moved = src[y:]; del src[y:]
      let y = 0;
      while (st[curr * 5 + y] !== camel) y++;
      const m = cnt[curr]! - y;
      for (let i = 0; i < m; i++) moved[i] = st[curr * 5 + y + i]!;
      cnt[curr] = y;
      const n = cnt[tgt]!;
      if (fb) {
        // t[tgt][:0] = moved
        for (let i = n - 1; i >= 0; i--) st[tgt * 5 + i + m] = st[tgt * 5 + i]!;
        for (let i = 0; i < m; i++) st[tgt * 5 + i] = moved[i]!;
      } else {
        for (let i = 0; i < m; i++) st[tgt * 5 + n + i] = moved[i]!;
      }
      cnt[tgt] = n + m;
      if (tgt !== curr) for (let i = 0; i < m; i++) pos[moved[i]!] = tgt;
      moves += 1;
      if (tgt >= FINISH) break;
    }
    // _top_two(t)[0]: the top camel of the highest occupied square; _fifth(t): the bottom camel of the lowest (0 if none).
    let f = -1;
    for (let p = TRACKLEN - 1; p >= 0 && f < 0; p--) if (cnt[p]! > 0) f = st[p * 5 + cnt[p]! - 1]!;
    let last = 0;
    for (let p = 0; p < TRACKLEN; p++) {
      if (cnt[p]! > 0) {
        last = st[p * 5]!;
        break;
      }
    }
    win[f]! += 1;
    lose[last]! += 1;
    movesTot += moves;
    sims += 1;
    if (sims >= 3000 || (sims >= 250 && clock() > deadline)) break;
  }
  return [win.map((w) => w / sims), lose.map((l) => l / sims), movesTot / sims];
}

function settleRound(fs: readonly Outcome[], rbets: readonly (readonly [number, number])[]): number[] {
  const val = [0.0, 0.0, 0.0, 0.0];
  for (const { f, s, p } of fs) {
    let fi = 0;
    let si = 0;
    for (const [camel, owner] of rbets) {
      let pay: number;
      if (camel === f) {
        pay = fi < 4 ? ROUND_FIRST_PAY[fi]! : 0;
        fi += 1;
      } else if (camel === s) {
        pay = si < 4 ? ROUND_SECOND_PAY[si]! : 0;
        si += 1;
      } else pay = -1;
      val[owner]! += p * pay;
    }
  }
  return val;
}

function roundBetEv(fs: readonly Outcome[], rbets: readonly (readonly [number, number])[], c: number): [number, number] {
  const prior = rbets.filter(([cam]) => cam === c).length;
  let ev = 0.0;
  let e2 = 0.0;
  for (const { f, s, p } of fs) {
    let pay: number;
    if (c === f) pay = prior < 4 ? ROUND_FIRST_PAY[prior]! : 0;
    else if (c === s) pay = prior < 4 ? ROUND_SECOND_PAY[prior]! : 0;
    else pay = -1;
    ev += p * pay;
    e2 += p * pay * pay;
  }
  return [ev, e2 - ev * ev];
}

function twoPoint(pHit: number, pay: number): [number, number] {
  const ev = pHit * pay - (1.0 - pHit);
  const e2 = pHit * pay * pay + (1.0 - pHit);
  return [ev, e2 - ev * ev];
}

/** A Python set of camels 0–4 iterates in ascending order: the port keeps it sorted. */
function myGameBets(g: CamelGameState, me: number): number[] {
  const mine = new Set<number>();
  for (const hb of g.player_game_bets[me]!) {
    for (let c = 0; c < 5; c++) {
      if (checkBet(hb, String(c))) {
        mine.add(c);
        break;
      }
    }
  }
  return [...mine].sort((a, b) => a - b);
}

function positionValue(
  fs: readonly Outcome[],
  coins: readonly number[],
  rbets: readonly (readonly [number, number])[],
  me: number,
  myBets: readonly number[],
  cont: Map<number, number>,
  money: readonly number[],
  lead: number,
): number {
  const settle = settleRound(fs, rbets);
  let pEnd = 0.0;
  for (const { e, p } of fs) if (e) pEnd += p;
  let val = settle[me]! + coins[me]!;
  for (const c of myBets) {
    let pEw = 0.0;
    for (const { f, e, p } of fs) if (e && f === c) pEw += p;
    const pWin = pEw + (1.0 - pEnd) * (cont.get(c) ?? 0.0);
    val += pWin * 6.0;
  }
  const oppMax = Math.max(...[0, 1, 2, 3].filter((o) => o !== me).map((o) => money[o]!));
  for (let o = 0; o < 4; o++) {
    if (o === me) continue;
    const w = money[o] === oppMax ? 0.35 : 0.18;
    val -= w * (settle[o]! + coins[o]!);
  }
  val += clamp(lead * 0.15, -0.8, 0.8) * pEnd;
  return val;
}

function decide(me: number, g: CamelGameState, rng: PyRandom, clock: () => number, sumMode: 'compensated' | 'plain'): unknown[] {
  const tStart = clock();
  const track = g.camel_track;
  const traps: Traps = new Map();
  g.trap_track.forEach((r, p) => {
    if (r.length) traps.set(p, [r[0]!, r[1]!]);
  });
  const remaining = [0, 1, 2, 3, 4].filter((c) => g.camel_yet_to_move[c]);
  const money = g.player_money_values;
  const rbets = g.round_bets.map((b) => [b[0], b[1]] as const);

  const [fs, coins, landing] = enumRound(track, remaining, traps, true);
  const pEnd = pySum(
    fs.filter((o) => o.e).map((o) => o.p),
    sumMode,
  );
  const [winP, loseP, diceLeft] = mcGame(track, remaining, traps, 0.9, rng, clock);

  const lead = money[me]! - Math.max(...[0, 1, 2, 3].filter((o) => o !== me).map((o) => money[o]!));
  const urgency = Math.min(1.0, pEnd + 3.0 / Math.max(diceLeft, 1.0));
  let lam: number;
  if (lead < 0) lam = Math.min(1.5, -lead / 6.0) * urgency;
  else if (lead > 2) lam = -0.3 * urgency;
  else lam = 0.0;

  const cands: [number, unknown[]][] = [[1.0, [0]]];
  for (let c = 0; c < 5; c++) {
    const [ev, v] = roundBetEv(fs, rbets, c);
    cands.push([ev + lam * Math.sqrt(Math.max(v, 0.0)), [2, c]]);
  }

  const myBets = myGameBets(g, me);
  const nW = g.game_winner_bets.filter((b) => b[1] !== me).length;
  const nL = g.game_loser_bets.filter((b) => b[1] !== me).length;
  const sw = pySum(winP.map((x) => x * x), sumMode) || 1.0;
  const sl = pySum(loseP.map((x) => x * x), sumMode) || 1.0;
  for (let c = 0; c < 5; c++) {
    if (myBets.includes(c)) continue;
    const idxW = Math.min(3, Math.trunc((nW * winP[c]! * winP[c]!) / sw + 0.5));
    let [ev, v] = twoPoint(winP[c]!, GAME_PAY[idxW]!);
    cands.push([ev + lam * Math.sqrt(Math.max(v, 0.0)), [3, c]]);
    const idxL = Math.min(3, Math.trunc((nL * loseP[c]! * loseP[c]!) / sl + 0.5));
    [ev, v] = twoPoint(loseP[c]!, GAME_PAY[idxL]!);
    cands.push([ev + lam * Math.sqrt(Math.max(v, 0.0)), [4, c]]);
  }

  const cont = new Map<number, number>();
  if (pEnd < 0.999) {
    for (const c of myBets) {
      const pEw = pySum(
        fs.filter((o) => o.e && o.f === c).map((o) => o.p),
        sumMode,
      );
      cont.set(c, Math.max(0.0, (winP[c]! - pEw) / (1.0 - pEnd)));
    }
  }

  // _trap_actions
  const others = new Map([...traps].filter(([, t]) => t[1] !== me));
  const legal = (p: number): boolean => p >= 1 && p <= 18 && !track[p]!.length && !others.has(p) && !others.has(p - 1) && !others.has(p + 1);
  let spots: number[] = [];
  for (let p = 1; p < 19; p++) if (landing![p]! > 0.04 && legal(p)) spots.push(p);
  spots.sort((a, b) => landing![b]! - landing![a]!); // stable: equal landings keep ascending squares
  spots = spots.slice(0, remaining.length >= 4 ? 4 : 6);
  if (spots.length) {
    const baseVal = positionValue(fs, coins, rbets, me, myBets, cont, money, lead);
    pricing: for (const p of spots) {
      for (const ttype of [1, -1]) {
        if (clock() - tStart > 3.3) break pricing;
        const tc: Traps = new Map(others);
        tc.set(p, [ttype, me]);
        const [fsC, coinsC] = enumRound(track, remaining, tc, false);
        const v = positionValue(fsC, coinsC, rbets, me, myBets, cont, money, lead);
        cands.push([v - baseVal + lam * 0.4, [1, ttype, p]]);
      }
    }
  }

  // cands.sort(key=lambda x: -x[0]); cands[0]: the first of the greatest values.
  let best = cands[0]!;
  for (const c of cands) if (-c[0] < -best[0]) best = c;
  return best[1];
}

/** A FabelFelix with its own module state (generator) and budget clock. */
export function makeFabelFelix(options: FabelFelixOptions = {}): CamelPlayer & { readonly rng: PyRandom } {
  const rng = options.rng ?? new PyRandom(FABEL_SEED);
  const clock = options.clock ?? (() => 0);
  const sumMode = options.sum ?? 'compensated';
  return {
    name: 'FabelFelix',
    rng,
    move(player, g) {
      try {
        return decide(player, g, rng, clock, sumMode);
      } catch {
        return [0];
      }
    },
  };
}

/** FabelFelix with its defaults (frozen clock, Python 3.12+ sums, a fresh generator). */
const FabelFelix = makeFabelFelix();
export default FabelFelix;
/** What the registry hands out (index.ts camelPlayer): a new instance, its module state fresh, per run of games. */
export const fresh = (): CamelPlayer => makeFabelFelix();

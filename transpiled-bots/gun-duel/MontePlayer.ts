import { BULLET, LOAD, METAL, PLASMA, Player, THERMAL, type Action, type CppEngine } from '../../engines/gun-duel/player.ts';
import { downscaling, LibstdcppMinstd0 } from '../../engines/core/rng/libstdcpp.ts';
import { glibcLog, glibcLogTable } from '../../engines/core/rng/glibc-log.ts';
import { fromRepo } from './source.ts';

export const provenance = fromRepo('MontePlayer', '526a7df04358cb8cb70f921734ab4ec23a3f0f5dd372c000350293c4e104d29c', {
  notes:
    "Monte Carlo tree search: 1000 playouts per move, UCB1 (win rate + sqrt(2 ln N / n)) with glibc's log, ties broken by reservoir draws " +
    'from the shared GetRandomInteger engine, opponent modelled from a static table of its past actions per (my ammo, its ammo), ' +
    "kept in the tournament's PlayerEnv store. The table is [20][100][100][5] in C++ and simulated ammo can reach 100+: we keep it flat, " +
    'so such reads land in the next row exactly as in the compiled original.',
});

const HIST_SIZE = 20 * 100 * 100 * 5;

/**
 * The search tree of one move, in a flat arena instead of one object per node (the original
 * allocates a node per expansion and frees the tree after the move). A move adds at most one
 * node per playout, so MONTE_ROUNDS + 1 nodes suffice; the arena is scratch, rebuilt on every
 * move, shared by all MontePlayers of a thread (fight() never re-enters) and holds nothing
 * between moves. Node k occupies ints [k·STRIDE, (k+1)·STRIDE). The offsets and limits are a
 * const enum so the bundle has literals: esbuild makes top-level consts vars, which V8 reloads at
 * every use in the hot loops.
 */
const enum F {
  TURN = 0,
  AMMO = 1,
  OPP = 2,
  ALIVE = 3, // 1/0
  OPP_ALIVE = 4,
  TOTAL = 5, // totalPlays
  PARENT = 6, // node index, −1 for the root
  MY_ACTION = 7, // the actions that led here
  OPP_ACTION = 8,
  MY_WINS = 9, // [5]
  MY_ATT = 14, // [5]
  OPP_WINS = 19, // [5]
  OPP_ATT = 24, // [5]
  SUB = 29, // [25] child index by myAction·5 + oppAction, 0 = none (the root is never a child)
  STRIDE = 64,
  MAX_NODES = 1001, // MONTE_ROUNDS + 1
  MAX_TURNS = 100,
  MONTE_ROUNDS = 1000,
  WSCALE_MAX = 4096, // the largest weight sum WSCALE covers
}
/** The actions as player.ts numbers them (checked by the type of SAME_ACTIONS). */
const enum A {
  LOAD = 0,
  BULLET = 1,
  PLASMA = 2,
  METAL = 3,
  THERMAL = 4,
}
export const SAME_ACTIONS: [typeof LOAD, typeof BULLET, typeof PLASMA, typeof METAL, typeof THERMAL] = [A.LOAD, A.BULLET, A.PLASMA, A.METAL, A.THERMAL];
let arena = new Int32Array(0);
/** Ints of the arena the last move wrote (cleared at the start of the next). */
let dirty = 0;
/** Nodes of the arena in use by the current move. */
let used = 0;
const LOG = glibcLogTable();
/** Random(n) for the reservoir draws (n ≤ 5): uniform_int_distribution's down-scaling factor and acceptance bound. */
const SCALE = Float64Array.from({ length: 6 }, (_, n) => (n === 0 ? 0 : downscaling(n)));
const PAST = SCALE.map((s, n) => s * n);
/**
 * doTurn as tables for the playouts, by move (load, bullet, plasma, metal, thermal) or by
 * k = myMove·5 + opponentMove: the mover's ammo change; 0 where my move kills the opponent (bullet vs load
 * or thermal, plasma vs anything but plasma or thermal), else 1; the ammo the opponent's move
 * needs and its change; −1 for its bullet; 1 where its move kills me (same rules, sides swapped).
 */
const MY_DAMMO = Int32Array.of(1, -1, -2, 0, 0); // the opponent's ammo change too
const EN_NEED = Int32Array.of(0, 1, 2, 0, 0);
const EN_IS_BULLET = Int32Array.of(0, -1, 0, 0, 0);
const kills = (a: number, b: number) => (a === A.BULLET && (b === A.LOAD || b === A.THERMAL)) || (a === A.PLASMA && b !== A.PLASMA && b !== A.THERMAL);
const SPARED_BY_ME = Int32Array.from({ length: 25 }, (_, k) => (kills(Math.floor(k / 5), k % 5) ? 0 : 1));
const KILLED_BY_EN = Int32Array.from({ length: 25 }, (_, k) => (kills(k % 5, Math.floor(k / 5)) ? 1 : 0));
/** SCALE and PAST as int32 for the branch-free picks: (x − 1 − k·s) >> 31 is all ones exactly when x − 1 < k·s (both below 2³¹). */
const SCALE_I = Int32Array.from(SCALE);
const PAST_I = Int32Array.from(PAST);
/** Down-scaling factors for the weighted draws (weight sums up to a few thousand), read inline. */
const WSCALE = Int32Array.from({ length: F.WSCALE_MAX + 1 }, (_, n) => (n === 0 ? 0 : downscaling(n)));

const atEnd = (t: Int32Array, o: number) => t[o + F.ALIVE] === 0 || t[o + F.OPP_ALIVE] === 0 || t[o + F.TURN]! > F.MAX_TURNS;

/** The original's "valid or not idiotic" move test (me: my move, else the opponent's). */
function isValid(ammo: number, opp: number, move: number, me: boolean): boolean {
  switch (move) {
    case A.LOAD:
      return true;
    case A.BULLET:
      return me ? ammo > 0 : opp > 0;
    case A.PLASMA:
      return me ? ammo > 1 : opp > 1;
    case A.METAL:
      return me ? opp > 0 : ammo > 0;
    case A.THERMAL:
      return me ? opp > 1 : ammo > 1;
  }
  return false;
}

export default class MontePlayer extends Player {
  static readonly botName = 'MontePlayer';
  private prevAmmo = 0;
  private prevOpp = 0;
  private readonly hist: Int32Array;
  private readonly oppBase: number;
  /** The shared GetRandomInteger engine; `fast` is the same engine when it is libstdc++'s minstd_rand0 (state-passing fast path). */
  private readonly eng: CppEngine;
  private readonly fast: LibstdcppMinstd0 | undefined;

  constructor(...args: ConstructorParameters<typeof Player>) {
    super(...args);
    this.hist = this.env.statics('MontePlayer.opponentHistory', () => new Int32Array(HIST_SIZE));
    this.oppBase = this.getOpponent() * 100;
    this.eng = this.env.intEngine;
    this.fast = this.eng instanceof LibstdcppMinstd0 ? this.eng : undefined;
  }

  /** Flat index of opponentHistory[opponent][ammo][oppAmmo][0]. */
  private h(ammo: number, opp: number): number {
    return ((this.oppBase + ammo) * 100 + opp) * 5;
  }

  fight(): Action {
    if (arena.length === 0) arena = new Int32Array(F.MAX_NODES * F.STRIDE);
    const t = arena;
    // every node's statistics and child links start at 0: clear what the last move used
    t.fill(0, 0, dirty);
    dirty = t.length;
    t[F.TURN] = this.getTurn();
    t[F.AMMO] = this.prevAmmo = this.getAmmo();
    t[F.OPP] = this.prevOpp = this.getAmmoOpponent();
    t[F.ALIVE] = 1;
    t[F.OPP_ALIVE] = 1;
    t[F.PARENT] = -1;
    used = 1;
    for (let i = 0; i < F.MONTE_ROUNDS; i++) {
      const leaf = this.select();
      const q = leaf * F.STRIDE;
      backup(leaf, this.simulate(t[q + F.TURN]!, t[q + F.AMMO]!, t[q + F.OPP]!, t[q + F.ALIVE]!, t[q + F.OPP_ALIVE]!));
    }
    dirty = used * F.STRIDE;
    // the move with the best win rate (first of equals)
    let best = -1;
    let bestScore = -1;
    for (let i = 0; i < 5; i++) {
      const n = t[F.MY_ATT + i]!;
      if (n === 0) continue;
      const s = t[F.MY_WINS + i]! / n;
      if (s > bestScore) {
        bestScore = s;
        best = i;
      }
    }
    if (best < 0) throw new Error('MontePlayer: no move explored');
    return best;
  }

  /** Selection: go down the tree until a new leaf is made (expansion) or the game ends there; returns that node. */
  private select(): number {
    const t = arena;
    const hist = this.hist;
    const fast = this.fast;
    let node = 0;
    for (;;) {
      const o = node * F.STRIDE;
      if (atEnd(t, o)) return node;
      const ammo = t[o + F.AMMO]!;
      const opp = t[o + F.OPP]!;
      const my = this.pickUcb(o, ammo, opp, true);
      let en = -1;
      const base = ((this.oppBase + ammo) * 100 + opp) * 5;
      const c0 = hist[base]!;
      const c1 = c0 + hist[base + 1]!;
      const c2 = c1 + hist[base + 2]!;
      const c3 = c2 + hist[base + 3]!;
      const total = c3 + hist[base + 4]!;
      if (total > 0) {
        // sel = Random(total); the first action whose cumulative count exceeds sel
        if (fast) {
          // minstd: sel < cum ⇔ x − 1 < cum · scaling, so no division is needed; the cumulative
          // counts rise, so that action is the number of them ≤ sel (branch-free: sign bits)
          const sc = total <= F.WSCALE_MAX ? WSCALE[total]! : downscaling(total);
          const past = total * sc;
          let x = fast.x;
          do {
            // minstdStep, written out (this function is too large for V8 to inline it)
            const hi = 16807 * (x >>> 16);
            const s = 16807 * (x & 0xffff) + ((hi & 0x7fff) << 16) + (hi >>> 15);
            x = (s & 0x7fffffff) + (s >>> 31);
          } while (x - 1 >= past);
          fast.x = x;
          const r = x - 1;
          en = 4 - ((r - c0 * sc) >>> 31) - ((r - c1 * sc) >>> 31) - ((r - c2 * sc) >>> 31) - ((r - c3 * sc) >>> 31);
        } else {
          let sel = this.eng.below(total);
          for (let k = 0; k < 5; k++) {
            sel -= hist[base + k]!;
            if (sel < 0) {
              en = k;
              break;
            }
          }
        }
      } else en = this.pickUcb(o, ammo, opp, false);
      const next = t[o + F.SUB + my * 5 + en]!;
      if (next !== 0) {
        node = next;
        continue;
      }
      // expand: a new node for (my, en) under this one
      const c = used++;
      const q = c * F.STRIDE;
      // the original's doTurn on this node's state, from the move tables as in the playouts (my
      // move is never idiotic here either)
      const k = my * 5 + en;
      const fail = (opp - EN_NEED[en]!) >> 31;
      const dud = fail & EN_IS_BULLET[en]!;
      t[q + F.TURN] = t[o + F.TURN]! + 1;
      t[q + F.AMMO] = ammo + MY_DAMMO[my]!;
      t[q + F.OPP] = opp + (MY_DAMMO[en]! & ~dud);
      t[q + F.ALIVE] = t[o + F.ALIVE]! & ((KILLED_BY_EN[k]! & (1 + dud)) ^ 1);
      t[q + F.OPP_ALIVE] = t[o + F.OPP_ALIVE]! & SPARED_BY_ME[k]! & (1 + fail);
      t[q + F.PARENT] = node;
      t[q + F.MY_ACTION] = my;
      t[q + F.OPP_ACTION] = en;
      t[o + F.SUB + my * 5 + en] = c;
      return c;
    }
  }

  override perceive(action: Action): void {
    super.perceive(action);
    this.hist[this.h(this.prevAmmo, this.prevOpp) + action]!++;
  }

  /**
   * UCB1 choice at node offset o among the non-idiotic moves (me: mine, else the opponent's):
   * untried moves score +∞; ties are broken by reservoir draws (Random(same) == 0 keeps the
   * newcomer). 2·log(N) is computed once per node: the same double the original computes per move.
   * Scores are plain IEEE double operations in the original's order, so they are bit-identical.
   */
  private pickUcb(o: number, ammo: number, opp: number, me: boolean): number {
    const t = arena;
    const wins = o + (me ? F.MY_WINS : F.OPP_WINS);
    const attempts = o + (me ? F.MY_ATT : F.OPP_ATT);
    const plays = t[o + F.TOTAL]!;
    const twoLog = plays > 0 ? 2 * (plays <= F.MONTE_ROUNDS ? LOG[plays]! : glibcLog(plays)) : NaN;
    let action = -1;
    let same = 0;
    let best = -1;
    for (let i = 0; i < 5; i++) {
      if (!isValid(ammo, opp, i, me)) continue;
      const n = t[attempts + i]!;
      // once an untried move (+∞) is seen, a tried one can neither tie nor win: skip its score
      if (n !== 0 && best === Infinity) continue;
      const s = n === 0 ? Infinity : t[wins + i]! / n + Math.sqrt(twoLog / n);
      if (s === best) {
        same++;
        // Random(same) == 0
        const fast = this.fast;
        if (fast) {
          // minstdAccept, written out
          const pv = PAST_I[same]!;
          let x = fast.x;
          do {
            const hi = 16807 * (x >>> 16);
            const lo = 16807 * (x & 0xffff) + ((hi & 0x7fff) << 16) + (hi >>> 15);
            x = (lo & 0x7fffffff) + (lo >>> 31);
          } while (x - 1 >= pv);
          fast.x = x;
          if (x - 1 < SCALE_I[same]!) action = i;
        } else if (this.eng.below(same) === 0) action = i;
      } else if (s > best) {
        same = 1;
        action = i;
        best = s;
      }
    }
    return action;
  }

  /**
   * Random playout (the original's simulate/doRandomTurn/doTurn, on scalars):
   * my move uniform among the non-idiotic ones (reservoir draws), the opponent's weighted by
   * its recorded actions in this ammo state, or uniform among its non-idiotic moves if none.
   * Returns 1 win, 0 loss, −1 draw. This is the plain version on any engine; `simulate`
   * below is the same playout specialised to libstdc++'s minstd_rand0 (the hot loop).
   */
  private simulateGeneric(turn: number, ammo: number, opp: number, alive: boolean, oppAlive: boolean): number {
    const hist = this.hist;
    const eng = this.eng;
    while (alive && oppAlive && turn <= F.MAX_TURNS) {
      let my = -1;
      let valid = 0;
      for (let i = 0; i < 5; i++) {
        if (isValid(ammo, opp, i, true)) {
          valid++;
          if (eng.below(valid) === 0) my = i;
        }
      }
      let en = -1;
      let encountered = false;
      valid = 0;
      const base = ((this.oppBase + ammo) * 100 + opp) * 5;
      for (let i = 0; i < 5; i++) {
        const w = hist[base + i]!;
        if (w > 0) {
          if (!encountered) {
            encountered = true;
            valid = 0;
          }
          valid += w;
          if (eng.below(valid) < w) en = i;
        } else if (!encountered && isValid(ammo, opp, i, false)) {
          valid++;
          if (eng.below(valid) === 0) en = i;
        }
      }
      // doTurn
      turn++;
      if (my === A.LOAD) ammo++;
      else if (my === A.BULLET) {
        if (ammo < 1) alive = false;
        else {
          ammo--;
          if (en === A.LOAD || en === A.THERMAL) oppAlive = false;
        }
      } else if (my === A.PLASMA) {
        if (ammo < 2) alive = false;
        else {
          ammo -= 2;
          if (en !== A.PLASMA && en !== A.THERMAL) oppAlive = false;
        }
      }
      if (en === A.LOAD) opp++;
      else if (en === A.BULLET) {
        if (opp < 1) oppAlive = false;
        else {
          opp--;
          if (my === A.LOAD || my === A.THERMAL) alive = false;
        }
      } else if (en === A.PLASMA) {
        if (opp < 2) oppAlive = false;
        opp -= 2;
        if (my !== A.PLASMA && my !== A.THERMAL) alive = false;
      }
    }
    if (+alive > +oppAlive) return 1;
    if (+oppAlive > +alive) return 0;
    return -1;
  }

  /**
   * `simulateGeneric` on libstdc++'s minstd_rand0 with the engine state in a local (alive flags
   * as 1/0). Random(n) is x = minstdAccept(x, n·s) with s = downscaling(n), "Random(n) < k" is
   * x − 1 < k·s; the accept loops are written out, with the factors for n ≤ 5 as literals
   * (PAST[n] = n·SCALE[n]: 2147483645, 2147483644, 2147483643, 2147483644, 2147483645; SCALE[n]:
   * 2147483645, 1073741822, 715827881, 536870911, 429496729; libstdcpp.test.ts checks them).
   */
  private simulate(turn: number, ammo: number, opp: number, alive: number, oppAlive: number): number {
    const fast = this.fast;
    if (!fast) return this.simulateGeneric(turn, ammo, opp, alive === 1, oppAlive === 1);
    const hist = this.hist;
    const oppBase = this.oppBase;
    // the tables in locals: V8 keeps them in registers instead of reloading module variables
    const past = PAST_I;
    const scale = SCALE_I;
    const wscale = WSCALE;
    const dAmmo = MY_DAMMO;
    const spared = SPARED_BY_ME;
    const need = EN_NEED;
    const isBullet = EN_IS_BULLET;
    const killed = KILLED_BY_EN;
    // minstdStep written out below (V8 stops inlining it in a function this size)
    let x = fast.x;
    while (alive !== 0 && oppAlive !== 0 && turn <= F.MAX_TURNS) {
      // my move: load (always valid: one draw of Random(1)), then the others if not idiotic
      let my = A.LOAD;
      do {
        const hi = 16807 * (x >>> 16);
        const lo = 16807 * (x & 0xffff) + ((hi & 0x7fff) << 16) + (hi >>> 15);
        x = (lo & 0x7fffffff) + (lo >>> 31);
      } while (x - 1 >= 2147483645);
      let valid = 1;
      if (ammo > 0) {
        do {
          const hi = 16807 * (x >>> 16);
          const lo = 16807 * (x & 0xffff) + ((hi & 0x7fff) << 16) + (hi >>> 15);
          x = (lo & 0x7fffffff) + (lo >>> 31);
        } while (x - 1 >= 2147483644);
        my ^= (my ^ A.BULLET) & ((x - 1 - 1073741822) >> 31);
        valid = 2;
        if (ammo > 1) {
          do {
            const hi = 16807 * (x >>> 16);
            const lo = 16807 * (x & 0xffff) + ((hi & 0x7fff) << 16) + (hi >>> 15);
            x = (lo & 0x7fffffff) + (lo >>> 31);
          } while (x - 1 >= 2147483643);
          my ^= (my ^ A.PLASMA) & ((x - 1 - 715827881) >> 31);
          valid = 3;
        }
      }
      if (opp > 0) {
        valid++;
        const pv = past[valid]!;
        do {
          const hi = 16807 * (x >>> 16);
          const lo = 16807 * (x & 0xffff) + ((hi & 0x7fff) << 16) + (hi >>> 15);
          x = (lo & 0x7fffffff) + (lo >>> 31);
        } while (x - 1 >= pv);
        my ^= (my ^ A.METAL) & ((x - 1 - scale[valid]!) >> 31);
        if (opp > 1) {
          valid++;
          const pv2 = past[valid]!;
          do {
            const hi = 16807 * (x >>> 16);
            const lo = 16807 * (x & 0xffff) + ((hi & 0x7fff) << 16) + (hi >>> 15);
            x = (lo & 0x7fffffff) + (lo >>> 31);
          } while (x - 1 >= pv2);
          my ^= (my ^ A.THERMAL) & ((x - 1 - scale[valid]!) >> 31);
        }
      }
      // the opponent's move: weighted by its record here; before its first recorded action the
      // non-idiotic ones are drawn uniformly (those draws only use up the engine)
      let en = -1;
      let encountered = false;
      valid = 0;
      const base = ((oppBase + ammo) * 100 + opp) * 5;
      for (let i = 0; i < 5; i++) {
        const w = hist[base + i]!;
        if (w > 0) {
          if (!encountered) {
            encountered = true;
            valid = 0;
          }
          valid += w;
          const sc = valid <= F.WSCALE_MAX ? wscale[valid]! : downscaling(valid);
          const pw = valid * sc;
          do {
            const hi = 16807 * (x >>> 16);
            const lo = 16807 * (x & 0xffff) + ((hi & 0x7fff) << 16) + (hi >>> 15);
            x = (lo & 0x7fffffff) + (lo >>> 31);
          } while (x - 1 >= pw);
          en ^= (en ^ i) & ((x - 1 - w * sc) >> 31);
        } else if (!encountered && (i === A.LOAD || (i === A.BULLET ? opp > 0 : i === A.PLASMA ? opp > 1 : i === A.METAL ? ammo > 0 : ammo > 1))) {
          valid++;
          const pv = past[valid]!;
          do {
            const hi = 16807 * (x >>> 16);
            const lo = 16807 * (x & 0xffff) + ((hi & 0x7fff) << 16) + (hi >>> 15);
            x = (lo & 0x7fffffff) + (lo >>> 31);
          } while (x - 1 >= pv);
          en ^= (en ^ i) & ((x - 1 - scale[valid]!) >> 31);
        }
      }
      // doTurn, branch-free (the moves are random, so branches on them mispredict): my move is
      // never idiotic, so I never fire without ammo; the opponent's may be (recorded), then its
      // gun explodes: a bullet costs nothing and hits nothing, a plasma still costs two and hits
      turn++;
      const k = my * 5 + en;
      ammo += dAmmo[my]!;
      oppAlive &= spared[k]!;
      const fail = (opp - need[en]!) >> 31; // −1 when the opponent lacks the ammo, else 0
      const dud = fail & isBullet[en]!;
      oppAlive &= 1 + fail;
      opp += dAmmo[en]! & ~dud;
      alive &= (killed[k]! & (1 + dud)) ^ 1;
    }
    fast.x = x;
    return alive > oppAlive ? 1 : oppAlive > alive ? 0 : -1;
  }
}

/** Update: propagate a playout's score (1 win, 0 loss, −1 draw) from the leaf up to the root. */
function backup(leaf: number, score: number): void {
  const t = arena;
  for (let p = t[leaf * F.STRIDE + F.PARENT]!, c = leaf; p >= 0; c = p, p = t[p * F.STRIDE + F.PARENT]!) {
    const po = p * F.STRIDE;
    const co = c * F.STRIDE;
    const ma = t[co + F.MY_ACTION]!;
    const oa = t[co + F.OPP_ACTION]!;
    if (score !== -1) {
      t[po + F.MY_WINS + ma] += score;
      t[po + F.OPP_WINS + oa] += 1 - score;
    }
    t[po + F.MY_ATT + ma]++;
    t[po + F.OPP_ATT + oa]++;
    t[po + F.TOTAL]++;
  }
}

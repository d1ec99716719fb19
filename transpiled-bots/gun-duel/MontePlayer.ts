import { BULLET, LOAD, METAL, PLASMA, Player, THERMAL, type Action } from '../../engines/gun-duel/player.ts';
import type { LibstdcppMinstd0 } from '../../engines/core/rng/libstdcpp.ts';
import { glibcLog } from '../../engines/core/rng/glibc-log.ts';
import { fromRepo } from './source.ts';

export const provenance = fromRepo('MontePlayer', '526a7df04358cb8cb70f921734ab4ec23a3f0f5dd372c000350293c4e104d29c', {
  notes:
    "Monte Carlo tree search: 1000 playouts per move, UCB1 (win rate + sqrt(2 ln N / n)) with glibc's log, ties broken by reservoir draws " +
    'from the shared GetRandomInteger engine, opponent modelled from a static table of its past actions per (my ammo, its ammo), ' +
    "kept in the tournament's PlayerEnv store. The table is [20][100][100][5] in C++ and simulated ammo can reach 100+: we keep it flat, " +
    'so such reads land in the next row exactly as in the compiled original.',
});

const MAX_TURNS = 100;
const MONTE_ROUNDS = 1000;
const HIST_SIZE = 20 * 100 * 100 * 5;

interface Game {
  turn: number;
  ammo: number;
  opp: number;
  alive: boolean;
  oppAlive: boolean;
}

class Tree {
  readonly game: Game;
  readonly myWins = [0, 0, 0, 0, 0];
  readonly myAttempts = [0, 0, 0, 0, 0];
  readonly oppWins = [0, 0, 0, 0, 0];
  readonly oppAttempts = [0, 0, 0, 0, 0];
  totalPlays = 0;
  /** Children by myAction·5 + oppAction, allocated on the first child. */
  sub: (Tree | undefined)[] | undefined = undefined;
  constructor(
    game: Game,
    readonly parent: Tree | undefined,
    readonly myAction: number,
    readonly oppAction: number,
  ) {
    this.game = game;
    if (parent) (parent.sub ??= new Array<Tree | undefined>(25).fill(undefined))[myAction * 5 + oppAction] = this;
  }
}

const atEnd = (g: Game) => !g.alive || !g.oppAlive || g.turn > MAX_TURNS;

function isValid(g: Game, move: number, me: boolean): boolean {
  switch (move) {
    case LOAD:
      return true;
    case BULLET:
      return me ? g.ammo > 0 : g.opp > 0;
    case PLASMA:
      return me ? g.ammo > 1 : g.opp > 1;
    case METAL:
      return me ? g.opp > 0 : g.ammo > 0;
    case THERMAL:
      return me ? g.opp > 1 : g.ammo > 1;
  }
  return false;
}

/** The original's simulator of one turn (note: the opponent's plasma without ammo still costs two). */
function doTurn(g0: Game, my: number, en: number): Game {
  const g: Game = { ...g0 };
  g.turn++;
  if (my === LOAD) g.ammo++;
  else if (my === BULLET) {
    if (g.ammo < 1) g.alive = false;
    else {
      g.ammo--;
      if (en === LOAD || en === THERMAL) g.oppAlive = false;
    }
  } else if (my === PLASMA) {
    if (g.ammo < 2) g.alive = false;
    else {
      g.ammo -= 2;
      if (en !== PLASMA && en !== THERMAL) g.oppAlive = false;
    }
  }
  if (en === LOAD) g.opp++;
  else if (en === BULLET) {
    if (g.opp < 1) g.oppAlive = false;
    else {
      g.opp--;
      if (my === LOAD || my === THERMAL) g.alive = false;
    }
  } else if (en === PLASMA) {
    if (g.opp < 2) g.oppAlive = false;
    g.opp -= 2;
    if (my !== PLASMA && my !== THERMAL) g.alive = false;
  }
  return g;
}

export default class MontePlayer extends Player {
  static readonly botName = 'MontePlayer';
  private prevAmmo = 0;
  private prevOpp = 0;
  private readonly hist: Int32Array;
  private readonly oppBase: number;
  private readonly eng: LibstdcppMinstd0;

  constructor(...args: ConstructorParameters<typeof Player>) {
    super(...args);
    this.hist = this.env.statics('MontePlayer.opponentHistory', () => new Int32Array(HIST_SIZE));
    this.oppBase = this.getOpponent() * 100;
    this.eng = this.env.intEngine;
  }

  /** Random(max) = GetRandomInteger(max − 1), on the shared engine. */
  private random(max: number): number {
    return this.eng.uniformInt(0, max - 1);
  }

  /** Flat index of opponentHistory[opponent][ammo][oppAmmo][0]. */
  private h(ammo: number, opp: number): number {
    return ((this.oppBase + ammo) * 100 + opp) * 5;
  }

  fight(): Action {
    const root = new Tree({ turn: this.getTurn(), ammo: this.getAmmo(), opp: this.getAmmoOpponent(), alive: true, oppAlive: true }, undefined, 0, 0);
    this.prevAmmo = root.game.ammo;
    this.prevOpp = root.game.opp;
    for (let i = 0; i < MONTE_ROUNDS; i++) {
      const leaf = this.selection(root);
      const score = this.simulate(leaf.game);
      this.update(leaf, score);
    }
    let best = -1;
    let bestScore = -1;
    for (let i = 0; i < 5; i++) {
      if (root.myAttempts[i] === 0) continue;
      const s = root.myWins[i]! / root.myAttempts[i]!;
      if (s > bestScore) {
        bestScore = s;
        best = i;
      }
    }
    if (best < 0) throw new Error('MontePlayer: no move explored');
    return best;
  }

  override perceive(action: Action): void {
    super.perceive(action);
    this.hist[this.h(this.prevAmmo, this.prevOpp) + action]!++;
  }

  /**
   * UCB1 choice among the non-idiotic moves (me: mine, else the opponent's): untried moves
   * score +∞; ties are broken by reservoir draws (Random(same) == 0 keeps the newcomer).
   * 2·log(N) is computed once per node: the same double the original computes per move.
   */
  private pickUcb(t: Tree, me: boolean): number {
    const wins = me ? t.myWins : t.oppWins;
    const attempts = me ? t.myAttempts : t.oppAttempts;
    const twoLog = t.totalPlays > 0 ? 2 * glibcLog(t.totalPlays) : NaN;
    let action = -1;
    let same = 0;
    let best = -1;
    for (let i = 0; i < 5; i++) {
      if (!isValid(t.game, i, me)) continue;
      const n = attempts[i]!;
      const s = n === 0 ? Infinity : wins[i]! / n + Math.sqrt(twoLog / n);
      if (s === best) {
        same++;
        if (this.random(same) === 0) action = i;
      } else if (s > best) {
        same = 1;
        action = i;
        best = s;
      }
    }
    return action;
  }

  private selection(root: Tree): Tree {
    let node = root;
    while (!atEnd(node.game)) {
      const my = this.pickUcb(node, true);
      let en = -1;
      const base = this.h(node.game.ammo, node.game.opp);
      let total = 0;
      for (let i = 0; i < 5; i++) total += this.hist[base + i]!;
      if (total > 0) {
        let sel = this.random(total);
        for (let i = 0; i < 5; i++) {
          sel -= this.hist[base + i]!;
          if (sel < 0) {
            en = i;
            break;
          }
        }
      } else en = this.pickUcb(node, false);
      const next = node.sub?.[my * 5 + en];
      if (!next) return new Tree(doTurn(node.game, my, en), node, my, en);
      node = next;
    }
    return node;
  }

  /**
   * Random playout from g0 (the original's simulate/doRandomTurn/doTurn, on scalars for speed):
   * my move uniform among the non-idiotic ones (reservoir draws), the opponent's weighted by
   * its recorded actions in this ammo state, or uniform among its non-idiotic moves if none.
   * Returns 1 win, 0 loss, −1 draw.
   */
  private simulate(g0: Game): number {
    let { turn, ammo, opp, alive, oppAlive } = g0;
    const hist = this.hist;
    const eng = this.eng;
    while (alive && oppAlive && turn <= MAX_TURNS) {
      let my = -1;
      let valid = 0;
      // valid for me: load; bullet if ammo > 0; plasma if ammo > 1; metal if opp > 0; thermal if opp > 1
      for (let i = 0; i < 5; i++) {
        const ok = i === LOAD || (i === BULLET ? ammo > 0 : i === PLASMA ? ammo > 1 : i === METAL ? opp > 0 : opp > 1);
        if (ok) {
          valid++;
          if (eng.uniformInt(0, valid - 1) === 0) my = i;
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
          if (eng.uniformInt(0, valid - 1) < w) en = i;
        } else if (!encountered && (i === LOAD || (i === BULLET ? opp > 0 : i === PLASMA ? opp > 1 : i === METAL ? ammo > 0 : ammo > 1))) {
          valid++;
          if (eng.uniformInt(0, valid - 1) === 0) en = i;
        }
      }
      // doTurn
      turn++;
      if (my === LOAD) ammo++;
      else if (my === BULLET) {
        if (ammo < 1) alive = false;
        else {
          ammo--;
          if (en === LOAD || en === THERMAL) oppAlive = false;
        }
      } else if (my === PLASMA) {
        if (ammo < 2) alive = false;
        else {
          ammo -= 2;
          if (en !== PLASMA && en !== THERMAL) oppAlive = false;
        }
      }
      if (en === LOAD) opp++;
      else if (en === BULLET) {
        if (opp < 1) oppAlive = false;
        else {
          opp--;
          if (my === LOAD || my === THERMAL) alive = false;
        }
      } else if (en === PLASMA) {
        if (opp < 2) oppAlive = false;
        opp -= 2;
        if (my !== PLASMA && my !== THERMAL) alive = false;
      }
    }
    if (+alive > +oppAlive) return 1;
    if (+oppAlive > +alive) return 0;
    return -1;
  }

  private update(leaf: Tree, score: number): void {
    let node = leaf;
    for (let p = node.parent; p; node = p, p = node.parent) {
      if (score !== -1) {
        p.myWins[node.myAction]! += score;
        p.oppWins[node.oppAction]! += 1 - score;
      }
      p.myAttempts[node.myAction]!++;
      p.oppAttempts[node.oppAction]!++;
      p.totalPlays++;
    }
  }
}

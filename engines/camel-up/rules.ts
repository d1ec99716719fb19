/**
 * Camel Up Cup 2k18 (question 167101): camelup.py of GitHub trbarron/Camel_Up_Cup_2K18 as it
 * stood in 2018, function by function — GameState, PlayGame, MoveCamel, PlaceTrap, MoveTrap,
 * the bets, EndOfRound, EndOfGame, FindCamelInNthPlace — with its bugs as flags (variants.ts).
 *
 * The controller and the bots share Python's module-global `random` (one PyRandom, CPython 3
 * algorithms). Bots get a deep copy of the state shaped like the original GameState (field
 * names as in Python). Game bets are hidden as the original hid them: a HiddenBet only answers
 * whether it was made on a given camel (the original stored sha256(salt + camel) with a uuid4
 * salt, which draws nothing from `random`). An exception the controller did not catch (an
 * illegal trap, a malformed action) ended the original tournament: ControllerCrash.
 */
import type { PyRandom } from '../core/rng/python-random.ts';
import { at, pyIndex, pyStr } from '../core/py/index.ts';
import { PythonError, SandboxStop } from '../core/py/errors.ts';
import { PyFloat } from '../core/py/float.ts';
import type { CamelFlags } from './variants.ts';

export const CAMELS = [0, 1, 2, 3, 4];
export const NUM_CAMELS = 5;
export const FINISH_LINE = 16;
export const TRACK_LENGTH = 29;
/**
 * A game where no seated player ever rolls (Player1 and Player2 only bet) never ends: camelup.py
 * would hang. koth ab and a hosted game end it after MAX_ACTIONS actions with no winner.
 */
export const MAX_ACTIONS = 1000;

/** A game bet as other players (and the bettor) can see it: it can only be checked against a guess. */
export class HiddenBet {
  readonly #camel: string;
  constructor(camel: string) {
    this.#camel = camel;
  }
  /** check_bet(hashed_bet, user_bet). */
  matches(userBet: string): boolean {
    return this.#camel === userBet;
  }
  /** The camel (as str() gave it): for the controller's own use only (the Python players' adapter hashes it as camelup.py did). */
  static reveal(bet: HiddenBet): string {
    return bet.#camel;
  }
}

/** check_bet as bots called it (on a bet redacted by the 2026 player_view, None: Python's AttributeError). */
export const checkBet = (bet: HiddenBet | null, userBet: string): boolean => {
  if (bet === null) throw new PythonError('AttributeError', "'NoneType' object has no attribute 'split'");
  return bet.matches(userBet);
};

export type Trap = [] | [number, number];

/** The state as bots see it (a deep copy), with the original's field names. */
export interface CamelGameState {
  camel_track: number[][];
  trap_track: Trap[];
  player_has_placed_trap: boolean[];
  round_bets: [number, number][];
  /** Under the 2026 player_view an opponent's bet is [null, seat] (fullStateCopy off). */
  game_winner_bets: [HiddenBet | null, number][];
  game_loser_bets: [HiddenBet | null, number][];
  player_game_bets: (HiddenBet | null)[][];
  player_money_values: number[];
  camel_yet_to_move: boolean[];
  active_game: boolean;
  game_winner: number[];
  camels: number[];
  /** Set by EndOfRound (camelup.py's `g.camel_bet_values = [5,5,5,5,5]`): present from a game's first round end on. */
  camel_bet_values?: number[];
}

export interface CamelEnv {
  /** The module-global generator (`import random` in camelup.py and in the bots). */
  readonly random: PyRandom;
}

/** A player: `move(player, g)` returns [0], [1, type, place], [2, camel], [3, camel] or [4, camel]. */
export interface CamelPlayer {
  readonly name: string;
  move(player: number, g: CamelGameState, env: CamelEnv): unknown[];
}

/** GameState() before the camels are placed: empty tracks, no bets, 2 coins each. */
export function emptyState(): CamelGameState {
  return {
    camel_track: Array.from({ length: TRACK_LENGTH }, () => []),
    trap_track: Array.from({ length: TRACK_LENGTH }, () => [] as Trap),
    player_has_placed_trap: [false, false, false, false],
    round_bets: [],
    game_winner_bets: [],
    game_loser_bets: [],
    player_game_bets: [[], [], [], []],
    player_money_values: [2, 2, 2, 2],
    camel_yet_to_move: [true, true, true, true, true],
    active_game: true,
    game_winner: [],
    camels: CAMELS,
  };
}

export function newState(random: PyRandom): CamelGameState {
  const g = emptyState();
  const initial = [...CAMELS];
  for (let k = 0; k < NUM_CAMELS; k++) {
    const index = random.randint(0, initial.length - 1);
    const distance = random.randint(0, 2);
    g.camel_track[distance]!.push(initial[index]!);
    initial.splice(index, 1);
  }
  return g;
}

/** copy.deepcopy(g): lists copied, hidden bets shared (they are immutable). */
export function copyState(g: CamelGameState): CamelGameState {
  return {
    camel_track: g.camel_track.map((r) => [...r]),
    trap_track: g.trap_track.map((t) => [...t] as Trap),
    player_has_placed_trap: [...g.player_has_placed_trap],
    round_bets: g.round_bets.map((b) => [...b] as [number, number]),
    game_winner_bets: g.game_winner_bets.map((b) => [...b] as [HiddenBet | null, number]),
    game_loser_bets: g.game_loser_bets.map((b) => [...b] as [HiddenBet | null, number]),
    player_game_bets: g.player_game_bets.map((r) => [...r]),
    player_money_values: [...g.player_money_values],
    camel_yet_to_move: [...g.camel_yet_to_move],
    active_game: g.active_game,
    game_winner: [...g.game_winner],
    camels: [...g.camels],
    ...(g.camel_bet_values ? { camel_bet_values: [...g.camel_bet_values] } : {}),
  };
}

/**
 * player_view(g, player) of camelup.py 2026: a deep copy in which opponents' game bets keep
 * their seat but not their camel ([null, seat]) and opponents' rows of player_game_bets are
 * null per bet; the seat's own bets stay (hidden).
 */
export function playerView(g: CamelGameState, seat: number): CamelGameState {
  const v = copyState(g);
  v.game_winner_bets = g.game_winner_bets.map(([b, p]) => [p === seat ? b : null, p]);
  v.game_loser_bets = g.game_loser_bets.map(([b, p]) => [p === seat ? b : null, p]);
  v.player_game_bets = g.player_game_bets.map((row, p) => (p === seat ? [...row] : row.map(() => null)));
  return v;
}

/** An answer camelup.py 2026 refused (it raised inside action()): the player rolls instead. */
class InvalidAction extends Error {}

/** Python's `x in g.camels` for a value a player gave (ints, bools, integral floats compare equal). */
function isCamel(x: unknown): boolean {
  return CAMELS.some((c) => pyEqualsInt(x, c));
}

/**
 * Python's `x == n` for a value the controller stored as a player gave it (a round bet's camel,
 * a trap's type): ports give ints; an original Python player may give a bool, a float
 * (integral ones arrive as PyFloat), a str or None.
 */
export function pyEqualsInt(x: unknown, n: number): boolean {
  if (typeof x === 'number') return x === n;
  if (typeof x === 'boolean') return Number(x) === n;
  if (x instanceof PyFloat) return x.value === n;
  if (typeof x === 'bigint') return x === BigInt(n);
  return false;
}

/**
 * `distance += trap_type` as Python did it; a result that is not an int raises where camelup.py
 * raised. An int beyond 2**53 − 1 (an original player's trap type, not validated in 2018) stays
 * a BigInt: far off the track, where the index raises as CPython's did.
 */
function addTrap(distance: number, t: unknown): number | bigint {
  if (typeof t === 'number' && Number.isInteger(t)) return distance + t;
  if (typeof t === 'boolean') return distance + Number(t);
  if (typeof t === 'bigint') return BigInt(distance) + t;
  if (typeof t === 'number' || t instanceof PyFloat) throw new PythonError('TypeError', 'list indices must be integers or slices, not float');
  throw new PythonError('TypeError', `unsupported operand type(s) for +=: 'int' and '${t === null ? 'NoneType' : typeof t === 'string' ? 'str' : 'object'}'`);
}

/** `i + k` of a Python int (a number, or a BigInt beyond 2**53 − 1) and a small int. */
const plus = (i: number | bigint, k: number): number | bigint => (typeof i === 'bigint' ? i + BigInt(k) : i + k);

/** FindCamelInNthPlace: the n-th camel from the front (top of the furthest stack first). */
export function findCamelInNthPlace(track: readonly (readonly number[])[], n: number): number {
  let counted = 0;
  for (let i = 1; ; i++) {
    const stack = at(track, track.length - i);
    const dtg = n - counted;
    if (stack.length >= dtg) return stack[stack.length - dtg]!;
    counted += stack.length;
  }
}

/** Where a camel is: [square, height in its stack] (the first match, scanning squares in order). */
export function findCamel(track: readonly (readonly number[])[], camel: number): [number, number] {
  for (let x = 0; x < track.length; x++) {
    const y = track[x]!.indexOf(camel);
    if (y >= 0) return [x, y];
  }
  throw new PythonError('IndexError', 'list index out of range');
}

/**
 * Moves a camel and those above it `distance` squares. `fromBottom`: the stack goes under the
 * destination's camels; with `wrongPops` (the original's −1 path) it pops index stack-c-1.
 */
export function moveStack(track: number[][], from: number, y: number, distance: number, fromBottom: boolean, wrongPops: boolean): void {
  const src = track[from]!;
  const stack = src.length - y;
  const dest = track[from + distance]!;
  if (fromBottom && wrongPops) {
    for (let c = 0; c < stack; c++) dest.unshift(src.splice(stack - c - 1, 1)[0]!);
  } else if (fromBottom) {
    dest.unshift(...src.splice(y, stack));
  } else {
    for (let c = 0; c < stack; c++) dest.push(src.splice(y, 1)[0]!);
  }
}

export interface CamelGameResult {
  /** Seats whose money is the maximum. */
  winnerSeats: number[];
  /** Money per seat at the end. */
  money: number[];
  /** Actions taken (turns). */
  turns: number;
}

/** PlayGame with four seated players (seat 0 moves first). */
export class CamelGame {
  readonly g: CamelGameState;
  readonly env: CamelEnv;
  turns = 0;

  /** Where the camels' starting squares and rolls are drawn from: the shared generator, as in camelup.py, unless scripted. */
  private readonly dice: PyRandom;

  constructor(
    readonly players: readonly CamelPlayer[],
    readonly random: PyRandom,
    readonly flags: CamelFlags,
    /**
     * Scripted dice (koth ab's pairs): starting squares and every roll from this generator of
     * their own, so the k-th roll of a game is the same whatever the players did or drew before it
     * (each camel still moves once per round, in the order this stream gives).
     */
    dice?: PyRandom,
  ) {
    this.env = { random };
    this.dice = dice ?? random;
    this.g = newState(this.dice);
  }

  play(onAction?: (seat: number, action: unknown[]) => void): CamelGameResult {
    const g = this.g;
    let round = 0;
    while (g.active_game) {
      const seat = round % 4;
      const view = this.flags.fullStateCopy ? copyState(g) : playerView(g, seat);
      let result: unknown[];
      if (this.flags.crashEndsTournament) result = this.players[seat]!.move(seat, view, this.env);
      else {
        // 2026: `except Exception: result = [0]`. The sandbox stopping a player (no time limit in
        // camelup.py: it would have hung) and an answer the replay cannot carry still stop the run.
        try {
          result = this.players[seat]!.move(seat, view, this.env);
        } catch (e) {
          // `except Exception` does not catch SystemExit, KeyboardInterrupt, GeneratorExit (BaseException): those still ended the run.
          if (e instanceof SandboxStop || (e instanceof PythonError && ['KothUnfollowable', 'SystemExit', 'KeyboardInterrupt', 'GeneratorExit'].includes(e.pyType))) throw e;
          result = [0];
        }
      }
      onAction?.(seat, result);
      if (this.flags.invalidActionsUnchecked) this.action(result, seat);
      else {
        try {
          this.checkedAction(result, seat);
        } catch (e) {
          if (!(e instanceof InvalidAction)) throw e;
          this.moveCamel(seat);
        }
      }
      round++;
      this.turns++;
    }
    return { winnerSeats: [...g.game_winner], money: [...g.player_money_values], turns: this.turns };
  }

  private action(result: unknown[], player: number): void {
    const kind = at(result, 0);
    if (kind === 0) this.moveCamel(player);
    else if (kind === 1) {
      if (this.g.player_has_placed_trap[player]) this.moveTrap(at(result, 1) as number, at(result, 2) as number | bigint, player);
      else this.placeTrap(at(result, 1) as number, at(result, 2) as number | bigint, player);
    } else if (kind === 2) this.g.round_bets.push([at(result, 1) as number, player]);
    else if (kind === 3) this.placeGameBet(this.g.game_winner_bets, at(result, 1), player);
    else if (kind === 4) this.placeGameBet(this.g.game_loser_bets, at(result, 1), player);
    // else: the original printed "oh jeez result was out of bounds" and went on.
  }

  /**
   * camelup.py 2026's action(): every refusal raises (InvalidAction) and PlayGame rolls instead.
   * A trap answer of a seat that has a trap takes MoveTrap, which removes the old trap before
   * PlaceTrap checks the new one (the removal stays when it fails).
   */
  private checkedAction(result: unknown, player: number): void {
    if (!Array.isArray(result) || result.length === 0) throw new InvalidAction('malformed result');
    const g = this.g;
    const kind = result[0];
    if (pyEqualsInt(kind, 0)) this.moveCamel(player);
    else if (pyEqualsInt(kind, 1)) {
      if (result.length < 3) throw new InvalidAction('trap answer too short');
      if (g.player_has_placed_trap[player]) {
        const mine = g.trap_track.flatMap((row, y) => (row.length > 0 && row[1] === player ? [y] : []));
        if (mine.length !== 1) throw new InvalidAction('MoveTrap unpacks one trap');
        g.trap_track[mine[0]!] = [];
        g.player_has_placed_trap[player] = false;
      }
      const [, type, place] = result as [unknown, unknown, unknown];
      if (!(pyEqualsInt(type, -1) || pyEqualsInt(type, 1))) throw new InvalidAction('trap type not ±1');
      const square = typeof place === 'boolean' ? Number(place) : place;
      if (typeof square !== 'number' || !Number.isInteger(square) || square < 1 || square > TRACK_LENGTH - 2) throw new InvalidAction('trap out of bounds');
      const t = g.trap_track;
      if (g.camel_track[square]!.length !== 0) throw new InvalidAction('trap on top of camels');
      if (t[square - 1]!.length !== 0 || t[square]!.length !== 0 || t[square + 1]!.length !== 0) throw new InvalidAction('trap next to a trap');
      if (g.player_has_placed_trap[player]) throw new InvalidAction('two traps');
      t[square] = [type as number, player];
      g.player_has_placed_trap[player] = true;
    } else if (pyEqualsInt(kind, 2)) {
      if (result.length < 2 || !isCamel(result[1])) throw new InvalidAction('round bet on an invalid camel');
      g.round_bets.push([result[1] as number, player]);
    } else if (pyEqualsInt(kind, 3) || pyEqualsInt(kind, 4)) {
      if (result.length < 2 || !isCamel(result[1])) throw new InvalidAction('game bet on an invalid camel');
      const c = pyStr(result[1]);
      if (g.player_game_bets[player]!.some((b) => b!.matches(c))) throw new InvalidAction('second game bet on one camel');
      const bet = new HiddenBet(c);
      (pyEqualsInt(kind, 3) ? g.game_winner_bets : g.game_loser_bets).push([bet, player]);
      g.player_game_bets[player]!.push(bet);
    } else throw new InvalidAction('action code out of bounds');
  }

  private moveCamel(player: number): void {
    const g = this.g;
    let camel = 0;
    for (let selected = false; !selected; ) {
      camel = this.dice.randint(0, NUM_CAMELS - 1);
      selected = g.camel_yet_to_move[camel]!;
    }
    g.camel_yet_to_move[camel] = false;
    const [pos, y] = findCamel(g.camel_track, camel);
    let distance = this.dice.randint(1, 3);
    let fromBottom = this.flags.stackFromBottom;
    // 2018 (finishOnly16to18): a camel pushed past 18 plays on and may run off the track: camelup.py's IndexError.
    if (pos + distance >= TRACK_LENGTH) throw new PythonError('IndexError', 'list index out of range');
    const trap = g.trap_track[pos + distance]!;
    if (trap.length > 0) {
      if (pyEqualsInt(trap[0], -1)) fromBottom = true;
      g.player_money_values[trap[1]!] += 1;
      // A trap type other than ±1 (an original player's) may send the stack off the track: Python's index.
      distance = pyIndex(TRACK_LENGTH, plus(addTrap(distance, trap[0]), pos)) - pos;
    }
    moveStack(g.camel_track, pos, y, distance, fromBottom, this.flags.bottomStackPopsWrongCamels);
    g.player_money_values[player] += 1;
    const roundOver = g.camel_yet_to_move.every((m) => !m);
    if (roundOver) this.endOfRound();
    const last = this.flags.finishOnly16to18 ? FINISH_LINE + 2 : TRACK_LENGTH - 1;
    if (g.camel_track.slice(FINISH_LINE, last + 1).some((s) => s.length > 0)) {
      if (!roundOver || this.flags.endOfRoundTwice) this.endOfRound();
      this.endOfGame();
    }
  }

  /** `place`: an int as the player gave it (a BigInt beyond 2**53 − 1: the indexing raises IndexError, as in camelup.py). */
  private placeTrap(type: number, place: number | bigint, player: number): void {
    const t = this.g.trap_track;
    if ((place > 0 && at(t, plus(place, -1)).length !== 0) || at(t, place).length !== 0 || (place < t.length && at(t, plus(place, 1)).length !== 0)) {
      throw new PythonError('ValueError', `${player} tried to place a trap in an illegal spot`);
    }
    if (this.g.player_has_placed_trap[player]) throw new PythonError('ValueError', `${player} tried to place two traps somehow`);
    t[pyIndex(t.length, place)] = [type, player];
    this.g.player_has_placed_trap[player] = true;
  }

  private moveTrap(type: number, place: number | bigint, player: number): void {
    const mine = this.g.trap_track.flatMap((row, y) => (row.length > 0 && row[1] === player ? [y] : []));
    if (mine.length !== 1) {
      throw new PythonError('ValueError', mine.length ? 'too many values to unpack (expected 1)' : 'not enough values to unpack (expected 1, got 0)');
    }
    this.g.trap_track[mine[0]!] = [];
    this.g.player_has_placed_trap[player] = false;
    this.placeTrap(type, place, player);
  }

  private placeGameBet(list: [HiddenBet | null, number][], camel: unknown, player: number): void {
    const c = pyStr(camel);
    if (this.g.player_game_bets[player]!.some((b) => b!.matches(c))) return; // a second bet on one camel: ignored
    const bet = new HiddenBet(c);
    list.push([bet, player]);
    this.g.player_game_bets[player]!.push(bet);
  }

  private endOfRound(): void {
    const g = this.g;
    const first = [5, 3, 2, 0];
    const second = [1, 1, 1, 0];
    const third = this.flags.fourthLosingRoundBetFree ? [-1, -1, -1, 0] : [];
    let i1 = 0;
    let i2 = 0;
    let i3 = 0;
    const firstCamel = findCamelInNthPlace(g.camel_track, 1);
    const secondCamel = findCamelInNthPlace(g.camel_track, 2);
    const n = g.round_bets.length - (this.flags.settlementSkipsLastBet ? 1 : 0);
    for (let i = 0; i < n; i++) {
      const [camel, who] = g.round_bets[i]!;
      if (pyEqualsInt(camel, firstCamel)) g.player_money_values[who] += i1 < first.length ? first[i1++]! : (i1++, 0);
      else if (pyEqualsInt(camel, secondCamel)) g.player_money_values[who] += i2 < second.length ? second[i2++]! : (i2++, 0);
      else if (!this.flags.fourthLosingRoundBetFree) g.player_money_values[who] -= 1;
      else g.player_money_values[who] += i3 < third.length ? third[i3++]! : (i3++, 0);
    }
    g.camel_bet_values = [5, 5, 5, 5, 5];
    g.camel_yet_to_move = [true, true, true, true, true];
    g.round_bets = [];
    g.trap_track = Array.from({ length: TRACK_LENGTH }, () => [] as Trap);
    g.player_has_placed_trap = [false, false, false, false];
  }

  private endOfGame(): void {
    const g = this.g;
    const winning = String(findCamelInNthPlace(g.camel_track, 1));
    const losing = String(findCamelInNthPlace(g.camel_track, NUM_CAMELS));
    const payouts = [8, 5, 3, 1];
    const skip = this.flags.settlementSkipsLastBet ? 1 : 0;
    let idx = 0;
    for (let i = 0; i < g.game_winner_bets.length - skip; i++) {
      const [bet, who] = g.game_winner_bets[i]!;
      if (bet!.matches(winning)) g.player_money_values[who] += idx < payouts.length ? payouts[idx++]! : (idx++, 1);
      else g.player_money_values[who] -= 1;
    }
    idx = 0;
    for (let i = 0; i < g.game_loser_bets.length - skip; i++) {
      const [bet, who] = g.game_loser_bets[i]!;
      if (bet!.matches(this.flags.loserBetsCheckWinner ? winning : losing)) {
        // The original adds payout_struct[payout_index] itself: IndexError past the 4th.
        g.player_money_values[who] += this.flags.loserBetsCheckWinner ? at(payouts, idx) : idx < payouts.length ? payouts[idx]! : 1;
        idx++;
      } else g.player_money_values[who] -= 1;
    }
    g.active_game = false;
    const top = Math.max(...g.player_money_values);
    g.game_winner = g.player_money_values.flatMap((m, i) => (m === top ? [i] : []));
  }
}

/**
 * The Atomas controller posted in question 95889 (Python 2), line by line: the ring, the atom
 * range rising every 40 moves, low-atom respawn odds, specials as gen_specials draws them, the
 * forced + after 5 moves without one, + fusion with wrap-around and chain reactions and its
 * score formula, − with the y/n carry-over, black +, clone, game over past 18 atoms.
 *
 * The controller kept its state in module globals; here they are the fields of one
 * AtomasController, which lives for a whole 20-game run (the `globalsCarryOver` flag decides
 * whether a game resets them). Python semantics kept: slicing with negative and out-of-range
 * bounds, indexing with IndexError, int() with ValueError, Python 2's randint
 * (`a + int(random() * width)`, PyRandom's python2 mode) and its "empty range" message.
 * Anything the controller did not catch (a bot's unparseable answer, the black-plus crash, an
 * index out of range) ends the run: ControllerCrash, the exception in Python 2's words.
 */
import type { PyRandom } from '../core/rng/python-random.ts';
import { at, pyInt, pySlice } from '../core/py/builtins.ts';
import { ControllerCrash, PythonError } from '../core/py/errors.ts';
import type { AtomasFlags } from './variants.ts';

/** An atom on the board: a number, or a + that stayed on the board. */
export type Atom = number | '+';

/** What a bot sees of the engine: the generator its `random` module draws from. */
export interface AtomasEnv {
  readonly random: PyRandom;
}

/**
 * A bot as the controller saw it: a program that reads one line (`atom/board`) and prints its
 * answer. `move` returns what the program printed (the controller reads the first line); a
 * program that died prints nothing (return '').
 */
export interface AtomasBot {
  readonly name: string;
  move(input: string, env: AtomasEnv): string;
}

export interface AtomasGame {
  score: number;
  /** Bot calls in this game. */
  moves: number;
  finalBoard: Atom[];
  /** The exception that ended the run in this game, in Python 2's words; null if none. */
  crash: string | null;
}

const SPECIALS = ['+', '-', 'B', 'C'];

export class AtomasController {
  atomRange: [number, number] = [1, 3];
  board: Atom[] = [];
  score = 0;
  moveNumber = 0;
  carryOver = ' ';
  previousMoves: string[] = [];
  private matches = 0;
  readonly env: AtomasEnv;

  constructor(
    readonly random: PyRandom,
    readonly flags: AtomasFlags,
  ) {
    this.env = { random };
  }

  /** Python 2.7's random.randint, with its ValueError (and words) for an empty range. */
  private randint(a: number, b: number): number {
    if (b + 1 - a <= 0) throw new PythonError('ValueError', `empty range for randrange() (${a},${b + 1}, ${b + 1 - a})`);
    return this.random.randint(a, b);
  }

  private plusProcess(userInput: string | number): void {
    this.previousMoves = [];
    this.matches = 0;
    let finalAtom = 0;
    const scoreCalc = (atom: number) => {
      if (this.matches === 0) {
        // int(round(1.5 * atom + 1.25, 0)): never a tie for an int atom (x.25 or x.75).
        this.score += Math.round(1.5 * atom + 1.25);
      } else {
        const outer = atom < finalAtom ? finalAtom - 1 : atom;
        this.score += (-finalAtom + outer + 3) * this.matches - finalAtom + 3 * outer + 3;
      }
      this.matches += 1;
    };
    if (this.board.length < 1 || userInput === '') {
      this.board.push('+');
      return;
    }
    const k = pyInt(userInput);
    let start = pySlice(this.board, undefined, k + 1);
    let end = pySlice(this.board, k + 1);
    while (start.length > 0 && end.length > 0) {
      const x = end[0]!;
      if (start[start.length - 1] === x && x !== '+') {
        if (finalAtom === 0) finalAtom = x + 1;
        else if (x >= finalAtom) finalAtom += 2;
        else finalAtom += 1;
        scoreCalc(x);
        start = start.slice(0, -1);
        end = end.slice(1);
      } else break;
    }
    if (start.length === 0) {
      while (end.length > 1) {
        const x = end[0]!;
        if (x === end[end.length - 1] && x !== '+') {
          if (finalAtom === 0) finalAtom = this.flags.wrapAroundFusion ? x : x + 1;
          else if (x >= finalAtom) finalAtom += 2;
          else finalAtom += 1;
          scoreCalc(x);
          end = end.slice(1, -1);
        } else break;
      }
    }
    if (end.length === 0) {
      while (start.length > 1) {
        const x = start[0]!;
        if (x === start[start.length - 1] && x !== '+') {
          if (!this.flags.wrapAroundFusion && finalAtom === 0) finalAtom = x + 1;
          else if (x >= finalAtom) finalAtom += 2;
          else finalAtom += 1;
          scoreCalc(x);
          start = start.slice(1, -1);
        } else break;
      }
    }
    if (this.matches === 0) {
      this.board = [...start, '+', ...end];
      return;
    }
    this.board = [...start, finalAtom, ...end];
    if (this.flags.plusReaction) {
      // A + left on the board whose neighbours are now equal reacts (range fixed at loop start):
      // the posted code drops the atom LEFT of the + and fuses one gap to the right of it.
      const n = this.board.length - 1;
      for (let a = 0; a < n; a++) {
        if (this.board[a] === '+' && this.board[(a + 1) % this.board.length] === at(this.board, a - 1)) {
          this.board = [...pySlice(this.board, undefined, a - 1), ...pySlice(this.board, a)];
          this.plusProcess(a);
          break;
        }
      }
    } else this.plusChainReaction();
  }

  /**
   * As the question states it: a + lying anywhere on the ring whose two neighbours are equal
   * atoms is used up — it leaves the board and those atoms fuse by the + rule at its gap.
   */
  private plusChainReaction(): void {
    const n = this.board.length;
    if (n < 3) return;
    for (let a = 0; a < n; a++) {
      const left = this.board[(a + n - 1) % n]!;
      if (this.board[a] === '+' && left !== '+' && left === this.board[(a + 1) % n]) {
        this.board = [...this.board.slice(0, a), ...this.board.slice(a + 1)];
        this.plusProcess(a - 1);
        return;
      }
    }
  }

  private minusProcess(userInput: string, minusCheck: string): void {
    const i = pyInt(userInput);
    const carry = at(this.board, i);
    // `user_input == len(board) - 1` compares a str with an int: never true in Python 2.
    this.board = [...pySlice(this.board, undefined, i), ...pySlice(this.board, i + 1)];
    if (minusCheck === 'y') this.carryOver = '+';
    else if (minusCheck === 'n') this.carryOver = String(carry);
  }

  private blackPlusProcess(userInput: string): void {
    const i = pyInt(userInput);
    if (!this.flags.blackPlusCrash) return this.blackPlusAsStated(i);
    let inter: number;
    if (at(this.board, i) === '+') {
      const next = at(this.board, i + 1);
      if (next === '+') inter = 4;
      else inter = next + 2;
    } else {
      // `board[i] + 1 == "+"` is never true; then [board[i], board[i + 1]] is built, sorted
      // in place, and `(None)[1]` raises.
      at(this.board, i + 1);
      throw new PythonError('TypeError', "'NoneType' object has no attribute '__getitem__'");
    }
    this.board = [...pySlice(this.board, i - 1), inter, inter, ...pySlice(this.board, i + 1)];
    this.plusProcess(i - 1);
  }

  /**
   * Black + as the question states it: the atoms on both sides of gap i fuse into the higher
   * one + 3 (4 when both are +), then the + rule goes on outward, scored like a + chain.
   */
  private blackPlusAsStated(i: number): void {
    const n = this.board.length;
    if (n < 2) {
      this.board.push('+');
      return;
    }
    const g = ((i % n) + n) % n;
    const a = at(this.board, i);
    const b = this.board[(g + 1) % n]!;
    const nums = [a, b].filter((x): x is number => x !== '+');
    const fused = nums.length ? Math.max(...nums) + 3 : 4;
    // The other atoms in ring order, from the one after b to the one before a.
    const ring: Atom[] = Array.from({ length: n - 2 }, (_, k) => this.board[(g + 2 + k) % n]!);
    let center = fused;
    let matches = 0;
    let left = ring;
    while (left.length >= 2 && left[0] === left[left.length - 1] && left[0] !== '+') {
      const x = left[0] as number;
      center = x >= center ? center + 2 : center + 1;
      this.score += matches === 0 ? Math.round(1.5 * x + 1.25) : (-center + Math.max(x, center - 1) + 3) * matches - center + 3 * Math.max(x, center - 1) + 3;
      matches++;
      left = left.slice(1, -1);
    }
    this.board = [center, ...left];
    this.previousMoves = [];
  }

  private cloneProcess(userInput: string): void {
    this.carryOver = String(at(this.board, pyInt(userInput)));
  }

  private regularProcess(atom: string, userInput: string): void {
    if (userInput === '') {
      // The controller appends a NEW random atom, not the one in play.
      this.board.push(this.randint(this.atomRange[0], this.atomRange[1]));
    } else {
      const k = pyInt(userInput);
      this.board = [...pySlice(this.board, undefined, k + 1), pyInt(atom), ...pySlice(this.board, k + 1)];
    }
  }

  genSpecials(): string {
    const special = this.randint(1, 240);
    // The posted bounds give − 12/240, black + 4/240, clone 3/240; the text's odds (1/10, 1/80, 1/60) are 24, 3, 4.
    const [minus, black, clone] = this.flags.specialOdds ? [60, 64, 67] : [72, 75, 79];
    if (special <= 48) return '+';
    if (special <= minus && this.board.length > 0) return '-';
    if (special <= black && this.board.length > 0 && this.score >= 750) return 'B';
    if (special <= clone && this.board.length > 0 && this.score >= 1500) return 'C';
    const small = this.board.filter((a): a is number => a !== '+' && a < this.atomRange[0]);
    const check = this.randint(1, this.board.length);
    if (check <= small.length) return String(small[check - 1]);
    return String(this.randint(this.atomRange[0], this.atomRange[1]));
  }

  private specialsCall(atom: string, userInput: string[]): void {
    if (atom === '+') this.plusProcess(userInput[0]!);
    else if (atom === '-') this.minusProcess(userInput[0]!, at(userInput, 1));
    else if (atom === 'B') this.blackPlusProcess(userInput[0]!);
    else if (atom === 'C') this.cloneProcess(userInput[0]!);
    else this.regularProcess(atom, userInput[0]!);
  }

  /** The text the controller writes to the bot's stdin. */
  static input(atom: string, board: readonly Atom[]): string {
    return `${atom}/${board.map(String).join(' ')}`;
  }

  /** What the controller makes of a bot's output: its first line, '\n' stripped, split on ' '. */
  static answer(printed: string): string[] {
    const nl = printed.indexOf('\n');
    const first = nl >= 0 ? printed.slice(0, nl + 1) : printed;
    return first.replace(/^\n+|\n+$/g, '').split(' ');
  }

  /** init(): one game. A ControllerCrash ends it (and, in the original, the whole run). */
  playGame(bot: AtomasBot, onMove?: (input: string, output: string) => void): AtomasGame {
    this.board = [];
    this.score = 0;
    if (!this.flags.globalsCarryOver) {
      this.atomRange = [1, 3];
      this.moveNumber = 0;
      this.carryOver = ' ';
      this.previousMoves = [];
    }
    let moves = 0;
    try {
      for (let i = 0; i < 6; i++) this.board.push(this.randint(1, 3));
      while (this.board.length <= 18) {
        this.moveNumber += 1;
        if (this.moveNumber % 40 === 0) {
          this.atomRange[0] += 1;
          this.atomRange[1] += 1;
        }
        let special: string;
        if (this.carryOver !== ' ') {
          special = this.carryOver;
          this.carryOver = ' ';
        } else if (this.previousMoves.length >= 5) special = '+';
        else special = this.genSpecials();
        this.previousMoves.push(special);
        const input = AtomasController.input(special, this.board);
        moves++;
        const printed = bot.move(input, this.env);
        onMove?.(input, printed);
        this.specialsCall(special, AtomasController.answer(printed));
      }
    } catch (e) {
      if (e instanceof PythonError) {
        const crash = ControllerCrash.from(e, `move ${moves}`);
        return { score: this.score, moves, finalBoard: [...this.board], crash: crash.pythonLine };
      }
      throw e;
    }
    return { score: this.score, moves, finalBoard: [...this.board], crash: null };
  }
}

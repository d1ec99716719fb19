/**
 * What a dice bot is, exactly as the Python controller saw it (question 177765).
 *
 * Python:                              TypeScript port:
 *   class X(Bot):                        export class X extends DiceBot {
 *     def make_throw(self, scores,         *makeThrow(scores, lastRound) {
 *                    last_round):            yield true; ... yield false;
 *       yield True ...                     }
 *   self.current_throws, self.index,      this.currentThrows, this.index,
 *   self.end_score                        this.endScore
 *   random.randint(1, 6) (module-global)  this.env.random.randint(1, 6)
 *
 * The controller only tests the truthiness of what a bot yields (`if not throw: break`), so a
 * port may yield any value; `pyTruthy` applies Python's rules.
 *
 * Hooks for the bots that reached into the controller with `inspect` (documented in
 * DiceEnv below) replace those stack hacks with explicit, equivalent values.
 */
import type { PyRandom } from '../core/rng/python-random.ts';

export interface DiceEnv {
  /**
   * The controller module's global `random`: the dice are thrown from it, and every bot
   * that calls `random.*` (or predicts it from `random.getstate()`, like NeoBot) shares it.
   */
  readonly random: PyRandom;
  /**
   * The current game's `game_bots` list (a local of simulate_games that HarkonnenBot,
   * TleilaxuBot and CopyBot found with inspect.stack()). Live: while the game's bots are
   * being constructed it holds the ones built so far and nulls for the rest, as in Python.
   */
  readonly gameBots: (DiceBot | null)[];
  /** The run's bot classes in order (the controller's `bots`; CopyBot copies them all). */
  readonly botClasses: readonly DiceBotClass[];
  /**
   * Per-process storage for Python class attributes that bots mutate (CopyBot._bot_copies,
   * OptFor2X._r, Rebel.p ...). The original kept one per worker process for a whole run;
   * here it is one per run (exact mode) or per shard.
   */
  classState<T>(key: string, init: () => T): T;
}

export interface DiceBotClass {
  new (index: number, endScore: number, env: DiceEnv): DiceBot;
  /** The Python class name (stats, and bots that look at other bots' names). */
  readonly botName: string;
}

/** Where a bot keeps its engine hooks: a symbol key, so copies of the bot's state (deepcopy.ts) share, not copy, them. */
export const ENV: unique symbol = Symbol('dice env');

export class DiceBot {
  /** Python `self.index`: this bot's seat in the game. */
  declare index: number;
  /** Python `self.end_score` (40 in the challenge). */
  declare endScore: number;
  /**
   * Python `self.current_throws`: set by updateState before every decision. Like the
   * Python attribute it does not exist before the first updateState (reading it then throws,
   * as Python raised AttributeError — TleilaxuBot's interrogations depend on that).
   */
  declare currentThrows: number[];
  declare [ENV]: DiceEnv;

  constructor(index: number, endScore: number, env: DiceEnv) {
    this[ENV] = env;
    this.index = index;
    this.endScore = endScore;
  }

  /** The engine's hooks (not part of the bot's own state, like Python's module globals). */
  protected get env(): DiceEnv {
    return this[ENV];
  }

  /** Python `bot.__class__.__name__`. */
  get className(): string {
    return (this.constructor as DiceBotClass).botName;
  }

  /** Python `update_state(current_throws)`: the controller passes a fresh copy each time. */
  updateState(currentThrows: number[]): void {
    this.currentThrows = currentThrows;
  }

  /** Python `make_throw(scores, last_round)`; the base class yields False once. */
  *makeThrow(_scores: number[], _lastRound: boolean): Generator<unknown, unknown, undefined> {
    yield false;
    return undefined;
  }
}

/** Python truthiness of a yielded value (False, None, 0, '', empty list/dict are false). */
export function pyTruthy(v: unknown): boolean {
  if (typeof v === 'boolean') return v;
  if (Array.isArray(v)) return v.length > 0;
  if (v instanceof Map || v instanceof Set) return v.size > 0;
  if (typeof v === 'bigint') return v !== 0n;
  return !!v;
}

/** Python's sum() of a list of ints. */
export function sum(xs: readonly number[]): number {
  let s = 0;
  for (let i = 0; i < xs.length; i++) s += xs[i]!;
  return s;
}

/** Python's max() of a non-empty list (ValueError when empty, like Python). */
export function max(xs: readonly number[]): number {
  if (xs.length === 0) throw new PythonError('ValueError', 'max() arg is an empty sequence');
  let m = xs[0]!;
  for (let i = 1; i < xs.length; i++) if (xs[i]! > m) m = xs[i]!;
  return m;
}

/** Python's min() of a non-empty list. */
export function min(xs: readonly number[]): number {
  if (xs.length === 0) throw new PythonError('ValueError', 'min() arg is an empty sequence');
  let m = xs[0]!;
  for (let i = 1; i < xs.length; i++) if (xs[i]! < m) m = xs[i]!;
  return m;
}

/** An exception the Python original would have raised (kept so reports can name it). */
export class PythonError extends Error {
  constructor(
    readonly pyType: string,
    message: string,
  ) {
    super(`${pyType}: ${message}`);
    this.name = 'PythonError';
  }
}

/** Python list indexing with negative indices and IndexError. */
export function at<T>(xs: readonly T[], i: number): T {
  const j = i < 0 ? xs.length + i : i;
  if (j < 0 || j >= xs.length) throw new PythonError('IndexError', 'list index out of range');
  return xs[j]!;
}

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
import type { PyModuleEnv } from '../core/py/module-env.ts';
import type { PyRandom } from '../core/rng/python-random.ts';

/**
 * The controller module's globals as bots saw them. `random` (PyModuleEnv) is the module-global
 * generator: the dice are thrown from it, and every bot that calls `random.*` (or predicts it
 * from `random.getstate()`, like NeoBot) shares it; `classState` holds mutated class attributes.
 */
export interface DiceEnv extends PyModuleEnv {
  /**
   * The current game's `game_bots` list (a local of simulate_games that HarkonnenBot,
   * TleilaxuBot and CopyBot found with inspect.stack()). Live: while the game's bots are
   * being constructed it holds the ones built so far and nulls for the rest, as in Python.
   */
  readonly gameBots: (DiceBot | null)[];
  /** The run's bot classes in order (the controller's `bots`; CopyBot copies them all). */
  readonly botClasses: readonly DiceBotClass[];
  /**
   * Told when a bot's `makeThrow` is replaced on an instance (replaceMakeThrow): the controller
   * then checks, turn by turn, which bots still run their class's own method (and so may take
   * their fast path). Unset where nobody takes fast paths.
   */
  readonly makeThrowReplaced?: () => void;
}

export interface DiceBotClass {
  new (index: number, endScore: number, env: DiceEnv): DiceBot;
  /** The Python class name (stats, and bots that look at other bots' names). */
  readonly botName: string;
  readonly prototype: DiceBot;
  /** Set on the original Python bots' classes (python-bots.ts): what their controller stand-in is told. */
  readonly watch?: DiceControllerWatch;
}

/**
 * The original Python bots keep a stand-in of the original controller object in Python, for the
 * answers that find it on the stack (python/stand-in.ts): the controller tells it the run's pool,
 * every game's end, and asks it for the seats once a bot replaced the random module's `sample`
 * (the original drew them with `random.sample(range(n), 8)`, whatever that had become). Each
 * method returns whether `random.sample` is replaced now (then the next seats come from `seats`).
 */
export interface DiceControllerWatch {
  runStart(classes: readonly DiceBotClass[], settings: { botsPerGame: number; endScore: number; maxRounds: number }, flags: { prefilledStats: boolean }, random: PyRandom): boolean;
  gameOver(scores: readonly number[], random: PyRandom): boolean;
  /** random.sample(range(n), k) through the module's (replaced) function: seat class indices. */
  seats(n: number, k: number, random: PyRandom): number[];
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

  /**
   * The fast path (set by `fastPath`, never by hand): the decision the class's `makeThrow`
   * generator would yield next, as a plain function. See `fastPath`.
   */
  declare fastDecide: FastDecide | undefined;
  /** The fast path's start of a turn (set by `fastPath`). */
  declare fastStart: FastStart | undefined;
  /** The class whose `makeThrow` `fastDecide` stands for (a subclass or a replaced method disables it). */
  declare fastClass: DiceBotClass | undefined;
  /** That class's own `makeThrow` (HarkonnenBot and Rebel replace it on instances). */
  declare fastOf: DiceBot['makeThrow'] | undefined;
  /** Set by `memorylessFastPath`: a fresh generator's first yield is the fast path's decision. */
  declare fastMemoryless: DiceBotClass | undefined;

  /**
   * A whole turn played elsewhere (the original Python bots, python-bots.ts): the controller's
   * single_bot from the first die to the last — the same dice from the same generator, the same
   * update_state/make_throw calls — returning the throws. Set on a class's prototype only; the
   * controller then asks it instead of driving makeThrow die by die.
   */
  declare playTurn: ((scores: number[], lastRound: boolean) => number[]) | undefined;

  /** Python `make_throw(scores, last_round)`; the base class yields False once. */
  *makeThrow(_scores: number[], _lastRound: boolean): Generator<unknown, unknown, undefined> {
    yield false;
    return undefined;
  }
}

/**
 * A decision as a plain function: what `makeThrow(scores, lastRound)` yields (as a truthy
 * boolean) when resumed for the `throws.length`-th time in a turn, given the turn's dice so
 * far (`throws`, their sum `turnSum`). `throws` and `scores` are the controller's own arrays:
 * read them, never keep or change them. Only for a generator that is a pure function of
 * (throws, scores, lastRound, the bot's attributes that the generator does not change): after
 * k true decisions the turn holds k+1 dice, so the number of decisions made is known. It may
 * change the bot the way the generator does between two yields (SlowStart). A generator whose
 * locals the dice do not determine (StepBot's step counter and rush, BePrepared's re-entry)
 * keeps them as a small state machine in an object on the bot under a symbol of its own file:
 * engine state, not a Python attribute (deep copies share it and never take the fast path).
 */
export type FastDecide<T extends DiceBot = DiceBot> = (this: T, throws: readonly number[], turnSum: number, scores: readonly number[], lastRound: boolean, turnState: number) => boolean;

/**
 * What the generator does before its first yield when that changes the bot or draws from the
 * generator (QuotaBot's quota, BringMyOwn_dice's own dice): called once per turn, where the
 * controller first resumes makeThrow (after a first die that is not a 6). Its result is
 * handed to every decision of the turn as `turnState`.
 */
export type FastStart<T extends DiceBot = DiceBot> = (this: T, scores: readonly number[], lastRound: boolean) => number;

/**
 * Gives `cls` a fast path: the engine calls `decide` after each die instead of resuming a
 * generator, but only for instances of exactly `cls` whose `makeThrow` is still the class's
 * own (a subclass or an instance whose method was replaced uses the generator). The trace
 * tests replay every recorded turn through both the generator and the fast path.
 */
export function fastPath<T extends DiceBot>(cls: DiceBotClass & { prototype: T }, decide: FastDecide<T>, start?: FastStart<T>): void {
  cls.prototype.fastDecide = decide as FastDecide;
  cls.prototype.fastStart = start as FastStart | undefined;
  cls.prototype.fastClass = cls;
  cls.prototype.fastOf = cls.prototype.makeThrow;
}

/**
 * Python `bot.make_throw = fn` (HarkonnenBot drugging the game's bots, Rebel restoring itself):
 * every replacement of a bot's method goes through here, so the controller knows to stop
 * trusting the class's fast path for that game (rules.ts).
 */
export function replaceMakeThrow(bot: DiceBot, fn: DiceBot['makeThrow']): void {
  bot.makeThrow = fn;
  bot[ENV].makeThrowReplaced?.();
}

/**
 * Declares `cls`'s fast path memoryless: its generator's next yield depends only on the dice so
 * far (update_state's list), `scores`, `lastRound` and attributes it never changes — not on how
 * many times it has yielded — it changes no attribute, and the fast decision draws from the
 * global generator what the generator's yield draws (FlipCoinRollDice's coin). Then the FIRST
 * yield of a FRESH `makeThrow` generator after `updateState(throws)` is `decide(throws, …)`,
 * which is how TleilaxuBot questions its copy of the leader (a new generator per question).
 * Only for a class with a fast path and no `start`; `transpiled-bots/dice/memoryless.test.ts`
 * checks every such claim against the generator on every traced situation and on made-up ones.
 */
export function memorylessFastPath(cls: DiceBotClass): void {
  if (cls.prototype.fastClass !== cls || cls.prototype.fastStart !== undefined) {
    throw new Error(`${cls.botName}: memorylessFastPath needs the class's own fastPath without a start`);
  }
  cls.prototype.fastMemoryless = cls;
}

/**
 * What a fresh `makeThrow` generator of `bot` would yield first after `updateState(throws)`, as
 * a plain function (see memorylessFastPath), or undefined: then ask the generator itself.
 */
export function freshDecideOf(bot: DiceBot): FastDecide | undefined {
  return bot.fastMemoryless === bot.constructor ? fastDecideOf(bot) : undefined;
}

/** The fast path `bot` may take now, or undefined (then the engine resumes `makeThrow`). */
export function fastDecideOf(bot: DiceBot): FastDecide | undefined {
  const f = bot.fastDecide;
  return f !== undefined && bot.constructor === bot.fastClass && bot.makeThrow === bot.fastOf ? f : undefined;
}

/** Python `max(scores)` for the fast paths (scores is never empty there). */
export function maxOf(scores: readonly number[]): number {
  let m = scores[0]!;
  for (let i = 1; i < scores.length; i++) if (scores[i]! > m) m = scores[i]!;
  return m;
}

/**
 * One model of Python exceptions for every engine and port.
 *
 *  - `PythonError`: an exception the original would have raised (`TypeError`, `IndexError`,
 *    `ValueError` from `int()` ...), with Python's type name and message. Whether it kills a
 *    bot, is caught by the controller, or ends the run is the engine's decision, as it was the
 *    original controller's.
 *  - `ControllerCrash`: one the original controller did NOT catch, so the original process
 *    ended with this traceback; the engine stops there too and says so (exit code
 *    `EXIT.originalCrashed`). `where` names the game/turn/player, `partial` holds what the
 *    original had already printed (a ruins pool table).
 */
/** KOTH_PYTHON_STACKS=1: PythonErrors keep a JavaScript stack (to find the port line that raised). */
const KEEP_STACKS = typeof process !== 'undefined' && process.env.KOTH_PYTHON_STACKS === '1';

export class PythonError extends Error {
  /**
   * No JavaScript stack is captured (unless KOTH_PYTHON_STACKS=1): what is reported is the
   * Python exception (type, message, and where the engine says it happened), and some bots
   * raise and catch by the thousand per tournament — a dice TleilaxuBot questions copies of
   * bots that raise — where capturing the stack cost ~5 µs a raise, 1 % of a tournament.
   */
  constructor(
    /** Python exception class, e.g. 'TypeError'. */
    readonly pyType: string,
    /** Python's message, exactly as the traceback's last line shows it after "Type: ". */
    readonly pyMessage: string,
  ) {
    const limit = Error.stackTraceLimit;
    if (!KEEP_STACKS) Error.stackTraceLimit = 0;
    super(`${pyType}: ${pyMessage}`);
    Error.stackTraceLimit = limit;
    this.name = 'PythonError';
  }

  /** The traceback's last line, as CPython prints it. */
  get pythonLine(): string {
    return `${this.pyType}: ${this.pyMessage}`;
  }
}

/** An exception the original controller did not catch: the whole original run ended here. */
export class ControllerCrash extends PythonError {
  /** Results the original had printed before it stopped (e.g. a ruins pool table). */
  partial?: Record<string, unknown>;

  constructor(
    pyType: string,
    pyMessage: string,
    /** Where it happened (game, turn, player), filled in by the engine. */
    public where = '',
  ) {
    super(pyType, pyMessage);
    this.name = 'ControllerCrash';
  }

  /** The same Python exception, now known to be uncaught by the controller. */
  static from(e: PythonError, where = ''): ControllerCrash {
    return new ControllerCrash(e.pyType, e.pyMessage, where);
  }
}

/**
 * The Python sandbox ended an original bot (an endless loop hit the time limit, a memory bomb,
 * a dead interpreter): the run stops with the bot named. The original controllers had no such
 * limit, so the original run would have hung or died there and has no result to match (exit 3).
 * Every game's sandbox stop is one of these, so the CLI recognises it without knowing the game.
 */
export class SandboxStop extends ControllerCrash {
  constructor(
    readonly bot: string,
    /** 'timeout', 'memory' or 'crashed' (engines/core/sandbox/errors.ts KillReason). */
    readonly reason: string,
    message: string,
  ) {
    super('SandboxStop', `${bot}: ${message}`);
  }
}

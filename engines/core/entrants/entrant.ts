/**
 * An entrant: a bot of the user's (or of an answer) that takes a seat beside the ports, whatever
 * it is written in. One type for every command that seats one — `koth replay`, `koth ab`,
 * `koth verify`, and a host that takes answers scraped from the site or files in a folder — so
 * that each reads, checks and refuses it the same way:
 *
 *  - `port`: one of our TypeScript ports, by its original's class name;
 *  - `python`: original Python classes (a file, the scrape cache, or an answer's code in hand),
 *    run in Pyodide sandbox workers (engines/core/cli/originals.ts);
 *  - `cpp`: a C++ answer as posted, compiled to WebAssembly, run in C++ sandbox workers;
 *  - `program`: a program in any language run on this machine (`--bot-cmd`), outside any
 *    sandbox, as the user would run it (engines/core/entrants/program.ts).
 *
 * A game declares the kinds it seats besides ports and how it opens each (GameEntrants in
 * engines/core/game.ts: its descriptor's `engine.entrants`); its command-line options, their help and its refusals are
 * derived from that (engines/core/entrants/options.ts). Entrants are plain data: they travel to
 * worker threads and queue workers inside a run's options.
 */
export type EntrantKind = 'port' | 'python' | 'cpp' | 'program';

/** The kinds a user brings (a port is ours). */
export type UserEntrantKind = Exclude<EntrantKind, 'port'>;

/** Where the code of a `python` or `cpp` entrant comes from. */
export type EntrantSource =
  /** A file named on the command line (read when the entrant is opened, with the option's messages). */
  | { from: 'file'; path: string }
  /** The game's answers in the scrape cache (`cache`), of an as-of scrape when given. */
  | { from: 'cache'; asOf?: string }
  /** Code in hand: an answer's code block (`origin` says where it is from, for messages and records). */
  | { from: 'text'; origin: string; code: string };

/** A program entrant (`--bot-cmd`): the command line and how the game talks to it. */
export interface ProgramEntrant {
  kind: 'program';
  /** The name A, B, --players and the scoreboard call it by (`Name=<program>`); absent: a bare program (atomas replay), shown as its command. */
  name?: string;
  /** The command line, split on white space as the posted controllers did (engines/core/process/command.ts). */
  command: string;
  /** Time limit of one move, ms (DEFAULT_MOVE_TIMEOUT_MS unless the user said). */
  moveTimeoutMs: number;
  /** Which of the game's interfaces it follows (ProgramEntrants.interfaces), when the game has several. */
  interface?: string;
  /** The line ending written to it, when its interface is line based (ProgramEntrants.newlines). */
  newline?: string;
}

export type Entrant =
  | { kind: 'port'; name: string }
  | { kind: 'python'; source: EntrantSource }
  | { kind: 'cpp'; source: EntrantSource }
  | ProgramEntrant;

/** How a game talks to programs (`--bot-cmd`), as data: the core reads, checks and refuses with it. */
export interface ProgramEntrants {
  /** A command for the examples of messages ("python2 mybot.py"). */
  example: string;
  /** `koth ab --move-timeout` help: what a move past the time limit becomes ("invalid", "empty"). */
  timedOutMove: string;
  /**
   * The interfaces a program may follow (gun-duel: the question's exit-code and stdio); absent: the
   * game's one interface, said in `oneInterface`.
   */
  interfaces?: {
    names: readonly string[];
    /** `koth ab --interface` help: the interfaces in words. */
    help: string;
    /** The refusal when --bot-cmd comes without --interface. */
    missing: string;
    /** The interface whose programs read lines (--stdio-newline goes with it). */
    lines?: { name: string; newlines: Readonly<Record<string, string>>; default: string };
  };
  /** A game with one interface: it in words ("the posted controller's (...)"), for the refusal of --interface. */
  oneInterface?: string;
  /**
   * `koth replay <game>`'s options for programs (common parameters: engines/core/cli/params.ts),
   * their help in the game's words; a sentence left out is the core's. `bare`: a replay seats one
   * program without a name (atomas --exact: `--bot-cmd <program>`), else named programs
   * (`--bot-cmd <Name=program>`, repeatable, as koth ab's).
   */
  replay?: { bare?: boolean; botCmd?: string; interface?: string; moveTimeout?: string; stdioNewline?: string };
  /** The game's refusals of `Name=<program>` entries, in its words. */
  words: {
    /** No "=", or an empty name or program. */
    malformed(text: string): string;
    /** A name that is no identifier. */
    badName(text: string, name: string): string;
    /** A name given twice. */
    twice(name: string): string;
    /** Why --move-timeout (and the interface options) need --bot-cmd. */
    alone: string;
  };
}

/** A game's C++ entrants (`--cpp-players`): compiled to WebAssembly and run in C++ sandbox workers by its adapter. */
export interface CppEntrants {
  /** `koth replay <game> --cpp-players` help: what a file must hold, and what `cache` is. */
  help: string;
}

/** The kinds a game seats besides ports, in the core's order (python, cpp, program). */
export function acceptedKinds(e: Partial<Record<UserEntrantKind, unknown>> | undefined): UserEntrantKind[] {
  return (['python', 'cpp', 'program'] as const).filter((k) => e?.[k] !== undefined);
}

/** The name an entrant is called by (a port's or program's name; a bare program: its command). */
export const programName = (p: ProgramEntrant): string => p.name ?? p.command;

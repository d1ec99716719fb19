/**
 * Gun Duel players that are programs in any language, through the question's two "Interface
 * for non-C++ submissions" (`--bot-cmd "Name=<program>" --interface exit-code|stdio`), as the
 * original controller's ProxyPlayer.hpp and ChildProcessPlayer.hpp (fzql/GunDuel a6e74c9) did:
 *
 * - **exit-code** (ProxyPlayer): the program runs once per turn with the arguments
 *   `<opponent-id> <turn> <status> <ammo> <ammo-opponent> [<history> <history-opponent>]`
 *   (status 3 while the duel goes on; the histories only from turn 1) and answers with its exit
 *   status, the action's ASCII code ('0' 48, '1' 49, '2' 50, '-' 45, '=' 61); anything else is
 *   the invalid action -1. After each duel it runs once more with status 0 / 1 / 2 (draw / won /
 *   lost), its exit status ignored (ProxyPlayer::declared).
 * - **stdio** (ChildProcessPlayer): one process per tournament; each duel the player object
 *   writes `I<opponent-id>` when made, `F` when it must move (then reads characters until one of
 *   `012-=`, skipping any other, leftovers staying for the next move as in a pipe), and
 *   `P<c>` with the opponent's action after each turn (`P?` for an invalid one). Lines end with
 *   CRLF, the original's default (Tournament.cpp `-nls=LF|CR|CRLF`: `--stdio-newline`). An end of
 *   file yields the invalid action 5, and the program is dead from then on, as the original's
 *   read handle was.
 *
 * The original waited forever for a program; here a move has a time limit (`--move-timeout`):
 * a program past it is killed and its move is invalid (the gun explodes, as for any invalid
 * action); a stdio program stays dead for the rest of the tournament. A program that cannot be
 * started at all is refused before the run. These programs are the user's own, run as they are
 * (not sandboxed), with their own randomness: a run with one is not an exact replay.
 */
import { parseCommand } from '../core/process/command.ts';
import { ProcessChannel } from '../core/process/channel.ts';
import { MoveProgram, PROGRAM_OPTION } from '../core/entrants/program.ts';
import type { ProgramEntrant, ProgramEntrants } from '../core/entrants/entrant.ts';
import { ACTION_CHARS, Player, RESULT_LOSS, RESULT_WIN, type Action, type PlayerClass, type PlayerEnv, type Result } from './player.ts';

export const INTERFACES = ['exit-code', 'stdio'] as const;
export type ExternalInterface = (typeof INTERFACES)[number];
export const NEWLINES = { crlf: '\r\n', lf: '\n', cr: '\r' } as const;
export type Newline = keyof typeof NEWLINES;

/**
 * One external player as a run's shards get it (plain data: it crosses to worker threads, and
 * its fields, in this order, are part of a checkpoint's identity): a program entrant of the core
 * (engines/core/entrants) with its interface and line ending.
 */
export interface ExternalSpec {
  name: string;
  command: string;
  interface: ExternalInterface;
  /** Time limit of one move (and of one result notice), ms. */
  moveTimeoutMs: number;
  /** stdio: the line ending written to the program. */
  newline: Newline;
}

/** What happened with one external player during one tournament. */
export interface ExternalStats {
  player: string;
  interface: ExternalInterface;
  /** Moves asked of it. */
  moves: number;
  /** Processes started (exit-code: one per move and per result notice; stdio: one). */
  processes: number;
  /** Moves that ran past the time limit (the program was killed). */
  timeouts: number;
  /** exit-code: moves whose exit status was not an action's code (or that died by a signal). */
  invalid: number;
  /** stdio: the move at which the program's output ended (1-based), or 0 if it never did; moves from then on are invalid. */
  deadAtMove: number;
  /** Result notices (exit-code) that ran past the time limit. */
  noticeTimeouts: number;
}

const EXIT_ACTION: Record<number, Action> = { 48: 0, 49: 1, 50: 2, 45: 3, 61: 4 };
/** ProxyPlayer's answer for an exit status that is not an action: (Action)(-1). */
const PROXY_INVALID = -1;
/** ChildProcessPlayer's answer at an end of file: static_cast<Action>(5). */
const CHILD_INVALID = 5;

/** A command for the examples of messages. */
const EXAMPLE = 'python3 my_player.py';

/**
 * How Gun Duel talks to programs, as data for the core (engines/core/entrants/program.ts reads
 * `--bot-cmd "Name=<program>" --interface …` with it and refuses in these words).
 */
export const GUN_DUEL_PROGRAMS: ProgramEntrants = {
  example: EXAMPLE,
  timedOutMove: 'invalid',
  interfaces: {
    names: INTERFACES,
    help: 'exit-code (run once per turn, answers with its exit status) or stdio (runs once per duel: I/F/P lines)',
    missing: "--bot-cmd needs --interface exit-code or --interface stdio: say which of the question's two interfaces your program follows (exit-code: run once per turn, answers with its exit status; stdio: runs once per tournament, reads I/F/P lines).",
    lines: { name: 'stdio', newlines: NEWLINES, default: 'crlf' },
  },
  // `koth replay gun-duel`'s --help of the options the core derives from this declaration
  replay: {
    botCmd: 'add a player that is a program in any language, under the name Name (repeatable; with --exact or --tournaments; a port of that name is replaced, others join at the end)',
    interface: "the question's interface the --bot-cmd programs use: exit-code (run once per turn, the action's ASCII code as exit status) or stdio (run once per tournament: I/F/P lines); once for all, or once per --bot-cmd in order",
    moveTimeout: 'with --bot-cmd: time limit of one move; a program past it is killed and its move is invalid (a stdio program stays dead for the tournament)',
    stdioNewline: 'with --interface stdio: the line ending written to the program (the original controller wrote CRLF unless told -nls=LF|CR)',
  },
  words: {
    malformed: (text) => `--bot-cmd "${text}": give the player's name and its program as Name=<program>, e.g. --bot-cmd "MyPlayer=${EXAMPLE}".`,
    badName: (text, name) => `--bot-cmd "${text}": the name "${name}" must be a C++-style identifier (letters, digits, _; not starting with a digit), as a class name on the scoreboard.`,
    twice: (name) => `--bot-cmd names ${name} twice: each program is one player of the pool, under a name of its own.`,
    alone: 'it says how the programs are run (ports and compiled answers answer at once)',
  },
};

/** The program entrant (namedPrograms with GUN_DUEL_PROGRAMS) as a shard's spec. */
export const externalSpec = (p: ProgramEntrant): ExternalSpec => ({ name: p.name!, command: p.command, interface: p.interface as ExternalInterface, moveTimeoutMs: p.moveTimeoutMs, newline: p.newline as Newline });

const actionString = (actions: readonly Action[]) => actions.map((a) => ACTION_CHARS[a] ?? '?').join('');

function exitCodePlayer(spec: ExternalSpec, program: MoveProgram, stats: ExternalStats): PlayerClass {
  const run = (p: Player, status: number) => {
    // ProxyPlayer::getArguments: the histories only once a turn has been played.
    const args = [String(p.opponentId), String(p.turn), String(status), String(p.ammo), String(p.ammoOpponent)];
    if (p.turn > 0) args.push(actionString(p.history), actionString(p.historyOpponent));
    stats.processes++;
    return program.run({ args });
  };
  return class ExitCodePlayer extends Player {
    static readonly botName = spec.name;
    fight(): Action {
      stats.moves++;
      const r = run(this, 3);
      if (r.kind === 'timeout') {
        stats.timeouts++;
        return PROXY_INVALID;
      }
      const a = r.kind === 'exited' ? EXIT_ACTION[r.status] : undefined;
      if (a === undefined) {
        stats.invalid++;
        return PROXY_INVALID;
      }
      return a;
    }
    override declared(result: Result): void {
      const r = run(this, result === RESULT_WIN ? 1 : result === RESULT_LOSS ? 2 : 0);
      if (r.kind === 'timeout') stats.noticeTimeouts++;
    }
  };
}

function stdioPlayer(spec: ExternalSpec, channel: ProcessChannel, stats: ExternalStats): PlayerClass {
  const nl = NEWLINES[spec.newline];
  // What the program printed and no move has consumed yet (the pipe's content, in the original).
  let pending = '';
  return class StdioPlayer extends Player {
    static readonly botName = spec.name;
    constructor(opponentId: number, env: PlayerEnv) {
      super(opponentId, env);
      channel.write(`I${opponentId}${nl}`);
    }
    fight(): Action {
      stats.moves++;
      channel.write(`F${nl}`);
      // The time limit is wall-clock by nature; it decides nothing but a hung program's fate.
      const deadline = performance.now() + spec.moveTimeoutMs;
      for (;;) {
        for (let i = 0; i < pending.length; i++) {
          const a = ACTION_CHARS.indexOf(pending[i]!);
          if (a >= 0) {
            pending = pending.slice(i + 1);
            return a;
          }
        }
        pending = '';
        const r = channel.read(Math.max(1, Math.ceil(deadline - performance.now())));
        if (r.kind === 'data') {
          pending = r.text;
          continue;
        }
        if (r.kind === 'timeout') stats.timeouts++;
        if (!stats.deadAtMove) stats.deadAtMove = stats.moves;
        return CHILD_INVALID;
      }
    }
    override perceive(action: Action): void {
      // The original overrides perceive without the base's bookkeeping; ours keeps it (only
      // our records see it) and tells the program, as the original did.
      super.perceive(action);
      channel.write(`P${ACTION_CHARS[action] ?? '?'}${nl}`);
    }
  };
}

export interface ExternalPlayers {
  classes: PlayerClass[];
  stats(): ExternalStats[];
  /** Ends the stdio programs (one per tournament). */
  close(): void;
}

/** The external players of one tournament: stdio programs are started here, one each. */
export function openExternalPlayers(specs: readonly ExternalSpec[]): ExternalPlayers {
  const channels: ProcessChannel[] = [];
  const stats: ExternalStats[] = [];
  const classes: PlayerClass[] = [];
  try {
    for (const spec of specs) {
      const s: ExternalStats = { player: spec.name, interface: spec.interface, moves: 0, processes: 0, timeouts: 0, invalid: 0, deadAtMove: 0, noticeTimeouts: 0 };
      stats.push(s);
      if (spec.interface === 'exit-code') classes.push(exitCodePlayer(spec, new MoveProgram(spec.command, EXAMPLE, spec.moveTimeoutMs), s));
      else {
        const ch = new ProcessChannel(parseCommand(spec.command, PROGRAM_OPTION, EXAMPLE), PROGRAM_OPTION);
        channels.push(ch);
        s.processes = 1;
        classes.push(stdioPlayer(spec, ch, s));
      }
    }
  } catch (e) {
    for (const c of channels) c.close();
    throw e;
  }
  return {
    classes,
    stats: () => stats.map((s) => ({ ...s })),
    close: () => {
      for (const c of channels) c.close();
    },
  };
}

/**
 * The pool with the external players: one with a port's name takes that port's place (so the
 * registration order is kept), the others join at the end, in the order given — as the
 * original's `-lateentry` program joined after the 17.
 */
export function withExternal(base: readonly PlayerClass[], external: readonly PlayerClass[]): PlayerClass[] {
  const out = [...base];
  for (const x of external) {
    const i = out.findIndex((p) => p.botName === x.botName);
    if (i >= 0) out[i] = x;
    else out.push(x);
  }
  return out;
}

/** Plays `fn` with the external players opened for it and closes them after, whatever happens. */
export function withExternalPlayers<T>(specs: readonly ExternalSpec[], fn: (players: ExternalPlayers) => T): T {
  const x = openExternalPlayers(specs);
  try {
    return fn(x);
  } finally {
    x.close();
  }
}

/**
 * Program entrants (`--bot-cmd`): what is the same in every game that seats a program of the
 * user's — reading the `Name=<program>` entries with their interfaces and time limit, the
 * refusals before any play (a malformed entry, a name twice, a program that cannot be started),
 * and running a program once per move with counts of what went wrong. How a game talks to its
 * program (atomas: "atom/board" on stdin, once per move; gun-duel: exit-code or stdio) is the
 * game's adapter (engines/<id>/external.ts); its words are its declaration (ProgramEntrants).
 * Starting and talking to processes: engines/core/process/.
 *
 * These programs are the user's own, run as they are on this machine (not sandboxed), with
 * randomness of their own: a run with one is not an exact replay.
 */
import { UserError } from '../cli/errors.ts';
import { checkStartable, parseCommand, ProgramNotFound, runOnce, type Command, type OnceOptions, type OnceResult } from '../process/command.ts';
import type { ProgramEntrant, ProgramEntrants } from './entrant.ts';

/** A move's time limit when the user gives none (the original controllers waited forever). */
export const DEFAULT_MOVE_TIMEOUT_MS = 5000;

/** A program's name (`Name=<program>`): an identifier, as a class name on a scoreboard. */
export const PROGRAM_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

const NOTHING_RUN = ' Nothing was run.';

/** The option the programs are given with (messages, ProgramNotFound). */
export const PROGRAM_OPTION = '--bot-cmd';

/** Refuses (exit 2), before any play, a program that cannot be started: not on PATH, not executable. */
export function checkProgram(command: string, example: string): void {
  try {
    checkStartable(parseCommand(command, PROGRAM_OPTION, example), PROGRAM_OPTION);
  } catch (e) {
    if (e instanceof ProgramNotFound) throw new UserError(`${e.message}${NOTHING_RUN}`);
    throw e;
  }
}

/** The `--bot-cmd` values with what goes with them (`--interface`, once for all or once per entry; `--move-timeout`; `--stdio-newline`). */
export interface ProgramOptions {
  botCmd?: readonly string[];
  interface?: readonly string[];
  /** ms; the default when undefined. */
  moveTimeout?: number | undefined;
  stdioNewline?: string | undefined;
}

/**
 * The named programs of `--bot-cmd "Name=<program>"` (repeatable), checked before any play in this
 * order: an interface for each (when the game has several), each entry well formed, names
 * distinct, every program startable. [] without --bot-cmd. Refusals are UserErrors (exit 2) in
 * the game's words.
 */
export function namedPrograms(decl: ProgramEntrants, o: ProgramOptions): ProgramEntrant[] {
  const given = o.botCmd ?? [];
  if (!given.length) return [];
  const ifaces = o.interface ?? [];
  if (decl.interfaces) {
    if (!ifaces.length) throw new UserError(`${decl.interfaces.missing}${NOTHING_RUN}`);
    if (ifaces.length !== 1 && ifaces.length !== given.length) throw new UserError(`${given.length} --bot-cmd but ${ifaces.length} --interface: give --interface once (for all) or once per --bot-cmd, in the same order.${NOTHING_RUN}`);
  }
  const lines = decl.interfaces?.lines;
  const programs = given.map((text, i): ProgramEntrant => {
    const eq = text.indexOf('=');
    const name = eq < 0 ? '' : text.slice(0, eq).trim();
    const command = eq < 0 ? '' : text.slice(eq + 1).trim();
    if (!name || !command) throw new UserError(`${decl.words.malformed(text)}${NOTHING_RUN}`);
    if (!PROGRAM_NAME.test(name)) throw new UserError(`${decl.words.badName(text, name)}${NOTHING_RUN}`);
    const iface = decl.interfaces ? ifaces[ifaces.length === 1 ? 0 : i]! : undefined;
    return {
      kind: 'program',
      name,
      command,
      moveTimeoutMs: o.moveTimeout ?? DEFAULT_MOVE_TIMEOUT_MS,
      ...(iface !== undefined ? { interface: iface } : {}),
      ...(lines ? { newline: o.stdioNewline ?? lines.default } : {}),
    };
  });
  const seen = new Set<string>();
  for (const p of programs) {
    if (seen.has(p.name!)) throw new UserError(`${decl.words.twice(p.name!)}${NOTHING_RUN}`);
    seen.add(p.name!);
  }
  for (const p of programs) checkProgram(p.command, decl.example);
  return programs;
}

/** What one program did over the moves asked of it (a game adds what its interface can go wrong with). */
export interface MoveCounts {
  /** Processes started. */
  processes: number;
  /** Runs that went past the time limit (the program was killed). */
  timeouts: number;
  /** Runs that printed more than the most stdout kept (MAX_STDOUT_BYTES: the program was killed). */
  overflows: number;
}

/**
 * A program run once per move (atomas: every move, as the posted controller's Popen; gun-duel's
 * exit-code interface: every turn and every result notice): started, fed, waited for up to the
 * time limit (then killed) or until it has printed too much (killed), counted. ProgramNotFound
 * when it cannot be started at all.
 */
export class MoveProgram {
  readonly cmd: Command;
  readonly counts: MoveCounts = { processes: 0, timeouts: 0, overflows: 0 };

  constructor(
    command: string,
    example: string,
    readonly timeoutMs: number,
  ) {
    this.cmd = parseCommand(command, PROGRAM_OPTION, example);
  }

  /** One run: `args` after the command's own words, `input` on stdin (then closed). */
  run(o: Omit<OnceOptions, 'timeoutMs'> = {}): OnceResult {
    this.counts.processes++;
    const r = runOnce(this.cmd, PROGRAM_OPTION, { ...o, timeoutMs: this.timeoutMs });
    if (r.kind === 'timeout') this.counts.timeouts++;
    if (r.kind === 'overflow') this.counts.overflows++;
    return r;
  }
}

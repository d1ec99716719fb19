/**
 * External programs as players (`--bot-cmd`): the command line, and running a program once to
 * its end with a time limit (atomas: once per move; gun-duel's exit-code interface: once per
 * turn). A program that stays up for a whole run and talks line by line is channel.ts.
 *
 * These run the user's own program as it is, outside any sandbox: the user names it on the
 * command line, as they would run it themselves. Posted answers are never run this way.
 */
import { spawnSync } from 'node:child_process';
import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, join } from 'node:path';

/** The program cannot be started (no such file, not executable): a usage error, nothing was played. */
export class ProgramNotFound extends Error {}

export interface Command {
  /** The command as given (for messages). */
  readonly text: string;
  readonly file: string;
  readonly args: readonly string[];
}

/**
 * A command line split on white space, as the posted controllers did (`bot_command.split()`):
 * no shell, no quoting, so a path with a space cannot be given (put the program in a folder
 * without one, or wrap it in a script).
 */
export function parseCommand(text: string, option: string, example: string): Command {
  const [file, ...args] = text.trim().split(/\s+/).filter(Boolean);
  if (!file) throw new ProgramNotFound(`${option} is empty: give the command that runs your bot, e.g. ${option} "${example}"`);
  return { text: text.trim(), file, args };
}

export type OnceResult =
  /** The program exited by itself: its exit status (0–255) and what it printed. */
  | { kind: 'exited'; status: number; stdout: string }
  /** Killed by a signal it got from elsewhere (or crashed: SIGSEGV, SIGABRT). */
  | { kind: 'signal'; signal: string; stdout: string }
  /** Ran past the time limit: killed (SIGKILL). */
  | { kind: 'timeout'; stdout: string };

export interface OnceOptions {
  /** Arguments after the command's own words. */
  args?: readonly string[];
  /** Written to its stdin, which is then closed; without it stdin is empty. */
  input?: string;
  timeoutMs: number;
  /** Bytes of stdout kept (more is cut off, and the program killed, as spawnSync does). 1 MiB by default. */
  maxBuffer?: number;
}

const notFound = (cmd: Command, option: string, code: string | undefined) =>
  new ProgramNotFound(
    code === 'EACCES'
      ? `cannot run "${cmd.file}" (${option} "${cmd.text}"): not executable. Make it executable (chmod +x) or name its interpreter first, e.g. ${option} "python3 ${cmd.file}".`
      : `cannot run "${cmd.file}" (${option} "${cmd.text}"): no such program. Give a command that runs on this machine.`,
  );

/** Runs the program to its end (or its time limit). stderr is passed through to ours. */
export function runOnce(cmd: Command, option: string, o: OnceOptions): OnceResult {
  const r = spawnSync(cmd.file, [...cmd.args, ...(o.args ?? [])], {
    input: o.input ?? '',
    encoding: 'utf8',
    timeout: o.timeoutMs,
    killSignal: 'SIGKILL',
    maxBuffer: o.maxBuffer ?? 1 << 20,
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const code = (r.error as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'ENOENT' || code === 'EACCES') throw notFound(cmd, option, code);
  const stdout = r.stdout ?? '';
  if (code === 'ETIMEDOUT') return { kind: 'timeout', stdout };
  if (r.status !== null) return { kind: 'exited', status: r.status, stdout };
  return { kind: 'signal', signal: r.signal ?? 'SIGKILL', stdout };
}

/**
 * Checks, without running it, that the program can be started: a path (with a "/") must be an
 * executable file, a bare name must be one on PATH. ProgramNotFound when not.
 */
export function checkStartable(cmd: Command, option: string): void {
  const executable = (p: string) => {
    try {
      if (!statSync(p).isFile()) return false;
      accessSync(p, constants.X_OK);
      return true;
    } catch {
      return false;
    }
  };
  if (cmd.file.includes('/')) {
    if (executable(cmd.file)) return;
    let exists = false;
    try {
      exists = statSync(cmd.file).isFile();
    } catch {}
    throw notFound(cmd, option, exists ? 'EACCES' : 'ENOENT');
  }
  const dirs = (process.env.PATH ?? '').split(delimiter).filter(Boolean);
  if (!dirs.some((d) => executable(join(d, cmd.file)))) throw notFound(cmd, option, 'ENOENT');
}

export { notFound as programNotFound };

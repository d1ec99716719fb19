/**
 * External programs as players (`--bot-cmd`): the command line, and running a program once to
 * its end with a time limit (atomas: once per move; gun-duel's exit-code interface: once per
 * turn). A program that stays up for a whole run and talks line by line is channel.ts.
 *
 * These run the user's own program as it is, outside any sandbox: the user names it on the
 * command line, as they would run it themselves. Posted answers are never run this way.
 */
import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { MessageChannel, receiveMessageOnPort, Worker } from 'node:worker_threads';

/** The broadcast channel on which helpers say which programs run (channel.ts: reapChildrenAtExit). */
export const REAPER = 'koth-replay/child-processes';

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
  | { kind: 'timeout'; stdout: string }
  /** Printed more than `maxBuffer` bytes: killed (SIGKILL); `stdout` is what was kept. */
  | { kind: 'overflow'; stdout: string };

export interface OnceOptions {
  /** Arguments after the command's own words. */
  args?: readonly string[];
  /** Written to its stdin, which is then closed; without it stdin is empty. */
  input?: string;
  timeoutMs: number;
  /** Bytes of stdout kept; a program that prints more is killed (`overflow`). 1 MiB by default. */
  maxBuffer?: number;
}

/** The most stdout kept of one run by default (a program that prints more is killed). */
export const MAX_STDOUT_BYTES = 1 << 20;

/** The shell-like quotes that a command split on white space keeps as they are. */
const QUOTES = /["'`]/;

const notFound = (cmd: Command, option: string, code: string | undefined) =>
  new ProgramNotFound(
    code === 'EACCES'
      ? `cannot run "${cmd.file}" (${option} "${cmd.text}"): not executable. Make it executable (chmod +x) or name its interpreter first, e.g. ${option} "python3 ${cmd.file}".`
      : code === 'EISDIR'
        ? `cannot run "${cmd.file}" (${option} "${cmd.text}"): it is a folder, not a program. Give the program inside it, e.g. ${option} "${cmd.file.replace(/\/+$/, '')}/bot.py" (with its interpreter first if it is a script).`
        : `cannot run "${cmd.file}" (${option} "${cmd.text}"): no such program. Give a command that runs on this machine.` +
          (QUOTES.test(cmd.text) ? ` Quotes are not honoured: the command is split on white space with no shell, as the posted controllers did, so a path with a space cannot be given; put the program in a folder without one, or wrap it in a script.` : ''),
  );

/**
 * The helper thread that runs programs once (CommonJS, evaluated, as channel.ts's). Each
 * program starts in a process group of its own (`detached`: a new session), and the whole group
 * is killed (SIGKILL) when the program exits, passes its time limit or prints too much: nothing it
 * started outlives it, and a child left holding its stdout does not keep the run waiting (the run
 * ends when the program exits). The result goes back on the request's own port; the requesting
 * thread sleeps on `ctrl[0]` until it is there.
 */
const ONCE_HELPER = String.raw`
const { workerData, parentPort, BroadcastChannel } = require('node:worker_threads');
const { spawn } = require('node:child_process');
const ctrl = new Int32Array(workerData.sab, 0, 1);
const reaper = new BroadcastChannel(workerData.reaper);
reaper.unref();
const killGroup = (pid) => { try { process.kill(-pid, 'SIGKILL'); } catch {} };
parentPort.on('message', ({ port, file, args, input, timeoutMs, maxBuffer }) => {
  let answered = false;
  const answer = (result) => {
    if (answered) return;
    answered = true;
    port.postMessage(result);
    port.close();
    Atomics.store(ctrl, 0, 1);
    Atomics.notify(ctrl, 0);
  };
  let child;
  try {
    child = spawn(file, args, { stdio: ['pipe', 'pipe', 'inherit'], detached: true });
  } catch (e) {
    answer({ kind: 'error', code: String((e && e.code) || e) });
    return;
  }
  const chunks = [];
  let size = 0, over = false, timedOut = false, exit = null, pid;
  const timer = setTimeout(() => {
    timedOut = exit === null;
    if (pid !== undefined) killGroup(pid);
    // A holder of stdout outside the group (it left it) does not keep the run waiting either.
    child.stdout.destroy();
  }, timeoutMs);
  child.on('error', (e) => {
    if (pid !== undefined) return;
    clearTimeout(timer);
    answer({ kind: 'error', code: String(e.code || e.message) });
  });
  child.on('spawn', () => {
    pid = child.pid;
    reaper.postMessage({ pid });
  });
  child.stdin.on('error', () => {});
  child.stdin.end(input);
  child.stdout.on('data', (d) => {
    if (over) return;
    if (size + d.length > maxBuffer) {
      chunks.push(d.subarray(0, maxBuffer - size));
      size = maxBuffer;
      over = true;
      killGroup(pid);
      child.stdout.destroy();
      return;
    }
    chunks.push(d);
    size += d.length;
  });
  child.on('exit', (code, signal) => {
    exit = { code, signal };
    // What it started goes with it: its stdout closes, and the run is over.
    killGroup(pid);
  });
  child.on('close', () => {
    clearTimeout(timer);
    reaper.postMessage({ pid, gone: true });
    const stdout = Buffer.concat(chunks).toString('utf8');
    if (timedOut) answer({ kind: 'timeout', stdout });
    else if (over) answer({ kind: 'overflow', stdout });
    else if (exit && exit.code !== null) answer({ kind: 'exited', status: exit.code, stdout });
    else answer({ kind: 'signal', signal: (exit && exit.signal) || 'SIGKILL', stdout });
  });
});
`;

/** How long the helper may take beyond a run's own limit before it is taken for stuck (a bug). */
const HELPER_SLACK_MS = 10_000;

/** This thread's helper, started at its first run; it does not keep the process alive. */
let helper: { worker: Worker; ctrl: Int32Array } | undefined;

function onceHelper(): { worker: Worker; ctrl: Int32Array } {
  if (!helper) {
    const sab = new SharedArrayBuffer(4);
    const worker = new Worker(ONCE_HELPER, { eval: true, workerData: { sab, reaper: REAPER }, stdout: false, stderr: false });
    worker.unref();
    helper = { worker, ctrl: new Int32Array(sab) };
  }
  return helper;
}

/**
 * Runs the program to its end (its exit, not the closing of its output), or to its time limit,
 * or until it has printed more than `maxBuffer` bytes; then ends its process group. stderr is
 * passed through to ours. Synchronous: the thread sleeps while a helper thread runs it.
 */
export function runOnce(cmd: Command, option: string, o: OnceOptions): OnceResult {
  const h = onceHelper();
  const { port1, port2 } = new MessageChannel();
  Atomics.store(h.ctrl, 0, 0);
  h.worker.postMessage({ port: port2, file: cmd.file, args: [...cmd.args, ...(o.args ?? [])], input: o.input ?? '', timeoutMs: o.timeoutMs, maxBuffer: o.maxBuffer ?? MAX_STDOUT_BYTES }, [port2]);
  const end = performance.now() + o.timeoutMs + HELPER_SLACK_MS;
  while (Atomics.load(h.ctrl, 0) === 0) {
    const left = end - performance.now();
    if (left <= 0) break;
    Atomics.wait(h.ctrl, 0, 0, left);
  }
  const got = receiveMessageOnPort(port1)?.message as OnceResult | { kind: 'error'; code: string } | undefined;
  port1.close();
  if (!got) throw new Error(`running "${cmd.text}" (${option}): no answer from the helper thread within ${o.timeoutMs + HELPER_SLACK_MS} ms`);
  if (got.kind === 'error') {
    if (got.code === 'ENOENT' || got.code === 'EACCES') throw notFound(cmd, option, got.code);
    throw new Error(`could not start "${cmd.text}" (${option}): ${got.code}`);
  }
  return got;
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
    let kind: 'file' | 'folder' | undefined;
    try {
      const st = statSync(cmd.file);
      kind = st.isFile() ? 'file' : st.isDirectory() ? 'folder' : undefined;
    } catch {}
    throw notFound(cmd, option, kind === 'file' ? 'EACCES' : kind === 'folder' ? 'EISDIR' : 'ENOENT');
  }
  const dirs = (process.env.PATH ?? '').split(delimiter).filter(Boolean);
  if (!dirs.some((d) => executable(join(d, cmd.file)))) throw notFound(cmd, option, 'ENOENT');
}

export { notFound as programNotFound };

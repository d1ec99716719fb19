/**
 * A program that stays up for a whole run and talks through its stdin and stdout (gun-duel's
 * stdin/stdout interface: one process per tournament, a line per message), driven by an engine
 * that is synchronous: `write` hands text to the program, `read` blocks until the program has
 * printed something, has ended, or the time limit has passed (then the program is killed).
 *
 * How: a small helper thread owns the child process and its pipes (Node's pipes are
 * asynchronous); the engine's thread posts requests to it and sleeps in `Atomics.wait` on a
 * shared buffer until the helper has put the answer there. Works from the main thread and from
 * the runner's worker threads alike. A program that has ended, or was killed at its time limit,
 * is *dead*: every later read is an end of file, every write is dropped, as the original
 * controllers' pipe handles behaved once a read failed.
 *
 * Each program runs in a process group of its own, killed as a whole (SIGKILL) when the
 * program is killed, when its channel is closed, and when the program exits: nothing it started
 * outlives it. `reapChildrenAtExit()` (main thread) also kills the groups of programs that other
 * threads could not end (a run interrupted by Ctrl-C), those of command.ts's runs included.
 */
import { BroadcastChannel, isMainThread, Worker } from 'node:worker_threads';
import { programNotFound, REAPER, type Command } from './command.ts';

/** Bytes handed over per read; more waits for the next read. */
const CAPACITY = 1 << 16;
const enum State {
  Waiting = 0,
  Data = 1,
  Eof = 2,
  Timeout = 3,
  Started = 4,
  SpawnError = 5,
  Closed = 6,
}

// The helper thread (CommonJS, evaluated: no file of its own, so the bundle needs no entry for it).
const HELPER = String.raw`
const { workerData, parentPort, BroadcastChannel } = require('node:worker_threads');
const { spawn } = require('node:child_process');
const ctrl = new Int32Array(workerData.sab, 0, 2);
const data = new Uint8Array(workerData.sab, 8);
const reaper = new BroadcastChannel(workerData.reaper);
reaper.unref();
let buf = Buffer.alloc(0);
let eof = false, dead = false, started = false, exited = false, closing = false;
let reading = null;
function answer(state, bytes) {
  if (bytes) data.set(bytes);
  Atomics.store(ctrl, 1, bytes ? bytes.length : 0);
  Atomics.store(ctrl, 0, state);
  Atomics.notify(ctrl, 0);
}
function killGroup() {
  try { process.kill(-child.pid, 'SIGKILL'); } catch { try { child.kill('SIGKILL'); } catch {} }
}
function kill() {
  dead = true;
  buf = Buffer.alloc(0);
  killGroup();
}
function serve() {
  if (reading === null) return;
  if (buf.length) {
    const n = Math.min(buf.length, data.length);
    const out = buf.subarray(0, n);
    buf = buf.subarray(n);
    if (child.stdout.isPaused() && buf.length <= 4 * data.length) child.stdout.resume();
    clearTimeout(reading); reading = null;
    answer(1, out);
  } else if (eof || dead) {
    clearTimeout(reading); reading = null;
    answer(2);
  }
}
let child;
try {
  child = spawn(workerData.file, workerData.args, { stdio: ['pipe', 'pipe', 'inherit'], detached: true });
} catch (e) {
  answer(5, Buffer.from(String((e && e.code) || e)));
}
if (child) {
  child.on('error', (e) => { if (!started) answer(5, Buffer.from(String(e.code || e.message))); else kill(); });
  child.on('spawn', () => { started = true; reaper.postMessage({ pid: child.pid }); answer(4); });
  child.stdin.on('error', () => {});
  // A program that prints far ahead of what is read is held back (as a full pipe would).
  child.stdout.on('data', (d) => {
    if (dead) return;
    buf = buf.length ? Buffer.concat([buf, d]) : d;
    if (buf.length > 4 * data.length) child.stdout.pause();
    serve();
  });
  child.stdout.on('end', () => { eof = true; serve(); });
  child.on('exit', () => {
    exited = true;
    // What it started goes with it (a child left holding its stdout would hold the end of file back).
    killGroup();
    reaper.postMessage({ pid: child.pid, gone: true });
    if (closing) answer(6);
  });
  parentPort.on('message', (m) => {
    if (m.type === 'write') {
      if (!dead && child.stdin.writable) child.stdin.write(m.text);
    } else if (m.type === 'read') {
      reading = setTimeout(() => { reading = null; kill(); answer(3); }, m.timeoutMs);
      serve();
    } else if (m.type === 'close') {
      // An end of file first (what the program saw when the original controller ended), then,
      // after a short grace, SIGKILL for a program that does not end by itself.
      closing = true;
      try { child.stdin.end(); } catch {}
      if (exited || !started) answer(6);
      else setTimeout(kill, m.graceMs).unref();
    }
  });
}
`;

export type ReadResult = { kind: 'data'; text: string } | { kind: 'eof' } | { kind: 'timeout' };

/** How long the helper may take beyond a read's own limit before the channel gives up on it. */
const HELPER_SLACK_MS = 10_000;
/** How long a closed program has to end by itself before it is killed. */
const CLOSE_GRACE_MS = 200;

export class ProcessChannel {
  private readonly worker: Worker;
  private readonly ctrl: Int32Array;
  private readonly data: Uint8Array;
  private readonly decoder = new TextDecoder();
  private closed = false;
  private deadFlag = false;

  /** Starts the program (ProgramNotFound when it cannot be started). */
  constructor(
    readonly command: Command,
    option: string,
  ) {
    const sab = new SharedArrayBuffer(8 + CAPACITY);
    this.ctrl = new Int32Array(sab, 0, 2);
    this.data = new Uint8Array(sab, 8);
    this.worker = new Worker(HELPER, { eval: true, workerData: { sab, file: command.file, args: [...command.args], reaper: REAPER }, stdout: false, stderr: false });
    this.worker.unref();
    const r = this.await(30_000);
    const state = Atomics.load(this.ctrl, 0);
    if (r === 'timed-out' || state !== State.Started) {
      const code = state === State.SpawnError ? this.decoder.decode(this.data.slice(0, Atomics.load(this.ctrl, 1))) : 'no answer';
      void this.worker.terminate();
      this.closed = true;
      if (code === 'ENOENT' || code === 'EACCES') throw programNotFound(command, option, code);
      throw new Error(`could not start "${command.text}" (${option}): ${code}`);
    }
  }

  /** The program has ended or was killed: reads are ends of file from now on. */
  get dead(): boolean {
    return this.deadFlag;
  }

  /** Hands text to the program's stdin (dropped once it is dead). Does not wait. */
  write(text: string): void {
    if (this.closed || this.deadFlag) return;
    this.worker.postMessage({ type: 'write', text });
  }

  /**
   * Waits for what the program prints next (all that is there, up to 64 KiB), for its end, or
   * for `timeoutMs` to pass — then the program is killed and is dead.
   */
  read(timeoutMs: number): ReadResult {
    if (this.closed || this.deadFlag) return { kind: 'eof' };
    Atomics.store(this.ctrl, 0, State.Waiting);
    this.worker.postMessage({ type: 'read', timeoutMs });
    const r = this.await(timeoutMs + HELPER_SLACK_MS);
    const state = Atomics.load(this.ctrl, 0);
    if (r === 'timed-out' || state === State.Timeout) {
      this.deadFlag = true;
      if (r === 'timed-out') this.close();
      return { kind: 'timeout' };
    }
    if (state === State.Data) return { kind: 'data', text: this.decoder.decode(this.data.slice(0, Atomics.load(this.ctrl, 1)), { stream: true }) };
    this.deadFlag = true;
    return { kind: 'eof' };
  }

  /**
   * Closes the program's stdin (an end of file) and waits for it to end, killing it after
   * `graceMs`; the helper thread ends. Safe to call twice.
   */
  close(graceMs = CLOSE_GRACE_MS): void {
    if (this.closed) return;
    this.closed = true;
    Atomics.store(this.ctrl, 0, State.Waiting);
    this.worker.postMessage({ type: 'close', graceMs });
    this.await(graceMs + HELPER_SLACK_MS);
    void this.worker.terminate();
  }

  private await(ms: number): 'ok' | 'timed-out' {
    return waitForAnswer(this.ctrl, ms);
  }
}

/**
 * Sleeps until `ctrl[0]` is no longer 0 (Waiting) or `ms` have passed. A wake-up with the value
 * still 0 is the late notify of the previous answer (the helper stores, then notifies, and this
 * thread may have read the store already and moved on to the next request): it waits again.
 */
export function waitForAnswer(ctrl: Int32Array, ms: number): 'ok' | 'timed-out' {
  const end = performance.now() + ms;
  while (Atomics.load(ctrl, 0) === State.Waiting) {
    const left = end - performance.now();
    if (left <= 0 || Atomics.wait(ctrl, 0, State.Waiting, left) === 'timed-out') return Atomics.load(ctrl, 0) === State.Waiting ? 'timed-out' : 'ok';
  }
  return 'ok';
}

let reaping = false;

/**
 * Main thread: kill, when this process exits, the process group of every program a channel or
 * a run of command.ts started in any thread and did not see end (a run interrupted while worker
 * threads held programs).
 */
export function reapChildrenAtExit(): void {
  if (reaping || !isMainThread) return;
  reaping = true;
  const pids = new Set<number>();
  const bc = new BroadcastChannel(REAPER);
  bc.unref();
  bc.onmessage = (e) => {
    const m = (e as MessageEvent).data as { pid?: number; gone?: boolean };
    if (typeof m?.pid !== 'number') return;
    if (m.gone) pids.delete(m.pid);
    else pids.add(m.pid);
  };
  process.on('exit', () => {
    for (const pid of pids) {
      try {
        // The program's process group (it leads one): the program and what it started.
        process.kill(-pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  });
}

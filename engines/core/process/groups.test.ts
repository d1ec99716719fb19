/**
 * Issue 39 (third hostile audit), items 7, 8 and 23: a `--bot-cmd` program and what it starts.
 * Each program runs in a process group of its own, and the group is ended with it (killed at
 * its time limit, at its channel's close, or as it exits), so nothing it started outlives it;
 * a run ends when the program exits, not when the last holder of its stdout lets go; a program
 * killed for printing too much says so; a folder, or a command with quotes, gets the right words.
 * The programs are shell scripts written here; each records the pids of what it started.
 */
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { processAlive, tempDirs } from '../../../test/helpers.ts';
import { ProcessChannel } from './channel.ts';
import { checkStartable, parseCommand, runOnce } from './command.ts';

const tmp = tempDirs('koth-groups-');

function script(dir: string, name: string, text: string): string {
  const p = join(dir, name);
  writeFileSync(p, text);
  chmodSync(p, 0o755);
  return p;
}

const cmd = (text: string) => parseCommand(text, '--bot-cmd', 'prog');
const sleepMs = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

const alive = processAlive;

/** The pids a program wrote to `file` (one a line), once it has written `n` of them. */
function pidsIn(file: string, n: number): number[] {
  for (let i = 0; i < 250; i++) {
    const pids = existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter(Boolean).map(Number) : [];
    if (pids.length >= n) return pids;
    sleepMs(20);
  }
  throw new Error(`${file}: fewer than ${n} pids written`);
}

/** Waits up to 2 s for every pid to end; the ones still running. */
function survivors(pids: readonly number[]): number[] {
  for (let i = 0; i < 100 && pids.some(alive); i++) sleepMs(20);
  return pids.filter(alive);
}

/** A program that starts three `sleep`s in the background (their stdout not ours), records their pids, then does `then`. */
const spawner = (pids: string, then: string) =>
  `#!/bin/sh\nfor i in 1 2 3; do sleep 30 >/dev/null 2>&1 & echo $! >> ${pids}; done\n${then}\n`;

describe('audit #7: a program killed takes what it started with it', () => {
  it('runOnce: a program past its time limit is killed with its children', () => {
    const d = tmp();
    const pids = join(d, 'pids');
    const p = script(d, 'slow.sh', spawner(pids, 'exec sleep 30'));
    expect(runOnce(cmd(p), '--bot-cmd', { timeoutMs: 500 }).kind).toBe('timeout');
    expect(survivors(pidsIn(pids, 3))).toEqual([]);
  });

  it('runOnce: a program that exits leaves no children behind', () => {
    const d = tmp();
    const pids = join(d, 'pids');
    const p = script(d, 'quick.sh', spawner(pids, 'echo 3'));
    expect(runOnce(cmd(p), '--bot-cmd', { timeoutMs: 10_000 })).toEqual({ kind: 'exited', status: 0, stdout: '3\n' });
    expect(survivors(pidsIn(pids, 3))).toEqual([]);
  });

  it('ProcessChannel: a program killed at its time limit, or closed, is ended with its children', () => {
    const d = tmp();
    const pids = join(d, 'pids');
    const p = script(d, 'silent.sh', spawner(pids, 'exec sleep 30'));
    const ch = new ProcessChannel(cmd(p), '--bot-cmd');
    const started = pidsIn(pids, 3);
    expect(ch.read(300)).toEqual({ kind: 'timeout' });
    ch.close();
    expect(survivors(started)).toEqual([]);

    const pids2 = join(d, 'pids2');
    const p2 = script(d, 'reader.sh', spawner(pids2, 'while read -r l; do echo "$l"; done'));
    const ch2 = new ProcessChannel(cmd(p2), '--bot-cmd');
    const started2 = pidsIn(pids2, 3);
    ch2.close();
    expect(survivors(started2)).toEqual([]);
  });
});

describe('audit #8: a run ends when the program exits', () => {
  it('a program that exits at once but leaves a child holding its stdout is not "past the time limit"', () => {
    const d = tmp();
    const pids = join(d, 'pids');
    // The background sleep keeps the program's stdout open (no redirection).
    const p = script(d, 'leaves.sh', `#!/bin/sh\nsleep 30 & echo $! >> ${pids}\necho 3\nexit 0\n`);
    const t0 = performance.now();
    expect(runOnce(cmd(p), '--bot-cmd', { timeoutMs: 3000 })).toEqual({ kind: 'exited', status: 0, stdout: '3\n' });
    expect(performance.now() - t0).toBeLessThan(2000);
    expect(survivors(pidsIn(pids, 1))).toEqual([]);
  });
});

describe('audit #23: what went wrong is named', () => {
  it('a program killed for printing more than the most stdout kept is "overflow", not an exit or a signal', () => {
    const d = tmp();
    const p = script(d, 'chatty.sh', '#!/bin/sh\nyes 0123456789abcdef\n');
    const r = runOnce(cmd(p), '--bot-cmd', { timeoutMs: 10_000, maxBuffer: 1 << 16 });
    expect(r.kind).toBe('overflow');
    expect(r.stdout.length).toBeLessThanOrEqual(1 << 16);
    expect(r.stdout.startsWith('0123456789abcdef\n')).toBe(true);
  });

  it('a folder as the program is a folder, not "no such program"', () => {
    const d = tmp();
    mkdirSync(join(d, 'bot'));
    expect(() => checkStartable(cmd(join(d, 'bot')), '--bot-cmd')).toThrow(/is a folder, not a program/);
  });

  it('a missing program whose command has quotes gets the hint that quotes are not honoured', () => {
    expect(() => checkStartable(cmd(`"/tmp/my bot/run.sh" x`), '--bot-cmd')).toThrow(/no such program.*Quotes are not honoured/s);
    expect(() => checkStartable(cmd('no-such-program-koth'), '--bot-cmd')).not.toThrow(/Quotes/);
  });
});

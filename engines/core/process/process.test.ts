/**
 * External programs: run once (exit status, output, time limit, signal, not found / not
 * executable), and the synchronous channel to a program that stays up (lines both ways,
 * output in pieces and in bulk, end of file, time limit → killed and dead, not found).
 * The programs are small shell scripts written here.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { processAlive, ROOT, tempDirs } from '../../../test/helpers.ts';
import { ProcessChannel, waitForAnswer } from './channel.ts';
import { Worker } from 'node:worker_threads';
import { checkStartable, parseCommand, ProgramNotFound, runOnce } from './command.ts';

const tmp = tempDirs('koth-process-');

function script(dir: string, name: string, text: string, executable = true): string {
  const p = join(dir, name);
  writeFileSync(p, text);
  if (executable) chmodSync(p, 0o755);
  return p;
}

const cmd = (text: string) => parseCommand(text, '--bot-cmd', 'prog');

describe('runOnce', () => {
  it('gives the exit status and stdout, passes arguments and stdin', () => {
    const d = tmp();
    const p = script(d, 'echo.sh', '#!/bin/sh\nread -r line\necho "$line|$1|$2"\nexit 49\n');
    const r = runOnce(cmd(`/bin/sh ${p} first`), '--bot-cmd', { args: ['second'], input: 'hello\n', timeoutMs: 10_000 });
    expect(r).toEqual({ kind: 'exited', status: 49, stdout: 'hello|first|second\n' });
  });

  it('kills a program past its time limit, and tells a signal from an exit', () => {
    const d = tmp();
    const slow = script(d, 'slow.sh', '#!/bin/sh\necho started\nexec sleep 30\n');
    expect(runOnce(cmd(slow), '--x', { timeoutMs: 200 }).kind).toBe('timeout');
    const crash = script(d, 'crash.sh', '#!/bin/sh\nkill -SEGV $$\n');
    expect(runOnce(cmd(crash), '--x', { timeoutMs: 10_000 })).toMatchObject({ kind: 'signal', signal: 'SIGSEGV' });
  });

  it('a program that cannot be started is ProgramNotFound, before (checkStartable) and when run', () => {
    const d = tmp();
    expect(() => runOnce(cmd('no-such-program-koth x'), '--bot-cmd', { timeoutMs: 1000 })).toThrow(/cannot run "no-such-program-koth".*no such program/);
    expect(() => checkStartable(cmd('no-such-program-koth x'), '--bot-cmd')).toThrow(ProgramNotFound);
    const plain = script(d, 'plain.sh', 'exit 0\n', false);
    expect(() => checkStartable(cmd(plain), '--bot-cmd')).toThrow(/not executable.*chmod \+x/);
    expect(() => runOnce(cmd(plain), '--bot-cmd', { timeoutMs: 1000 })).toThrow(/not executable/);
    expect(() => checkStartable(cmd(join(d, 'missing.sh')), '--bot-cmd')).toThrow(/no such program/);
    expect(() => checkStartable(cmd('sh -c true'), '--bot-cmd')).not.toThrow(); // found on PATH
    expect(() => parseCommand('   ', '--bot-cmd', 'python3 bot.py')).toThrow(/--bot-cmd is empty.*python3 bot\.py/);
  });
});

describe('ProcessChannel', () => {
  it('talks to a program line by line, then sees its end', () => {
    const d = tmp();
    // Answers each line with the line upper-cased; stops at "quit".
    const p = script(d, 'upper.sh', '#!/bin/sh\nwhile read -r l; do [ "$l" = quit ] && exit 0; echo "$l" | tr a-z A-Z; done\n');
    const ch = new ProcessChannel(cmd(p), '--bot-cmd');
    try {
      for (const w of ['abc', 'hello world', 'x']) {
        ch.write(`${w}\n`);
        let got = '';
        while (!got.endsWith('\n')) {
          const r = ch.read(10_000);
          expect(r.kind).toBe('data');
          if (r.kind === 'data') got += r.text;
        }
        expect(got).toBe(`${w.toUpperCase()}\n`);
      }
      ch.write('quit\n');
      expect(ch.read(10_000)).toEqual({ kind: 'eof' });
      expect(ch.dead).toBe(true);
      expect(ch.read(10_000)).toEqual({ kind: 'eof' });
      ch.write('dropped\n'); // no error once dead
    } finally {
      ch.close();
    }
    ch.close(); // twice is fine
  });

  it('hands over output larger than one read in pieces, nothing lost', () => {
    const d = tmp();
    const p = script(d, 'bulk.sh', '#!/bin/sh\nread -r l\nyes 0123456789 | head -n 30000\nread -r l\n');
    const ch = new ProcessChannel(cmd(p), '--bot-cmd');
    try {
      ch.write('go\n');
      let got = '';
      while (got.length < 330_000) {
        const r = ch.read(10_000);
        expect(r.kind).toBe('data');
        if (r.kind === 'data') got += r.text;
      }
      expect(got).toBe('0123456789\n'.repeat(30_000));
    } finally {
      ch.close();
    }
  });

  it('a silent program is killed at the time limit and is dead from then on; close kills a program that ignores its stdin', () => {
    const d = tmp();
    const pidFile = join(d, 'pid');
    const p = script(d, 'silent.sh', `#!/bin/sh\necho $$ > ${pidFile}\nexec sleep 30\n`);
    const ch = new ProcessChannel(cmd(p), '--bot-cmd');
    expect(ch.read(300)).toEqual({ kind: 'timeout' });
    expect(ch.dead).toBe(true);
    expect(ch.read(300)).toEqual({ kind: 'eof' });
    ch.close();
    const pid = Number(readFileSync(pidFile, 'utf8'));
    expect(alive(pid)).toBe(false);

    const p2 = script(d, 'stubborn.sh', `#!/bin/sh\necho $$ > ${pidFile}2\nexec sleep 30\n`);
    const ch2 = new ProcessChannel(cmd(p2), '--bot-cmd');
    ch2.write('x\n');
    // wait until it has written its pid (a read with a short limit would kill it: poll the file)
    for (let i = 0; i < 200 && !existsSync(`${pidFile}2`); i++) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 20);
    ch2.close();
    expect(alive(Number(readFileSync(`${pidFile}2`, 'utf8')))).toBe(false);
  });

  it('a program that cannot be started is ProgramNotFound', () => {
    expect(() => new ProcessChannel(cmd('no-such-program-koth'), '--bot-cmd')).toThrow(ProgramNotFound);
  });
});

const alive = processAlive;

describe('waitForAnswer', () => {
  it('a notify that changes nothing (the previous answer\'s, arriving late) does not end the wait', () => {
    const ctrl = new Int32Array(new SharedArrayBuffer(8));
    // Another thread notifies for 300 ms without answering, then answers.
    const w = new Worker(
      `const { workerData } = require('node:worker_threads'); const c = new Int32Array(workerData); const end = Date.now() + 300;
       while (Date.now() < end) Atomics.notify(c, 0);
       Atomics.store(c, 0, 7); Atomics.notify(c, 0);`,
      { eval: true, workerData: ctrl.buffer },
    );
    try {
      expect(waitForAnswer(ctrl, 30_000)).toBe('ok');
      expect(Atomics.load(ctrl, 0)).toBe(7);
      expect(waitForAnswer(new Int32Array(new SharedArrayBuffer(8)), 50)).toBe('timed-out');
    } finally {
      void w.terminate();
    }
  });
});

describe('reapChildrenAtExit', () => {
  it('kills, as the process exits, a program that a worker thread still holds', () => {
    const d = tmp();
    const pidFile = join(d, 'pid');
    // A program that ignores the end of its stdin (it would outlive us).
    const prog = script(d, 'stays.sh', `#!/bin/sh\necho $$ > ${pidFile}\nexec sleep 1000\n`);
    const here = new URL('.', import.meta.url).pathname;
    // Worker threads do not take `--import tsx`: the worker registers tsx itself (as job-worker-dev.mjs).
    writeFileSync(
      join(d, 'worker.mjs'),
      `import { register } from '${join(ROOT, 'node_modules/tsx/dist/esm/api/index.mjs')}';\nregister();\nconst { ProcessChannel } = await import('${here}channel.ts');\nconst { parseCommand } = await import('${here}command.ts');\nnew ProcessChannel(parseCommand('${prog}', '--x', 'x'), '--x');\nAtomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 60_000);\n`,
    );
    writeFileSync(
      join(d, 'main.ts'),
      `import { existsSync, readFileSync } from 'node:fs';\nimport { Worker } from 'node:worker_threads';\nimport { reapChildrenAtExit } from '${here}channel.ts';\nreapChildrenAtExit();\nnew Worker(new URL('./worker.mjs', import.meta.url));\n` +
        `const t = setInterval(() => { if (existsSync('${pidFile}') && readFileSync('${pidFile}', 'utf8').trim()) { clearInterval(t); setTimeout(() => process.exit(0), 300); } }, 50);\n`,
    );
    const r = spawnSync(process.execPath, ['--import', 'tsx', join(d, 'main.ts')], { encoding: 'utf8', timeout: 60_000, cwd: ROOT });
    expect(r.status, r.stderr).toBe(0);
    const pid = Number(readFileSync(pidFile, 'utf8'));
    expect(pid).toBeGreaterThan(0);
    for (let i = 0; i < 100 && alive(pid); i++) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 20);
    expect(alive(pid)).toBe(false);
  }, 90_000);
});

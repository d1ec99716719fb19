/**
 * The host's store across processes (store.ts): a child process writing games in WAL mode is killed
 * with SIGKILL at seeded moments — after each kill the file passes `PRAGMA integrity_check`, every
 * game the child reported committed is there exactly once with its content, nothing else is, and
 * the next writer resumes the killed tick under its number; a tick held by another process refuses
 * a second one naming its pid (at once, or after a bounded wait), is taken over once its holder is
 * SIGKILLed, and is waited for when it ends within the wait.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, tempDirs } from '../../../test/helpers.ts';
import { SeededRandom } from '../rng/seeded-random.ts';
import { beginTick, createStore, HostStateError, listEvents, listGames, openStore, recordGames, type Game, type HostSettings } from './store.ts';

const tmp = tempDirs('koth-host-kill-');
const HERE = new URL('.', import.meta.url).pathname;

const SETTINGS: HostSettings = { game: 'dice', source: 'dir:/tmp/bots', rules: 'original', seed: 'koth', house: [], elo0: 0, elo1: 5, alpha: 0.05, beta: 0.05, allowPrograms: false };

/** Game n's content, the same in the child that writes it (handed over as source text) and in the test that checks it. */
const gameOf = (n: number, tick: number): Game => ({ number: n, rules: 'original', seedKey: n, seats: [1 + (n % 3), 1 + ((n + 1) % 3)], result: `r=${(n * 2654435761) % 1000003};w=${n % 2}`, kind: 'field', tick });

/**
 * The child: opens the host, takes the tick lock, prints `tick <n>`, then as `mode` says: `write`
 * games in batches of 50 for ever, printing the last number of each batch once it is committed;
 * `hold` the lock until killed; `finish` the tick after 300 ms.
 */
function child(dir: string, mode: 'write' | 'hold' | 'finish'): { proc: ChildProcess; lines: string[]; next: (pred: (l: string) => boolean) => Promise<string> } {
  const file = join(dir, `child-${mode}.ts`);
  writeFileSync(
    file,
    `import { beginTick, nextGameNumber, openStore, recordGames } from '${HERE}store.ts';\n` +
      `const game = ${gameOf.toString()};\n` +
      `const s = openStore(${JSON.stringify(dir)});\nconst lock = beginTick(s);\nprocess.stdout.write('tick ' + lock.tick + '\\n');\n` +
      (mode === 'hold'
        ? 'setInterval(() => {}, 1000);\n'
        : mode === 'finish'
          ? 'setTimeout(() => { lock.finish(); s.close(); }, 300);\n'
          : 'for (;;) {\n  const n = nextGameNumber(s);\n  recordGames(s, Array.from({ length: 50 }, (_, j) => game(n + j, lock.tick)));\n  process.stdout.write(n + 49 + "\\n");\n}\n'),
  );
  const proc = spawn(process.execPath, ['--import', 'tsx', file], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  const lines: string[] = [];
  let buf = '';
  let err = '';
  const waiters: { pred: (l: string) => boolean; resolve: (l: string) => void; reject: (e: Error) => void }[] = [];
  proc.stderr!.on('data', (d) => (err += d));
  proc.stdout!.on('data', (d) => {
    buf += d;
    const parts = buf.split('\n');
    buf = parts.pop()!;
    for (const l of parts) {
      lines.push(l);
      for (const w of waiters.splice(0)) (w.pred(l) ? w.resolve(l) : waiters.push(w));
    }
  });
  proc.on('exit', (code, signal) => {
    for (const w of waiters.splice(0)) w.reject(new Error(`the child ended (${code ?? signal}) before the line awaited: ${err}`));
  });
  const next = (pred: (l: string) => boolean) =>
    new Promise<string>((resolve, reject) => {
      const hit = lines.find(pred);
      if (hit !== undefined) resolve(hit);
      else waiters.push({ pred, resolve, reject });
    });
  return { proc, lines, next };
}

async function kill(proc: ChildProcess): Promise<void> {
  const exited = new Promise<unknown>((r) => proc.once('exit', r));
  proc.kill('SIGKILL');
  await exited;
}

describe('SIGKILL mid-write (WAL, synchronous=FULL)', () => {
  it('after each of 3 kills at seeded moments: integrity ok, every committed game there once with its content, the killed tick resumed by the next writer', async () => {
    const dir = tmp();
    createStore(dir, SETTINGS).close();
    // The moments: after the child has reported committed a seeded number of games (it is writing the next batch then).
    const rng = new SeededRandom('store-kill');
    let committed = 0;
    for (let trial = 0; trial < 3; trial++) {
      const stop = committed + 500 + Math.floor(rng.random() * 3000);
      const c = child(dir, 'write');
      expect(await c.next((l) => l.startsWith('tick '))).toBe('tick 1'); // the killed tick is resumed under its number
      await c.next((l) => /^\d+$/.test(l) && Number(l) >= stop);
      await kill(c.proc);
      const reported = Math.max(...c.lines.filter((l) => /^\d+$/.test(l)).map(Number));
      const s = openStore(dir);
      try {
        expect(s.row('PRAGMA integrity_check')?.integrity_check).toBe('ok');
        const stored = listGames(s);
        expect(stored.length).toBeGreaterThanOrEqual(reported);
        expect(stored.length % 50).toBe(0); // whole batches only: a batch is one transaction
        expect(stored).toEqual(stored.map((g) => gameOf(g.number, 1)));
        expect(stored.map((g) => g.number)).toEqual(Array.from({ length: stored.length }, (_, k) => k + 1));
        // A rerun storing what is stored adds nothing.
        expect(recordGames(s, stored.slice(-120))).toBe(0);
        committed = stored.length;
      } finally {
        s.close();
      }
    }
    const s = openStore(dir);
    expect(listEvents(s).map((e) => e.kind)).toEqual(['tick-started', 'tick-resumed', 'tick-resumed']);
    s.close();
  });
});

describe('the tick lock across processes', () => {
  it('refuses a second tick naming the holding process, at once or after a bounded wait, and takes the lock over once the holder is SIGKILLed', async () => {
    const dir = tmp();
    createStore(dir, SETTINGS).close();
    const c = child(dir, 'hold');
    expect(await c.next((l) => l.startsWith('tick '))).toBe('tick 1');
    const s = openStore(dir);
    try {
      let e: unknown;
      try {
        beginTick(s);
      } catch (x) {
        e = x;
      }
      expect(e).toBeInstanceOf(HostStateError);
      expect((e as HostStateError).message).toMatch(new RegExp(`is busy: another tick holds its lock \\(tick 1 by pid ${c.proc.pid} on ${hostname().replace(/[.]/g, '\\.')}, since \\d{4}-`));
      const t0 = performance.now();
      expect(() => beginTick(s, { waitMs: 300 })).toThrow(/; waited 300 ms$/);
      expect(performance.now() - t0).toBeGreaterThanOrEqual(290);
      await kill(c.proc);
      const lock = beginTick(s);
      expect(lock.tick).toBe(1);
      expect(lock.resumed?.pid).toBe(c.proc.pid);
      lock.finish();
    } finally {
      s.close();
    }
  });

  it('a tick that ends within the wait is waited for, and the next tick gets the next number', async () => {
    const dir = tmp();
    createStore(dir, SETTINGS).close();
    const c = child(dir, 'finish');
    expect(await c.next((l) => l.startsWith('tick '))).toBe('tick 1');
    const s = openStore(dir);
    try {
      const lock = beginTick(s, { waitMs: 20_000 });
      expect([lock.tick, lock.resumed]).toEqual([2, undefined]);
      lock.finish();
      expect(listEvents(s).map((e) => [e.tick, e.kind])).toEqual([
        [1, 'tick-started'],
        [1, 'tick-finished'],
        [2, 'tick-started'],
        [2, 'tick-finished'],
      ]);
    } finally {
      s.close();
    }
    await new Promise((r) => (c.proc.exitCode !== null ? r(null) : c.proc.once('exit', r)));
  });
});

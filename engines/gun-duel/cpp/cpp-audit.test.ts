/**
 * Issue 39's C++ items, each reproduced with small C++ players of OUR OWN (no original code):
 * host-side objects an answer makes are bounded (#1), a run whose awaited result never settles
 * does not end with exit 0 (#1), the compile cache is checked on load (#5), compiling is bounded
 * and shows progress (#13), an answer's output is shown (#14), the cache's line tells the truth
 * (#18), out of memory and a throw are told apart (#19).
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { koth, ROOT, tempDirs } from '../../../test/helpers.ts';
import { BEAT } from '../../core/sandbox/heartbeat.ts';
import '../../wiring/gun-duel.ts';
import { gunDuelCppExact } from '../trials.ts';
import { compileAnswers, type CppAnswer } from './answers.ts';
import { CppAnswerStopped } from './players.ts';

const dir = tempDirs('koth-cpp-audit-')();
const cacheDir = join(dir, 'cache');
process.env.KOTH_CPP_CACHE_DIR = cacheDir;

const player = (name: string, body: string, extra = '') => String.raw`#include "Player.hpp"
#include <vector>
#include <cstdio>
#include <random>
${extra}
class ${name} : public Player {
public:
  ${name}(size_t opponent = -1) : Player(opponent) {}
  Action fight() override { ${body} }
};
`;
// Keeps 20,000 engines alive at once (each one an object of the host's engine model).
const HOARDER = player('HoarderPlayer', 'static std::vector<std::default_random_engine*> keep; for (int i = 0; i < 20000; i++) keep.push_back(new std::default_random_engine(i)); return load();');
// Makes 100,000 short-lived engines a move; copies one and checks the copy draws the same numbers.
const CHURNER = player(
  'ChurnerPlayer',
  `unsigned s = 0;
   for (int i = 0; i < 100000; i++) { std::default_random_engine g(i); s += g() & 1; }
   std::default_random_engine a(7);
   std::default_random_engine b = a;
   unsigned x = a(), y = b();
   std::printf("copy %s %u\\n", x == y ? "same" : "differs", s);
   return load();`,
);
// Prints to stdout and stderr, then throws on its second move.
const PRINTER = player('PrinterPlayer', 'std::printf("turn %d\\n", getTurn()); std::fprintf(stderr, "err %d\\n", getTurn()); if (getTurn() == 1) throw 42; return load();');
// Prints a line every move and plays on (a sharded run shows it too, at most 200 lines of it).
const TALKER = player('TalkerPlayer', 'std::printf("turn %d\\n", getTurn()); return load();');
// By the clock it reads (the exact run's seed): asks for 4 GB (new), for 8 GB (a new[] past
// size_t), for a vector longer than its max_size (std::length_error in g++).
const BIGNEW = player(
  'BigNewPlayer',
  `long long c = (long long)std::chrono::system_clock::now().time_since_epoch().count();
   if (c == 1) { volatile char *p = new char[4000000000u]; p[0] = 1; }
   if (c == 2) { volatile int *q = new int[getAmmo() + 2000000000]; q[0] = 1; }
   if (c == 3) { std::vector<char> v(getAmmo() + 4000000000u); v[0] = 1; }
   return load();`,
  '#include <chrono>',
);

const ctx = (output?: string[]) => {
  const cells = new Int32Array(new SharedArrayBuffer(BEAT.size * 4));
  return { runtime: 'wasm' as const, cells, label: () => 0, tick: () => {}, ...(output ? { output: (lines: string[]) => output.push(...lines) } : {}) };
};

let answers: Record<string, CppAnswer> = {};
beforeAll(async () => {
  const srcs = [
    { name: 'HoarderPlayer', file: 'HoarderPlayer.hpp', code: HOARDER },
    { name: 'ChurnerPlayer', file: 'ChurnerPlayer.hpp', code: CHURNER },
    { name: 'PrinterPlayer', file: 'PrinterPlayer.hpp', code: PRINTER },
    { name: 'BigNewPlayer', file: 'BigNewPlayer.hpp', code: BIGNEW },
    { name: 'TalkerPlayer', file: 'TalkerPlayer.hpp', code: TALKER },
  ];
  const { answers: list } = await compileAnswers(srcs);
  answers = Object.fromEntries(list.map((a) => [a.name, a]));
}, 600_000);

const exact = (name: string, output?: string[]) => () => gunDuelCppExact({ seed: '1', players: ['GunClubPlayer', name], cpp: [answers[name]!], repetition: 1, variant: 'original' }, ctx(output));
const stopOf = (run: () => unknown): CppAnswerStopped => {
  try {
    run();
  } catch (e) {
    if (e instanceof CppAnswerStopped) return e;
    throw e;
  }
  throw new Error('the answer was not stopped');
};

describe('audit #1: the host-side objects an answer can make are bounded', () => {
  it('an answer keeping 20,000 random engines alive is stopped for memory, named', () => {
    const e = stopOf(exact('HoarderPlayer'));
    expect(e.reason).toBe('memory');
    expect(e.player).toBe('HoarderPlayer');
    expect(e.message).toMatch(/random engines/);
  });
  it('engines an answer destroys are freed on the host (100,000 a move play on), and a copied engine is a copy', () => {
    const out: string[] = [];
    const res = exact('ChurnerPlayer', out)();
    expect(res.rows.map((r) => r.player)).toContain('ChurnerPlayer');
    expect(out.length).toBeGreaterThan(0);
    expect(out.every((l) => /^ChurnerPlayer: copy same \d+$/.test(l))).toBe(true);
  }, 120_000);
  it('koth replay and koth ab: an answer hoarding engines ends the run with exit 3 naming it ("memory"), never exit 0 without output', () => {
    const p = join(dir, 'HoarderPlayer.hpp');
    writeFileSync(p, HOARDER);
    const r = koth(['replay', 'gun-duel', '--exact', '--seed', '1', '--repetition', '1', '--players', 'PlasmaPlayer,TurtlePlayer,HoarderPlayer', '--cpp-players', p, '--json'], { KOTH_CPP_CACHE_DIR: cacheDir });
    expect(r.status, r.stderr).toBe(3);
    expect(r.stderr).toMatch(/HoarderPlayer stopped \(memory\)/);
    const ab = koth(['ab', 'gun-duel', '--cpp-players', p, '--candidate', 'HoarderPlayer', '--baseline', 'PlasmaPlayer'], { KOTH_CPP_CACHE_DIR: cacheDir });
    expect(ab.status, ab.stderr).toBe(3);
    expect(ab.stderr).toMatch(/HoarderPlayer stopped \(memory\).*random engines/);
  }, 120_000);
});

describe('audit #1: a run whose awaited result never settles does not end quietly', () => {
  it('a sandbox worker that dies while its task runs settles the task even when nothing else keeps the process alive', () => {
    const hog = join(dir, 'hog.mjs');
    writeFileSync(hog, 'export function hog() { const keep = []; for (;;) keep.push(new Array(1e5).fill(keep.length)); }\n');
    const script = join(dir, 'pool-hog.ts');
    writeFileSync(
      script,
      `import { SandboxPool } from ${JSON.stringify(join(ROOT, 'engines/core/sandbox/pool.ts'))};
const pool = new SandboxPool({ workers: 1, modules: [${JSON.stringify(hog)}], runtime: 'wasm', jsHeapMb: 48 });
pool.run({ kind: 'job', fn: 'hog', args: {} }).then(
  () => console.log('resolved'),
  (e) => console.log('rejected', e.name, e.reason),
).finally(() => pool.destroy());
`,
    );
    const r = spawnSync(process.execPath, ['--import', 'tsx', script], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
    expect(r.stdout.trim(), r.stderr).toBe('rejected SandboxKilled memory');
  }, 60_000);
  it('the CLI turns "the event loop emptied with the command unfinished" into exit 70 with a message', () => {
    const script = join(dir, 'unsettled.ts');
    writeFileSync(script, `import { exitWhenUnsettled } from ${JSON.stringify(join(ROOT, 'cli/unsettled.ts'))};\nexitWhenUnsettled(new Promise(() => {}));\n`);
    const r = spawnSync(process.execPath, ['--import', 'tsx', script], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
    expect(r.status, r.stderr).toBe(70);
    expect(r.stderr).toMatch(/ended before the command finished/);
  }, 60_000);
});

describe('audit #14 and #19: an answer output is shown; a throw and out of memory are told apart', () => {
  it('its stdout and stderr reach the job, up to and including the call that threw; the stop says "threw"', () => {
    const out: string[] = [];
    const e = stopOf(exact('PrinterPlayer', out));
    expect(out).toEqual(['PrinterPlayer: turn 0', 'PrinterPlayer: err 0', 'PrinterPlayer: turn 1', 'PrinterPlayer: err 1']);
    expect(e.reason).toBe('throw');
    expect(e.message).toMatch(/threw an exception in koth_fight that nothing caught \(int;/);
    expect(e.message).not.toMatch(/unreachable/);
  });
  it('a 4 GB new and a new[] past size_t are out of memory; a vector too long (std::length_error) a throw; none "unreachable"', () => {
    const run = (seed: string) => () => gunDuelCppExact({ seed, players: ['TurtlePlayer', 'BigNewPlayer'], cpp: [answers.BigNewPlayer!], repetition: 1, variant: 'original' }, ctx());
    const big = stopOf(run('1'));
    expect(big.reason).toBe('memory');
    expect(big.message).toMatch(/out of memory in koth_fight: could not allocate 4000000000 bytes/);
    const past = stopOf(run('2'));
    expect(past.reason).toBe('memory');
    expect(past.message).toMatch(/out of memory in koth_fight: could not allocate 4294967295 bytes/); // clang's new[] asks for SIZE_MAX when the size overflows
    const long = stopOf(run('3'));
    expect(long.reason).toBe('throw');
    expect(long.message).toMatch(/\(std::length_error;/);
    for (const e of [big, past, long]) expect(e.message).not.toMatch(/unreachable/);
  });
  it('koth replay shows the answer output on stderr, then exit 3 saying it threw', () => {
    const p = join(dir, 'PrinterPlayer.hpp');
    writeFileSync(p, PRINTER);
    const r = koth(['replay', 'gun-duel', '--exact', '--seed', '1', '--repetition', '1', '--players', 'GunClubPlayer,PrinterPlayer', '--cpp-players', p], { KOTH_CPP_CACHE_DIR: cacheDir });
    expect(r.status, r.stderr).toBe(3);
    expect(r.stderr).toContain('[answer] PrinterPlayer: turn 0\n');
    expect(r.stderr).toContain('[answer] PrinterPlayer: err 1\n');
    expect(r.stderr).toMatch(/PrinterPlayer stopped \(throw\)/);
  }, 120_000);
  it('a sharded run (--tournaments) shows the answer output too, at most 200 lines of each answer, then says the rest is left out', () => {
    const p = join(dir, 'TalkerPlayer.hpp');
    writeFileSync(p, TALKER);
    const r = koth(['replay', 'gun-duel', '--tournaments', '1', '--cpp-players', p, '--workers', '1', '--json'], { KOTH_CPP_CACHE_DIR: cacheDir });
    expect(r.status, r.stderr).toBe(0);
    const shown = r.stderr.split('\n').filter((l) => l.startsWith('[answer] '));
    expect(shown[0]).toBe('[answer] TalkerPlayer: turn 0');
    expect(shown.length).toBe(201);
    expect(shown[200]).toBe('[answer] TalkerPlayer: (more output left out: a run shows at most 200 lines of each answer)');
  }, 120_000);
});

describe('audit #5: the compile cache is checked on load', () => {
  const entries = () => readdirSync(cacheDir).filter((f) => !f.endsWith('.tmp'));
  const entryOf = (a: CppAnswer) => join(cacheDir, entries().find((f) => f.startsWith(a.key))!);
  it('an emptied entry is noticed, compiled again, and said so', async () => {
    const src = { name: 'PrinterPlayer', file: 'PrinterPlayer.hpp', code: PRINTER };
    writeFileSync(entryOf(answers.PrinterPlayer!), '');
    const again = await compileAnswers([src]);
    expect(again.compiled[0]!.cached).toBe(false);
    expect(again.compiled[0]!.rebuilt).toMatch(/damaged/);
    expect(again.answers[0]!.wasm).toBe(answers.PrinterPlayer!.wasm);
    const third = await compileAnswers([src]);
    expect(third.compiled[0]!.cached).toBe(true);
    expect(third.compiled[0]!.rebuilt).toBeUndefined();
  }, 120_000);
  it("another answer's entry under this answer's key is not run: compiled again", async () => {
    writeFileSync(entryOf(answers.BigNewPlayer!), readFileSync(entryOf(answers.HoarderPlayer!)));
    const again = await compileAnswers([{ name: 'BigNewPlayer', file: 'BigNewPlayer.hpp', code: BIGNEW }]);
    expect(again.compiled[0]!.cached).toBe(false);
    expect(again.compiled[0]!.rebuilt).toMatch(/damaged/);
    expect(again.answers[0]!.wasm).toBe(answers.BigNewPlayer!.wasm);
  }, 120_000);
  it('koth replay says which cached file was damaged and that it compiled the answer again', () => {
    writeFileSync(entryOf(answers.PrinterPlayer!), '');
    const p = join(dir, 'PrinterPlayer.hpp');
    writeFileSync(p, PRINTER);
    const r = koth(['replay', 'gun-duel', '--exact', '--seed', '1', '--repetition', '1', '--players', 'GunClubPlayer,PrinterPlayer', '--cpp-players', p], { KOTH_CPP_CACHE_DIR: cacheDir });
    expect(r.status, r.stderr).toBe(3);
    expect(r.stderr).toContain(entryOf(answers.PrinterPlayer!));
    expect(r.stderr).toMatch(/damaged.*compiled again/s);
  }, 120_000);
});

describe('audit #18: the cache line says what was cached', () => {
  const run = (env: Record<string, string>) => {
    const p = join(dir, 'PrinterPlayer.hpp');
    writeFileSync(p, PRINTER);
    return koth(['replay', 'gun-duel', '--exact', '--seed', '1', '--repetition', '1', '--players', 'GunClubPlayer,PrinterPlayer', '--cpp-players', p], env);
  };
  it('a cache folder that is a file: not "cached in", but why it could not be cached', () => {
    const file = join(dir, 'a-file');
    writeFileSync(file, 'x');
    const r = run({ KOTH_CPP_CACHE_DIR: file });
    expect(r.status, r.stderr).toBe(3);
    expect(r.stderr).not.toMatch(/cached in/);
    expect(r.stderr).toMatch(new RegExp(`not cached: .*${file}`));
  }, 120_000);
  it('a folder that cannot be written: not "cached in", but why', () => {
    // read-only to this user (root writes anywhere: then a folder of a read-only file system)
    let ro = '/sys/koth-cpp-cache';
    if (process.getuid?.() !== 0) {
      ro = join(dir, 'read-only');
      mkdirSync(ro);
      chmodSync(ro, 0o555);
    }
    const r = run({ KOTH_CPP_CACHE_DIR: ro });
    expect(r.status, r.stderr).toBe(3);
    expect(r.stderr).not.toMatch(/cached in/);
    expect(r.stderr).toMatch(new RegExp(`not cached: .*${ro}`));
  }, 120_000);
  it('KOTH_CPP_CACHE=off: "not cached (KOTH_CPP_CACHE=off)", never "cached in nowhere"', () => {
    const r = run({ KOTH_CPP_CACHE: 'off' });
    expect(r.status, r.stderr).toBe(3);
    expect(r.stderr).not.toMatch(/cached in/);
    expect(r.stderr).toMatch(/not cached \(KOTH_CPP_CACHE=off\)/);
  }, 120_000);
});

describe('audit #13: compiling is bounded and shows progress', () => {
  // Each level doubles a parameter pack: 2^k types at level k (the compiler's time and memory grow without end).
  const BOMB = player('TemplatePlayer', 'typedef D<int>::type T; return sizeof(T) ? load() : load();', 'template <class... T> struct D { typedef typename D<T..., T...>::type type; };');
  it('a compile over its time limit is exit 2 naming the file; a line on stderr says what compiles when stderr is not a terminal', () => {
    const p = join(dir, 'TemplatePlayer.hpp');
    writeFileSync(p, BOMB);
    const r = koth(['replay', 'gun-duel', '--exact', '--players', 'GunClubPlayer,TemplatePlayer', '--cpp-players', p], { KOTH_CPP_CACHE_DIR: cacheDir, KOTH_CPP_COMPILE_TIMEOUT_S: '3' });
    expect(r.status, r.stderr).toBe(2);
    expect(r.stderr).toContain('koth: compiling C++ answer TemplatePlayer (1/1)');
    expect(r.stderr).toContain(p);
    expect(r.stderr).toMatch(/took more than 3 s/);
    expect(r.stderr).toMatch(/KOTH_CPP_COMPILE_TIMEOUT_S/);
  }, 120_000);
  it('a compile over its memory limit is exit 2 naming the file', () => {
    const p = join(dir, 'TemplatePlayer.hpp');
    writeFileSync(p, BOMB);
    const r = koth(['replay', 'gun-duel', '--exact', '--players', 'GunClubPlayer,TemplatePlayer', '--cpp-players', p], { KOTH_CPP_CACHE_DIR: cacheDir, KOTH_CPP_COMPILE_MEMORY_MB: '64' });
    expect(r.status, r.stderr).toBe(2);
    expect(r.stderr).toContain(p);
    expect(r.stderr).toMatch(/more than 64 MB/);
    expect(r.stderr).toMatch(/KOTH_CPP_COMPILE_MEMORY_MB/);
  }, 120_000);
});

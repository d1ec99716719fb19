/**
 * Compiled C++ answers in the sandbox — with small C++ players of OUR OWN written here (no
 * original code), compiled by @yowasp/clang through the real path (worker thread, cache), run
 * against ports; and hostile ones: a throw, a memory bomb, an endless loop, a file read.
 * The posted answers themselves: cpp-originals.test.ts (skipped without the originals).
 */
import { mkdtempSync, rmSync, writeFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { koth } from '../../../test/helpers.ts';
import { BEAT } from '../../core/sandbox/heartbeat.ts';
import { SandboxPool } from '../../core/sandbox/pool.ts';
import { SandboxKilled } from '../../core/sandbox/errors.ts';
import { findPlayer } from '../../../transpiled-bots/gun-duel/index.ts';
import { LOAD, BULLET, METAL, Player, type Action, type PlayerClass } from '../player.ts';
import { exactSeeds, runTournament } from '../tournament.ts';
import '../../wiring/gun-duel.ts';
import { gunDuelCppExact, resolvePlayers } from '../trials.ts';
import { compileAnswers, type CppAnswer } from './answers.ts';
import { CppAnswerStopped } from './players.ts';
import { cppTestPlayer } from './test-players.ts';

const dir = mkdtempSync(join(tmpdir(), 'koth-cpp-'));
const cacheDir = join(dir, 'cache');
process.env.KOTH_CPP_CACHE_DIR = cacheDir;
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// Ours: loads, shoots when the opponent has no shield history of metal, and at random (its own
// engine, seeded from the clock, as CBetaPlayer does) puts up a metal shield; GetRandomInteger too.
const TINKER = String.raw`#include "Player.hpp"
#include <random>
#include <chrono>
class TinkerPlayer final : public Player {
public:
  TinkerPlayer(size_t opponent = -1) : Player(opponent) {}
  Action fight() override {
    static auto seed = std::chrono::system_clock::now().time_since_epoch().count();
    static std::default_random_engine g((unsigned)seed);
    std::uniform_real_distribution<double> d(0.0, 1.0);
    std::uniform_int_distribution<int> k(0, 9);
    double r = d(g);
    int j = k(g);
    if (getAmmoOpponent() > 0 && r < 0.4) return metal();
    if (getAmmo() > 0 && (j < 4 || GetRandomInteger(3) == 0)) return bullet();
    return load();
  }
};
`;

/** The same player in TypeScript: the engine it makes is the env's model seeded with the clock (realSeed). */
class TinkerTwin extends Player {
  static readonly botName = 'TinkerPlayer';
  fight(): Action {
    const g = this.env.statics('TinkerTwin.g', () => this.env.make(this.env.lib, this.env.realSeed));
    const r = g.uniformReal(0, 1);
    const j = g.uniformInt(0, 9);
    if (this.getAmmoOpponent() > 0 && r < 0.4) return METAL;
    if (this.getAmmo() > 0 && (j < 4 || this.getRandomInteger(3) === 0)) return BULLET;
    return LOAD;
  }
}

const hostile = cppTestPlayer;
const THROWER = hostile('ThrowerPlayer', 'if (getTurn() == 0) throw 42; return load();');
const BOMB = hostile('BombPlayer', 'static std::vector<std::vector<char>*> keep; for (;;) keep.push_back(new std::vector<char>(1 << 20, 1)); return load();');
const LOOPER = hostile('LooperPlayer', 'volatile int x = 0; for (;;) x++; return load();');
const READER = hostile('ReaderPlayer', 'FILE *f = std::fopen("/etc/passwd", "r"); FILE *g = std::fopen("Player.hpp", "r"); return (f || g) ? bullet() : load();');

const ctx = () => {
  const cells = new Int32Array(new SharedArrayBuffer(BEAT.size * 4));
  return { runtime: 'wasm' as const, cells, label: () => 0, tick: () => {} };
};

let answers: Record<string, CppAnswer> = {};
beforeAll(async () => {
  const srcs = [
    { name: 'TinkerPlayer', file: 'TinkerPlayer.hpp', code: TINKER },
    { name: 'ThrowerPlayer', file: 'ThrowerPlayer.hpp', code: THROWER },
    { name: 'BombPlayer', file: 'BombPlayer.hpp', code: BOMB },
    { name: 'LooperPlayer', file: 'LooperPlayer.hpp', code: LOOPER },
    { name: 'ReaderPlayer', file: 'ReaderPlayer.hpp', code: READER },
  ];
  const { answers: list, compiled } = await compileAnswers(srcs);
  answers = Object.fromEntries(list.map((a) => [a.name, a]));
  expect(compiled.every((c) => !c.cached)).toBe(true);
}, 600_000);

const ports = ['GunClubPlayer', 'TurtlePlayer', 'FatedPlayer', 'StudiousPlayer'];

describe('a C++ player of our own, compiled to WebAssembly', () => {
  it('is cached by sha256 of compiler, flags, source and stand-ins: a second compile reads the cache; a changed source compiles again', async () => {
    const files = readdirSync(cacheDir).filter((f) => f.endsWith('.kwasm'));
    expect(files).toHaveLength(5);
    const again = await compileAnswers([{ name: 'TinkerPlayer', file: 'TinkerPlayer.hpp', code: TINKER }]);
    expect(again.compiled[0]!.cached).toBe(true);
    expect(again.answers[0]!.key).toBe(answers.TinkerPlayer!.key);
    expect(again.answers[0]!.key).toMatch(/^[0-9a-f]{64}$/);
    const changed = await compileAnswers([{ name: 'TinkerPlayer', file: 'TinkerPlayer.hpp', code: TINKER + '\n// changed\n' }]);
    expect(changed.compiled[0]!.cached).toBe(false);
    expect(changed.answers[0]!.key).not.toBe(answers.TinkerPlayer!.key);
  }, 600_000);

  for (const lib of ['libstdc++', 'msvc'] as const) {
    it(`plays exactly as its TypeScript twin against ports (${lib}: its own default_random_engine and distributions are the host's model, its clock the fixed seed)`, () => {
      const compiled = gunDuelCppExact({ seed: '7', players: [...ports, 'TinkerPlayer'], cpp: [answers.TinkerPlayer!], repetition: 3, variant: 'original', lib }, ctx());
      const twin = runTournament({ players: [...ports.map((n) => findPlayer(n)!), TinkerTwin as unknown as PlayerClass], seeds: exactSeeds(7n), repetition: 3, lib });
      expect(compiled).toEqual(twin);
      expect(compiled.rows.map((r) => r.player)).toContain('TinkerPlayer');
      // it did something: it won duels
      expect(compiled.round1Pairs.TinkerPlayer).toBeDefined();
      expect(Object.values(compiled.round1Pairs.TinkerPlayer!).reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
    }, 120_000);
  }

  it('takes the place of the port of its class name, keeping the registration order; a class with no port joins at the end', () => {
    const fake: CppAnswer = { ...answers.TinkerPlayer!, name: 'TurtlePlayer' };
    const pool = resolvePlayers(undefined, [fake, answers.ReaderPlayer!], ctx());
    expect(pool).toHaveLength(18);
    expect(pool[2]!.botName).toBe('TurtlePlayer');
    expect((pool[2] as unknown as { compiled?: boolean }).compiled).toBe(true);
    expect(pool[17]!.botName).toBe('ReaderPlayer');
    expect((pool[0] as unknown as { compiled?: boolean }).compiled).toBeUndefined();
  });

  it('never runs outside a C++ sandbox worker', () => {
    expect(() => resolvePlayers(undefined, [answers.TinkerPlayer!], undefined)).toThrow(/only inside a C\+\+ sandbox worker/);
  });

  it('sees no files: fopen fails, so it loads', () => {
    const res = gunDuelCppExact({ seed: '1', players: ['ReaderPlayer', 'GunClubPlayer'], cpp: [answers.ReaderPlayer!], repetition: 1, variant: 'original' }, ctx());
    expect(res.rows.find((r) => r.player === 'ReaderPlayer')).toBeDefined();
  });
});

describe('hostile C++ of our own', () => {
  it('a throw traps: CppAnswerStopped (throw: told apart from other traps), the instance discarded', () => {
    const run = () => gunDuelCppExact({ seed: '1', players: ['GunClubPlayer', 'ThrowerPlayer'], cpp: [answers.ThrowerPlayer!], repetition: 1, variant: 'original' }, ctx());
    expect(run).toThrow(CppAnswerStopped);
    try {
      run();
    } catch (e) {
      expect((e as CppAnswerStopped).reason).toBe('throw');
      expect((e as CppAnswerStopped).player).toBe('ThrowerPlayer');
    }
  });
  it('a memory bomb stops at the cap: CppAnswerStopped (memory)', () => {
    try {
      gunDuelCppExact({ seed: '1', players: ['GunClubPlayer', 'BombPlayer'], cpp: [answers.BombPlayer!], repetition: 1, variant: 'original' }, ctx());
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(CppAnswerStopped);
      expect((e as CppAnswerStopped).reason).toBe('memory');
    }
  }, 60_000);
  it('an endless loop is ended by the supervisor of the C++ sandbox worker (SandboxKilled timeout, naming the answer)', async () => {
    const pool = new SandboxPool({ workers: 1, modules: [new URL('../../wiring/gun-duel-trials.ts', import.meta.url).pathname], runtime: 'wasm', timeoutMs: 500 });
    try {
      const ok = await pool.run({ kind: 'job', fn: 'gunDuelCppExact', args: { seed: '3', players: ['TinkerPlayer', 'GunClubPlayer'], cpp: [answers.TinkerPlayer!], repetition: 1, variant: 'original' } });
      expect((ok as { rows: unknown[] }).rows).toHaveLength(2);
      const err = await pool.run({ kind: 'job', fn: 'gunDuelCppExact', args: { seed: '1', players: ['GunClubPlayer', 'LooperPlayer'], cpp: [answers.LooperPlayer!], repetition: 1, variant: 'original' } }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(SandboxKilled);
      expect((err as SandboxKilled).reason).toBe('timeout');
      expect((err as SandboxKilled).message).toContain('LooperPlayer');
      // the pool goes on with a new worker
      const again = await pool.run({ kind: 'job', fn: 'gunDuelCppExact', args: { seed: '3', players: ['TinkerPlayer', 'GunClubPlayer'], cpp: [answers.TinkerPlayer!], repetition: 1, variant: 'original' } });
      expect(again).toEqual(ok);
    } finally {
      await pool.destroy();
    }
  }, 120_000);
});

describe('koth replay gun-duel --cpp-players (CLI)', () => {
  const file = (name: string, code: string) => {
    const p = join(dir, `${name}.hpp`);
    writeFileSync(p, code);
    return p;
  };
  const env = () => ({ KOTH_CPP_CACHE_DIR: cacheDir });
  it('--exact mixes ports and a compiled answer (--players) and equals the twin', () => {
    const r = koth(['replay', 'gun-duel', '--exact', '--seed', '7', '--repetition', '3', '--cpp-players', file('TinkerPlayer', TINKER), '--players', [...ports, 'TinkerPlayer'].join(','), '--json'], env());
    expect(r.status, r.stderr).toBe(0);
    const twin = runTournament({ players: [...ports.map((n) => findPlayer(n)!), TinkerTwin as unknown as PlayerClass], seeds: exactSeeds(7n), repetition: 3 });
    expect(r.json()).toEqual(JSON.parse(JSON.stringify(twin)));
  }, 300_000);
  it('a throwing answer ends the run with exit 3 (the original controller catches nothing)', () => {
    const r = koth(['replay', 'gun-duel', '--exact', '--seed', '1', '--repetition', '1', '--cpp-players', file('ThrowerPlayer', THROWER), '--players', 'GunClubPlayer,ThrowerPlayer'], env());
    expect(r.status, r.stderr).toBe(3);
    expect(r.stderr).toContain('ThrowerPlayer');
    expect(r.stderr).toMatch(/catches nothing/);
  }, 300_000);
  it('bad input is exit 2: a file without a Player class, a file that does not compile, --cpp-players without a mode', () => {
    let r = koth(['replay', 'gun-duel', '--exact', '--cpp-players', file('Nothing', 'int x;')], env());
    expect(r.status, r.stderr).toBe(2);
    expect(r.stderr).toMatch(/no class deriving Player/);
    r = koth(['replay', 'gun-duel', '--exact', '--cpp-players', file('BrokenPlayer', 'class BrokenPlayer : public Player { Action fight() override { return nope(); } };')], env());
    expect(r.status, r.stderr).toBe(2);
    expect(r.stderr).toMatch(/does not compile/);
    expect(r.stderr).toMatch(/nope/);
    r = koth(['replay', 'gun-duel', '--cpp-players', file('TinkerPlayer', TINKER)], env());
    expect(r.status, r.stderr).toBe(2);
  }, 300_000);
  it('--tournaments N runs compiled answers on C++ sandbox workers; the result does not depend on the number of workers', () => {
    const args = ['replay', 'gun-duel', '--tournaments', '2', '--repetition', '1', '--seed', '5', '--cpp-players', file('TinkerPlayer', TINKER), '--json'];
    const one = koth([...args, '--workers', '1'], env(), 600_000);
    expect(one.status, one.stderr).toBe(0);
    const two = koth([...args, '--workers', '2'], env(), 600_000);
    expect(two.status, two.stderr).toBe(0);
    const t1 = one.json().tournaments;
    expect(t1).toHaveLength(2);
    expect(t1[0].rows).toHaveLength(18);
    expect(t1.every((t: { rows: { player: string }[] }) => t.rows.some((r) => r.player === 'TinkerPlayer'))).toBe(true);
    expect(two.json().tournaments).toEqual(t1);
  }, 900_000);
});

describe('koth verify gun-duel (CLI)', () => {
  it('a C++ file of ours that is not GunClubPlayer (it only loads) disagrees with the port: exit 1, disagreements listed', () => {
    const p = join(dir, 'GunClubPlayer.hpp');
    writeFileSync(p, hostile('GunClubPlayer', 'return load();'));
    const r = koth(['verify', 'gun-duel', 'GunClubPlayer', '--source', p, '--json'], { KOTH_CPP_CACHE_DIR: cacheDir }, 600_000);
    expect(r.status, r.stderr).toBe(1);
    const j = r.json().results[0];
    expect(j.compared).toBeGreaterThan(50);
    expect(j.disagreementCount).toBeGreaterThan(0);
    expect(j.agreed).toBeGreaterThan(0); // GunClubPlayer loads too, at times
    expect(j.disagreements[0].original).toBe("0 '0'");
  }, 600_000);
});

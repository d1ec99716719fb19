/**
 * Hosted gun-duel games seating posted C++ answers (engines/gun-duel/host.ts), with small C++
 * players of OUR OWN written here (no original code), compiled once for the file by @yowasp/clang
 * into a temporary cache, played in C++ sandbox workers: a good duelist plays exactly as its
 * TypeScript twin in the same hosted game, for any batch split and number of workers; one that
 * does not compile fails its games with the compiler's error, one that loops with the time limit,
 * one that throws as a crash; validation (host/validate.ts) makes the good one active and rejects
 * the others (and an answer in a language gun-duel does not seat) with those reasons.
 * Sandbox lane (vitest.config.ts).
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findGame, replayKit } from '../registry.ts';
import { pairGenerator } from '../core/ab/pairs.ts';
import { generatorKind } from '../core/rng/generators.ts';
import type { CodeSeat, HostGameSpec, HostJob, HostOutcome } from '../core/host/play.ts';
import { encodeResult } from '../core/host/result.ts';
import { addVersion, beginTick, createStore, getVersion, listGames, upsertEntry, type HostSettings, type Store } from '../core/host/store.ts';
import { sha256 } from '../../scraper/extract.ts';
import { validate } from '../../host/validate.ts';
import { GUN_DUEL_HOST } from './host.ts';
import { BULLET, LOAD, METAL, Player, type Action, type PlayerClass } from './player.ts';
import { findPlayer } from './ports.ts';
import { AWIN, BWIN } from './rules.ts';
import { runTournament } from './tournament.ts';
import { statisticalSeeds } from './trials.ts';
import { cppTestPlayer } from './cpp/test-players.ts';

const dir = mkdtempSync(join(tmpdir(), 'koth-host-cpp-'));
const cacheDir = join(dir, 'cache');
process.env.KOTH_CPP_CACHE_DIR = cacheDir;
const LIMIT_MS = 300;
const kit = replayKit();
const pool = kit.sandboxPool('gun-duel', 2, { runtime: 'wasm', timeoutMs: LIMIT_MS });
let store: Store | undefined;
afterAll(async () => {
  await pool.destroy();
  store?.close();
  rmSync(dir, { recursive: true, force: true });
});

const player = cppTestPlayer;
// Ours: a metal shield at random (the shared GetRandomInteger) while the opponent holds ammo, else shoots what it has, else loads.
const STEADY = player('SteadyPlayer', 'if (getAmmoOpponent() > 0 && GetRandomInteger(2) == 0) return metal(); if (getAmmo() > 0) return bullet(); return load();');
const BROKEN = player('BrokenPlayer', 'return nope();');
const LOOPER = player('LooperPlayer', 'volatile int x = 0; for (;;) x++; return load();');
const THROWER = player('ThrowerPlayer', 'if (getTurn() == 0) throw 42; return load();');

/** SteadyPlayer in TypeScript. */
class SteadyTwin extends Player {
  static readonly botName = 'SteadyPlayer';
  fight(): Action {
    if (this.getAmmoOpponent() > 0 && this.getRandomInteger(2) === 0) return METAL;
    if (this.getAmmo() > 0) return BULLET;
    return LOAD;
  }
}

const seat = (className: string, code: string): CodeSeat => ({ sha256: sha256(code), className });
const CODE: Record<string, string> = Object.fromEntries([STEADY, BROKEN, LOOPER, THROWER].map((c) => [sha256(c), c]));
const steady = seat('SteadyPlayer', STEADY);
const run = 'host/koth/rules/original';
const OPPONENTS = ['GunClubPlayer', 'PlasmaPlayer', 'TurtlePlayer', 'FatedPlayer', 'StudiousPlayer', 'DeceptivePlayer'];
/** The good duelist against ports, in both seats, on several seed keys. */
const STEADY_GAMES: HostGameSpec[] = OPPONENTS.flatMap((p, i) => [
  { seedKey: i, seats: [steady, p] },
  { seedKey: i, seats: [p, steady] },
]);

/** The same hosted duel with the TypeScript twin in the answer's seat (as host.ts seeds it). */
function twinOutcome(g: HostGameSpec): HostOutcome {
  const players = g.seats.map((s) => (typeof s === 'string' ? findPlayer(s)! : (SteadyTwin as unknown as PlayerClass)));
  const seeds = statisticalSeeds(`gun-duel/${pairGenerator(generatorKind('seedrandom'), run, g.seedKey).randbelow(2 ** 48)}`);
  let status = 0;
  runTournament({ players, seeds, repetition: 1, variant: 'original', onDuel: (d) => (status = d.status) });
  return { result: encodeResult({ kind: 'score', scores: [status === AWIN ? 1 : 0, status === BWIN ? 1 : 0] }) };
}

const job = (games: HostGameSpec[]): HostJob => ({ run, rules: 'original', code: CODE, games });

describe('gun-duel hosted games of posted C++ answers', () => {
  it('compiles each answer once (cached); the good one plays as its twin; no compile, a loop and a throw fail their games with their kinds and reasons', async () => {
    const failing: HostGameSpec[] = [
      { seedKey: 0, seats: ['GunClubPlayer', seat('BrokenPlayer', BROKEN)] },
      { seedKey: 1, seats: [seat('LooperPlayer', LOOPER), 'TurtlePlayer'] },
      { seedKey: 2, seats: ['FatedPlayer', seat('ThrowerPlayer', THROWER)] },
      { seedKey: 3, seats: ['GunClubPlayer', 'PlasmaPlayer'] },
    ];
    const out = await GUN_DUEL_HOST.playGames(job([...STEADY_GAMES, ...failing]), { kit, sandbox: pool, timeLimitMs: LIMIT_MS });
    expect(out.slice(0, STEADY_GAMES.length)).toEqual(STEADY_GAMES.map(twinOutcome));
    // It won and lost duels (the comparison is not of one constant).
    expect(new Set(out.slice(0, STEADY_GAMES.length).map((o) => ('result' in o ? o.result : ''))).size).toBeGreaterThan(1);
    const [broken, looper, thrower, ports] = out.slice(STEADY_GAMES.length);
    expect(broken).toMatchObject({ failed: { seat: 1, kind: 'load' } });
    const compileError = (broken as { failed: { reason: string } }).failed.reason;
    expect(compileError).toMatch(/does not compile/);
    expect(compileError).toMatch(/BrokenPlayer\.hpp:\d+:\d+: error: .*nope/);
    expect(looper).toMatchObject({ failed: { seat: 0, kind: 'timeout' } });
    expect((looper as { failed: { reason: string } }).failed.reason).toMatch(new RegExp(`time limit of ${LIMIT_MS} ms`));
    expect(thrower).toMatchObject({ failed: { seat: 1, kind: 'crash' } });
    expect((thrower as { failed: { reason: string } }).failed.reason).toMatch(/ThrowerPlayer: threw an exception in koth_fight that nothing caught \(int;/);
    expect(ports).toEqual({ result: expect.stringMatching(/^s:[01],[01]$/) });
    // Three answers compiled into the cache (the one that does not compile is not cached).
    expect(readdirSync(cacheDir).filter((f) => f.endsWith('.kwasm'))).toHaveLength(3);
  }, 300_000);

  it('gives the same outcomes for any batch split and number of workers (a fresh module instance per game)', async () => {
    const whole = await GUN_DUEL_HOST.playGames(job(STEADY_GAMES), { kit, sandbox: pool, batch: 100 });
    expect(await GUN_DUEL_HOST.playGames(job(STEADY_GAMES), { kit, sandbox: pool, batch: 1 })).toEqual(whole);
    expect(await GUN_DUEL_HOST.playGames(job([...STEADY_GAMES].reverse()), { kit, sandbox: pool, batch: 5 })).toEqual([...whole].reverse());
    // Without a pool handed: its own C++ workers, two of them.
    expect(await GUN_DUEL_HOST.playGames(job(STEADY_GAMES), { kit, workers: 2, batch: 3 })).toEqual(whole);
  }, 300_000);

  it('validate: the good answer becomes active with its smoke games; no compile, a loop, a throw and a Java program are rejected with the reason', async () => {
    const settings: HostSettings = { game: 'gun-duel', source: 'dir:/tmp/bots', rules: 'original', seed: 'koth', house: ['GunClubPlayer'], elo0: 0, elo1: 5, alpha: 0.05, beta: 0.05, allowPrograms: false };
    store = createStore(join(dir, 'host'), settings);
    const ids: Record<string, number> = {};
    const add = (name: string, code: string, language: string) => {
      const e = upsertEntry(store!, { answer: `${name}.hpp`, className: name, author: '' });
      ids[name] = addVersion(store!, { entry: e.id, sha256: sha256(code), code, language, posted: null, edited: null }).version.id;
    };
    add('SteadyPlayer', STEADY, 'cpp');
    add('BrokenPlayer', BROKEN, 'cpp');
    add('LooperPlayer', LOOPER, 'cpp');
    add('ThrowerPlayer', THROWER, 'cpp');
    add('JavaPlayer', 'class JavaPlayer { }', 'program:java');
    const tick = beginTick(store);
    const report = await validate(store, findGame('gun-duel')!, { kit, tick: tick.tick, timeLimitMs: LIMIT_MS });
    tick.finish();
    expect(report.active).toEqual([ids.SteadyPlayer]);
    const reason = (n: string) => getVersion(store!, ids[n]!)!.reason ?? '';
    expect(getVersion(store, ids.SteadyPlayer!)).toMatchObject({ status: 'active', reason: null });
    expect(reason('BrokenPlayer')).toMatch(/^smoke game 1 of 4: does not compile[\s\S]*error: .*nope/);
    expect(reason('LooperPlayer')).toMatch(new RegExp(`smoke game 1 of 4: passed the time limit of ${LIMIT_MS} ms a call`));
    expect(reason('ThrowerPlayer')).toMatch(/^smoke game 1 of 4: ThrowerPlayer: threw an exception/);
    expect(reason('JavaPlayer')).toBe('gun-duel cannot seat an answer in java programs: it seats C++');
    expect(report.rejected.map((r) => r.version).sort()).toEqual([ids.BrokenPlayer, ids.LooperPlayer, ids.ThrowerPlayer, ids.JavaPlayer].sort());
    // The good answer's smoke games: against the house bot, in both seats, each a duel's points.
    const smoke = listGames(store).filter((g) => g.seats.includes(ids.SteadyPlayer!));
    expect(smoke.map((g) => g.seedKey)).toEqual([0, 1, 2, 3]);
    expect(smoke.map((g) => g.seats.indexOf(ids.SteadyPlayer!))).toEqual([0, 1, 0, 1]);
    expect(smoke.every((g) => g.kind === 'smoke' && /^s:[01],[01]$/.test(g.result))).toBe(true);
  }, 300_000);
});

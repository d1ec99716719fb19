/**
 * Synthetic host stores for the tests of the host's Rate, board and Publish steps
 * (engines/core/host/rate.test.ts, publish.test.ts): entries with versions put straight in the
 * store, and field games whose results follow a fixed strength order, so the tests know who must
 * rank where without playing a game.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { afterAll, afterEach } from 'vitest';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { addEvent, addVersion, beginTick, createStore, recordGames, setStatus, upsertEntry, type Game, type HostSettings, type Store } from '../engines/core/host/store.ts';
import { encodeResult } from '../engines/core/host/result.ts';
import type { HostOutcome } from '../engines/core/host/play.ts';
import type { SandboxPool } from '../engines/core/sandbox/pool.ts';
import { replayKit } from '../engines/registry.ts';

export const HOST_SETTINGS: HostSettings = {
  game: 'dice',
  source: 'dir:/tmp/bots',
  rules: 'original',
  seed: 'koth',
  house: [],
  elo0: 0,
  elo1: 5,
  alpha: 0.05,
  beta: 0.05,
  allowPrograms: false,
};

export const sha = (s: string) => createHash('sha256').update(s).digest('hex');

/** A fixed clock stepping one minute a call from 2026-11-01T00:00Z (ticks and events only). */
export function steppingClock(): () => Date {
  let t = Date.parse('2026-11-01T00:00:00Z');
  return () => new Date((t += 60_000));
}

export function tempHostDir(): string {
  return mkdtempSync(join(tmpdir(), 'koth-host-board-'));
}

/** Adds an entry (answer = name) with one active version of code `code ?? name`; returns the version id. */
export function addActive(store: Store, name: string, code = `class ${name}: pass`): number {
  const e = upsertEntry(store, { answer: name, className: name, author: `author of ${name}` });
  const { version } = addVersion(store, { entry: e.id, sha256: sha(code), code, language: 'python', author: `author of ${name}`, posted: '2026-10-01T00:00:00Z', edited: null });
  setStatus(store, version.id, 'active');
  return version.id;
}

/**
 * Plays `deals` deals of two-seat field games in one tick, both seat orders of each deal (its seed
 * key): every pair of `versions` meets, and the stronger (earlier in `versions`) wins unless the
 * deal's number hits `upset` (then the weaker wins that deal's games). Returns the tick.
 */
export function playDeals(store: Store, versions: readonly number[], deals: number, upset: (deal: number, a: number, b: number) => boolean = (d) => d % 4 === 3): number {
  const lock = beginTick(store, { pid: 1, machine: 'test' });
  const games: Game[] = [];
  let number = Number(store.row('SELECT coalesce(max(number), 0) AS n FROM games')!.n);
  let key = Number(store.row('SELECT coalesce(max(seed_key) + 1, 0) AS n FROM games')!.n);
  for (let d = 0; d < deals; d++) {
    for (let i = 0; i < versions.length; i++) {
      for (let j = i + 1; j < versions.length; j++) {
        const flip = upset(d, i, j);
        const seatings: [number, number][] = [
          [versions[i]!, versions[j]!],
          [versions[j]!, versions[i]!],
        ];
        for (const seats of seatings) {
          const strongFirst = seats[0] === versions[i];
          const firstWins = strongFirst !== flip;
          games.push({ number: ++number, rules: 'original', seedKey: key, seats, result: encodeResult({ kind: 'score', scores: firstWins ? [50, 20] : [20, 50] }), kind: 'field', tick: lock.tick });
        }
        key++;
      }
    }
  }
  recordGames(store, games);
  addEvent(store, lock.tick, 'games-played', { games: games.length });
  lock.finish();
  return lock.tick;
}

/** A host with four active entries A > B > C (upsets in a quarter of the deals) and D, who never wins. */
export function sampleHost(dir = tempHostDir()): { store: Store; ids: Record<string, number> } {
  const store = createStore(dir, HOST_SETTINGS, { clock: steppingClock() });
  const ids = { A: addActive(store, 'A'), B: addActive(store, 'B'), C: addActive(store, 'C'), D: addActive(store, 'D') };
  playDeals(store, [ids.A, ids.B, ids.C], 12);
  playDeals(store, [ids.A, ids.B, ids.C, ids.D], 6, (d, _i, j) => j !== 3 && d % 4 === 3);
  return { store, ids };
}

/**
 * A maker of sample hosts (sampleHost) in temporary folders, each closed and removed after every
 * test of the calling file (call it at the top level of a test file).
 */
export function sampleHosts(): () => { store: Store; ids: Record<string, number> } {
  const dirs: string[] = [];
  const stores: Store[] = [];
  afterEach(() => {
    for (const s of stores.splice(0)) s.close();
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });
  return () => {
    const dir = tempHostDir();
    dirs.push(dir);
    const h = sampleHost(dir);
    stores.push(h.store);
    return h;
  };
}

/**
 * The sandbox pools and the host store of a test file of hosted games with posted answers
 * (engines/<game>/host.test.ts): `pool` starts workers ended after the file, `host` makes a
 * store in a temporary folder closed and removed after it.
 */
export function hostedGameFile(): { pool(game: string, workers: number, timeoutMs: number): SandboxPool; pools: SandboxPool[]; host(prefix: string, settings: HostSettings): Store } {
  const pools: SandboxPool[] = [];
  const made: { dir: string; store: Store }[] = [];
  afterAll(async () => {
    for (const p of pools) await p.destroy();
    for (const m of made) {
      m.store.close();
      rmSync(m.dir, { recursive: true, force: true });
    }
  });
  return {
    pools,
    pool(game, workers, timeoutMs) {
      const p = replayKit().sandboxPool(game, workers, { timeoutMs });
      pools.push(p);
      return p;
    },
    host(prefix, settings) {
      const dir = mkdtempSync(join(tmpdir(), prefix));
      const store = createStore(dir, settings);
      made.push({ dir, store });
      return store;
    },
  };
}

/** A hosted game's failure, if it failed. */
export const failedOf = (o: HostOutcome) => ('failed' in o ? o.failed : undefined);

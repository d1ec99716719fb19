/**
 * `koth host verify` (docs/host.md "Verify"): a stranger's check of a host. Every stored game (or
 * a sample) is played again from its seed and seats, and its result compared with the stored one;
 * then the board is recomputed from the stored games and compared with the published
 * `leaderboard.json`, and the manifest with `manifest.json` (the results digest, the versions,
 * the rules hash). The first difference is named: a game's number with both results, or the
 * JSON path where the published file and the recomputation part.
 *
 * A game is replayed from the run its kind names (seeds.ts): a field game from the field's run, a
 * test game from its test's run (`subject`: the test id), a smoke game from its version's
 * (`subject`: the version id, whose code hash names the run).
 */
import { hostSandbox } from '../engines/core/host/play.ts';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { GameDescriptor, ReplayKit } from '../engines/core/game.ts';
import { computeBoard } from '../engines/core/host/board.ts';
import { leaderboardOf, manifestOf, SITE_DIR } from '../engines/core/host/publish.ts';
import { hostJobOf, runOfGame, seatsAnswers, UnknownVersionError } from '../engines/core/host/runs.ts';
import { gameCount, getSettings, iterateGames, type Game, type Store } from '../engines/core/host/store.ts';
import { PyRandom } from '../engines/core/rng/python-random.ts';
import type { SandboxPool } from '../engines/core/sandbox/pool.ts';
import { hostOf, rulesHashOf } from './tick.ts';

export interface VerifyOptions {
  kit: Pick<ReplayKit, 'sandboxPool'>;
  /** Games to replay: 'all', or a sample of this many (drawn with `sampleSeed`). */
  sample: number | 'all';
  /** The sample's seed (default: a fresh random one, reported so the sample can be drawn again). */
  sampleSeed?: string;
  workers?: number;
  /** Games per job (default 50). */
  batch?: number;
  progress?: (done: number, total: number) => void;
}

export interface VerifyReport {
  ok: boolean;
  /** The first difference, in words (absent when ok). */
  difference?: string;
  replayed: number;
  stored: number;
  sampleSeed?: string;
  /** Whether the site's files were there to compare. */
  checked: { games: boolean; leaderboard: boolean; manifest: boolean };
}

/** The first path where two JSON values part, as `entries[3].elo: 1612.4 ≠ 1600`; undefined when equal. */
export function firstJsonDifference(a: unknown, b: unknown, path = ''): string | undefined {
  if (Object.is(a, b)) return undefined;
  const show = (x: unknown) => (x === undefined ? 'absent' : JSON.stringify(x));
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || Array.isArray(a) !== Array.isArray(b)) return `${path || '(the whole file)'}: published ${show(a)}, recomputed ${show(b)}`;
  if (Array.isArray(a) && Array.isArray(b)) {
    for (let i = 0; i < Math.max(a.length, b.length); i++) {
      const d = firstJsonDifference(a[i], b[i], `${path}[${i}]`);
      if (d) return d;
    }
    return undefined;
  }
  const ka = Object.keys(a as object);
  const kb = Object.keys(b as object);
  for (const k of [...ka, ...kb.filter((x) => !ka.includes(x))]) {
    const d = firstJsonDifference((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], path ? `${path}.${k}` : k);
    if (d) return d;
  }
  return undefined;
}

/** Which stored games to replay: every number, or a sample of n (sorted). */
function chooseGames(store: Store, sample: number | 'all', seed: string): Set<number> | undefined {
  if (sample === 'all') return undefined;
  const total = gameCount(store);
  if (sample >= total) return undefined;
  const numbers = store.rows('SELECT number FROM games ORDER BY number').map((r) => Number(r.number));
  return new Set(new PyRandom(seed).sample(numbers, sample));
}

/** Verifies the host (see the file's comment). */
export async function verifyHost(store: Store, game: GameDescriptor, o: VerifyOptions): Promise<VerifyReport> {
  const host = hostOf(game);
  const settings = getSettings(store);
  const stored = gameCount(store);
  const sampleSeed = o.sample === 'all' ? undefined : (o.sampleSeed ?? randomBytes(8).toString('hex'));
  const chosen = chooseGames(store, o.sample, sampleSeed ?? '');
  const total = chosen ? chosen.size : stored;
  const batch = Math.max(1, o.batch ?? 50);
  const workers = Math.max(1, o.workers ?? 1);
  let pool: SandboxPool | undefined;
  let replayed = 0;
  const report = (difference?: string): VerifyReport => ({
    ok: difference === undefined,
    ...(difference !== undefined ? { difference } : {}),
    replayed,
    stored,
    ...(sampleSeed !== undefined ? { sampleSeed } : {}),
    checked: { games: true, leaderboard: existsSync(join(store.dir, SITE_DIR, 'leaderboard.json')), manifest: existsSync(join(store.dir, SITE_DIR, 'manifest.json')) },
  });
  const check = async (games: Game[]): Promise<string | undefined> => {
    let job;
    try {
      job = hostJobOf(store, runOfGame(store, games[0]!), games[0]!.rules, games);
    } catch (e) {
      if (e instanceof UnknownVersionError) throw new VerifyDifference(e.message.replace(/^a game/, 'a stored game'));
      throw e;
    }
    if (seatsAnswers(job)) pool ??= hostSandbox(o.kit, game.id, host, workers);
    const outcomes = await host.playGames(job, { kit: o.kit, ...(pool ? { sandbox: pool } : {}), workers });
    for (let i = 0; i < games.length; i++) {
      const g = games[i]!;
      const out = outcomes[i]!;
      replayed++;
      const got = 'result' in out ? out.result : `no result (seat ${out.failed.seat} failed: ${out.failed.reason})`;
      if (got !== g.result) return `game ${g.number} (${g.kind}, rules ${g.rules}, seed key ${g.seedKey}, seats ${g.seats.join(',')}): stored ${g.result}, replayed ${got}`;
    }
    return undefined;
  };
  try {
    let chunk: Game[] = [];
    let run = '';
    for (const g of iterateGames(store)) {
      if (chosen && !chosen.has(g.number)) continue;
      const r = runOfGame(store, g);
      if (chunk.length && (chunk.length >= batch || r !== run || chunk[0]!.rules !== g.rules)) {
        const d = await check(chunk);
        o.progress?.(replayed, total);
        if (d) return report(d);
        chunk = [];
      }
      run = r;
      chunk.push(g);
    }
    if (chunk.length) {
      const d = await check(chunk);
      o.progress?.(replayed, total);
      if (d) return report(d);
    }
  } catch (e) {
    if (e instanceof VerifyDifference) return report(e.message);
    throw e;
  } finally {
    await pool?.destroy();
  }
  // The board and the manifest, recomputed from the stored games, against the published files.
  const site = join(store.dir, SITE_DIR);
  const read = (file: string): unknown => JSON.parse(readFileSync(join(site, file), 'utf8'));
  if (existsSync(join(site, 'leaderboard.json'))) {
    let published: { ratings?: { resamples?: number; confidence?: number } };
    try {
      published = read('leaderboard.json') as typeof published;
    } catch (e) {
      return report(`site/leaderboard.json is not JSON: ${(e as Error).message}`);
    }
    const board = computeBoard(store, { resamples: published.ratings?.resamples ?? 1000, confidence: published.ratings?.confidence ?? 0.95 });
    const d = firstJsonDifference(published, JSON.parse(JSON.stringify(leaderboardOf(board))));
    if (d) return report(`site/leaderboard.json differs from the board recomputed from the stored games: ${d}`);
    if (existsSync(join(site, 'manifest.json'))) {
      let manifest: { engineHash?: string };
      try {
        manifest = read('manifest.json') as typeof manifest;
      } catch (e) {
        return report(`site/manifest.json is not JSON: ${(e as Error).message}`);
      }
      // The build that published it may be another than this one: its engine hash is what it says.
      const mine = manifestOf(store, { engineHash: String(manifest.engineHash ?? ''), rulesHash: rulesHashOf(game, settings.rules) }, board);
      const dm = firstJsonDifference(manifest, JSON.parse(JSON.stringify(mine)));
      if (dm) return report(`site/manifest.json differs from the manifest recomputed from the store: ${dm}`);
    }
  }
  return report();
}

class VerifyDifference extends Error {}

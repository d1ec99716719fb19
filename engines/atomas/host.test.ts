/**
 * Hosted atomas games of posted programs (engines/atomas/host.ts), with small shell programs of
 * OUR OWN written here (no original answer): each is written to a file and spawned once per move
 * as `--bot-cmd` runs a program. A good one scores what the same answers give in-process on the
 * same generator; one that prints garbage, one that crashes, one that loops past the time limit
 * and one that cannot be run fail their games with their kinds and reasons; validation
 * (host/validate.ts, on a host made with --allow-programs) makes the good one active and rejects
 * the others with those reasons. Cli lane (vitest.config.ts): it spawns programs.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findGame, replayKit } from '../registry.ts';
import { pairGenerator } from '../core/ab/pairs.ts';
import { generatorKind } from '../core/rng/generators.ts';
import type { PyRandom } from '../core/rng/python-random.ts';
import type { CodeSeat, HostGameSpec, HostJob } from '../core/host/play.ts';
import { encodeResult } from '../core/host/result.ts';
import { addVersion, beginTick, createStore, getVersion, listGames, upsertEntry, type HostSettings, type Store } from '../core/host/store.ts';
import { sha256 } from '../../scraper/extract.ts';
import { validate } from '../../host/validate.ts';
import { ATOMAS_HOST } from './host.ts';
import { AtomasController } from './rules.ts';
import { atomasFlags } from './variants.ts';

const dir = mkdtempSync(join(tmpdir(), 'koth-host-atomas-test-'));
let store: Store | undefined;
afterAll(() => {
  store?.close();
  rmSync(dir, { recursive: true, force: true });
});

const LIMIT_MS = 300;
const kit = replayKit();
// Ours: always fuses/places at index 0 and, for a minus, turns the atom into a plus.
const ZERO = '#!/bin/sh\nread line\necho "0 y"\n';
const GARBAGE = '#!/bin/sh\nread line\necho banana\n';
const CRASHER = '#!/bin/sh\nread line\necho "0 y"\nexit 3\n';
const LOOPER = '#!/bin/sh\nwhile :; do :; done\n';
const NO_SHEBANG = 'echo "0 y"\n';
const SH_SCRIPT = 'read line\necho "0 y"\n';
const CODE = Object.fromEntries([ZERO, GARBAGE, CRASHER, LOOPER, NO_SHEBANG, SH_SCRIPT].map((c) => [sha256(c), c]));
const seat = (className: string, code: string): CodeSeat => ({ sha256: sha256(code), className });
const run = 'host/koth/rules/original';
const job = (games: HostGameSpec[]): HostJob => ({ run, rules: 'original', code: CODE, games });

/** ZERO's game, its answers given in-process on the pair's generator. */
function inProcess(seedKey: number): string {
  const controller = new AtomasController(pairGenerator(generatorKind('cpython2'), run, seedKey) as PyRandom, atomasFlags('original'));
  return encodeResult({ kind: 'score', scores: [controller.playGame({ name: 'Zero', move: () => '0 y\n' }).score] });
}

describe('atomas hosted games of posted programs', () => {
  it('a good program scores what its answers score in-process on the same generator; garbage, a crash, a loop and an unrunnable program fail with their kinds', async () => {
    const good = [0, 1, 2, 3].map((k) => ({ seedKey: k, seats: [seat('Zero', ZERO)] }));
    const out = await ATOMAS_HOST.playGames(
      job([...good, { seedKey: 0, seats: [seat('Garbage', GARBAGE)] }, { seedKey: 0, seats: [seat('Crasher', CRASHER)] }, { seedKey: 0, seats: [seat('Looper', LOOPER)] }, { seedKey: 0, seats: [seat('Bare', NO_SHEBANG)] }, { seedKey: 0, seats: ['RandomBot'] }]),
      { kit, timeLimitMs: LIMIT_MS },
    );
    expect(out.slice(0, 4)).toEqual(good.map((g) => ({ result: inProcess(g.seedKey) })));
    expect(new Set(out.slice(0, 4).map((o) => ('result' in o ? o.result : ''))).size).toBeGreaterThan(1);
    const [garbage, crasher, looper, bare, port] = out.slice(4);
    expect(garbage).toEqual({ failed: { seat: 0, kind: 'illegal', reason: "move 1: the controller cannot take its answer (ValueError: invalid literal for int() with base 10: 'banana')" } });
    expect(crasher).toEqual({ failed: { seat: 0, kind: 'crash', reason: 'move 1: the program exited with status 3' } });
    expect(looper).toEqual({ failed: { seat: 0, kind: 'timeout', reason: `move 1 passed the time limit of ${LIMIT_MS} ms (killed)` } });
    expect(bare).toMatchObject({ failed: { seat: 0, kind: 'load', reason: expect.stringMatching(/begin it with a #! line/) } });
    expect(port).toEqual({ result: expect.stringMatching(/^s:\d+$/) });
  }, 60_000);

  it('a program of a script language without #! runs with its interpreter (program:sh)', async () => {
    const out = await ATOMAS_HOST.playGames(job([{ seedKey: 2, seats: [{ ...seat('Bare', NO_SHEBANG), language: 'program:sh' }] }]), { kit });
    expect(out).toEqual([{ result: inProcess(2) }]);
  }, 60_000);

  it('validate (--allow-programs): the good program becomes active with its smoke games; the others are rejected with the reason', async () => {
    const settings: HostSettings = { game: 'atomas', source: 'dir:/tmp/bots', rules: 'original', seed: 'koth', house: [], elo0: 0, elo1: 5, alpha: 0.05, beta: 0.05, allowPrograms: true };
    store = createStore(join(dir, 'host'), settings);
    const ids: Record<string, number> = {};
    for (const [name, code, language] of [['Zero', ZERO, 'program'], ['Garbage', GARBAGE, 'program'], ['Crasher', CRASHER, 'program'], ['Looper', LOOPER, 'program'], ['Bare', NO_SHEBANG, 'program'], ['Script', SH_SCRIPT, 'program:sh']] as const) {
      const e = upsertEntry(store, { answer: name, className: name, author: '' });
      ids[name] = addVersion(store, { entry: e.id, sha256: sha256(code), code, language, posted: null, edited: null }).version.id;
    }
    const tick = beginTick(store);
    const report = await validate(store, findGame('atomas')!, { kit, tick: tick.tick, timeLimitMs: LIMIT_MS });
    tick.finish();
    // A script without #! (a dir: file's extension, program:sh) runs with its interpreter.
    expect(report.active).toEqual([ids.Zero, ids.Script]);
    const reason = (n: string) => getVersion(store!, ids[n]!)!.reason;
    expect(reason('Zero')).toBeNull();
    expect(reason('Garbage')).toBe("smoke game 1 of 4: move 1: the controller cannot take its answer (ValueError: invalid literal for int() with base 10: 'banana')");
    expect(reason('Crasher')).toBe('smoke game 1 of 4: move 1: the program exited with status 3');
    expect(reason('Looper')).toBe(`smoke game 1 of 4: move 1 passed the time limit of ${LIMIT_MS} ms (killed)`);
    expect(reason('Bare')).toMatch(/^smoke game 1 of 4: cannot tell how to run this program: begin it with a #! line/);
    // The good program's smoke games: alone (one seat), seed keys 0…3, each its score.
    const smoke = listGames(store).filter((g) => g.seats.includes(ids.Zero!));
    expect(smoke.map((g) => [g.seedKey, g.seats, g.kind])).toEqual([0, 1, 2, 3].map((k) => [k, [ids.Zero], 'smoke']));
    expect(smoke.every((g) => /^s:\d+$/.test(g.result))).toBe(true);
  }, 60_000);
});

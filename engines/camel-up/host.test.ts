/**
 * Hosted camel-up games (engines/camel-up/host.ts) with posted answers in the Pyodide sandbox:
 * our own few-line players (never an original answer), written as answers were (a block pasted
 * into players.py), among ports. An answer places where the same player written in TypeScript
 * places in the rules' own tournament game on the same generator; a game's outcome depends on its
 * seed key and seats only: tasks of 1 game on 2 workers and of 3 games on 1 worker give the same
 * outcomes, failures included; each failure names its seat and a reason a bot author reads, under
 * the 2018 rules and the 2026 Cup's; validate() (host/validate.ts) makes a good answer active and
 * rejects a bad one. Sandbox lane (vitest.config.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findGame, replayKit } from '../registry.ts';
import type { CodeSeat, HostJob, HostOutcome } from '../core/host/play.ts';
import { placesOfScores } from '../core/host/result.ts';
import { addVersion, beginTick, createStore, getVersion, listGames, upsertEntry, type HostSettings, type Store } from '../core/host/store.ts';
import type { SandboxPool } from '../core/sandbox/pool.ts';
import { pairGenerator } from '../core/ab/pairs.ts';
import { generatorKind } from '../core/rng/generators.ts';
import type { PyRandom } from '../core/rng/python-random.ts';
import { sha256 } from '../../scraper/extract.ts';
import { validate } from '../../host/validate.ts';
import { camelBot } from './ports.ts';
import type { CamelPlayer } from './rules.ts';
import { playGames } from './tournament.ts';
import { playTournament2026 } from './format2026.ts';

const player = (name: string, body: string) => `class ${name}(PlayerInterface):\n    def move(player, g):\n${body}\n`;
/** Rolls or bets on a random round winner, drawing from the shared `random`. */
const GAMBLER = player('Gambler', '        if random.random() < 0.5:\n            return [0]\n        return [2, random.randint(0, 4)]');
const BROKEN = 'class Broken(PlayerInterface):\n    def move(player, g)\n        return [0]\n';
const RAISER = player('Raiser', '        return [0, 1 / 0]');
const LOOPER = player('Looper', '        while True:\n            pass\n        return [0]');
const TRAP_OFF = player('TrapOff', '        return [1, 1, 100]');
const EMPTY = player('Empty', '        return []');

/** Gambler written in TypeScript. */
const GamblerTs: CamelPlayer = { name: 'Gambler', move: (_p, _g, { random }) => (random.random() < 0.5 ? [0] : [2, random.randint(0, 4)]) };

const seat = (code: string, className: string): CodeSeat => ({ sha256: sha256(code), className });
const gambler = seat(GAMBLER, 'Gambler');
const code = Object.fromEntries([GAMBLER, BROKEN, RAISER, LOOPER, TRAP_OFF, EMPTY].map((c) => [sha256(c), c]));
const TL = 1000;

const JOB: HostJob = {
  run: 'host/test/rules/original',
  rules: 'original',
  code,
  games: [
    { seedKey: 0, seats: [gambler, 'Player0', 'RoundBetter', 'Trapper'] },
    { seedKey: 1, seats: ['Player0', seat(LOOPER, 'Looper'), gambler, 'Trapper'] },
    { seedKey: 1, seats: ['Player0', gambler, 'RoundBetter', gambler] },
    { seedKey: 2, seats: ['Player0', 'Trapper', 'RoundBetter', seat(BROKEN, 'Broken')] },
    { seedKey: 3, seats: ['Player0', seat(RAISER, 'Raiser'), 'RoundBetter', 'Trapper'] },
    { seedKey: 4, seats: ['Player0', 'Trapper', seat(TRAP_OFF, 'TrapOff'), 'RoundBetter'] },
    { seedKey: 5, seats: ['Trapper', 'Player2', 'Player0', gambler] },
  ],
};
const JOB_2026: HostJob = {
  run: 'host/test/rules/2026',
  rules: '2026',
  code,
  games: [
    { seedKey: 0, seats: ['HandcodedHenry', gambler, 'Player0', 'RoundBetter'] },
    { seedKey: 1, seats: ['Player0', 'RoundBetter', seat(EMPTY, 'Empty'), 'Trapper'] },
    { seedKey: 2, seats: [seat(RAISER, 'Raiser'), gambler, 'Player0', 'Trapper'] },
  ],
};

/** The seats' places in the rules' own tournament game with the seats as its pool (ports, Gambler's TypeScript twin), on pair `seedKey`'s generator. */
function twinPlaces(job: HostJob, i: number): number[] {
  const g = job.games[i]!;
  const names = g.seats.map((s) => (typeof s === 'string' ? s : s.className));
  const resolve = (n: string) => (n === 'Gambler' ? GamblerTs : camelBot(n));
  const random = pairGenerator(generatorKind('cpython3'), job.run, g.seedKey) as PyRandom;
  let order: string[] = [];
  let money: number[] = [];
  if (job.rules === '2026') playTournament2026(names, resolve, random, 1, (r) => ({ order, money } = r));
  else ({ order, money } = playGames(names, resolve, random, job.rules, 1)[0]!);
  return placesOfScores(names.map((n) => money[order.indexOf(n)]!));
}

const pools: SandboxPool[] = [];
let dir: string | undefined;
let store: Store | undefined;
afterAll(async () => {
  for (const p of pools) await p.destroy();
  store?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const failed = (o: HostOutcome) => ('failed' in o ? o.failed : undefined);

describe('camel-up hosted games with posted answers', () => {
  it('outcomes are a function of (seed key, seats): equal in tasks of 1 game on 2 workers and of 3 games on 1 worker; failures name their seat and reason, 2018 and 2026', async () => {
    const host = findGame('camel-up')!.engine!.host!;
    const kit = replayKit();
    const two = kit.sandboxPool('camel-up', 2, { timeoutMs: TL });
    const one = kit.sandboxPool('camel-up', 1, { timeoutMs: TL });
    pools.push(two, one);
    const [split, split26] = await Promise.all([JOB, JOB_2026].map((job) => host.playGames(job, { kit, sandbox: two, batch: 1, timeLimitMs: TL })));
    const three = await host.playGames(JOB, { kit, sandbox: one, batch: 3, timeLimitMs: TL });
    const three26 = await host.playGames(JOB_2026, { kit, sandbox: one, batch: 3, timeLimitMs: TL });
    expect(three).toEqual(split);
    expect(three26).toEqual(split26);

    // The answer that plays places where its TypeScript twin places in the rules' own game.
    for (const [job, out, i] of [[JOB, split!, 0], [JOB, split!, 6], [JOB_2026, split26!, 0]] as const) {
      expect(out[i], `${job.rules} game ${i}`).toEqual({ result: `p:${twinPlaces(job, i).join(',')}` });
    }
    expect(split![2]).toMatchObject({ result: expect.stringMatching(/^p:\d,\d,\d,\d$/) });
    expect(new Set([split![0], split![2], split![6], split26![0]].map((o) => JSON.stringify(o))).size).toBe(4);

    expect(failed(split![1]!)).toMatchObject({ seat: 1, kind: 'timeout' });
    expect(failed(split![1]!)!.reason).toMatch(/time limit of 1000 ms/);
    expect(failed(split![3]!)).toMatchObject({ seat: 3, kind: 'load' });
    expect(failed(split![3]!)!.reason).toMatch(/SyntaxError/);
    expect(failed(split![4]!)).toMatchObject({ seat: 1, kind: 'crash' });
    expect(failed(split![4]!)!.reason).toMatch(/ZeroDivisionError: division by zero.*camelup.py did not catch it/);
    expect(failed(split![5]!)).toMatchObject({ seat: 2, kind: 'illegal' });
    expect(failed(split![5]!)!.reason).toMatch(/camelup.py raised on its answer: IndexError/);
    // 2026: an answer run_game cannot read ends the tournament; a raising player rolls instead (no failure).
    expect(failed(split26![1]!)).toMatchObject({ seat: 2, kind: 'illegal' });
    expect(failed(split26![1]!)!.reason).toMatch(/run_game raised IndexError: list index out of range reading its answer/);
    expect(split26![2]).toMatchObject({ result: expect.stringMatching(/^p:/) });
  }, 120_000);

  it('validate (2026 rules): a good answer becomes active with its smoke games, a syntax error is rejected with the Python error', async () => {
    dir = mkdtempSync(join(tmpdir(), 'koth-camel-validate-'));
    const settings: HostSettings = { game: 'camel-up', source: 'dir:/tmp/bots', rules: '2026', seed: 'koth', house: ['Player0', 'RoundBetter', 'Trapper'], elo0: 0, elo1: 5, alpha: 0.05, beta: 0.05, allowPrograms: false };
    store = createStore(dir, settings);
    const ids: Record<string, number> = {};
    for (const [name, text] of Object.entries({ Gambler: GAMBLER, Broken: BROKEN })) {
      const e = upsertEntry(store, { answer: `${name}.py`, className: name, author: '' });
      ids[name] = addVersion(store, { entry: e.id, sha256: sha256(text), code: text, language: 'python', posted: null, edited: null }).version.id;
    }
    const tick = beginTick(store);
    const report = await validate(store, findGame('camel-up')!, { kit: replayKit(), tick: tick.tick, timeLimitMs: TL, games: 2 });
    tick.finish();
    expect(report.active).toEqual([ids.Gambler]);
    expect(getVersion(store, ids.Gambler!)).toMatchObject({ status: 'active', reason: null });
    expect(getVersion(store, ids.Broken!)).toMatchObject({ status: 'rejected' });
    expect(getVersion(store, ids.Broken!)!.reason).toMatch(/^smoke game 1 of 2: SyntaxError/);
    const smoke = listGames(store).filter((g) => g.seats.includes(ids.Gambler!));
    expect(smoke.map((g) => [g.seedKey, g.seats.indexOf(ids.Gambler!)])).toEqual([[0, 0], [1, 1]]);
    expect(smoke.every((g) => g.kind === 'smoke' && /^p:(\d|-),(\d|-),(\d|-),(\d|-)$/.test(g.result))).toBe(true);
  }, 120_000);
});

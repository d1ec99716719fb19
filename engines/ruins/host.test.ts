/**
 * Hosted ruins games (engines/ruins/host.ts) with posted answers in the Pyodide sandbox: our own
 * few-line adventurers (never an original answer) among ports. An answer scores what the same
 * adventurer written in TypeScript scores on the same generator; a game's outcome depends on its
 * seed key and seats only: tasks of 1 game on 2 workers and of 3 games on 1 worker give the same
 * outcomes, failures included (a task goes on in a new worker after a game the sandbox stopped;
 * a task whose worker the sandbox ended is played again game by game, so only the guilty game
 * fails); each failure names its seat and a reason a bot author reads; validate() (host/validate.ts)
 * makes a good answer active and rejects a bad one. Sandbox lane (vitest.config.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findGame, replayKit } from '../registry.ts';
import type { CodeSeat, HostJob, HostOutcome } from '../core/host/play.ts';
import { decodeResult } from '../core/host/result.ts';
import { addVersion, beginTick, createStore, getVersion, listGames, upsertEntry, type HostSettings, type Store } from '../core/host/store.ts';
import type { SandboxPool } from '../core/sandbox/pool.ts';
import { sha256 } from '../../scraper/extract.ts';
import { validate } from '../../host/validate.ts';
import { Adventurer, type AdventurerClass, type RoomState } from './adventurer.ts';
import { drunkard, ruinsClass } from './ports.ts';
import { runTournament } from './tournament.ts';
import { RUINS_VARIANTS } from './variants.ts';
import { pairGenerator } from '../core/ab/pairs.ts';
import { generatorKind } from '../core/rng/generators.ts';
import type { PyRandom } from '../core/rng/python-random.ts';

const adventurer = (name: string, body: string, extra = '') => `import random\nclass ${name}(Adventurer):\n${extra}    def get_action(self, state):\n${body}\n`;
/** Takes the lightest treasure of the first room (bidding its weight plus 0–3 from self.random), then leaves. */
const GRABBER = adventurer(
  'Grabber',
  [
    '        if state.inventory or not state.treasures:',
    "            return 'previous'",
    '        i = min(range(len(state.treasures)), key=lambda j: state.treasures[j].weight)',
    "        return 'take', i, state.treasures[i].weight + self.random.randint(0, 3)",
  ].join('\n'),
);
const BROKEN = "class Broken(Adventurer):\n    def get_action(self, state)\n        return 'next'\n";
const RAISER = adventurer('Raiser', "        return 'next'", '    def __init__(self, name, random):\n        super().__init__(name, random)\n        self.x = 1 / 0\n');
const LOOPER = adventurer('Looper', "        while True:\n            pass\n        return 'next'");
const EMPTY = adventurer('Empty', '        return ()');
/** Catches the sandbox's interrupt and loops on: the sandbox ends its worker. */
const STUBBORN = adventurer('Stubborn', "        while True:\n            try:\n                while True:\n                    pass\n            except BaseException:\n                pass")

/** Grabber written in TypeScript: the sandboxed answer must score what it scores. */
class GrabberTs extends Adventurer {
  static readonly botName = 'Grabber';
  override getAction(state: RoomState): unknown {
    if (state.inventory.length || !state.treasures.length) return 'previous';
    let i = 0;
    state.treasures.forEach((t, j) => {
      if (t.weight < state.treasures[i]!.weight) i = j;
    });
    return ['take', i, state.treasures[i]!.weight + (this.random.randint(0, 3) as number)];
  }
}

const seat = (code: string, className: string): CodeSeat => ({ sha256: sha256(code), className });
const grabber = seat(GRABBER, 'Grabber');
const broken = seat(BROKEN, 'Broken');
const raiser = seat(RAISER, 'Raiser');
const looper = seat(LOOPER, 'Looper');
const empty = seat(EMPTY, 'Empty');
const TL = 1000;

const JOB: HostJob = {
  run: 'host/test/rules/fixed',
  rules: 'fixed',
  code: Object.fromEntries([GRABBER, BROKEN, RAISER, LOOPER, EMPTY, STUBBORN].map((c) => [sha256(c), c])),
  games: [
    { seedKey: 0, seats: [grabber, 'Coward', 'EagerThief'] },
    { seedKey: 1, seats: ['Chad', looper, grabber] },
    { seedKey: 1, seats: ['GreedyBastard', grabber, 'EmoKid', grabber] },
    { seedKey: 2, seats: ['Coward', broken] },
    { seedKey: 3, seats: [grabber, 'Coward', raiser] },
    { seedKey: 4, seats: ['EagerThief', empty, 'Coward'] },
    { seedKey: 5, seats: [grabber, grabber] },
    { seedKey: 6, seats: ['EmoKid', grabber] },
  ],
};

const pools: SandboxPool[] = [];
let dir: string | undefined;
let store: Store | undefined;
afterAll(async () => {
  for (const p of pools) await p.destroy();
  store?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const failed = (o: HostOutcome) => ('failed' in o ? o.failed : undefined);

describe('ruins hosted games with posted answers', () => {
  it('outcomes are a function of (seed key, seats): equal in tasks of 1 game on 2 workers and of 3 games on 1 worker; failures name their seat and reason', async () => {
    const host = findGame('ruins')!.engine!.host!;
    const kit = replayKit();
    const two = kit.sandboxPool('ruins', 2, { timeoutMs: TL });
    const one = kit.sandboxPool('ruins', 1, { timeoutMs: TL });
    pools.push(two, one);
    const split = await host.playGames(JOB, { kit, sandbox: two, batch: 1, timeLimitMs: TL });
    const three = await host.playGames(JOB, { kit, sandbox: one, batch: 3, timeLimitMs: TL });
    expect(three).toEqual(split);

    // The answer that plays scores what its TypeScript twin scores in the first game of run_tournament on the same generator.
    for (const i of [0, 7]) {
      const g = JOB.games[i]!;
      const classes = g.seats.map((s) => (typeof s === 'string' ? ruinsClass(s)! : (GrabberTs as unknown as AdventurerClass)));
      const random = pairGenerator(generatorKind('cpython3'), JOB.run, g.seedKey) as PyRandom;
      const t = runTournament(classes, 'unused', { flags: RUINS_VARIANTS.fixed.flags, drunkard: drunkard(), maxFinalGames: 1, random });
      expect(split[i], `game ${i}`).toEqual({ result: `s:${classes.map((c) => t.rows.find((r) => r.bot === c.botName)!.score).join(',')}` });
    }
    for (const i of [0, 2, 6, 7]) {
      const r = decodeResult((split[i] as { result: string }).result);
      expect(r.kind === 'score' && r.scores.length).toBe(JOB.games[i]!.seats.length);
    }
    expect(new Set([0, 2, 6, 7].map((i) => (split[i] as { result: string }).result)).size).toBe(4);

    expect(failed(split[1]!)).toMatchObject({ seat: 1, kind: 'timeout' });
    expect(failed(split[1]!)!.reason).toMatch(/time limit of 1000 ms/);
    expect(failed(split[3]!)).toMatchObject({ seat: 1, kind: 'load' });
    expect(failed(split[3]!)!.reason).toMatch(/SyntaxError/);
    expect(failed(split[4]!)).toMatchObject({ seat: 2, kind: 'crash' });
    expect(failed(split[4]!)!.reason).toMatch(/ZeroDivisionError: division by zero.*Raiser.__init__/);
    expect(failed(split[5]!)).toMatchObject({ seat: 1, kind: 'illegal' });
    expect(failed(split[5]!)!.reason).toMatch(/ruins.py crashed on its action: ValueError: not enough values to unpack.*\(Empty\)/);
  }, 120_000);

  it("a task whose worker the sandbox ended: only that game fails, the task's other games keep their results", async () => {
    const host = findGame('ruins')!.engine!.host!;
    const kit = replayKit();
    const [one] = pools.slice(-1);
    const games = [JOB.games[0]!, { seedKey: 9, seats: ['Coward', seat(STUBBORN, 'Stubborn')] }, JOB.games[7]!];
    const out = await host.playGames({ ...JOB, games }, { kit, sandbox: one, batch: 3, timeLimitMs: TL });
    const alone = await host.playGames({ ...JOB, games: [games[0]!, games[2]!] }, { kit, sandbox: one, batch: 1, timeLimitMs: TL });
    expect([out[0], out[2]]).toEqual(alone);
    expect(alone.every((o) => 'result' in o)).toBe(true);
    expect(failed(out[1]!)).toMatchObject({ seat: 1, kind: 'timeout' });
    expect(failed(out[1]!)!.reason).toMatch(/time limit of 1000 ms .*interrupting it did not stop it/);
  }, 120_000);

  it('validate: a good answer becomes active with its smoke games, a syntax error is rejected with the Python error', async () => {
    dir = mkdtempSync(join(tmpdir(), 'koth-ruins-validate-'));
    const settings: HostSettings = { game: 'ruins', source: 'dir:/tmp/bots', rules: 'fixed', seed: 'koth', house: ['Coward', 'EagerThief'], elo0: 0, elo1: 5, alpha: 0.05, beta: 0.05, allowPrograms: false };
    store = createStore(dir, settings);
    const ids: Record<string, number> = {};
    for (const [name, code] of Object.entries({ Grabber: GRABBER, Broken: BROKEN })) {
      const e = upsertEntry(store, { answer: `${name}.py`, className: name, author: '' });
      ids[name] = addVersion(store, { entry: e.id, sha256: sha256(code), code, language: 'python', posted: null, edited: null }).version.id;
    }
    const tick = beginTick(store);
    const report = await validate(store, findGame('ruins')!, { kit: replayKit(), tick: tick.tick, timeLimitMs: TL, games: 2 });
    tick.finish();
    expect(report.active).toEqual([ids.Grabber]);
    expect(getVersion(store, ids.Grabber!)).toMatchObject({ status: 'active', reason: null });
    expect(getVersion(store, ids.Broken!)).toMatchObject({ status: 'rejected' });
    expect(getVersion(store, ids.Broken!)!.reason).toMatch(/^smoke game 1 of 2: SyntaxError/);
    const smoke = listGames(store).filter((g) => g.seats.includes(ids.Grabber!));
    expect(smoke.map((g) => g.seedKey)).toEqual([0, 1]);
    expect(smoke.every((g) => g.kind === 'smoke' && /^s:\d+,\d+,\d+$/.test(g.result))).toBe(true);
  }, 120_000);
});

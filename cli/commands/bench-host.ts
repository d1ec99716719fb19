/**
 * `koth bench host`: the speed of a host's own work (issue 40, docs/bench.md), on a synthetic host
 * (engines/core/host/synthetic.ts) built in a temporary folder — 200 entries with 1,000,000
 * dice-shaped field games stored as a tick stores them (`--quick`: 20,000 games) — timing:
 *
 *  - publishing its site as a tick's step 6 does, the board given (publishSite): goal ≤ 10 s;
 *  - rating, the board alone (computeBoard, 1000 bootstrap resamples: step 5), and both together;
 *  - a real tick (host/tick.ts) of 10,000 dice games (`--quick`: 100) on a host of seven house
 *    ports and one posted answer (a few lines of our own, in the sandbox, so every game seats it,
 *    as a living KotH's games seat answers): the tick's own work — everything but playing games:
 *    ingest, tests, scheduling, storing, rating, publishing — as a share of the tick: goal ≤ 5 %;
 *  - `koth host verify --sample all` over that host's stored games, in games per second beside the
 *    tick's own play (the goal: verify replays at the replay's speed).
 *
 * Wall seconds (the median of `--runs`) and the CPU seconds of the same runs (what a busy machine
 * changes least). No test times anything: test/bench-host.test.ts checks the output's shape.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BenchFigure } from '../../engines/core/game.ts';
import { computeBoard } from '../../engines/core/host/board.ts';
import { publishSite } from '../../engines/core/host/publish.ts';
import { buildSyntheticHost } from '../../engines/core/host/synthetic.ts';
import { createStore } from '../../engines/core/host/store.ts';
import { runTick } from '../../host/tick.ts';
import { verifyHost } from '../../host/verify.ts';
import { findGame, replayKit } from '../../engines/registry.ts';

/** The goals issue 40 sets (seconds, share). */
export const HOST_PUBLISH_GOAL_S = 10;
export const HOST_TICK_SHARE_GOAL = 0.05;

interface Timed {
  wall: number;
  cpu: number;
}

/** Wall and CPU seconds of `fn`. */
async function timed(fn: () => unknown): Promise<Timed> {
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  await fn();
  const wall = (performance.now() - t0) / 1000;
  const c = process.cpuUsage(c0);
  return { wall, cpu: (c.user + c.system) / 1e6 };
}

const median = (xs: readonly number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

/** The figures of `koth bench host` (see the file's comment). */
export async function hostBenchFigures(o: { quick: boolean; runs?: number }): Promise<BenchFigure[]> {
  const entries = 200;
  const games = o.quick ? 20_000 : 1_000_000;
  const resamples = o.quick ? 50 : 1000;
  const tickGames = o.quick ? 1000 : 10_000;
  /** The real tick's games (`--quick`: a few, the sandbox plays them at about 100 a second). */
  const answerTickGames = o.quick ? 100 : 10_000;
  const runs = o.runs ?? 1;
  const dir = mkdtempSync(join(tmpdir(), 'koth-bench-host-'));
  const shape = `${entries} entries, ${games.toLocaleString('en-US')} games`;
  try {
    let store!: ReturnType<typeof buildSyntheticHost>;
    const build = await timed(() => (store = buildSyntheticHost(join(dir, 'host'), { entries, games })));
    const hashes = { engineHash: '0'.repeat(64), rulesHash: '0'.repeat(64) };
    const publish: Timed[] = [];
    const board: Timed[] = [];
    const given: Timed[] = [];
    for (let r = 0; r < runs; r++) {
      publish.push(await timed(() => publishSite(store, { ...hashes, resamples })));
      let b!: ReturnType<typeof computeBoard>;
      board.push(await timed(() => (b = computeBoard(store, { resamples }))));
      given.push(await timed(() => publishSite(store, { ...hashes, board: b })));
    }
    store.close();
    const play = await timed(() => playDicePorts(tickGames));
    const tick = await benchTick(join(dir, 'tick'), answerTickGames, o.quick ? 40 : 200);
    const figure = (name: string, ts: Timed[], goal?: BenchFigure['goal']): BenchFigure => ({
      name,
      value: median(ts.map((t) => t.wall)),
      unit: 's',
      ...(ts.length > 1 ? { runs: ts.map((t) => t.wall) } : {}),
      note: `${median(ts.map((t) => t.cpu)).toFixed(2)} s of CPU`,
      ...(goal ? { goal } : {}),
    });
    return [
      figure(`host: build a synthetic host (${shape})`, [build]),
      figure(`host: rate and publish, the board computed too (${resamples} resamples)`, publish),
      figure(`host: rate: the board alone (computeBoard)`, board),
      figure("host: publish the site, the board given (a tick's step 6)", given, { text: `≤ ${HOST_PUBLISH_GOAL_S} s`, met: o.quick ? null : median(given.map((t) => t.wall)) <= HOST_PUBLISH_GOAL_S }),
      figure(`host: play ${tickGames.toLocaleString('en-US')} dice games of ports, 8 seats`, [play]),
      { name: `host: a ${answerTickGames.toLocaleString('en-US')}-game dice tick (7 ports, 1 posted answer)`, value: tick.total, unit: 's', note: `playing ${tick.play.toFixed(1)} s, its own work ${tick.own.toFixed(2)} s (${tick.parts})` },
      {
        name: `host: the tick's own work, share of the tick`,
        value: (tick.own / tick.total) * 100,
        unit: '%',
        note: 'everything but playing the games',
        goal: { text: `≤ ${HOST_TICK_SHARE_GOAL * 100} %`, met: o.quick ? null : tick.own / tick.total <= HOST_TICK_SHARE_GOAL },
      },
      {
        name: 'host: verify --sample all, games/s',
        value: tick.verifyRate,
        unit: 'games/s',
        note: `the tick played ${tick.playRate.toFixed(0)} games/s`,
        goal: { text: "the replay's speed (≥ 80 % of the tick's play)", met: o.quick ? null : tick.verifyRate >= 0.8 * tick.playRate },
      },
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A bot of our own (a few lines; never an original answer's code), the posted answer of the bench's host. */
const BENCH_ANSWER = 'class Steady(Bot):\n    def make_throw(self, scores, last_round):\n        while sum(self.current_throws) < 15:\n            yield True\n        yield False\n';

/**
 * A real tick of `games` dice games on a host in `dir` (seven house ports, one posted answer in a
 * folder): a first tick validates the answer and plays `first` games, the second is timed by its own
 * report (TickReport.ms); then verify replays every stored game.
 */
async function benchTick(dir: string, games: number, first: number): Promise<{ total: number; play: number; own: number; parts: string; playRate: number; verifyRate: number }> {
  const bots = join(dir, 'bots');
  mkdirSync(bots, { recursive: true });
  writeFileSync(join(bots, 'steady.py'), BENCH_ANSWER);
  const house = ['OptFor2X', 'GoToTenBot', 'HarkonnenBot', 'BrainBot', 'SafetyNet', 'BePrepared', 'EnsureLead'];
  const store = createStore(join(dir, 'host'), { game: 'dice', source: `dir:${bots}`, rules: 'fixed', seed: 'bench', house, elo0: 0, elo1: 5, alpha: 0.05, beta: 0.05, allowPrograms: false });
  try {
    const kit = replayKit();
    await runTick(store, { kit, games: first, testPairs: 1 });
    const r = await runTick(store, { kit, games, testPairs: 1 });
    const ms = r.ms;
    const own = (ms.total - ms.play) / 1000;
    const parts = (['ingest', 'validate', 'test', 'schedule', 'store', 'rate', 'publish'] as const).map((k) => `${k} ${(ms[k] / 1000).toFixed(2)}`).join(', ');
    const stored = Number(store.row('SELECT count(*) AS n FROM games')!.n);
    const v = await timed(() => verifyHost(store, findGame('dice')!, { kit, sample: 'all' }));
    return { total: ms.total / 1000, play: ms.play / 1000, own, parts, playRate: (r.played.field + r.played.test) / (ms.play / 1000), verifyRate: stored / v.wall };
  } finally {
    store.close();
  }
}

/** Plays `n` hosted dice games of 8 ports (deals of 8 rotations), as a tick's field games are played. */
async function playDicePorts(n: number): Promise<void> {
  const host = findGame('dice')?.engine?.host;
  if (!host) throw new Error('dice has no host');
  const seats = ['OptFor2X', 'GoToTenBot', 'HarkonnenBot', 'BrainBot', 'SafetyNet', 'BePrepared', 'EnsureLead', 'PointsAreForNerdsBot'];
  const specs = Array.from({ length: n }, (_, g) => {
    const r = g % seats.length;
    return { seedKey: Math.floor(g / seats.length), seats: [...seats.slice(r), ...seats.slice(0, r)] };
  });
  await host.playGames({ run: 'host/bench/rules/original', rules: 'original', code: {}, games: specs }, { kit: replayKit() });
}

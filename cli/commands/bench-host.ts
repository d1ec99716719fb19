/**
 * `koth bench host`: the speed of a host's own work (issue 40, docs/bench.md), on a synthetic host
 * (engines/core/host/synthetic.ts) built in a temporary folder — 200 entries with 1,000,000
 * dice-shaped field games stored as a tick stores them (`--quick`: 20,000 games) — timing:
 *
 *  - publishing its site as a tick does, board and all (publishSite): goal ≤ 10 s;
 *  - the board alone (computeBoard, 1000 bootstrap resamples) and the site with the board given;
 *  - a tick's own work against a 10,000-game dice tick: that work (the site, board and all) as a
 *    share of the tick, the games timed as dice ports play them here: goal ≤ 5 %.
 *
 * Wall seconds (the median of `--runs`) and the CPU seconds of the same runs (what a busy machine
 * changes least). No test times anything: test/bench-host.test.ts checks the output's shape.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BenchFigure } from '../../engines/core/game.ts';
import { computeBoard } from '../../engines/core/host/board.ts';
import { publishSite } from '../../engines/core/host/publish.ts';
import { buildSyntheticHost } from '../../engines/core/host/synthetic.ts';
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
    const own = median(publish.map((t) => t.wall));
    const share = own / (own + play.wall);
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
      figure(`host: publish its site, board included (${resamples} resamples)`, publish, { text: `≤ ${HOST_PUBLISH_GOAL_S} s`, met: o.quick ? null : own <= HOST_PUBLISH_GOAL_S }),
      figure(`host: the board alone (computeBoard)`, board),
      figure('host: publish, board given (a tick\'s path)', given),
      figure(`host: play ${tickGames.toLocaleString('en-US')} dice games of ports, 8 seats`, [play]),
      {
        name: `host: the site's share of a ${tickGames.toLocaleString('en-US')}-game dice tick of ports`,
        value: share * 100,
        unit: '%',
        note: 'posted answers play far slower (sandbox)',
        goal: { text: `≤ ${HOST_TICK_SHARE_GOAL * 100} %`, met: o.quick ? null : share <= HOST_TICK_SHARE_GOAL },
      },
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
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

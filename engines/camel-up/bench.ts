/**
 * `koth bench camel-up [--original DIR]`: the published pool (Sir_Humpfree_Bogart seated: its
 * 10,000 futures per move are the cost), beside camelup.py in the same invocation.
 *
 * Run r (of --runs, default 3) plays seed r+1: camelup.py plays its first games of that seed
 * through our recorder (tools/oracle/camel-up/record.py --timing, which imports the original
 * files from DIR unchanged and times its games loop alone), and we play the SAME games
 * (runExact, same seed, same count, on this thread; repeated a few times, same work each time)
 * and check they came out equal to camelup.py's (after one untimed game: JIT warm-up). "Per CPU-second" figures divide games by the
 * CPU time of the process (ours: process.cpuUsage; camelup.py: time.process_time), so other
 * work on a shared machine stretches wall time but hardly these: that ratio is the one to
 * quote. Then a 100-game tournament (statistical mode, sharded) on 1 and N workers, wall and
 * CPU. Without DIR camelup.py is NOT measured: a recorded figure is shown, labelled as such.
 *
 * The 2026 house bots (their ports in transpiled-bots/camel-up/): each port seated with Player0,
 * Player2, Player0 under --rules 2026, the same games as camelup.py 2026 with the house bot as
 * posted (record.py --modules bots.test.players,bots.house.<Bot>, run natively from a checkout at
 * 2dbad1c: --original DIR when DIR is such a checkout, else KOTH_CAMEL_2026), per CPU-second, and
 * the games checked equal; then a 2026 tournament of the `house` pool, projected to 500 games.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { median, cpuSeconds, oracleFile } from '../core/bench.ts';
import type { BenchContext, BenchFigure } from '../core/game.ts';
import { UserError } from '../core/cli/errors.ts';
import { trials } from './trials.ts';
import { runExact, type CamelGameRecord, type CamelRunOptions, type CamelStats } from './tournament.ts';
import { CAMEL_POOLS, camelPlayer, housePorts } from './ports.ts';

/** camelup.py at 46f6797, published pool, seeds 1–3 × 2 games, median CPU time of its games loop a game (CPython 3.11.7, this machine, 2026-11-23, `--runs 3`). */
const RECORDED = { cpuSecondsPerGame: 10.1, date: '2026-11-23', python: '3.11.7' };

const POOL = ['Player0', 'Player1', 'Player2', 'Sir_Humpfree_Bogart'];


/** Is DIR a checkout of the 2026 revision (bots/house/ beside camelup.py)? */
const is2026Checkout = (dir: string): boolean => existsSync(join(dir, 'camelup.py')) && existsSync(join(dir, 'bots', 'house', 'HandcodedHenry.py'));

/**
 * camelup.py 2026's CPU-seconds a game with each house bot seated with Player0, Player2, Player0
 * (seed 1, 1 game: `record.py --timing`, as fixtures/camel-up/traces/2026/README.md, CPython 3.11.7,
 * this machine, 2026-11-26; shared with other work).
 */
const RECORDED_HOUSE: Record<string, number> = { ClaudeCamel: 2.94, FabelFelix: 1.19, GeminiGerry: 2.40, HandcodedHenry: 4.61, OpusOmul: 4.23 };
const RECORDED_HOUSE_DATE = '2026-11-26';

const houseSeats = (bot: string) => [bot, 'Player0', 'Player2', 'Player0'];

function runHouseOriginal(recorder: string, dir: string, bot: string, seed: number, games: number): OriginalRun {
  const res = spawnSync(
    'python3',
    [recorder, '--checkout', dir, '--seed', String(seed), '--games', String(games), '--pool', houseSeats(bot).join(','), '--modules', `bots.test.players,bots.house.${bot}`, '--timing'],
    { encoding: 'utf8', timeout: 1_800_000, maxBuffer: 256 * 2 ** 20 },
  );
  if (res.error) throw new UserError(`could not run python3 for camelup.py 2026: ${res.error.message}. Install python3 (3.8+), or run without the 2026 checkout.`);
  if (res.status !== 0) throw new UserError(`camelup.py 2026 with ${bot} failed (exit ${res.status}):\n${res.stderr.trim().split('\n').slice(-5).join('\n')}\nCheck the checkout (2dbad1c), or run without it.`);
  return JSON.parse(res.stdout.trim().split('\n').pop()!) as OriginalRun;
}

/** The house ports' rows (see the file's head). */
async function houseBench(ctx: BenchContext, runs: number, dir: string | undefined): Promise<BenchFigure[]> {
  const recorder = dir ? oracleFile('camel-up', 'record.py') : undefined;
  if (dir && !recorder) throw new UserError('tools/oracle/camel-up/record.py not found next to this installation: run koth from the repository checkout.');
  const games = 1;
  const repeats = ctx.quick ? 1 : 3;
  const figures: BenchFigure[] = [];
  const fig = (name: string, xs: number[], unit: string, extra: Partial<BenchFigure> = {}): BenchFigure => ({ name, value: median(xs), unit, runs: xs, ...extra });
  // Every house port has its speed rows; FabelFelix's games are not compared (its search is budgeted by
  // the clock, so the original's moves depend on the machine: transpiled-bots/camel-up/FabelFelix.ts).
  const bots = housePorts();
  const clockBound = (bot: string) => bot === 'FabelFelix';
  for (const bot of bots) {
    const seats = houseSeats(bot);
    runExact(seats, camelPlayer, 1n, '2026', 1); // JIT warm-up, untimed
    const ours: number[] = [];
    const py: number[] = [];
    const unequal: string[] = [];
    let python = '';
    for (let r = 0; r < runs; r++) {
      const seed = r + 1;
      const orig = recorder ? runHouseOriginal(recorder, dir!, bot, seed, games) : undefined;
      let played: CamelGameRecord[] = [];
      const c0 = process.cpuUsage();
      for (let k = 0; k < repeats; k++) played = runExact(seats, camelPlayer, BigInt(seed), '2026', games).games;
      ours.push((games * repeats) / cpuSeconds(c0));
      if (orig) {
        python = orig.python;
        py.push(games / orig.cpuSeconds);
        for (let i = 0; i < games; i++) if (JSON.stringify(played[i]) !== JSON.stringify(orig.games[i])) unequal.push(`seed ${seed} game ${i + 1}`);
      }
    }
    const with_ = `seated with ${seats.slice(1).join(', ')}, --rules 2026, seed${runs > 1 ? `s 1–${runs}` : ' 1'}`;
    const recorded = RECORDED_HOUSE[bot];
    const reference = recorder
      ? { value: median(py), source: `${bot}.py in camelup.py 2026 this run (CPython ${python}, CPU time of its games loop)`, runs: py }
      : recorded
        ? { value: 1 / recorded, source: `${bot}.py NOT measured now (no 2026 checkout: --original DIR@2dbad1c or KOTH_CAMEL_2026): recorded ${RECORDED_HOUSE_DATE}, CPython 3.11.7, CPU time` }
        : undefined;
    const note = clockBound(bot) ? { note: 'the port with its default budget (clock frozen: 3,000 futures a move, every trap priced); the original reads time.perf_counter, so its games are not compared' } : {};
    figures.push(fig(`camel-up 2026 house port ${bot} (${with_}): games per CPU-second`, ours, 'games/s', { ...(reference ? { reference } : {}), ...note }));
    if (recorder && clockBound(bot)) {
      figures.push(fig(`camel-up 2026 house port ${bot}: speed-up per CPU-second, run by run (port / original, same seed)`, ours.map((v, i) => v / py[i]!), '×'));
    } else if (recorder) {
      figures.push(
        fig(`camel-up 2026 house port ${bot}: speed-up per CPU-second, run by run (port / original, same seed)`, ours.map((v, i) => v / py[i]!), '×'),
        {
          name: `camel-up 2026 house port ${bot}: our games equal camelup.py 2026's with ${bot}.py`,
          value: runs * games - unequal.length,
          unit: 'games',
          note: unequal.length ? `NOT EQUAL: ${unequal.join(', ')} of ${runs * games} — run transpiled-bots/camel-up/traces.test.ts` : `all ${runs * games} (order, winners, money)`,
        },
      );
    }
  }
  // A 2026 tournament of the house pool, projected to 500 games.
  const n = ctx.quick ? 4 : 20;
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let r = 0; r < runs; r++) {
    const c1 = process.cpuUsage();
    const res = await ctx.kit.runSharded<CamelRunOptions, CamelStats>({ game: 'camel-up', spec: trials, opts: { bots: [...CAMEL_POOLS.house!], rules: '2026' }, seed: `bench/house/${r}`, trials: n, shardSize: 2, workers: ctx.workers, label: 'bench camel-up house' });
    wall.push((res.elapsedMs / 1000) * (500 / n));
    cpu.push(cpuSeconds(c1) * (500 / n));
  }
  figures.push(
    fig(`camel-up: a 500-game 2026 tournament of the house pool (${CAMEL_POOLS.house!.join(', ')}; ${n} games × ${500 / n}), ${ctx.workers} worker${ctx.workers > 1 ? 's' : ''}: wall`, wall, 's', {
      note: 'the house bots as posted: about 10 s a game each in CPython, over an hour for 500 games',
    }),
    fig(`camel-up: the same 500-game house tournament: CPU time (all threads)`, cpu, 's'),
  );
  return figures;
}

function checkOriginalDir(dir: string): void {
  for (const f of ['camelup.py', 'players.py', 'Sir_Humpfree_Bogart.py']) {
    if (!existsSync(join(dir, f)))
      throw new UserError(
        `--original ${dir}: ${f} not found. Give a checkout of GitHub trbarron/Camel_Up_Cup_2K18 at 46f6797 (the 2018-06-20 controller), made outside this repository.`,
      );
  }
}

interface OriginalRun {
  games: CamelGameRecord[];
  seconds: number;
  cpuSeconds: number;
  python: string;
}

function runOriginal(recorder: string, dir: string, seed: number, games: number): OriginalRun {
  const res = spawnSync('python3', [recorder, '--checkout', dir, '--seed', String(seed), '--games', String(games), '--pool', POOL.join(','), '--timing'], {
    encoding: 'utf8',
    timeout: 1_800_000,
    maxBuffer: 256 * 2 ** 20,
  });
  if (res.error) throw new UserError(`could not run python3 for camelup.py: ${res.error.message}. Install python3 (3.6+), or run without --original.`);
  if (res.status !== 0) throw new UserError(`camelup.py failed (exit ${res.status}):\n${res.stderr.trim().split('\n').slice(-5).join('\n')}\nCheck DIR, or run without --original.`);
  return JSON.parse(res.stdout.trim().split('\n').pop()!) as OriginalRun;
}



export async function camelBench(ctx: BenchContext): Promise<BenchFigure[]> {
  const runs = Math.max(1, ctx.runs ?? (ctx.quick ? 1 : 3));
  const games = ctx.quick ? 1 : 2; // per seed: camelup.py needs ~11–15 CPU-seconds a game
  const repeats = ctx.quick ? 2 : 5; // ours replays the same games this often per run
  const tournamentGames = ctx.quick ? 20 : 100;
  const workerCounts = [1, ctx.workers].filter((w, i, a) => a.indexOf(w) === i);
  // --original names the 2018 checkout, or the 2026 one (then the 2018 rows take KOTH_CAMEL_ORIGINAL's, and the house rows --original's).
  const given2026 = ctx.original !== undefined && is2026Checkout(ctx.original);
  const dir = (given2026 ? undefined : ctx.original) ?? (process.env.KOTH_CAMEL_ORIGINAL || undefined);
  const dir2026 = given2026 ? ctx.original : process.env.KOTH_CAMEL_2026 || undefined;
  if (dir2026 !== undefined && !is2026Checkout(dir2026))
    throw new UserError(`KOTH_CAMEL_2026=${dir2026}: camelup.py and bots/house/ not found. Give a checkout of GitHub trbarron/Camel_Up_Cup_2K18 at 2dbad1c (2026), made outside this repository, or unset it.`);
  let recorder: string | undefined;
  if (dir) {
    checkOriginalDir(dir);
    recorder = oracleFile('camel-up', 'record.py');
    if (!recorder) throw new UserError('tools/oracle/camel-up/record.py not found next to this installation: run koth from the repository checkout.');
  }

  // JIT warm-up, untimed (CPython has none to do): one game of seed 1.
  runExact(POOL, camelPlayer, 1n, 'original', 1);
  const orig: OriginalRun[] = [];
  const oursCpu: number[] = [];
  const oursWall: number[] = [];
  let compared = 0;
  const unequal: string[] = [];
  for (let r = 0; r < runs; r++) {
    const seed = r + 1;
    const py = recorder ? runOriginal(recorder, dir!, seed, games) : undefined;
    if (py) orig.push(py);
    let ours: CamelGameRecord[] = [];
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    for (let k = 0; k < repeats; k++) ours = runExact(POOL, camelPlayer, BigInt(seed), 'original', games).games;
    oursWall.push((games * repeats) / ((performance.now() - t0) / 1000));
    oursCpu.push((games * repeats) / cpuSeconds(c0));
    if (py) {
      for (let i = 0; i < games; i++) {
        compared++;
        if (JSON.stringify(ours[i]) !== JSON.stringify(py.games[i])) unequal.push(`seed ${seed} game ${i + 1}`);
      }
    }
  }

  const seeds = `seed${runs > 1 ? `s 1–${runs}` : ' 1'} × ${games} game${games > 1 ? 's' : ''}`;
  const pyCpu = orig.map((o) => games / o.cpuSeconds);
  const pyWall = orig.map((o) => games / o.seconds);
  const pyVersion = orig[0]?.python ?? RECORDED.python;
  const refCpu = recorder
    ? { value: median(pyCpu), source: `camelup.py this run (CPython ${pyVersion}, ${seeds}, CPU time of its games loop)`, runs: pyCpu }
    : { value: 1 / RECORDED.cpuSecondsPerGame, source: `camelup.py NOT measured now (no --original DIR): recorded ${RECORDED.date}, CPython ${RECORDED.python}, CPU time` };
  const refWall = recorder ? { value: median(pyWall), source: `camelup.py this run (${seeds}, wall)`, runs: pyWall } : refCpu;
  const fig = (name: string, xs: number[], unit: string, extra: Partial<BenchFigure> = {}): BenchFigure => ({ name, value: median(xs), unit, runs: xs, ...extra });

  const figures: BenchFigure[] = [
    fig(`camel-up exact, published pool, ${seeds}: games per CPU-second (per core; the ratio to quote: the machine is shared)`, oursCpu, 'games/s', { reference: refCpu }),
    fig(`camel-up exact, the same games: games/s wall, one thread (stretched by other work)`, oursWall, 'games/s', { reference: refWall }),
  ];
  if (recorder) {
    figures.push(
      fig(`camel-up: speed-up per CPU-second, run by run (ours / camelup.py, same seed)`, oursCpu.map((v, i) => v / pyCpu[i]!), '×', { note: 'target ≥ 100×' }),
      {
        name: `camel-up: our games equal camelup.py's on the bench seeds`,
        value: compared - unequal.length,
        unit: 'games',
        note: unequal.length ? `NOT EQUAL: ${unequal.join(', ')} of ${compared} — run the goldens (npx vitest run engines/camel-up)` : `all ${compared} (order, winners, money)`,
      },
    );
  }

  const pySecondsPerGame = recorder ? median(orig.map((o) => o.cpuSeconds / games)) : RECORDED.cpuSecondsPerGame;
  const tour: Record<number, { wall: number[]; cpu: number[] }> = Object.fromEntries(workerCounts.map((w) => [w, { wall: [], cpu: [] }]));
  const opts: CamelRunOptions = { bots: POOL, rules: 'original' };
  for (let r = 0; r < runs; r++) {
    for (const workers of workerCounts) {
      const c1 = process.cpuUsage();
      const res = await ctx.kit.runSharded<CamelRunOptions, CamelStats>({ game: 'camel-up', spec: trials, opts, seed: `bench/${r}`, trials: tournamentGames, shardSize: 5, workers, label: `bench camel-up ×${workers}` });
      tour[workers]!.wall.push((res.elapsedMs / 1000) * (100 / tournamentGames));
      tour[workers]!.cpu.push(cpuSeconds(c1) * (100 / tournamentGames));
    }
  }
  const projected = tournamentGames === 100 ? '' : ` (${tournamentGames} games × ${100 / tournamentGames})`;
  for (const w of workerCounts) {
    const label = `${w} worker${w > 1 ? 's' : ''}`;
    figures.push(
      fig(`camel-up: a 100-game tournament${projected}, published pool, ${label}: wall`, tour[w]!.wall, 's', {
        note: `camelup.py (one process): about ${Math.round(100 * pySecondsPerGame)} s (100 × its CPU-seconds a game${recorder ? ' in this run' : ', recorded'}); target well under a minute on 2 cores`,
      }),
      fig(`camel-up: a 100-game tournament${projected}, ${label}: CPU time (all threads)`, tour[w]!.cpu, 's'),
    );
  }
  figures.push(...(await houseBench(ctx, runs, dir2026)));
  return figures;
}

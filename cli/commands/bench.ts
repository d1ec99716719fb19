import { spawnSync } from 'node:child_process';
import type { Command } from 'commander';
import pc from 'picocolors';
import { findGame, games, replayKit } from '../../engines/registry.ts';
import { PyRandom } from '../../engines/core/rng/python-random.ts';
import type { BenchFigure } from '../../engines/core/game.ts';
import { checkProgram } from '../../engines/core/bench.ts';
import { defaultWorkers } from '../../engines/core/runner/runner.ts';
import { renderTable } from '../../engines/core/report/table.ts';
import { UserError } from '../../engines/core/cli/errors.ts';
import { maxWorkers, workerCount } from '../../engines/core/cli/kit.ts';
import { hostBenchFigures } from './bench-host.ts';

/** Draws per second of one PyRandom method, best of a few timed batches. */
function measure(draw: (r: PyRandom) => unknown, n: number): number {
  const r = new PyRandom(12345);
  let best = 0;
  for (let rep = 0; rep < 3; rep++) {
    const t0 = performance.now();
    for (let i = 0; i < n; i++) draw(r);
    const s = (performance.now() - t0) / 1000;
    best = Math.max(best, n / s);
  }
  return best;
}

/** CPython's own figures for the same calls, measured now with timeit (null if no python3). */
function cpythonRates(n: number): Record<string, number> | null {
  const script = [
    'import random, timeit, json',
    'r = random.Random(12345)',
    `n = ${n}`,
    'out = {}',
    "for name, stmt in [('random()', r.random), ('randint(1,6)', lambda: r.randint(1, 6)), ('getrandbits(32)', lambda: r.getrandbits(32))]:",
    '    t = min(timeit.repeat(stmt, number=n, repeat=3))',
    '    out[name] = n / t',
    'print(json.dumps(out))',
  ].join('\n');
  const res = spawnSync('python3', ['-c', script], { encoding: 'utf8', timeout: 120_000 });
  if (res.status !== 0) return null;
  try {
    return JSON.parse(res.stdout);
  } catch {
    return null;
  }
}

export function rngFigures(quick: boolean): BenchFigure[] {
  const n = quick ? 200_000 : 5_000_000;
  const ours: [string, (r: PyRandom) => unknown][] = [
    ['random()', (r) => r.random()],
    ['randint(1,6)', (r) => r.randint(1, 6)],
    ['getrandbits(32)', (r) => r.getrandbitsNumber(32)],
  ];
  const py = cpythonRates(quick ? 100_000 : 2_000_000);
  return ours.map(([name, f]) => ({
    name: `PyRandom ${name}`,
    value: measure(f, n),
    unit: 'draws/s',
    ...(py?.[name] ? { reference: { value: py[name]!, source: 'CPython (python3, same run)' } } : { note: 'python3 not found: no CPython figure' }),
  }));
}

function human(v: number): string {
  if (v >= 1e9) return `${(v / 1e9).toFixed(2)} G`;
  if (v >= 1e6) return `${(v / 1e6).toFixed(2)} M`;
  if (v >= 1e3) return `${(v / 1e3).toFixed(1)} k`;
  return v > 0 && v < 1 ? v.toPrecision(3) : v.toFixed(1);
}

function spread(xs: readonly number[] | undefined, unit: string): string {
  if (!xs || xs.length < 2) return '';
  const lo = Math.min(...xs);
  const hi = Math.max(...xs);
  return pc.dim(` (${human(lo)}–${human(hi)}${unit === '×' ? '×' : ''}, ${xs.length} runs)`);
}

function shown(v: number, unit: string): string {
  if (unit === '×') return `${v.toFixed(2)}×`;
  if (unit === 'MB' || unit === 'minutes' || unit === 'hours') return `${v.toFixed(1)} ${unit}`;
  return `${human(v)} ${unit}`;
}

export function registerBench(program: Command): void {
  program
    .command('bench')
    .description('Measure speed: the RNG and every game engine, next to the original (CPython) run in the same invocation when you give its checkout')
    .argument('[what]', `rng, a game id (${games.map((g) => g.id).join(', ')}), ab (koth ab dice: pairs/s, the SPRT's stopping), host (koth host: a site of 200 entries and 1,000,000 games against its goals; not in all), or all`, 'all')
    .option('--quick', 'short runs (seconds instead of minutes)')
    .option('--workers <n>', `worker threads for multi-worker figures, at most ${maxWorkers()} here`, workerCount, Math.min(2, defaultWorkers()))
    .option(
      '--original <dir>',
      "a checkout of the game's original controller and bots (outside this repository): run it beside ours, run for run; with several games, GAME=DIR (repeatable)",
      collectOriginal,
      [] as string[],
    )
    .option(
      '--original-bin <path>',
      'for a game whose original is a compiled program (gun-duel): your own build of it, made by its repository\'s own instructions; timed beside ours (only time is compared); with several games, GAME=PATH',
    )
    .option('--runs <n>', 'repeated runs per figure (median shown, min–max beside it); default 5, 2 with --quick', (v) => Number.parseInt(v, 10))
    .option('--json', 'print the figures as JSON')
    .addHelpText(
      'after',
      `
Figures are medians over the runs, min–max beside them. "Per core" figures are games per
CPU-second of the whole process, ours and the original's alike.

Without --original (--original-bin for gun-duel) the original is NOT measured: a figure
recorded earlier is shown and labelled as such. gun-duel's original is the program you build
yourself from GitHub fzql/GunDuel (a6e74c9, Tournament/) by its own instructions (CMakeLists.txt
or the Visual Studio project): it seeds itself from the clock, so only its time is compared;
a whole gun-duel tournament is long, so it defaults to 1 run.

Examples:
  koth bench dice --original /tmp/orig-dice      # forty_game_controller.py + auto_bots.py there
  koth bench ruins --original /tmp/orig-ruins    # ruins.py and its test bots there
  koth bench all --original dice=/tmp/orig-dice --original ruins=/tmp/orig-ruins
  koth bench dice --quick --json
  koth bench gun-duel --original-bin /tmp/gunduel-build/tournament   # your own build of the original
  koth bench rng
  koth bench ab --json                           # koth ab dice: pairs/s vs the replay's games/s, Python answers, the SPRT's stop vs theory
  koth bench host                                # koth host: publishing a site of 200 entries and 1,000,000 games (goal ≤ 10 s)`,
    )
    .action(async (what: string, opts: { quick?: boolean; workers: number; json?: boolean; original: string[]; originalBin?: string; runs?: number }) => {
      checkBenchTarget(what);
      const originals = originalsByGame(what, opts.original);
      const programs = programsByGame(what, opts.originalBin);
      // Checked before anything is measured: the wrong kind of original for a game, or a program that cannot run.
      for (const [id] of originals) {
        const bp = findGame(id)?.engine?.benchProgram;
        if (bp && !bp.checkout) throw new UserError(`${id}'s original is a compiled program, not a checkout: give your own build of it with --original-bin PATH (not --original)`);
      }
      for (const [id, path] of programs) {
        const program = findGame(id)?.engine?.benchProgram;
        if (!program) throw new UserError(`--original-bin is for a game whose original is a compiled program (${programGames().join(', ')}); ${id}'s original is a checkout: --original DIR`);
        checkProgram(path, '--original-bin', program.hint);
      }
      if (opts.runs !== undefined && !(Number.isInteger(opts.runs) && opts.runs > 0)) throw new UserError(`--runs must be a positive whole number (got ${opts.runs}).`);
      const figures: BenchFigure[] = [];
      if (what === 'all' || what === 'rng') figures.push(...rngFigures(!!opts.quick));
      if (what === 'host') figures.push(...(await hostBenchFigures({ quick: !!opts.quick, runs: opts.runs })));
      for (const g of games) {
        if ((what === 'all' || what === g.id) && g.engine?.bench)
          figures.push(...(await g.engine.bench({ quick: !!opts.quick, workers: opts.workers, kit: replayKit(), original: originals.get(g.id), originalBin: programs.get(g.id), runs: opts.runs })));
      }
      // koth ab: each game that declares an A/B bench (engine.ab.bench); `--original DIR` with `koth bench ab` is its checkout.
      for (const g of games) {
        if ((what === 'all' || what === 'ab') && g.engine?.ab?.bench)
          figures.push(...(await g.engine.ab.bench({ quick: !!opts.quick, workers: opts.workers, kit: replayKit(), original: originals.get('ab') ?? originals.get(g.id), runs: opts.runs })));
      }
      if (opts.json) {
        process.stdout.write(JSON.stringify(figures, null, 2) + '\n');
        return;
      }
      const rows = figures.map((f) => [
        f.name,
        shown(f.value, f.unit) + spread(f.runs, f.unit),
        f.reference ? shown(f.reference.value, f.unit) + spread(f.reference.runs, f.unit) : '—',
        f.reference ? pc.bold(`${(f.value / f.reference.value).toFixed(1)}×`) : '—',
        [f.reference?.source ?? f.note ?? '', f.goal ? `goal ${f.goal.text}: ${f.goal.met === null ? 'not checked (--quick)' : f.goal.met ? pc.green('met') : pc.red('not met')}` : ''].filter(Boolean).join('; '),
      ]);
      process.stdout.write(renderTable(['what', 'koth-replay', 'original', 'ratio', 'original measured by / note'], rows) + '\n');
    });
}

/** `koth bench <what>`: rng, all, or a game with a bench; anything else is refused with the list (nothing is measured). */
export function checkBenchTarget(what: string): void {
  const benched = games.filter((g) => g.engine?.bench).map((g) => g.id);
  if (what === 'all' || what === 'rng' || what === 'ab' || what === 'host' || benched.includes(what)) return;
  const known = games.find((g) => g.id === what);
  throw new UserError(
    known
      ? `${what} has no bench yet; benches: rng, ${benched.join(', ')}, ab, host, or all`
      : `unknown bench "${what}": use rng, a game (${benched.join(', ')}), ab (koth ab), host (koth host), or all`,
  );
}

const programGames = () => games.filter((g) => g.engine?.benchProgram).map((g) => g.id);

/**
 * `--original-bin PATH` for one game (or, with `koth bench all`, for the one game whose
 * original is a program); `--original-bin GAME=PATH` names the game.
 */
export function programsByGame(what: string, given: string | undefined): Map<string, string> {
  if (given === undefined) return new Map();
  const m = /^([a-z][a-z0-9-]*)=(.+)$/.exec(given);
  if (m && findGame(m[1]!)) {
    if (what !== 'all' && what !== m[1]) throw new UserError(`--original-bin ${given} names ${m[1]}, but this bench is for ${what}`);
    return new Map([[m[1]!, m[2]!]]);
  }
  if (what !== 'all' && what !== 'rng') return new Map([[what, given]]);
  const ids = programGames();
  if (what === 'all' && ids.length === 1) return new Map([[ids[0]!, given]]);
  throw new UserError(`--original-bin ${given}: with "koth bench ${what}" say whose program it is, e.g. --original-bin ${ids[0] ?? 'GAME'}=${given}`);
}

function collectOriginal(value: string, previous: string[]): string[] {
  return [...previous, value];
}

/**
 * `--original DIR` for one game; `--original GAME=DIR` (repeatable) names the game, which is
 * how `koth bench all` gets a checkout per game instead of one folder for every game.
 */
export function originalsByGame(what: string, given: readonly string[]): Map<string, string> {
  const out = new Map<string, string>();
  const ids = new Set(games.map((g) => g.id));
  for (const v of given) {
    const m = /^([a-z][a-z0-9-]*)=(.+)$/.exec(v);
    if (m && ids.has(m[1]!)) {
      if (what !== 'all' && what !== m[1]) throw new UserError(`--original ${v} names ${m[1]}, but this bench is for ${what}`);
      out.set(m[1]!, m[2]!);
    } else if (what === 'all' || what === 'rng') {
      throw new UserError(`--original ${v}: with "koth bench ${what}" say whose checkout it is, e.g. --original dice=${v} (games: ${[...ids].join(', ')})`);
    } else out.set(what, v);
  }
  return out;
}

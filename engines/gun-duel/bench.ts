/**
 * `koth bench gun-duel [--original-bin PATH] [--original DIR]`: one whole exact tournament (seed 1, 17 players,
 * 100 duels per pair and round) in this thread, and statistical tournaments on 1 and 2 workers
 * (one tournament per worker), beside the original timed in the same invocation.
 *
 * The original is the user's own build of fzql/GunDuel's `Tournament/` (a6e74c9), made by that
 * repository's instructions (its CMakeLists.txt or Visual Studio project), unmodified: its
 * `main` runs one whole tournament (100 duels per pair and round) seeded from the clock. So only
 * its time is compared, never its results (they come from another seed). Its CPU seconds (the
 * shell's `times` for the program) and wall seconds are shown beside ours: the machine may be
 * shared, so wall time stretches while CPU time hardly does. Without --original-bin the original
 * is NOT measured and the figure recorded here is shown, labelled as such. With --original DIR
 * (the fzql/GunDuel checkout) the posted answers are also compiled to WebAssembly and timed
 * (compile cold and cached, one tournament in a C++ sandbox worker): compiledFigures.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkProgram, median, cpuSeconds, timeProgram } from '../core/bench.ts';
import { compileAnswers, type CppAnswer } from './cpp/answers.ts';
import type { BenchContext, BenchFigure } from '../core/game.ts';
import { UserError } from '../core/cli/errors.ts';
import { trials } from './trials.ts';
import { gunDuelPool } from './ports.ts';
import { exactSeeds, runTournament } from './tournament.ts';
import type { GunDuelAcc, GunDuelRunOptions } from './trials.ts';

/** CPU seconds of one whole tournament of a g++ -O2 build here (seeds 1, 2: 19.4 s, 15.3 s; recorded 2026-11-23). */
const RECORDED_ORIGINAL_CPU = 19.4;
/** Duels per pair and round of the original's own `main`. */
const ORIGINAL_REPETITION = 100;
export const ORIGINAL_BIN_HINT =
  "Build the original yourself by its own repository's instructions (GitHub fzql/GunDuel at a6e74c9, Tournament/: its CMakeLists.txt, or Tournament.vcxproj), outside this repository, and give the program it makes: koth bench gun-duel --original-bin PATH.";

/** The original's program, checked: an executable file (exit 2 otherwise). */
export function originalProgram(path: string): string {
  return checkProgram(path, '--original-bin', ORIGINAL_BIN_HINT);
}

function runOriginal(path: string): { cpuSeconds: number; wallSeconds: number } {
  const r = timeProgram(path, 1_800_000);
  if (r.status !== 0) {
    throw new UserError(`the original at ${path} failed (exit ${r.status ?? 'killed'})${r.stderr.trim() ? `:\n${r.stderr.trim().split('\n').slice(-5).join('\n')}` : ''}\n${ORIGINAL_BIN_HINT}`);
  }
  return { cpuSeconds: r.cpuSeconds, wallSeconds: r.seconds };
}

export async function gunDuelBench(ctx: BenchContext): Promise<BenchFigure[]> {
  const repetition = ctx.quick ? 1 : 100;
  const runs = Math.max(1, ctx.runs ?? 1);
  const seed = 1;
  const program = ctx.originalBin !== undefined ? originalProgram(ctx.originalBin) : undefined;
  const answersDir = ctx.original !== undefined ? answersFolder(ctx.original) : undefined;
  const workerCounts = [1, Math.max(2, ctx.workers)];
  const orig: { cpuSeconds: number; wallSeconds: number }[] = [];
  const exactCpu: number[] = [];
  const exactWall: number[] = [];
  const stat: Record<number, { cpu: number[]; wall: number[] }> = Object.fromEntries(workerCounts.map((w) => [w, { cpu: [], wall: [] }]));
  for (let r = 0; r < runs; r++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    runTournament({ players: gunDuelPool(), seeds: exactSeeds(seed), repetition });
    exactWall.push((performance.now() - t0) / 1000);
    exactCpu.push(cpuSeconds(c0));
    if (program) orig.push(runOriginal(program));
    for (const workers of workerCounts) {
      const c1 = process.cpuUsage();
      const res = await ctx.kit.runSharded<GunDuelRunOptions, GunDuelAcc>({
        game: 'gun-duel',
        spec: trials,
        opts: { variant: 'original', repetition },
        seed: `bench/${r}`,
        trials: workers,
        shardSize: 1,
        workers,
        label: `bench gun-duel ×${workers}`,
      });
      stat[workers]!.wall.push(res.elapsedMs / 1000 / workers);
      stat[workers]!.cpu.push(cpuSeconds(c1) / workers);
    }
  }
  const what = `${repetition} duels/pair/round`;
  // The original always plays 100 duels per pair and round; --quick plays 1: its time is scaled to it.
  const scale = repetition / ORIGINAL_REPETITION;
  const scaled = scale === 1 ? '' : `, scaled ×${scale} to --quick's ${repetition} duel(s) per pair and round`;
  const measured = (xs: number[], what: string) => ({
    value: median(xs) * scale,
    source: `the original (${program}), this run, ${what}; seeded by its own clock: only its time is compared, not its results${scaled}`,
    runs: xs.map((x) => x * scale),
  });
  const refCpu = program
    ? measured(orig.map((o) => o.cpuSeconds), 'CPU time')
    : { value: RECORDED_ORIGINAL_CPU * scale, source: `original NOT measured in this run (give your own build of it with --original-bin PATH): figure recorded 2026-11-23, CPU time${scaled}` };
  const refWall = program ? measured(orig.map((o) => o.wallSeconds), 'wall time') : refCpu;
  const fig = (name: string, xs: number[], unit: string, extra: Partial<BenchFigure> = {}): BenchFigure => ({ name, value: median(xs), unit, runs: xs, ...extra });
  const figures: BenchFigure[] = [
    fig(`gun-duel: one exact tournament (seed ${seed}, ${what}), this thread, CPU`, exactCpu, 's', { reference: refCpu }),
    fig(`gun-duel: one exact tournament (seed ${seed}, ${what}), this thread, wall`, exactWall, 's', { reference: refWall }),
  ];
  for (const w of workerCounts) {
    const label = `${w} worker${w > 1 ? 's' : ''}, ${w} tournament${w > 1 ? 's' : ''} at once`;
    figures.push(fig(`gun-duel: statistical tournaments, ${label}: CPU per tournament`, stat[w]!.cpu, 's', { reference: refCpu }));
    figures.push(fig(`gun-duel: statistical tournaments, ${label}: wall per tournament`, stat[w]!.wall, 's', { reference: refWall }));
  }
  if (answersDir) figures.push(...(await compiledFigures(ctx, answersDir, seed, repetition, exactCpu, exactWall)));
  return figures;
}

/**
 * With --original DIR (a checkout of fzql/GunDuel, or its Tournament/ folder): the 17 answers
 * compiled to WebAssembly — compile time cold (an empty cache) and cached — and one exact
 * tournament of the compiled answers in a C++ sandbox worker (CPU of the whole process, which
 * includes the worker), beside the ports' tournament above.
 */
function answersFolder(original: string): string {
  const dir = [join(original, 'Tournament'), original].find((d) => gunDuelPool().every((p) => existsSync(join(d, `${p.botName}.hpp`))));
  if (!dir) throw new UserError(`--original ${original}: the 17 answers (<Name>.hpp) are in neither it nor its Tournament/ folder: give a checkout of fzql/GunDuel (a6e74c9), whose answers are compiled to WebAssembly and timed; your own build of the whole program goes to --original-bin PATH`);
  return dir;
}

async function compiledFigures(ctx: BenchContext, dir: string, seed: number, repetition: number, portCpu: number[], portWall: number[]): Promise<BenchFigure[]> {
  const sources = gunDuelPool().map((p) => ({ name: p.botName, file: join(dir, `${p.botName}.hpp`), code: readFileSync(join(dir, `${p.botName}.hpp`), 'utf8') }));
  const cold = mkdtempSync(join(tmpdir(), 'koth-bench-cpp-'));
  const saved = process.env.KOTH_CPP_CACHE_DIR;
  let answers: CppAnswer[];
  let coldS: number;
  let warmS: number;
  try {
    process.env.KOTH_CPP_CACHE_DIR = cold;
    let t = performance.now();
    await compileAnswers(sources);
    coldS = (performance.now() - t) / 1000;
    t = performance.now();
    answers = (await compileAnswers(sources)).answers;
    warmS = (performance.now() - t) / 1000;
  } finally {
    if (saved === undefined) delete process.env.KOTH_CPP_CACHE_DIR;
    else process.env.KOTH_CPP_CACHE_DIR = saved;
    rmSync(cold, { recursive: true, force: true });
  }
  const pool = ctx.kit.sandboxPool('gun-duel', 1, { runtime: 'wasm' });
  let cpu: number;
  let wall: number;
  try {
    await pool.warm();
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    await pool.run({ kind: 'job', fn: 'gunDuelCppExact', args: { seed: String(seed), cpp: answers, repetition, variant: 'original' } });
    wall = (performance.now() - t0) / 1000;
    cpu = cpuSeconds(c0);
  } finally {
    await pool.destroy();
  }
  const ports = { value: median(portCpu), source: 'the ports, this run (the exact tournament above), CPU time' };
  return [
    { name: `gun-duel: the 17 answers compiled to WebAssembly, cold (empty cache), wall`, value: coldS, unit: 's', note: '@yowasp/clang in a worker thread, one answer at a time' },
    { name: `gun-duel: the 17 answers compiled, cached (sha256 hits), wall`, value: warmS, unit: 's' },
    { name: `gun-duel: one exact tournament of the compiled answers (seed ${seed}, ${repetition} duels/pair/round), C++ sandbox worker, CPU`, value: cpu, unit: 's', reference: ports },
    { name: `gun-duel: one exact tournament of the compiled answers, wall`, value: wall, unit: 's', reference: { value: median(portWall), source: 'the ports, this run, wall time' } },
  ];
}

/**
 * `koth bench gun-duel`: one whole exact tournament (seed 1) on one thread, and two
 * statistical tournaments on 1 and 2 workers, beside the compiled original's time measured
 * here (fixtures/gun-duel/goldens/README.md: g++ -O2, seeds 1–3).
 */
import type { BenchContext, BenchFigure } from '../core/game.ts';
import { trials } from './trials.ts';
import { POOL } from '../../transpiled-bots/gun-duel/index.ts';
import { exactSeeds, runTournament } from './tournament.ts';
import type { GunDuelAcc, GunDuelRunOptions } from './trials.ts';

/** Seconds per tournament of the g++ -O2 build on this machine (seeds 1, 2, 3 while other jobs ran: 51.1, 23.3, 27.1). */
const ORIGINAL_SECONDS = 23.3;

export async function gunDuelBench(ctx: BenchContext): Promise<BenchFigure[]> {
  const repetition = ctx.quick ? 1 : 100;
  const t0 = performance.now();
  runTournament({ players: POOL, seeds: exactSeeds(1), repetition });
  const one = (performance.now() - t0) / 1000;
  const figs: BenchFigure[] = [
    { name: `gun-duel: one exact tournament (${repetition} duels/pair/round), 1 thread`, value: one, unit: 's', reference: ctx.quick ? undefined : { value: ORIGINAL_SECONDS, source: 'g++ -O2 build of the original, this machine' } },
  ];
  for (const workers of [1, Math.max(2, ctx.workers)].slice(0, ctx.quick ? 1 : 2)) {
    const t = performance.now();
    await ctx.kit.runSharded<GunDuelRunOptions, GunDuelAcc>({ game: 'gun-duel', spec: trials, opts: { variant: 'original', repetition }, seed: 'bench', trials: 2, shardSize: 1, workers });
    figs.push({ name: `gun-duel: 2 tournaments on ${workers} worker(s)`, value: (performance.now() - t) / 2000, unit: 's/tournament' });
  }
  return figs;
}

/**
 * `koth bench camel-up`: games/s of the published pool (Sir_Humpfree_Bogart seated: its
 * 10,000 futures per move are the cost) on 1 and N workers, beside camelup.py. The original
 * is timed live on the same seed when KOTH_CAMEL_ORIGINAL names a checkout of
 * trbarron/Camel_Up_Cup_2K18 (run through tools/oracle/camel-up/record.py), else the figure
 * recorded here is shown, labelled as recorded.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { BenchContext, BenchFigure } from '../core/game.ts';
import { trials } from './trials.ts';
import type { CamelRunOptions, CamelStats } from './tournament.ts';

/** camelup.py at 46f6797, 3 games of the published pool, seed 1: 11.2 s a game (CPython 3.11.7, this machine, 2026-11-23). */
const RECORDED = { secondsPerGame: 11.2, date: '2026-11-23' };

function originalFigure(games: number): { value: number; source: string } {
  const dir = process.env.KOTH_CAMEL_ORIGINAL;
  const recorder = fileURLToPath(new URL('../../tools/oracle/camel-up/record.py', import.meta.url));
  if (dir && existsSync(dir) && existsSync(recorder)) {
    const t = performance.now();
    const r = spawnSync('python3', [recorder, '--checkout', dir, '--seed', '1', '--games', String(games)], { encoding: 'utf8', timeout: 900_000 });
    if (r.status === 0) return { value: games / ((performance.now() - t) / 1000), source: `camelup.py live (${dir}), ${games} games, seed 1` };
  }
  return { value: 1 / RECORDED.secondsPerGame, source: `camelup.py, recorded ${RECORDED.date} (not measured now: set KOTH_CAMEL_ORIGINAL to a checkout)` };
}

export async function camelBench(ctx: BenchContext): Promise<BenchFigure[]> {
  const games = ctx.quick ? 4 : 40;
  const opts: CamelRunOptions = { bots: ['Player0', 'Player1', 'Player2', 'Sir_Humpfree_Bogart'], rules: 'original' };
  const py = originalFigure(ctx.quick ? 1 : 3);
  const figures: BenchFigure[] = [];
  for (const workers of [1, ctx.workers].filter((w, i, a) => a.indexOf(w) === i)) {
    const res = await ctx.kit.runSharded<CamelRunOptions, CamelStats>({ game: 'camel-up', spec: trials, opts, seed: 'bench', trials: games, shardSize: 2, workers, label: `bench camel-up ×${workers}` });
    const rate = games / (res.elapsedMs / 1000);
    figures.push({ name: `camel-up games/s, published pool, ${workers} worker${workers > 1 ? 's' : ''}`, value: rate, unit: 'games/s', reference: py });
    figures.push({ name: `camel-up: a 100-game tournament, ${workers} worker${workers > 1 ? 's' : ''}`, value: 100 / rate, unit: 's', note: `camelup.py: about ${Math.round(100 / py.value)} s` });
  }
  return figures;
}

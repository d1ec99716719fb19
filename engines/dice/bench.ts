import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import recordedSpeed from '../../fixtures/dice/goldens/python-speed.json' with { type: 'json' };
import type { BenchContext, BenchFigure } from '../core/game.ts';
import { trials } from './trials.ts';
import { publishedTable } from './published.ts';
import type { DiceStats } from './stats.ts';
import type { DiceRunOptions } from './tournament.ts';

/**
 * `koth bench dice`: games/s of the TS engine with the 49 official bots on 1 and N workers,
 * beside the original Python controller. The original is run live when KOTH_DICE_ORIGINAL
 * names a driver script (kept outside the repository; it must print {"gamesPerSecond": x}
 * for `--games N`), else the figure recorded here is shown (fixtures/dice/goldens/python-speed.json).
 */
function pythonFigure(games: number): { value: number; source: string } {
  const driver = process.env.KOTH_DICE_ORIGINAL;
  if (driver && existsSync(driver)) {
    const res = spawnSync('python3', [driver, '--games', String(games)], { encoding: 'utf8', timeout: 600_000 });
    if (res.status === 0) {
      try {
        return { value: JSON.parse(res.stdout.trim().split('\n').pop()!).gamesPerSecond, source: `original controller, live (${driver})` };
      } catch {
        /* fall through to the recorded figure */
      }
    }
  }
  const r = recordedSpeed as { gamesPerSecond: number; date?: string; python?: string };
  return { value: r.gamesPerSecond, source: `original controller, recorded ${r.date ?? ''} (CPython ${r.python ?? '3'}, 1 core)` };
}

export async function diceBench(ctx: BenchContext): Promise<BenchFigure[]> {
  const bots = publishedTable('official-final').rows.map((r) => r.bot);
  const games = ctx.quick ? 20_000 : 400_000;
  const opts: DiceRunOptions = { bots, rules: 'fixed' };
  const figures: BenchFigure[] = [];
  const py = pythonFigure(ctx.quick ? 2000 : 20_000);
  for (const workers of [1, ctx.workers].filter((w, i, a) => a.indexOf(w) === i)) {
    const res = await ctx.kit.runSharded<DiceRunOptions, DiceStats>({ game: 'dice', spec: trials, opts, seed: 'bench', trials: games, shardSize: 10_000, workers, label: `bench dice ×${workers}` });
    const rate = games / (res.elapsedMs / 1000);
    figures.push({
      name: `dice games/s, 49 official bots, ${workers} worker${workers > 1 ? 's' : ''}`,
      value: rate,
      unit: 'games/s',
      reference: { value: py.value, source: py.source },
    });
    figures.push({ name: `dice: official 3×10^8 games, ${workers} worker${workers > 1 ? 's' : ''} (projected)`, value: 3e8 / rate / 3600, unit: 'hours', note: 'the original took 35628.7 s ≈ 9.9 h (published)' });
  }
  return figures;
}

/**
 * `koth bench dice`: Python bots in the Pyodide sandbox beside the same bots as ports (exact
 * mode, one stream, the same seed: the same games), and beside the original controller in
 * native CPython when `--original DIR` is given. Without DIR the Python bots are our own
 * twins of ports (tools/oracle/dice/bots/port_twins.py); with it, the snapshot's auto_bots.py
 * (every official bot the sandbox can run).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BenchContext, BenchFigure } from '../core/game.ts';
import { median, timed } from '../core/bench.ts';
import { runExact } from './tournament.ts';
import { loadPythonDiceBots } from './python-bots.ts';
import { publishedTable } from './published.ts';
import { diceClass } from '../../transpiled-bots/dice/index.ts';

export const TWINS_FILE = 'tools/oracle/dice/bots/port_twins.py';
const TWIN_BOTS = ['ThrowTwiceBot', 'GoToTenBot', 'OneInFiveBot', 'BlessRNG', 'FlipCoinRollDice', 'BringMyOwn_dice', 'KwisatzHaderach', 'QuotaBot', 'GoTo20Bot', 'SlowStart', 'CooperativeSwarmBot'];

export function dicePythonBench(ctx: BenchContext, original?: (games: number, bots: string[]) => { seconds: number; cpuSeconds: number }): BenchFigure[] {
  const file = ctx.original ? join(ctx.original, 'auto_bots.py') : TWINS_FILE;
  if (!existsSync(file)) return [{ name: 'dice, Python bots in Pyodide', value: 0, unit: 'games/s', note: `${file} not found (run from the repository checkout)` }];
  const loaded = loadPythonDiceBots([{ path: file, code: readFileSync(file, 'utf8') }]);
  const runnable = new Set(loaded.classes.filter((c) => !c.refused).map((c) => c.name));
  const bots = ctx.original ? publishedTable('official-final').rows.map((r) => r.bot).filter((b) => runnable.has(b) && diceClass(b)) : TWIN_BOTS;
  const refused = ctx.original ? publishedTable('official-final').rows.map((r) => r.bot).filter((b) => !runnable.has(b)) : [];
  const resolve = (n: string) => loaded.classes.find((c) => c.name === n)?.cls;
  const games = ctx.quick ? 100 : 1000;
  const runs = Math.max(1, Math.min(ctx.runs ?? (ctx.quick ? 1 : 3), 3));
  const py: number[] = [];
  const pyCpu: number[] = [];
  const ports: number[] = [];
  const cpy: number[] = [];
  for (let r = 0; r < runs; r++) {
    const a = timed(() => runExact(12345 + r, games, { bots, rules: 'fixed' }, resolve));
    py.push(games / a.seconds);
    pyCpu.push(games / a.cpuSeconds);
    const b = timed(() => runExact(12345 + r, games, { bots, rules: 'fixed' }, diceClass));
    ports.push(games / b.seconds);
    if (original) cpy.push(games / original(games, bots).cpuSeconds);
  }
  const what = ctx.original ? `${bots.length} official bots of the 2019-01-07 snapshot${refused.length ? ` (refused in the sandbox: ${refused.join(', ')})` : ''}` : `our ${bots.length} Python twins of ports`;
  const figures: BenchFigure[] = [
    {
      name: `dice exact mode, Python bots in Pyodide (${what}): games/s wall`,
      value: median(py),
      unit: 'games/s',
      runs: py,
      note: `the same ${games} games with the ports: ${median(ports).toFixed(0)} games/s (${(median(ports) / median(py)).toFixed(0)}× faster)`,
    },
  ];
  if (original) {
    figures.push({
      name: `dice exact mode, Python bots in Pyodide: games per CPU-second`,
      value: median(pyCpu),
      unit: 'games/s',
      runs: pyCpu,
      reference: { value: median(cpy), source: `the original controller with the same bots in native CPython, this run (${games} games, CPU time)`, runs: cpy },
    });
  }
  return figures;
}

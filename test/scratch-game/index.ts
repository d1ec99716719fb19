/**
 * A scratch game that no file of the project knows: a coin-flip "challenge" registered at
 * runtime by test/conformance.test.ts. It must get every generic check (determinism, worker
 * count, resume, CLI shape) without any other file being touched.
 */
import type { GameDescriptor } from '../../engines/core/game.ts';
import type { CommonOptionValues } from '../../engines/core/cli/kit.ts';
import { defaultStatisticalReplay } from '../../engines/core/cli/replay.ts';
import { compareProportion, tableVerdict, type ComparisonReport } from '../../engines/core/stats/compare.ts';
import { trials, type CoinAcc, type CoinOpts } from './trials.ts';

const provenance = { challenge: 'coin', bot: 'Fair', questionId: 999_999_001, source: 'test/scratch-game (not an answer)' };

export const coinGame: GameDescriptor<CoinOpts, CoinAcc> = {
  id: 'coin',
  questionId: 999_999_001,
  title: 'Flip a coin (scratch game of the conformance tests)',
  botLanguage: 'Python 3',
  extractor: { recognises: 'never: a scratch game has no answers', extract: () => ({ blocks: [], bots: [], reason: 'scratch game' }) },
  generator: 'cpython3',
  knownBots: [{ challenge: 'coin', bot: 'Fair', ported: false, provenance }],
  published: [],
  verify: { unavailable: 'a scratch game of the conformance tests: it has no originals to run' },
  engine: {
    trials,
    trialsModule: new URL('./trials.ts', import.meta.url).href,
    // Its parameters as data: the core's common ones, with its own defaults.
    params: { replay: { params: [{ common: 'seed', default: '1' }, { common: 'games', fallback: 1000 }, { common: 'confidence', default: 0.999 }, { common: 'workers' }, { common: 'queue' }, { common: 'shardSize', default: 100 }, { common: 'checkpoint' }, { common: 'json' }] } },
    // `koth replay coin` as data: the core builds the command, runs the shards and prints the report (engines/core/cli/replay.ts).
    replay: {
      description: 'Flip coins',
      examples: ['koth replay coin --games 1000 --json'],
      statistical: {
        spec: trials,
        unit: 'flips',
        runs: (o: CommonOptionValues) => [{ opts: { headsPercent: 50 }, seed: o.seed, trials: o.games ?? 1000, label: 'coin' }],
        // The one thing only the game knows: its results beside the "published" figure (a fair coin's 50% heads).
        report: (o: CommonOptionValues, [{ res }]: { res: { acc: CoinAcc } }[]): ComparisonReport => {
          const row = compareProportion({ bot: 'Fair', metric: 'heads %', published: 50, decimals: 1, reproduced: { k: res.acc.heads, n: res.acc.flips }, scale: 100 }, o.confidence);
          return { challenge: 'coin', table: 'a fair coin', verdict: tableVerdict([row]), confidence: o.confidence, rows: [row], seed: o.seed, summary: `${res.acc.flips} flips, seed ${o.seed}: first ${res.acc.first}` };
        },
      },
    },
    defaultReplay: (ctx) => defaultStatisticalReplay(coinGame, ctx),
    conformance: { trials: { opts: { headsPercent: 50 }, trials: 2_000, shardSize: 100 }, replayArgs: ['--games', '500', '--workers', '1'] },
  },
};

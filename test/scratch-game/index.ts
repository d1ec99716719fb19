/**
 * A scratch game that no file of the project knows: a coin-flip "challenge" registered at
 * runtime by test/conformance.test.ts. It must get every generic check (determinism, worker
 * count, resume, CLI shape) without any other file being touched.
 */
import type { GameDescriptor } from '../../engines/core/game.ts';
import { helpFooter } from '../../engines/core/cli/kit.ts';
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
    params: { replay: { params: [{ common: 'seed', default: '1' }, { common: 'games', fallback: 1000 }, { common: 'workers' }, { common: 'queue' }, { common: 'shardSize', default: 100 }, { common: 'checkpoint' }, { common: 'json' }] } },
    registerCli({ replay }, kit) {
      const cmd = kit.command(replay, 'coin').description('Flip coins');
      cmd.addHelpText('after', helpFooter(['koth replay coin --games 1000 --json'])).action(async (o: { seed: string; games?: number; workers: number; shardSize: number; checkpoint?: string; json?: boolean }) => {
        const res = await kit.runSharded({ game: 'coin', spec: trials, opts: { headsPercent: 50 }, seed: kit.seed(o.seed), trials: o.games ?? 1000, shardSize: o.shardSize, workers: o.workers, checkpoint: o.checkpoint });
        process.stdout.write(o.json ? JSON.stringify(res.acc) + '\n' : `${res.acc.heads} heads in ${res.acc.flips} flips\n`);
      });
    },
    defaultReplay: async () => undefined,
    conformance: { trials: { opts: { headsPercent: 50 }, trials: 2_000, shardSize: 100 }, replayArgs: ['--games', '500', '--workers', '1'] },
  },
};

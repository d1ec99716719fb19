/**
 * Worker-thread entry: runs one shard of a game's trials. Started by the runner through
 * piscina; bundled to dist/worker.js beside dist/koth.js. The task names the module that
 * exports the game's `trials` (engines/<id>/trials.ts, or dist/trials/<id>.js in the bundle),
 * so the core imports no game.
 */
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { shardGenerator } from '../rng/generators.ts';
import type { Seed } from '../rng/rng.ts';
import type { TrialSpec } from './trial-spec.ts';
import { asRulePairs, type RuleOutcomes } from '../ab/rule-trials.ts';
import { readWorkerModule } from './trials-ref.ts';

export interface ShardTask {
  /** Path or file: URL of a module exporting `trials`. */
  module: string;
  opts: unknown;
  seed: Seed;
  index: number;
  count: number;
}

const loaded = new Map<string, Promise<TrialSpec<unknown, unknown>>>();

function load(module: string): Promise<TrialSpec<unknown, unknown>> {
  let p = loaded.get(module);
  if (!p) {
    const { file } = readWorkerModule(module);
    const url = file.startsWith('file:') ? file : pathToFileURL(file).href;
    // From sources (tests, tsx) this worker runs under tsx's require hook, which an import()
    // does not reach: require the TypeScript module, so it shares this file's module instances.
    const imported: Promise<{ trials?: TrialSpec<unknown, unknown>; ruleOutcomes?: RuleOutcomes<unknown, unknown> }> = url.endsWith('.ts')
      ? Promise.resolve(createRequire(import.meta.url)(fileURLToPath(url)))
      : import(url);
    p = imported.then((m) => {
      if (!m.trials) throw new Error(`worker: ${module} exports no "trials"`);
      return asRulePairs(module, m.trials, m.ruleOutcomes);
    });
    loaded.set(module, p);
  }
  return p;
}

export default async function runShard(task: ShardTask): Promise<unknown> {
  const trials = await load(task.module);
  return trials.run(task.opts, shardGenerator(trials.generator, task.seed, task.index), task.count);
}

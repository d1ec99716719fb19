/**
 * The pair outcomes x = (1 + a − b) / 2 of `koth ab` runs, in pair order, as JSON on stdout — the
 * input of tools/oracle/stats/ab-vs-fishtest.py (fixtures/stats/ab-vs-fishtest.json). The pairs are
 * the game's own (`engine.ab.trials`, pair i from (seed, i) only, as koth ab plays them).
 *
 *   npx tsx tools/oracle/stats/ab-pairs.ts > pairs.json
 */
import { findGame } from '../../../engines/registry.ts';
import { generatorKind } from '../../../engines/core/rng/generators.ts';

/** [game, candidate, baseline, pairs, seeds]: runs long enough for the SPRT (elo0 0, elo1 5, α = β = 0.05) to stop. */
export const RUNS: Array<[string, string, string, number, string[]]> = [
  ['gun-duel', 'TurtlePlayer', 'GunClubPlayer', 2000, ['1', '2', '3', '4', '5', '6', '7', '8']],
  ['gun-duel', 'GunClubPlayer', 'TurtlePlayer', 2000, ['1', '2', '3', '4', '5', '6', '7', '8']],
  ['dice', 'OptFor2X', 'GoToTenBot', 600, ['1', '2', '3', '4']],
];

/** Pairs 0 … n − 1 of `koth ab <game> --candidate A --baseline B --seed S` (the game's default field and rules). */
export function abOutcomes(game: string, candidate: string, baseline: string, n: number, seed: string): number[] {
  const g = findGame(game)!;
  const ab = g.engine!.ab!;
  const rules = g.engine!.defaultVariant;
  const field = ab.field(rules).filter((x) => x !== candidate && x !== baseline);
  const opts = { candidate, baseline, field, ...(rules ? { rules } : {}), first: 0, batch: n };
  const r = ab.trials.run(opts, generatorKind('ab-shard').fromSeed(`${seed}/shard/0`), n);
  return r.a.map((a, i) => (1 + a - r.b[i]!) / 2);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const out = RUNS.flatMap(([game, candidate, baseline, n, seeds]) => seeds.map((seed) => ({ game, candidate, baseline, seed, outcomes: abOutcomes(game, candidate, baseline, n, seed) })));
  process.stdout.write(JSON.stringify(out) + '\n');
}

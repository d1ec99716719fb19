/**
 * The shardable side of the paired rule A/B (engines/core/ab/rules.ts): a game's trials played
 * twice per pair, under rules A and B, from pair i's generator — what a worker runs for a
 * trials module marked as rule pairs (runner/trials-ref.ts). Kept apart from rules.ts (which
 * runs and reports an A/B through the kit) so that the runner's worker does not import the game
 * descriptor's types.
 */
import { generatorKind } from '../rng/generators.ts';
import type { TrialSpec } from '../runner/trial-spec.ts';
import { readWorkerModule } from '../runner/trials-ref.ts';
import { pairGenerator, shardOf } from './pairs.ts';

/** One trial's results: per key (a bot, or a group such as a seat), the value it got (absent: it did not take part). */
export interface RuleOutcome {
  rows: Record<string, number>;
  groups?: Record<string, number>;
}

/** The per-trial results of a one-trial accumulator of the game's trials (and the options it ran with). */
export type RuleOutcomes<O, Acc> = (acc: Acc, opts: O) => RuleOutcome;

/** Every shard of a rule A/B run is handed this (plain data). */
export interface RuleAbOptions<O> {
  /** The game's trial options under rules A and under rules B. */
  a: O;
  b: O;
  /** The keys summed (rows: bots; groups: e.g. seats), in order. */
  keys: string[];
  groupKeys: string[];
  /** The first pair of this run and pairs per shard (shard k holds pairs first + k·batch …). */
  first: number;
  batch: number;
}

/**
 * Paired sums of one key: pairs it took part in under both rules, Σa, Σb, Σ(b − a)² (Σ(b − a) is
 * Σb − Σa). All ≥ 0, as a checkpoint's figures must be (results are ≥ 0 in every game).
 */
export type PairSums = [n: number, a: number, b: number, d2: number];

export interface RuleAbAcc<Acc> {
  pairs: number;
  /** The game's own accumulators of the A games and of the B games (its extra figures). */
  a: Acc;
  b: Acc;
  /** Per key (in the order of the options' keys); [] in the empty accumulator (a checkpoint's template: its figures are free). */
  rows: PairSums[];
  groups: PairSums[];
}

const zero = (): PairSums => [0, 0, 0, 0];
const addSums = (x: PairSums, y: PairSums): PairSums => [x[0] + y[0], x[1] + y[1], x[2] + y[2], x[3] + y[3]];
/** Sums of two accumulators' lists, the empty one's [] standing for zeros. */
const addLists = (x: PairSums[], y: PairSums[]): PairSums[] => (!x.length ? y : !y.length ? x : x.map((s, i) => addSums(s, y[i]!)));

function addOutcome(sums: PairSums[], keys: readonly string[], a: Record<string, number> | undefined, b: Record<string, number> | undefined): void {
  if (!a || !b) return;
  keys.forEach((k, i) => {
    const x = a[k];
    const y = b[k];
    if (x === undefined || y === undefined) return;
    const d = y - x;
    const s = sums[i]!;
    s[0] += 1;
    s[1] += x;
    s[2] += y;
    s[3] += d * d;
  });
}

/** The shardable pairs of a game's rule A/B: its trials, played twice per pair from pair i's generator. */
export function ruleAbTrials<O, Acc>(spec: TrialSpec<O, Acc>, outcomes: RuleOutcomes<O, Acc>): TrialSpec<RuleAbOptions<O>, RuleAbAcc<Acc>> {
  const pairGen = generatorKind(spec.generator);
  return {
    generator: 'ab-shard',
    run(o, rng, count, tick, sandbox) {
      const { seed, index } = shardOf(rng);
      const first = o.first + index * o.batch;
      const acc: RuleAbAcc<Acc> = { pairs: 0, a: spec.empty(o.a), b: spec.empty(o.b), rows: o.keys.map(zero), groups: o.groupKeys.map(zero) };
      for (let k = 0; k < count; k++) {
        const a = spec.run(o.a, pairGenerator(pairGen, seed, first + k), 1, undefined, sandbox);
        const b = spec.run(o.b, pairGenerator(pairGen, seed, first + k), 1, undefined, sandbox);
        const oa = outcomes(a, o.a);
        const ob = outcomes(b, o.b);
        addOutcome(acc.rows, o.keys, oa.rows, ob.rows);
        addOutcome(acc.groups, o.groupKeys, oa.groups, ob.groups);
        acc.a = spec.merge(acc.a, a);
        acc.b = spec.merge(acc.b, b);
        acc.pairs++;
        tick?.(1);
      }
      return acc;
    },
    merge: (x, y) => ({ pairs: x.pairs + y.pairs, a: spec.merge(x.a, y.a), b: spec.merge(x.b, y.b), rows: addLists(x.rows, y.rows), groups: addLists(x.groups, y.groups) }),
    empty: (o) => ({ pairs: 0, a: spec.empty(o.a), b: spec.empty(o.b), rows: [], groups: [] }),
    count: (acc) => acc.pairs,
    check(acc, o) {
      const out: string[] = [];
      const fits = (l: PairSums[], n: number) => l.length === n || (!l.length && !acc.pairs);
      if (!fits(acc.rows, o.keys.length) || !fits(acc.groups, o.groupKeys.length)) out.push('the paired sums do not match the keys');
      if ([...acc.rows, ...acc.groups].some((s) => !Array.isArray(s) || s.length !== 4 || s.some((v) => typeof v !== 'number' || !(v >= 0) || !Number.isFinite(v)) || s[0]! > acc.pairs)) out.push('a paired sum is not four finite figures >= 0 (at most one pair each)');
      if (spec.check) out.push(...spec.check(acc.a, o.a), ...spec.check(acc.b, o.b));
      return out;
    },
  };
}

/** What a worker runs for a trials module: one marked as rule pairs (runner/trials-ref.ts) is the module's trials as rule A/B pairs (its `ruleOutcomes`). */
export function asRulePairs(module: string, trials: TrialSpec<unknown, unknown>, outcomes: RuleOutcomes<unknown, unknown> | undefined): TrialSpec<unknown, unknown> {
  if (!readWorkerModule(module).rulePairs) return trials;
  if (!outcomes) throw new Error(`${module}: the module exports no "ruleOutcomes" (the game has no rule A/B)`);
  return ruleAbTrials(trials, outcomes) as TrialSpec<unknown, unknown>;
}

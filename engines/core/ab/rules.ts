/**
 * Rule A/B (`koth replay <game> --compare-rules A,B`): the second kind of the paired comparison of
 * engines/core/ab (the first is `koth ab`, bot A vs bot B). A pair is one trial of the game (a
 * game, or atomas's 20-game run) played twice from the same generator state — pair i's, built from
 * (seed, i) only (pairs.ts `pairSeed`) — once under rules A and once under rules B: the same seed,
 * field and seats. Per bot (and per group, e.g. dice's seats) the pair's difference b − a of its
 * result is summed; the interval of the mean difference comes from the pairs (their variance),
 * not from two independent proportions. Shards are batches of consecutive pairs on the ordinary
 * runner, so the figures are the same for any --workers (shards merge in index order).
 *
 * A game gives its ordinary trials (engines/<id>/trials.ts `trials`) and, from the same module,
 * `ruleOutcomes`: the per-bot (and per-group) results of an accumulator holding ONE trial. Workers
 * load the pair as `<id>:rules` (registry: the game's trials module, `#rules`).
 */
import type { ReplayKit, ShardedRun } from '../game.ts';
import type { Seed } from '../rng/rng.ts';
import { generatorKind } from '../rng/generators.ts';
import type { TrialSpec } from '../runner/trial-spec.ts';
import { confidencePercent, zFor } from '../stats/intervals.ts';
import type { RuleComparisonData } from '../report/html/types.ts';
import { pairSeed, shardOf } from './pairs.ts';

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
        const s = pairSeed(seed, first + k);
        const a = spec.run(o.a, pairGen.fromSeed(s), 1, undefined, sandbox);
        const b = spec.run(o.b, pairGen.fromSeed(s), 1, undefined, sandbox);
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

/** One key's comparison: the mean result under A and B (over its pairs) and the paired difference b − a with its interval. */
export interface RulePairRow {
  key: string;
  pairs: number;
  a: number;
  b: number;
  diff: { d: number; low: number; high: number; significant: boolean };
}

/** Mean and interval of the paired differences of one key (values × scale, e.g. 100 for win%). */
export function pairedRow(key: string, s: PairSums | undefined, z: number, scale = 1): RulePairRow {
  const [n, sa, sb, sd2] = s ?? [0, 0, 0, 0];
  const sd = sb - sa;
  if (!n) return { key, pairs: 0, a: 0, b: 0, diff: { d: 0, low: 0, high: 0, significant: false } };
  const d = sd / n;
  const variance = n > 1 ? Math.max(0, (sd2 - (sd * sd) / n) / (n - 1)) : 0;
  const half = z * Math.sqrt(variance / n);
  const c = (x: number) => x * scale + 0; // no -0
  return { key, pairs: n, a: c(sa / n), b: c(sb / n), diff: { d: c(d), low: c(d - half), high: c(d + half), significant: d - half > 0 || d + half < 0 } };
}

export interface RuleAbRunInput<O, Acc> {
  /** The game's id (workers load `<game>:rules`). */
  game: string;
  spec: TrialSpec<RuleAbOptions<O>, RuleAbAcc<Acc>>;
  a: O;
  b: O;
  keys: string[];
  groupKeys?: string[];
  pairs: number;
  seed: Seed;
  shardSize: number;
  workers: number;
  queue?: string | undefined;
  checkpoint?: string | undefined;
  /** A part of the checkpoint file per run of one command (camel-up's per-flag runs). */
  checkpointPart?: string;
  label: string;
  sharded?: Pick<ShardedRun<RuleAbOptions<O>, RuleAbAcc<Acc>>, 'sandbox' | 'sandboxError'>;
}

/** One sharded stretch of rule pairs: the paired sums and both sides' own accumulators. */
export async function runRulePairs<O, Acc>(kit: ReplayKit, i: RuleAbRunInput<O, Acc>) {
  const opts: RuleAbOptions<O> = { a: i.a, b: i.b, keys: i.keys, groupKeys: i.groupKeys ?? [], first: 0, batch: i.shardSize };
  return kit.runSharded<RuleAbOptions<O>, RuleAbAcc<Acc>>({
    game: `${i.game}:rules`,
    spec: i.spec,
    opts,
    seed: i.seed,
    trials: i.pairs,
    shardSize: i.shardSize,
    workers: i.workers,
    queue: i.queue,
    checkpoint: i.checkpoint,
    checkpointPart: i.checkpointPart ?? 'rules',
    label: i.label,
    ...(i.sharded ?? {}),
    unit: 'pairs',
  });
}

/** The one JSON shape of a rule A/B (`--json`), every game. */
export interface RuleAbResult {
  challenge: string;
  kind: 'rules';
  compare: [string, string];
  seed: string;
  pairs: number;
  confidence: number;
  /** What a row's value is (e.g. "Win%"), and the unit of a difference. */
  metric: string;
  diffUnit: string;
  /** Per bot: mean result under A and B over its pairs, paired difference b − a with its interval. */
  bots: RulePairRow[];
  /** A second breakdown (dice: seats), when the game has one. */
  groups?: { title: string; keyLabel: string; rows: RulePairRow[] };
  /** The game's own figures (dice: last-round retriggers…), as it names them. */
  extra?: Record<string, unknown>;
  /** More comparisons on top (camel-up: A with one flag set as in B), each of the same shape minus these. */
  breakdown?: { title: string; rows: (RulePairRow & { part: string })[] };
  workers: number;
  shardSize: number;
  seconds: number;
  command: string;
  ranOn?: string;
}

export interface RuleAbResultInput<Acc> {
  challenge: string;
  compare: [string, string];
  seed: Seed;
  confidence: number;
  metric: string;
  diffUnit: string;
  /** Values × scale (100 for win% from 0/1 results). */
  scale?: number;
  keys: string[];
  groupKeys?: string[];
  groups?: { title: string; keyLabel: string };
  acc: RuleAbAcc<Acc>;
  workers: number;
  shardSize: number;
  seconds: number;
  command: string;
  ranOn?: string | undefined;
  extra?: Record<string, unknown>;
}

export function ruleAbResult<Acc>(i: RuleAbResultInput<Acc>): RuleAbResult {
  const z = zFor(i.confidence);
  const scale = i.scale ?? 1;
  return {
    challenge: i.challenge,
    kind: 'rules',
    compare: i.compare,
    seed: String(i.seed),
    pairs: i.acc.pairs,
    confidence: i.confidence,
    metric: i.metric,
    diffUnit: i.diffUnit,
    bots: i.keys.map((k, j) => pairedRow(k, i.acc.rows[j]!, z, scale)),
    ...(i.groups && i.groupKeys?.length ? { groups: { ...i.groups, rows: i.groupKeys.map((k, j) => pairedRow(k, i.acc.groups[j]!, z, scale)) } } : {}),
    ...(i.extra ? { extra: i.extra } : {}),
    workers: i.workers,
    shardSize: i.shardSize,
    seconds: i.seconds,
    command: i.command,
    ...(i.ranOn ? { ranOn: i.ranOn } : {}),
  };
}

const fmtDiff = (d: RulePairRow['diff'], digits: number) => `${d.d >= 0 ? '+' : ''}${d.d.toFixed(digits)} [${d.low.toFixed(digits)}, ${d.high.toFixed(digits)}]`;

/** The one text table of a rule A/B: rows [key, A, B, B − A [interval], pairs]; `mark` highlights a significant difference. */
export function ruleAbText(r: RuleAbResult, digits: number, mark: (s: string) => string, render: (head: string[], rows: (string | number)[][]) => string, title: (s: string) => string): string {
  const [va, vb] = r.compare;
  const table = (rows: RulePairRow[], keyLabel: string) =>
    render(
      [keyLabel, `${va} ${r.metric}`, `${vb} ${r.metric}`, `${vb} − ${va} (paired)`, 'pairs'],
      rows.map((x) => [x.key, x.a.toFixed(digits), x.b.toFixed(digits), x.diff.significant ? mark(fmtDiff(x.diff, digits)) : fmtDiff(x.diff, digits), x.pairs]),
    );
  let out = title(`${r.challenge} rule A/B: ${va} vs ${vb}, ${r.pairs} pairs (the same seed, field and seats under both), seed ${r.seed}, ${confidencePercent(r.confidence)} paired intervals`) + '\n';
  if (r.groups) out += title(`${r.groups.title}\n`) + table(r.groups.rows, r.groups.keyLabel) + '\n\n';
  out += title(`${r.metric} by bot\n`) + table(r.bots, 'bot') + '\n';
  if (r.breakdown) {
    out += '\n' + title(`${r.breakdown.title}\n`);
    out += render(
      ['part', 'bot', `${va} ${r.metric}`, `with it ${r.metric}`, 'difference (paired)', 'pairs'],
      r.breakdown.rows.map((x) => [x.part, x.key, x.a.toFixed(digits), x.b.toFixed(digits), x.diff.significant ? mark(fmtDiff(x.diff, digits)) : fmtDiff(x.diff, digits), x.pairs]),
    ) + '\n';
  }
  return out + `(highlighted: the paired difference's interval excludes 0; differences are ${r.diffUnit})\n`;
}

/** The one HTML report section of a rule A/B (kit.offerReport({ kind: 'rules', data })). */
export function ruleAbForPage(r: RuleAbResult, digits: number, o: { summary?: string; groupCaption?: string; extra?: Record<string, string | number> } = {}): RuleComparisonData {
  const [va, vb] = r.compare;
  // The page shows each side's mean with the paired difference's interval around the difference only.
  const row = (x: RulePairRow) => ({ key: x.key, a: { value: x.a, low: x.a, high: x.a }, b: { value: x.b, low: x.b, high: x.b }, diff: { value: x.diff.d, low: x.diff.low, high: x.diff.high }, significant: x.diff.significant });
  return {
    game: r.challenge,
    variants: [va, vb],
    metricLabel: r.metric,
    diffUnit: r.diffUnit,
    digits,
    confidence: r.confidence,
    rows: r.bots.map(row),
    ...(r.groups ? { groups: { title: r.groups.title, keyLabel: r.groups.keyLabel, ...(o.groupCaption ? { caption: o.groupCaption } : {}), rows: r.groups.rows.map(row) } } : {}),
    summary:
      `${r.pairs} pairs: each the same seed, field and seats played under ${va} and under ${vb}; the differences and their intervals are paired (from the pairs' own differences).` +
      (o.summary ? ' ' + o.summary : ''),
    run: { command: r.command, seeds: [r.seed], games: r.pairs, workers: r.workers, variant: `${va} vs ${vb}`, extra: { 'shard size': r.shardSize, confidence: confidencePercent(r.confidence), ...(o.extra ?? {}) }, wallSeconds: r.seconds },
  };
}

/** What a worker runs for a trials module: `<module>#rules` is the module's trials as rule A/B pairs (its `ruleOutcomes`). */
export function asRulePairs(module: string, trials: TrialSpec<unknown, unknown>, outcomes: RuleOutcomes<unknown, unknown> | undefined): TrialSpec<unknown, unknown> {
  if (!module.endsWith('#rules')) return trials;
  if (!outcomes) throw new Error(`${module}: the module exports no "ruleOutcomes" (the game has no rule A/B)`);
  return ruleAbTrials(trials, outcomes) as TrialSpec<unknown, unknown>;
}

/** The module to import for a `<module>#rules` worker module (the same module instance as the game's own trials). */
export function moduleFile(module: string): string {
  return module.endsWith('#rules') ? module.slice(0, -6) : module;
}

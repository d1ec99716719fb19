/**
 * Rule A/B (`koth replay <game> --compare-rules A,B`): the second kind of the paired comparison of
 * engines/core/ab (the first is `koth ab`, bot A vs bot B). A pair is one trial of the game (a
 * game, or atomas's 20-game run) played twice from the same generator state — pair i's, built from
 * (seed, i) only (pairs.ts `pairGenerator`) — once under rules A and once under rules B: the same seed,
 * field and seats. Per bot (and per group, e.g. dice's seats) the pair's difference b − a of its
 * result is summed; the interval of the mean difference comes from the pairs (their variance),
 * not from two independent proportions. Shards are batches of consecutive pairs on the ordinary
 * runner, so the figures are the same for any --workers (shards merge in index order).
 *
 * A game gives its ordinary trials (engines/<id>/trials.ts `trials`) and, from the same module,
 * `ruleOutcomes`: the per-bot (and per-group) results of an accumulator holding ONE trial. Workers
 * load the pair as `<id>:rules` (registry: the game's trials module, `#rules`).
 */
import type { ReplayKit, ShardedRun } from '../kit-types.ts';
import type { Seed } from '../rng/rng.ts';
import type { TrialSpec } from '../runner/trial-spec.ts';
import { confidencePercent, zFor } from '../stats/intervals.ts';
import { printable } from '../report/printable.ts';
import type { RuleComparisonData } from '../report/html/types.ts';
import { shardOf } from './pairs.ts';
import { trialsKey, trialsRef } from '../runner/trials-ref.ts';
import type { PairSums, RuleAbAcc, RuleAbOptions, RuleOutcomes } from './rule-trials.ts';

export * from './rule-trials.ts';


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
    game: trialsKey(trialsRef(i.game, 'rules')),
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
  let out = title(`${r.challenge} rule A/B: ${va} vs ${vb}, ${r.pairs} pairs (the same seed, field and seats under both), seed ${printable(String(r.seed))}, ${confidencePercent(r.confidence)} paired intervals`) + '\n';
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

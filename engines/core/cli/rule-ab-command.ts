/**
 * `koth replay <game> --compare-rules A,B` as the core runs it from what the game declares
 * (`engine.replay.ruleAb`, a `RuleAbCommand`): the game says which sharded runs of rule pairs
 * make the comparison (their trial options under A and under B, the keys summed, the seed, the
 * checkpoint part), what is compared (metric, unit, scale, digits, the groups' title), its own
 * figures and note, and the command line that reruns it; the core runs the pairs
 * (engines/core/ab/rules.ts `runRulePairs`), makes the one result (`ruleAbResult`), prints it
 * (`--json`, or the text table) and hands its section to the HTML report.
 */
import pc from 'picocolors';
import type { ReplayKit } from '../game.ts';
import type { Seed } from '../rng/rng.ts';
import type { TrialSpec } from '../runner/trial-spec.ts';
import { renderTable } from '../report/table.ts';
import { ruleAbForPage, ruleAbResult, ruleAbText, runRulePairs, type PairSums, type RuleAbAcc, type RuleAbOptions, type RuleAbResult } from '../ab/rules.ts';
import type { Originals } from './originals.ts';

/** One sharded run of rule pairs (most comparisons are one; atomas's is one per bot). */
export interface RuleAbRun<RunOpts> {
  /** The game's trial options under rules A and under rules B. */
  a: RunOpts;
  b: RunOpts;
  /** The keys summed: the rows (bots), and a second breakdown (groups: dice's and camel-up's seats). */
  keys: string[];
  groupKeys?: string[];
  pairs: number;
  seed: Seed;
  /** Its part of the checkpoint file, when the command makes several runs ('rules' when absent). */
  checkpointPart?: string;
  label: string;
}

/** What a game declares for `--compare-rules A,B` (its descriptor's `engine.replay.ruleAb`). */
export interface RuleAbCommand<O = any, RunOpts = any, Acc = any> {
  /** The game's trials as rule pairs: `ruleAbTrials(trials, ruleOutcomes)` of its trials module. */
  spec: TrialSpec<RuleAbOptions<RunOpts>, RuleAbAcc<Acc>>;
  /** What a row's value is (e.g. "Win%"), the unit of a difference, the factor from a trial's result (100: win% of 0/1 results). */
  metric: string;
  diffUnit: string;
  scale?: number;
  /** Decimals of the text table and the page. */
  digits: number;
  /** A fixed confidence and shard size, for a command without --confidence / --shard-size (else the options'). */
  confidence?: number;
  shardSize?: number;
  /** The seed the result names (else --seed). */
  seed?(opts: O): string;
  /** Checks before anything runs or opens (throws UserError). */
  check?(opts: O, pair: [string, string]): void;
  /** With --python-bots the runs are played by the original answers (kit.originals, handed to `runs`; every run's shards go to their sandbox workers). */
  originals?: boolean;
  /** The sharded runs of a pair of variants; several runs' rows stand side by side (their keys in order). */
  runs(opts: O, pair: [string, string], originals?: Originals<any>): RuleAbRun<RunOpts>[];
  /** The title and key label of the groups' table (its caption on the page), when the runs have groupKeys. */
  groups?: { title: string; keyLabel: string; caption?: string };
  /** The game's own figures (`extra` of the result), from the runs' accumulators. */
  extra?(opts: O, accs: RuleAbAcc<Acc>[], pair: [string, string]): Record<string, unknown>;
  /** A sentence on what a pair is and what else was seen: the page's summary, and in the text where `noteInText` says (absent: the page only). */
  note?(r: RuleAbResult, accs: RuleAbAcc<Acc>[]): string;
  noteInText?: 'before' | 'after';
  /** The command line that reruns the comparison (`keys`: the rows' keys). */
  command(opts: O, pair: [string, string], keys: string[]): string;
  /** More comparisons on top, on the same pairs (camel-up: A with one flag set as in B): their rows go to the result's `breakdown`. */
  breakdown?: { title(pair: [string, string]): string; parts(pair: [string, string]): { part: string; pair: [string, string] }[] };
}

/** The options the core reads of a rule A/B command. */
interface RuleAbOptionValues {
  compareRules?: unknown;
  seed: string;
  confidence?: number;
  shardSize?: number;
  workers: number;
  queue?: string;
  checkpoint?: string;
  json?: boolean;
  pythonBots?: string;
}

type Ran<RunOpts, Acc> = { run: RuleAbRun<RunOpts>; acc: RuleAbAcc<Acc>; workers: number; ranOn?: string | undefined };

/** Runs the rule A/B a game declares, prints it (JSON or text) and offers its section to the report. */
export async function runRuleAbCommand<O extends RuleAbOptionValues, RunOpts, Acc>(game: string, decl: RuleAbCommand<O, RunOpts, Acc>, opts: O, kit: ReplayKit): Promise<RuleAbResult> {
  const started = performance.now();
  const pair = opts.compareRules as [string, string];
  decl.check?.(opts, pair);
  const shardSize = decl.shardSize ?? opts.shardSize!;
  const confidence = decl.confidence ?? opts.confidence!;
  const runAll = async (p: [string, string], originals?: Originals<any>): Promise<Ran<RunOpts, Acc>[]> => {
    const out: Ran<RunOpts, Acc>[] = [];
    for (const run of decl.runs(opts, p, originals)) {
      const res = await runRulePairs(kit, {
        game,
        spec: decl.spec,
        a: run.a,
        b: run.b,
        keys: run.keys,
        ...(run.groupKeys ? { groupKeys: run.groupKeys } : {}),
        pairs: run.pairs,
        seed: run.seed,
        shardSize,
        workers: opts.workers,
        queue: opts.queue,
        checkpoint: opts.checkpoint,
        ...(run.checkpointPart ? { checkpointPart: run.checkpointPart } : {}),
        label: run.label,
        ...(originals ? { sharded: originals.sharded() as never } : {}),
      });
      out.push({ run, acc: res.acc, workers: res.workers, ranOn: res.ranOn });
    }
    return out;
  };
  const common = { challenge: game, seed: decl.seed?.(opts) ?? opts.seed, confidence, metric: decl.metric, diffUnit: decl.diffUnit, ...(decl.scale !== undefined ? { scale: decl.scale } : {}), shardSize };
  const resultOf = (p: [string, string], ran: Ran<RunOpts, Acc>[]) => {
    const { acc, keys, groupKeys } = combined(ran);
    const last = ran[ran.length - 1]!;
    return ruleAbResult({
      ...common,
      compare: p,
      keys,
      ...(decl.groups && groupKeys.length ? { groupKeys, groups: { title: decl.groups.title, keyLabel: decl.groups.keyLabel } } : {}),
      acc,
      workers: last.workers,
      seconds: 0,
      command: decl.command(opts, p, keys),
      ranOn: [...ran].reverse().find((x) => x.ranOn)?.ranOn,
      ...(decl.extra ? { extra: decl.extra(opts, ran.map((x) => x.acc), p) } : {}),
    });
  };
  const play = async (originals?: Originals<any>) => {
    const ran = await runAll(pair, originals);
    const r = resultOf(pair, ran);
    if (decl.breakdown) {
      const rows = [];
      for (const { part, pair: p } of decl.breakdown.parts(pair)) rows.push(...resultOf(p, await runAll(p, originals)).bots.map((b) => ({ ...b, part })));
      if (rows.length) r.breakdown = { title: decl.breakdown.title(pair), rows };
    }
    return { r, accs: ran.map((x) => x.acc) };
  };
  const { r, accs } = decl.originals && opts.pythonBots ? await kit.originals(game, opts, { workers: opts.workers }, play) : await play();
  r.seconds = Math.round(performance.now() - started) / 1000;
  const note = decl.note?.(r, accs);
  kit.offerReport({ kind: 'rules', data: ruleAbForPage(r, decl.digits, { ...(note ? { summary: note } : {}), ...(decl.groups?.caption ? { groupCaption: decl.groups.caption } : {}) }) });
  if (opts.json) {
    process.stdout.write(JSON.stringify(r, null, 2) + '\n');
    return r;
  }
  const text = ruleAbText(r, decl.digits, (t) => pc.bold(pc.yellow(t)), renderTable, (t) => pc.bold(t));
  process.stdout.write(decl.noteInText === 'before' ? `${note}\n\n${text}` : decl.noteInText === 'after' ? `${text}${note}\n` : text);
  return r;
}

/** The accumulator of the runs: one run's own, or several runs' rows side by side (each run's keys in order; a/b: none). */
function combined<RunOpts, Acc>(ran: Ran<RunOpts, Acc>[]): { acc: RuleAbAcc<Acc>; keys: string[]; groupKeys: string[] } {
  if (ran.length === 1) return { acc: ran[0]!.acc, keys: ran[0]!.run.keys, groupKeys: ran[0]!.run.groupKeys ?? [] };
  const sums = (keys: readonly string[], l: readonly PairSums[]) => keys.map((_, j): PairSums => l[j] ?? [0, 0, 0, 0]);
  return {
    acc: {
      pairs: ran[0]?.run.pairs ?? 0,
      a: null as Acc,
      b: null as Acc,
      rows: ran.flatMap((x) => sums(x.run.keys, x.acc.rows)),
      groups: ran.flatMap((x) => sums(x.run.groupKeys ?? [], x.acc.groups)),
    },
    keys: ran.flatMap((x) => x.run.keys),
    groupKeys: ran.flatMap((x) => x.run.groupKeys ?? []),
  };
}

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
import type { ReplayKit } from '../kit-types.ts';
import { renderTable } from '../report/table.ts';
import { ruleAbForPage, ruleAbResult, ruleAbText, runRulePairs, type PairSums, type RuleAbAcc, type RuleAbResult } from '../ab/rules.ts';
import type { Originals } from './originals.ts';

export type { RuleAbCommand, RuleAbRun } from './declared.ts';
import type { ReplayOptionValues, RuleAbCommand, RuleAbRun } from './declared.ts';

/** The options the core reads of a rule A/B command. */

type Ran<RunOpts, Acc> = { run: RuleAbRun<RunOpts>; acc: RuleAbAcc<Acc>; workers: number; ranOn?: string | undefined };

/** Runs the rule A/B a game declares, prints it (JSON or text) and offers its section to the report. */
export async function runRuleAbCommand<O extends ReplayOptionValues, RunOpts, Acc>(game: string, decl: RuleAbCommand<O, RunOpts, Acc>, opts: O, kit: ReplayKit): Promise<RuleAbResult> {
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

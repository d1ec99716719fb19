/**
 * `koth replay <game>` and `koth play <game>` as the core builds them from what a game declares
 * (boardgame.io's one plain config object): `engine.replay` (a `ReplayCommand`: its help, the
 * checks no option rule can say, its own modes, the rule A/B, the statistical replay, how its
 * errors reach the user) and `engine.play` (a `PlayCommand`). The options come from the game's
 * declared parameters (params.ts, `kit.command`). The core owns the dispatch:
 *
 *   1. `check(opts)`;
 *   2. `--compare-rules A,B` (a pair once parsed): the declared `ruleAb` (rule-ab-command.ts);
 *   3. the first of the game's `modes` whose `when(opts)` holds (no `when`: always);
 *   4. else the declared `statistical` replay: its sharded runs on kit.runSharded, its
 *      comparison report printed by kit.emitReport (table or JSON, the exit code of its verdict);
 *
 * and every error of the action goes through the game's declared `errors` once, in one place
 * (a crash of the original controller → exit 3, a missing program → exit 2, …).
 */
import type { Command } from 'commander';
import type { GameDescriptor, ReplayContext, ReplayKit } from '../game.ts';
import type { ComparisonReport } from '../stats/compare.ts';
import type { Originals } from './originals.ts';
import { helpFooter } from './kit.ts';
import { paramDefaults } from './params.ts';
import { runRuleAbCommand } from './rule-ab-command.ts';

export type { ErrorMapping, ModeContext, ReplayMode, StatisticalRun, StatisticalReplay, ReplayCommand, PlayCommand, RuleAbCommand, RuleAbRun } from './declared.ts';
import type { ErrorMapping, ReplayOptionValues, StatisticalReplay } from './declared.ts';


/** f(), its errors mapped by the game's declared `errors` (the first that matches). */
export async function withGameErrors<T>(errors: readonly ErrorMapping[] | undefined, f: () => T | Promise<T>): Promise<T> {
  try {
    return await f();
  } catch (e) {
    const m = errors?.find((x) => x.match(e));
    throw m ? m.toUserError(e) : e;
  }
}

/** The statistical replay's report: its runs on the kit (with the originals when declared and asked for), then the game's report. */
async function statisticalReport<O extends ReplayOptionValues>(game: string, s: StatisticalReplay<O>, opts: O, kit: ReplayKit): Promise<ComparisonReport> {
  const play = async (originals?: Originals<any>) => {
    const results = [];
    for (const run of s.runs(opts, originals)) {
      const res = await kit.runSharded({
        game,
        spec: s.spec,
        opts: run.opts,
        ...(originals ? originals.sharded() : {}),
        seed: run.seed,
        trials: run.trials,
        shardSize: s.shardSize ?? opts.shardSize!,
        workers: opts.workers,
        queue: opts.queue,
        checkpoint: opts.checkpoint,
        ...(run.checkpointPart ? { checkpointPart: run.checkpointPart } : {}),
        label: run.label,
        unit: s.unit,
      });
      results.push({ run, res });
    }
    return s.report(opts, results, originals);
  };
  return s.originals && opts.pythonBots ? kit.originals(game, opts, { workers: opts.workers }, play) : play();
}

/** A game's statistical replay with these options, its errors mapped (what `defaultReplay` and the command run). */
export function statisticalReplay<O extends ReplayOptionValues>(game: GameDescriptor, opts: O, kit: ReplayKit): Promise<ComparisonReport> {
  const decl = game.engine?.replay;
  if (!decl?.statistical) throw new Error(`${game.id} declares no statistical replay`);
  return withGameErrors(decl.errors, () => statisticalReport(game.id, decl.statistical!, opts, kit));
}

/** `defaultReplay` of a game whose default is its statistical replay: the declared defaults, with the root command's --workers and --json. */
export function defaultStatisticalReplay(game: GameDescriptor, ctx: ReplayContext): Promise<ComparisonReport> {
  return statisticalReplay(game, { ...paramDefaults<ReplayOptionValues>(game.engine!), workers: ctx.workers, json: ctx.json }, ctx.kit);
}

/** Adds `koth replay <id>` and `koth play <id>` as the game declares them (then its own `registerCli`, for anything else). */
export function registerGameCli(game: GameDescriptor, cmds: { replay: Command; play: Command }, kit: ReplayKit): void {
  const engine = game.engine;
  if (!engine) return;
  const r = engine.replay;
  if (r) {
    const cmd = kit.command(cmds.replay, game.id).description(r.description);
    r.configure?.(cmd);
    cmd.addHelpText('after', (r.help ?? '') + helpFooter(r.examples)).action((opts: ReplayOptionValues) =>
      withGameErrors(r.errors, async () => {
        r.check?.(opts);
        if (r.ruleAb && Array.isArray(opts.compareRules)) return void (await runRuleAbCommand(game.id, r.ruleAb, opts, kit));
        const mode = r.modes?.find((m) => !m.when || m.when(opts));
        if (mode) return mode.run(opts, { kit, command: cmd });
        if (!r.statistical) throw new Error(`koth replay ${game.id}: no mode for these options, and no statistical replay`);
        kit.emitReport(await statisticalReport(game.id, r.statistical, opts, kit), !!opts.json);
      }),
    );
  }
  const p = engine.play;
  if (p) {
    const cmd = kit.command(cmds.play, game.id).description(p.description);
    cmd.addHelpText('after', (p.help ?? '') + helpFooter(p.examples)).action((opts: unknown) => withGameErrors(p.errors, () => p.run(opts, { kit, command: cmd })));
  }
  engine.registerCli?.(cmds, kit);
}

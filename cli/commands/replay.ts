import { Command } from 'commander';
import { games, findGame } from '../../engines/registry.ts';
import { exitCodeFor, type ComparisonReport } from '../../engines/core/stats/compare.ts';
import { renderComparison } from '../../engines/core/report/table.ts';
import { defaultWorkers } from '../../engines/core/runner/runner.ts';
import { closeReportSink, openReportSink, type ReportPart } from '../../engines/core/report/html/sink.ts';
import { sectionFromComparison, sectionFromRuleComparison } from '../../engines/core/report/html/sections.ts';
import { writeReportPage } from '../../engines/core/report/html/write.ts';
import type { BotVersion, ReportSection } from '../../engines/core/report/html/types.ts';
import { knownBots } from '../../transpiled-bots/registry.ts';
import { UserError } from '../errors.ts';
import pkg from '../../package.json' with { type: 'json' };

const REPORT_HELP = 'also write DIR/index.html: one self-contained page (published vs ours, charts, provenance)';

/**
 * `koth replay` runs every game's default replay on the embedded data; `koth replay <game>`
 * is registered by each game (engines/<game>/cli.ts) with its own options. `--report DIR`
 * (on either) writes the HTML report: a game's action offers its results to the report sink
 * (engines/core/report/html/sink.ts), and the page is written after the action.
 */
export function registerReplay(program: Command): void {
  const replay = program
    .command('replay')
    .description('Rerun a tournament with the TypeScript ports and compare it with the published leaderboard')
    .option('--json', 'print one JSON report per game (an array) on stdout')
    .option('--workers <n>', 'worker threads', (v) => Number.parseInt(v, 10), defaultWorkers())
    .option('--report <dir>', REPORT_HELP)
    .allowExcessArguments(false)
    .enablePositionalOptions()
    .action(async (opts: { json?: boolean; workers: number; report?: string }) => {
      const started = performance.now();
      const reports: ComparisonReport[] = [];
      for (const game of games) {
        const report = await game.defaultReplay({ json: !!opts.json, workers: opts.workers });
        if (!report) continue;
        reports.push(report);
        if (!opts.json) process.stdout.write(renderComparison(report) + '\n');
      }
      if (opts.json) process.stdout.write(JSON.stringify(reports, null, 2) + '\n');
      if (opts.report) await writeReport(opts.report, reports.map((report) => ({ kind: 'comparison' as const, report })), started, !!opts.json);
      process.exitCode = reports.some((r) => exitCodeFor(r.verdict) !== 0) ? 1 : 0;
    });
  replay.addHelpText(
    'after',
    `\nGames: ${games.map((g) => g.id).join(', ') || '(none registered yet)'}\nRun "koth replay <game> --help" for a game's own options.\n` +
      'Examples:\n  koth replay --report report              every game, and report/index.html\n' +
      '  koth replay dice --games 100000 --report out\n  koth replay dice --compare-rules original,fixed --report out',
  );
  const play = program
    .command('play')
    .description('Play single games of a challenge and print their score tables');
  for (const game of games) game.registerCli({ replay, play });

  addReportToGameCommands(replay);
}

/**
 * `--report DIR` on every game's `koth replay <game>`: the report sink is open while the game's
 * action runs, and the page is written after it. (Self-contained so the replay CLI can move.)
 */
function addReportToGameCommands(replay: Command): void {
  for (const sub of replay.commands) if (findGame(sub.name())) sub.option('--report <dir>', REPORT_HELP);
  const reportDir = (cmd: Command): string | undefined => (cmd.opts().report as string | undefined) ?? (replay.opts().report as string | undefined);
  let started = 0;
  replay.hook('preAction', (_hooked, action) => {
    if (action === replay || !reportDir(action)) return;
    openReportSink();
    started = performance.now();
  });
  replay.hook('postAction', async (_hooked, action) => {
    const dir = action === replay ? undefined : reportDir(action);
    if (!dir) return;
    const parts = closeReportSink();
    const game = findGame(action.name());
    if (!parts.length && game) {
      // A game whose CLI offers nothing: its default comparison, when that is what was run.
      const own = action.options.filter((o) => !['report', 'json', 'workers'].includes(o.attributeName()) && action.getOptionValueSource(o.attributeName()) === 'cli');
      if (own.length) {
        throw new UserError(
          `koth replay ${game.id} with ${own.map((o) => o.long).join(', ')} gives no comparison with a published table, so no report was written; ` +
            `for the report run "koth replay ${game.id} --report ${dir}" (see "koth replay ${game.id} --help" for the options a report can show)`,
        );
      }
      const report = await game.defaultReplay({ json: true, workers: (action.opts().workers as number | undefined) ?? defaultWorkers() });
      if (report) parts.push({ kind: 'comparison', report });
    }
    await writeReport(dir, parts, started, !!action.opts().json);
  });
}

function botVersions(game: string): BotVersion[] {
  return knownBots(game).map((k) => ({
    bot: k.bot,
    ported: k.ported,
    ...(k.provenance.sha256 ? { sha256: k.provenance.sha256 } : {}),
    ...(k.provenance.sourceDate ? { sourceDate: k.provenance.sourceDate } : {}),
    source: k.provenance.source,
  }));
}

function shellWord(s: string): string {
  return /^[\w.,:/=@%+-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`;
}

async function writeReport(dir: string, parts: ReportPart[], started: number, json: boolean): Promise<void> {
  const used = new Set<string>();
  const sections: ReportSection[] = parts.map((p) => {
    const id = p.kind === 'comparison' ? p.report.challenge : p.data.game;
    const game = findGame(id);
    let anchor = p.kind === 'comparison' ? id : `${id}-rules`;
    for (let i = 2; used.has(anchor); i++) anchor = `${p.kind === 'comparison' ? id : `${id}-rules`}-${i}`;
    used.add(anchor);
    const meta = { id: anchor, title: game?.title ?? id, ...(game ? { questionId: game.questionId } : {}), bots: botVersions(id) };
    return p.kind === 'comparison' ? sectionFromComparison(p.report, meta) : sectionFromRuleComparison(p.data, { ...meta, title: `${meta.title}: rule comparison` });
  });
  if (!sections.length) throw new UserError('nothing to put in the report: no game produced a comparison');
  const path = await writeReportPage(dir, {
    title: 'koth-replay: published vs reproduced',
    command: ['koth', ...process.argv.slice(2)].map(shellWord).join(' '),
    harnessVersion: pkg.version,
    generatedAt: new Date().toISOString(),
    wallSeconds: (performance.now() - started) / 1000,
    sections,
  });
  (json ? process.stderr : process.stdout).write(`report: ${path}\n`);
}

import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Command } from 'commander';
import { findGame, games, knownBots, replayKit } from '../../engines/registry.ts';
import { EXIT, UserError } from '../../engines/core/cli/errors.ts';
import { didYouMean } from '../../engines/core/cli/suggest.ts';
import { registerGameCli } from '../../engines/core/cli/replay.ts';
import { commandLine, fsErrorText, maxWorkers, noReportError, outputFolder, ownOptionsGiven, workerCount, type ReplayKit } from '../../engines/core/cli/kit.ts';
import type { ComparisonReport } from '../../engines/core/stats/compare.ts';
import { renderComparison } from '../../engines/core/report/table.ts';
import { defaultWorkers } from '../../engines/core/runner/runner.ts';
import { ReportSink, type ReportPart } from '../../engines/core/report/html/sink.ts';
import { sectionFromComparison, sectionFromRuleComparison } from '../../engines/core/report/html/sections.ts';
import { writeReportPage } from '../../engines/core/report/html/write.ts';
import type { BotVersion, ReportPage, ReportSection } from '../../engines/core/report/html/types.ts';
import { writeWatchPage } from '../../engines/core/report/html/watch.ts';
import pkg from '../../package.json' with { type: 'json' };

const REPORT_HELP = 'also write DIR/index.html: one self-contained page (published vs ours, charts, provenance); DIR is checked writable before the run';

/**
 * `koth replay` runs every game's default replay on the embedded data; `koth replay <game>`
 * and `koth play <game>` are registered by each game with engines/core/cli/kit.ts. `--report
 * DIR` (on either) writes the HTML report: a game's results reach the report sink
 * (engines/core/report/html/sink.ts: the kit offers every comparison it prints), and the page
 * is written after the action.
 */
export function registerReplay(program: Command): void {
  // What the games offer the HTML report (one command runs per process) goes here, through the kit.
  const sink = new ReportSink();
  const kit = replayKit(sink);
  const withEngine = games.filter((g) => g.engine);
  const replay = program
    .command('replay')
    .description('Rerun a tournament with the TypeScript ports and compare it with the published leaderboard')
    .option('--json', 'print one JSON report per game (an array) on stdout')
    .option('--workers <n>', `worker threads, at most ${maxWorkers()} here`, workerCount, defaultWorkers())
    .option('--report <dir>', REPORT_HELP, outputFolder('index.html', 'a folder for the report'))
    .option('--only <games>', 'replay only these games, comma-separated (also: koth replay dice ruins …)', parseGameList)
    // A word that is no game command reaches the action (instead of commander's "too many arguments"): refused there with a suggestion.
    .allowExcessArguments(true)
    .enablePositionalOptions()
    .action(async (opts: { json?: boolean; workers: number; report?: string; only?: string[] }, cmd: Command) => {
      if (cmd.args.length) throw unknownGame('replay', cmd.args[0]!);
      const started = performance.now();
      const reports: ComparisonReport[] = [];
      for (const game of opts.only ? opts.only.map((id) => findGame(id)!) : withEngine) {
        const report = await game.engine!.defaultReplay({ json: !!opts.json, workers: opts.workers, kit });
        if (!report) continue;
        reports.push(report);
        if (!opts.json) process.stdout.write(renderComparison(report) + '\n');
      }
      if (opts.json) process.stdout.write(JSON.stringify(reports, null, 2) + '\n');
      if (opts.report) await writeReport(opts.report, reports.map((report) => ({ kind: 'comparison' as const, report })), started, !!opts.json);
      process.exitCode = reports.some((r) => r.verdict === 'disagree') ? EXIT.disagree : EXIT.ok;
    });
  const waiting = games.filter((g) => !g.engine).map((g) => g.id);
  replay.addHelpText(
    'after',
    `\nGames: ${withEngine.map((g) => g.id).join(', ') || '(none registered yet)'}` +
      (waiting.length ? `\nKnown challenges without an engine yet (scrape and registry work): ${waiting.join(', ')}` : '') +
      '\nRun "koth replay <game> --help" for a game\'s own options.\n' +
      'Examples:\n  koth replay --report report              every game, and report/index.html\n' +
      '  koth replay dice ruins --report out      two games\' default replays in one report\n' +
      '  koth replay dice --games 100000 --report out\n  koth replay dice --compare-rules original,fixed --report out',
  );
  const play = program.command('play').description('Play single games of a challenge and print their score tables');
  play.on('command:*', (operands: string[]) => {
    throw unknownGame('play', operands[0]!);
  });
  for (const game of withEngine) registerGameCli(game, { replay, play }, kit);
  // A registered challenge without an engine yet: say so instead of "too many arguments".
  for (const game of games.filter((g) => !g.engine)) {
    replay
      .command(game.id)
      .description(`${game.title} (Q${game.questionId}): no engine yet — scrape and registry work`)
      .allowUnknownOption()
      .allowExcessArguments()
      .action(() => {
        throw new UserError(
          `${game.id} (question ${game.questionId}) has no engine yet, so it cannot be replayed. ` +
            `What works today: koth scrape ${game.id}, koth registry ${game.id}. Replayable games: ${withEngine.map((g) => g.id).join(', ')}.`,
        );
      });
  }
  addReportToGameCommands(replay, kit, sink);
}

/** `koth replay|play <word>` where the word is no game with an engine: exit 2, with the closest game's name. */
function unknownGame(command: 'replay' | 'play', word: string): UserError {
  const ids = games.filter((g) => g.engine).map((g) => g.id);
  return new UserError(`unknown game "${word}"${didYouMean(word, ids)}: koth ${command} takes one of ${ids.join(', ')}`);
}

/** `--only dice,ruins`: known games with an engine, each once, in the order given. */
export function parseGameList(value: string): string[] {
  const ids = value.split(',').map((s) => s.trim()).filter(Boolean);
  if (!ids.length) throw new UserError('--only needs game ids, e.g. --only dice,ruins');
  const replayable = games.filter((g) => g.engine).map((g) => g.id);
  for (const id of ids) {
    if (!findGame(id)?.engine) throw new UserError(`unknown or unreplayable game "${id}"${didYouMean(id, replayable)}; replayable games: ${replayable.join(', ')}`);
  }
  const dup = ids.find((id, i) => ids.indexOf(id) !== i);
  if (dup) throw new UserError(`game "${dup}" is named twice`);
  return ids;
}

/**
 * `koth replay dice ruins [root options]` → `koth replay --only dice,ruins [root options]`:
 * commander would route the first name to its game command and refuse the second. Options
 * after several names are the root replay's (--json, --workers, --report); a game's own
 * options need `koth replay <game>` alone.
 */
export function rewriteSeveralGames(argv: string[]): string[] {
  if (argv[0] !== 'replay') return argv;
  let n = 1;
  while (n < argv.length && !argv[n].startsWith('-') && findGame(argv[n])) n++;
  if (n - 1 < 2) return argv;
  return ['replay', '--only', argv.slice(1, n).join(','), ...argv.slice(n)];
}

/**
 * `--report DIR` on every game's `koth replay <game>`: what the game's action offered the sink
 * (through the kit) is written as the page after it. A mode that offers nothing is refused
 * before the run (each game declares them: kit.reportModes); one that offered nothing all the
 * same, with no option of its own, gets the game's default comparison.
 */
function addReportToGameCommands(replay: Command, kit: ReplayKit, sink: ReportSink): void {
  for (const sub of replay.commands) if (findGame(sub.name())?.engine) sub.option('--report <dir>', REPORT_HELP, outputFolder('index.html', 'a folder for the report'));
  const reportDir = (cmd: Command): string | undefined => (cmd.opts().report as string | undefined) ?? (replay.opts().report as string | undefined);
  let started = 0;
  replay.hook('preAction', () => {
    started = performance.now();
  });
  replay.hook('postAction', async (_hooked, action) => {
    const dir = action === replay ? undefined : reportDir(action);
    if (!dir) return;
    const parts = [...sink.parts];
    const game = findGame(action.name());
    if (!parts.length && game?.engine) {
      // A game command that offered nothing: its default comparison, when that is what was run.
      const own = ownOptionsGiven(action);
      if (own.length) throw noReportError(game.id, own, dir);
      const report = await game.engine.defaultReplay({ json: true, workers: (action.opts().workers as number | undefined) ?? defaultWorkers(), kit });
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


/** Each game's sample games step by step, in DIR/watch/<game>-<k>/index.html (a page that cannot be written is left out, with a warning). */
function writeWatchSamples(dir: string, ids: readonly string[]): NonNullable<ReportPage['watch']> {
  const out: NonNullable<ReportPage['watch']> = [];
  for (const id of ids) {
    const samples = findGame(id)?.engine?.watchSamples?.() ?? [];
    samples.forEach((page, k) => {
      const sub = `${id}-${k + 1}`;
      try {
        writeWatchPage(join(dir, 'watch', sub), page);
        out.push({ game: id, title: page.title, href: `watch/${sub}/index.html`, steps: page.steps.length });
      } catch (e) {
        if (!(e as NodeJS.ErrnoException).code) throw e;
        process.stderr.write(`warning: the sample game ${sub} could not be written: ${fsErrorText(e)}\n`);
      }
    });
  }
  return out;
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
  const watch = writeWatchSamples(dir, [...new Set(sections.map((s) => s.game))]);
  const page = {
    title: 'koth-replay: published vs reproduced',
    command: commandLine(),
    harnessVersion: pkg.version,
    generatedAt: new Date().toISOString(),
    wallSeconds: (performance.now() - started) / 1000,
    sections,
    watch,
  };
  let path: string;
  try {
    path = await writeReportPage(dir, page);
  } catch (e) {
    if (!(e as NodeJS.ErrnoException).code) throw e;
    // DIR was writable when the run started (checked then); it is not now (a full disk…). The run is not lost: the page goes to a temporary folder.
    const fallback = mkdtempSync(join(tmpdir(), 'koth-report-'));
    const saved = await writeReportPage(fallback, page);
    throw new UserError(
      `the replay finished, but its report could not be written to ${join(dir, 'index.html')}: ${fsErrorText(e)}. ` +
        `The page was saved to ${saved} instead: copy it where you want it (free space first if the disk is full).`,
    );
  }
  (json ? process.stderr : process.stdout).write(`report: ${path}\n`);
}

import { Command } from 'commander';
import { games, replayKit } from '../../engines/registry.ts';
import { EXIT, UserError } from '../../engines/core/cli/errors.ts';
import { positiveInt } from '../../engines/core/cli/kit.ts';
import type { ComparisonReport } from '../../engines/core/stats/compare.ts';
import { renderComparison } from '../../engines/core/report/table.ts';
import { defaultWorkers } from '../../engines/core/runner/runner.ts';

/**
 * `koth replay` runs every game's default replay on the embedded data; `koth replay <game>`
 * and `koth play <game>` are registered by each game with engines/core/cli/kit.ts.
 */
export function registerReplay(program: Command): void {
  const kit = replayKit();
  const withEngine = games.filter((g) => g.engine);
  const replay = program
    .command('replay')
    .description('Rerun a tournament with the TypeScript ports and compare it with the published leaderboard')
    .option('--json', 'print one JSON report per game (an array) on stdout')
    .option('--workers <n>', 'worker threads', positiveInt, defaultWorkers())
    .allowExcessArguments(false)
    .enablePositionalOptions()
    .action(async (opts: { json?: boolean; workers: number }) => {
      const reports: ComparisonReport[] = [];
      for (const game of withEngine) {
        const report = await game.engine!.defaultReplay({ json: !!opts.json, workers: opts.workers, kit });
        if (!report) continue;
        reports.push(report);
        if (!opts.json) process.stdout.write(renderComparison(report) + '\n');
      }
      if (opts.json) process.stdout.write(JSON.stringify(reports, null, 2) + '\n');
      process.exitCode = reports.some((r) => r.verdict === 'disagree') ? EXIT.disagree : EXIT.ok;
    });
  const waiting = games.filter((g) => !g.engine).map((g) => g.id);
  replay.addHelpText(
    'after',
    `\nGames: ${withEngine.map((g) => g.id).join(', ') || '(none registered yet)'}` +
      (waiting.length ? `\nKnown challenges without an engine yet (scrape and registry work): ${waiting.join(', ')}` : '') +
      '\nRun "koth replay <game> --help" for a game\'s own options.',
  );
  const play = program.command('play').description('Play single games of a challenge and print their score tables');
  for (const game of withEngine) game.engine!.registerCli({ replay, play }, kit);
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
}

import { Command } from 'commander';
import { games } from '../../engines/registry.ts';
import { exitCodeFor, type ComparisonReport } from '../../engines/core/stats/compare.ts';
import { renderComparison } from '../../engines/core/report/table.ts';
import { defaultWorkers } from '../../engines/core/runner/runner.ts';

/**
 * `koth replay` runs every game's default replay on the embedded data; `koth replay <game>`
 * is registered by each game (engines/<game>/cli.ts) with its own options.
 */
export function registerReplay(program: Command): void {
  const replay = program
    .command('replay')
    .description('Rerun a tournament with the TypeScript ports and compare it with the published leaderboard')
    .option('--json', 'print one JSON report per game (an array) on stdout')
    .option('--workers <n>', 'worker threads', (v) => Number.parseInt(v, 10), defaultWorkers())
    .allowExcessArguments(false)
    .enablePositionalOptions()
    .action(async (opts: { json?: boolean; workers: number }) => {
      const reports: ComparisonReport[] = [];
      for (const game of games) {
        const report = await game.defaultReplay({ json: !!opts.json, workers: opts.workers });
        if (!report) continue;
        reports.push(report);
        if (!opts.json) process.stdout.write(renderComparison(report) + '\n');
      }
      if (opts.json) process.stdout.write(JSON.stringify(reports, null, 2) + '\n');
      process.exitCode = reports.some((r) => exitCodeFor(r.verdict) !== 0) ? 1 : 0;
    });
  replay.addHelpText('after', `\nGames: ${games.map((g) => g.id).join(', ') || '(none registered yet)'}\nRun "koth replay <game> --help" for a game's own options.`);
  const play = program
    .command('play')
    .description('Play single games of a challenge and print their score tables');
  for (const game of games) game.registerCli({ replay, play });
}

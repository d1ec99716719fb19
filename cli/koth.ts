#!/usr/bin/env node
import { Command, CommanderError } from 'commander';
import pc from 'picocolors';
import { EXIT, exitCodeHelp, UserError } from '../engines/core/cli/errors.ts';
import { games } from '../engines/registry.ts';
import { registerReplay, rewriteSeveralGames } from './commands/replay.ts';
import { registerBench } from './commands/bench.ts';
import { registerScrape } from './commands/scrape.ts';
import { registerRegistry } from './commands/registry.ts';
import { registerVerify } from './commands/verify.ts';

export function buildProgram(): Command {
  const program = new Command();
  program
    .name('koth')
    .description(
      'Replays historic Code Golf King-of-the-Hill tournaments with TypeScript ports of the ' +
        'original bots, and compares the result with the published leaderboards.',
    )
    .enablePositionalOptions()
    .showHelpAfterError('(add --help for usage)')
    .configureOutput({ outputError: (str, write) => write(pc.red(str)) })
    // Before any subcommand exists: commands inherit it, so no --help or option error exits
    // the process from inside main() (tests run the CLI in-process).
    .exitOverride();
  program.addHelpText(
    'after',
    `\nGames: ${games.filter((g) => g.engine).map((g) => g.id).join(', ') || '(none registered)'}` +
      `${games.some((g) => !g.engine) ? ` (scrape and registry only, no engine yet: ${games.filter((g) => !g.engine).map((g) => g.id).join(', ')})` : ''}\n` +
      'Examples:\n  koth replay                 replay every game on its embedded default data\n' +
      '  koth replay dice --help     options of one game\n  koth registry --json        every known bot and whether it is ported\n\n' +
      exitCodeHelp() +
      '\n',
  );
  registerReplay(program);
  registerScrape(program);
  registerRegistry(program);
  registerBench(program);
  registerVerify(program);
  return program;
}

export async function main(argv: string[]): Promise<number> {
  const program = buildProgram();
  try {
    await program.parseAsync(rewriteSeveralGames(argv), { from: 'user' });
    return typeof process.exitCode === 'number' ? process.exitCode : EXIT.ok;
  } catch (err) {
    // --help and --version end with 0; every option or argument error is a usage error.
    if (err instanceof CommanderError) return err.exitCode === 0 ? EXIT.ok : EXIT.usage;
    if (err instanceof UserError) {
      process.stderr.write(pc.red(`koth: ${err.message}\n`));
      return err.exitCode;
    }
    throw err;
  }
}

const isEntry = process.argv[1] && /koth\.(js|ts)$/.test(process.argv[1]);
if (isEntry) {
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (err) => {
      process.stderr.write(pc.red(`koth: internal error: ${err?.stack ?? err}\n`));
      process.exitCode = EXIT.internal;
    },
  );
}

#!/usr/bin/env node
import { Command, CommanderError } from 'commander';
import pc from 'picocolors';
import { UserError } from './errors.ts';
import { games } from '../engines/registry.ts';
import { registerReplay } from './commands/replay.ts';
import { registerBench } from './commands/bench.ts';
import { registerScrape } from './commands/scrape.ts';
import { registerRegistry } from './commands/registry.ts';

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
    .configureOutput({ outputError: (str, write) => write(pc.red(str)) });
  program.addHelpText(
    'after',
    `\nGames: ${games.map((g) => g.id).join(', ') || '(none registered)'}\n` +
      'Examples:\n  koth replay                 replay every game on its embedded default data\n' +
      '  koth replay dice --help     options of one game\n  koth registry --json        every known bot and whether it is ported\n',
  );
  registerReplay(program);
  registerScrape(program);
  registerRegistry(program);
  registerBench(program);
  return program;
}

export async function main(argv: string[]): Promise<number> {
  const program = buildProgram();
  program.exitOverride();
  try {
    await program.parseAsync(argv, { from: 'user' });
    return typeof process.exitCode === 'number' ? process.exitCode : 0;
  } catch (err) {
    if (err instanceof CommanderError) return err.exitCode;
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
      process.exitCode = 70;
    },
  );
}

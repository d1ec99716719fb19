#!/usr/bin/env node
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Command, CommanderError } from 'commander';
import pc from 'picocolors';
import { EXIT, exitCodeHelp, UserError } from '../engines/core/cli/errors.ts';
import { runAsProgram } from '../engines/core/cli/interrupt.ts';
import { printable } from '../engines/core/report/printable.ts';
import { games } from '../engines/registry.ts';
import { buildHash, PACKAGE_VERSION } from '../engines/core/version.ts';
import { registerReplay, rewriteSeveralGames } from './commands/replay.ts';
import { registerBench } from './commands/bench.ts';
import { registerScrape } from './commands/scrape.ts';
import { registerRegistry } from './commands/registry.ts';
import { registerVerify } from './commands/verify.ts';
import { registerQueue } from './commands/queue.ts';
import { registerAb } from './commands/ab.ts';
import { registerHost } from './commands/host.ts';
import { exitWhenUnsettled } from './unsettled.ts';

export function buildProgram(): Command {
  const program = new Command();
  program
    .name('koth')
    .description(
      'Replays historic Code Golf King-of-the-Hill tournaments with TypeScript ports of the ' +
        'original bots, and compares the result with the published leaderboards.',
    )
    .version(`koth-replay ${PACKAGE_VERSION} (build ${buildHash()})`, '-V, --version', 'print the package version and the build\'s hash (a hash of the sources bundled into dist/)')
    .enablePositionalOptions()
    .showHelpAfterError('(add --help for usage)')
    // Commander's errors echo the option's value as given: printed escaped (docs/cli.md, Output).
    .configureOutput({ outputError: (str, write) => write(pc.red(printable(str))) })
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
  registerQueue(program);
  registerAb(program);
  registerHost(program);
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

/**
 * Whether this module is the program node was started with: `node dist/koth.js`, `node
 * dist/koth`, `tsx cli/koth.ts`, and the `koth` that npm links (`npm link`, `npm i -g`, `npx
 * koth`: a symlink, named `koth`, to dist/koth.js) — the real paths of the script and of this
 * module are compared, so the name the command was started by does not matter. False when the
 * module is imported (the tests call main() in-process) or there is no script (`node -e`).
 */
export function isMainModule(script: string | undefined, moduleUrl: string): boolean {
  if (!script) return false;
  const real = (p: string): string | undefined => {
    try {
      return realpathSync(p);
    } catch {
      return undefined;
    }
  };
  const self = fileURLToPath(moduleUrl);
  const me = real(self) ?? self;
  // `node dist/koth` runs dist/koth.js, but argv[1] keeps the name as typed.
  return [script, `${script}.js`, `${script}.ts`].some((p) => real(p) === me);
}

/**
 * A reader that stops early (`koth --help | head -1`, `koth play dice | head`) closes the pipe:
 * the next write fails with EPIPE. koth then ends at once, quietly, with 0, as Unix tools do
 * (no stack trace; nothing is lost: checkpoints are written atomically). Any other error of the
 * stream is left as it was.
 */
export function endQuietlyOnClosedPipe(stream: NodeJS.WriteStream): void {
  stream.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE') process.exit(EXIT.ok);
    throw e;
  });
}

if (isMainModule(process.argv[1], import.meta.url)) {
  runAsProgram();
  endQuietlyOnClosedPipe(process.stdout);
  endQuietlyOnClosedPipe(process.stderr);
  const command = main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (err) => {
      process.stderr.write(pc.red(`koth: internal error: ${err?.stack ?? err}\n`));
      process.exitCode = EXIT.internal;
    },
  );
  exitWhenUnsettled(command);
}

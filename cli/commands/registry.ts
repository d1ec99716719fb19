import type { Command } from 'commander';
import { UserError } from '../errors.ts';

/** `koth registry` — placeholder until the scraper's registry link lands. */
export function registerRegistry(program: Command): void {
  program
    .command('registry')
    .description('List every known bot and whether a TypeScript port exists')
    .argument('[challenge]', 'only this challenge')
    .option('--json', 'machine-readable output')
    .action(() => {
      throw new UserError('the registry is not built yet');
    });
}

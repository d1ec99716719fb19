import type { Command } from 'commander';
import { UserError } from '../errors.ts';

/** `koth scrape` — placeholder until the scraper lands (issue: Scraper). */
export function registerScrape(program: Command): void {
  program
    .command('scrape')
    .description('Download every answer of a challenge from the StackExchange API into the local cache')
    .argument('[challenge]', 'challenge id, or "all"')
    .action(() => {
      throw new UserError('the scraper is not built yet');
    });
}

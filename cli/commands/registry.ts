import type { Command } from 'commander';
import pc from 'picocolors';
import { UserError } from '../errors.ts';
import { defaultCacheDir } from '../../scraper/cache.ts';
import { CHALLENGES } from '../../scraper/extract.ts';
import { registryRows } from '../../scraper/registry.ts';
import { renderTable } from '../../engines/core/report/table.ts';

export function registerRegistry(program: Command): void {
  program
    .command('registry')
    .description('List every known bot: ported, missing, stale (the cached original changed since the port) or not a bot')
    .argument('[challenge]', `${CHALLENGES.map((c) => c.id).join(', ')} (default: all)`)
    .option('--cache <dir>', 'the scrape cache to compare with (default .koth-cache, or $KOTH_CACHE)')
    .option('--json', 'print [{"challenge","bot","status","answerId","author"}]')
    .addHelpText('after', '\nWithout a cache (no "koth scrape" yet) it lists the known bots as ported or missing.')
    .action((challenge: string | undefined, opts: { cache?: string; json?: boolean }) => {
      if (challenge && !CHALLENGES.some((c) => c.id === challenge)) {
        throw new UserError(`unknown challenge "${challenge}": use one of ${CHALLENGES.map((c) => c.id).join(', ')}`);
      }
      const ids = challenge ? [challenge] : CHALLENGES.map((c) => c.id);
      const rows = registryRows(ids, opts.cache ?? defaultCacheDir());
      if (opts.json) {
        process.stdout.write(JSON.stringify(rows, null, 2) + '\n');
        return;
      }
      const color = { ported: pc.green, stale: pc.yellow, missing: pc.red, 'not-a-bot': pc.dim } as const;
      process.stdout.write(
        renderTable(['challenge', 'bot', 'status', 'answer', 'author', 'note'], rows.map((r) => [r.challenge, r.bot, color[r.status](r.status), r.answerId ?? '—', r.author ?? '—', r.note ?? ''])) +
          '\n' +
          (['ported', 'stale', 'missing', 'not-a-bot'] as const).map((s) => `${s}: ${rows.filter((r) => r.status === s).length}`).join(', ') +
          '\n',
      );
    });
}

import type { Command } from 'commander';
import pc from 'picocolors';
import { EXIT, UserError } from '../../engines/core/cli/errors.ts';
import { checkCacheRoot, defaultCacheDir } from '../../scraper/cache.ts';
import { challenges, knownBots } from '../../engines/registry.ts';
import { registryReport, STATUSES } from '../../scraper/registry.ts';
import { asOfDay } from '../../engines/core/cli/params.ts';
import { printable, renderTable } from '../../engines/core/report/table.ts';

interface RegistryCliOptions {
  cache?: string;
  json?: boolean;
  asOf?: string;
}

export function registerRegistry(program: Command): void {
  program
    .command('registry')
    .description('List every known bot: ported, missing, stale (the cached original changed since the port) or not a bot')
    .argument('[challenge]', `${challenges().map((c) => c.id).join(', ')} (default: all)`)
    .option('--cache <dir>', 'the scrape cache to compare with (default .koth-cache, or $KOTH_CACHE)')
    .option('--as-of <date>', 'compare with the cache of "koth scrape <challenge> --as-of <date>" instead of the current answers', asOfDay)
    .option('--json', 'print [{"challenge", "bot", "status", "answerId", "author"}], status one of ported, stale, source-missing, missing, not-a-bot')
    .addHelpText(
      'after',
      `
Statuses:
  ported     a port exists (and, when the cache has the bot, was written from the same code block)
  stale      a port exists, but the cached answer's code block has another sha256 than the port records
  source-missing  a port whose answer is not in a finished scrape of its challenge (deleted, or never cached)
  missing    a known bot without a port, or a bot found in the cache that the project does not know
  not-a-bot  a cached answer in which no bot was found (author and answer id given)
Without a cache (no "koth scrape" yet) it lists the known bots as ported or missing, and says so.
`,
    )
    .action((challenge: string | undefined, opts: RegistryCliOptions) => {
      if (challenge && !challenges().some((c) => c.id === challenge)) {
        throw new UserError(`unknown challenge "${challenge}": use one of ${challenges().map((c) => c.id).join(', ')}`);
      }
      const ids = challenge ? [challenge] : challenges().map((c) => c.id);
      const cacheRoot = opts.cache ?? defaultCacheDir();
      checkCacheRoot(cacheRoot, false);
      const report = registryReport(ids, cacheRoot, knownBots, opts.asOf ?? null);
      const notes: string[] = [];
      if (report.uncached.length) {
        notes.push(
          `the cache is empty for ${report.uncached.join(', ')} (${report.uncached.map((c) => report.cacheDirs[c]).join(', ')}): ` +
            `known bots listed as ported or missing, nothing compared. Run "koth scrape ${challenge ?? 'all'}${opts.asOf ? ` --as-of ${opts.asOf}` : ''}" to check for stale ports.`,
        );
      }
      // Damaged cache files: warnings on stderr (the rows leave them out); a scrape fetches them again.
      for (const u of report.unreadable) process.stderr.write(pc.yellow(`koth: warning: ${printable(u)}; "koth scrape ${challenge ?? 'all'}${opts.asOf ? ` --as-of ${opts.asOf}` : ''}" fetches it again\n`));
      if (opts.json) {
        const rows = report.rows.map(({ challenge, bot, status, answerId, author }) => ({ challenge, bot, status, answerId, author }));
        process.stdout.write(JSON.stringify(rows, null, 2) + '\n');
        for (const n of notes) process.stderr.write(pc.yellow(`koth: ${n}\n`));
        return;
      }
      const color = { ported: pc.green, stale: pc.yellow, 'source-missing': pc.yellow, missing: pc.red, 'not-a-bot': pc.dim } as const;
      process.stdout.write(
        (report.rows.length
          ? renderTable(
              ['challenge', 'bot', 'status', 'answer', 'author', 'note'],
              report.rows.map((r) => [r.challenge, printable(r.bot), color[r.status](r.status), r.answerId != null ? String(r.answerId) : '—', r.author != null ? printable(r.author) : '—', printable(r.note ?? '')]),
            ) + '\n'
          : pc.dim('no known bots and nothing cached\n')) +
          STATUSES.map((s) => `${color[s](s)}: ${report.rows.filter((r) => r.status === s).length}`).join(', ') +
          '\n' +
          notes.map((n) => pc.yellow(`note: ${n}`) + '\n').join(''),
      );
    });
}

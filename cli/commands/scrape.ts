import type { Command } from 'commander';
import pc from 'picocolors';
import { UserError } from '../errors.ts';
import { ApiError, DEFAULT_API_BASE, StackExchangeClient } from '../../scraper/api.ts';
import { AnswerCache, defaultCacheDir } from '../../scraper/cache.ts';
import { CHALLENGES, challengeConfig, type ChallengeConfig } from '../../scraper/extract.ts';
import { asOfEpoch, scrapeChallenge, summarize, type ScrapeSummary } from '../../scraper/scrape.ts';
import { renderTable } from '../../engines/core/report/table.ts';

interface ScrapeCliOptions {
  cache?: string;
  json?: boolean;
  offline?: boolean;
  asOf?: string;
  apiBase?: string;
}

function selected(which: string): ChallengeConfig[] {
  if (which === 'all') return [...CHALLENGES];
  const c = challengeConfig(which);
  if (!c) throw new UserError(`unknown challenge "${which}": use one of ${CHALLENGES.map((x) => x.id).join(', ')}, or all`);
  return [c];
}

function print(s: ScrapeSummary, cacheDir: string): void {
  process.stdout.write(
    pc.bold(`${s.challenge}${s.asOf ? ` as of ${s.asOf}` : ''}: ${s.answers} answers, ${s.bots.length} bots`) +
      (s.written !== undefined ? pc.dim(` (${s.written} answers written, ${s.requests} API requests)`) : '') +
      '\n' +
      (s.bots.length ? renderTable(['bot', 'answer', 'author', 'sha256'], s.bots.map((b) => [b.name, b.answerId, b.author ?? '(deleted user)', b.sha256.slice(0, 16)])) + '\n' : '') +
      s.warnings.map((w) => pc.yellow(`  ! answer ${w.answerId} by ${w.author ?? '(deleted user)'}: ${w.reason}`) + '\n').join('') +
      pc.dim(`  cache: ${cacheDir}\n`),
  );
}

export function registerScrape(program: Command): void {
  program
    .command('scrape')
    .description('Download every answer of a challenge from the StackExchange API, extract its bots and cache them')
    .argument('<challenge>', `${CHALLENGES.map((c) => c.id).join(', ')}, or all`)
    .option('--cache <dir>', 'cache directory (default .koth-cache, or $KOTH_CACHE); never commit it')
    .option('--offline', 'use only the cache; never touch the network')
    .option('--as-of <date>', 'rebuild each answer as it stood at this date (YYYY-MM-DD) from its revision history')
    .option('--api-base <url>', `StackExchange API base (or $KOTH_SE_API; default ${DEFAULT_API_BASE})`)
    .option('--json', 'print {"challenge","answers","bots":[{"name","answerId","author","sha256"}],"warnings"} (an array for all)')
    .addHelpText(
      'after',
      `
Challenges:
${CHALLENGES.map((c) => `  ${c.id.padEnd(9)} Q${c.questionId} ${c.title} (${c.language}): ${c.recognises}`).join('\n')}
Environment: KOTH_SE_KEY (an app key: larger quota), KOTH_SE_API, KOTH_CACHE.
A first scrape pages through all answers and records progress after every page: an interrupted
scrape resumes where it stopped. Later scrapes ask only for answers active since the last one.
Every cache write is atomic. sha256 of a code block = sha256 of its text (entities decoded), UTF-8.`,
    )
    .action(async (which: string, opts: ScrapeCliOptions) => {
      const cacheDir = opts.cache ?? defaultCacheDir();
      if (opts.asOf) {
        try {
          asOfEpoch(opts.asOf);
        } catch (e) {
          throw new UserError((e as Error).message);
        }
      }
      const results: ScrapeSummary[] = [];
      for (const cfg of selected(which)) {
        const cache = new AnswerCache(cacheDir, cfg.id, opts.asOf ?? null);
        if (opts.offline) {
          if (!cache.exists()) throw new UserError(`no cache for ${cfg.id} in ${cacheDir}: run "koth scrape ${cfg.id}" online first (or point --cache at one)`);
          results.push(summarize(cfg, cache));
          continue;
        }
        const client = new StackExchangeClient({
          base: opts.apiBase ?? process.env.KOTH_SE_API ?? DEFAULT_API_BASE,
          ...(process.env.KOTH_SE_KEY ? { key: process.env.KOTH_SE_KEY } : {}),
          delayScale: Number(process.env.KOTH_SE_DELAY_SCALE ?? 1),
          ...(process.env.KOTH_SE_TIMEOUT_MS ? { timeoutMs: Number(process.env.KOTH_SE_TIMEOUT_MS) } : {}),
          onWait: (reason, ms) => {
            if (process.stderr.isTTY && ms >= 1000) process.stderr.write(pc.dim(`  waiting ${(ms / 1000).toFixed(1)} s: ${reason}\n`));
          },
        });
        try {
          results.push(
            await scrapeChallenge(cfg, {
              client,
              cache,
              ...(opts.asOf ? { asOf: opts.asOf } : {}),
              onPage: (page, n) => {
                if (process.stderr.isTTY) process.stderr.write(pc.dim(`\r  ${cfg.id}: page ${page} (${n} answers)   `));
              },
            }),
          );
          if (process.stderr.isTTY) process.stderr.write('\n');
        } catch (e) {
          if (e instanceof ApiError) {
            const where = `the cache at ${cache.dir}`;
            if (e.kind === 'network') throw new UserError(`no network: ${e.message}. Rerun with --offline to use ${where}, or check --api-base/KOTH_SE_API.`, 4);
            throw new UserError(`${cfg.id}: ${e.message}`, e.kind === 'quota' ? 5 : 4);
          }
          throw e;
        }
      }
      if (opts.json) process.stdout.write(JSON.stringify(which === 'all' ? results : results[0], null, 2) + '\n');
      else for (const r of results) print(r, cacheDir);
    });
}

import type { Command } from 'commander';
import cliProgress from 'cli-progress';
import pc from 'picocolors';
import { EXIT, exitCodeHelp, UserError } from '../../engines/core/cli/errors.ts';
import { asOfDay } from '../../engines/core/cli/params.ts';
import { ApiError, apiOptionsFromEnv, DEFAULT_API_BASE, StackExchangeClient } from '../../scraper/api.ts';
import { AnswerCache, CacheBusyError, checkCacheRoot, defaultCacheDir } from '../../scraper/cache.ts';
import type { ChallengeConfig } from '../../scraper/extract.ts';
import { challengeConfig, challenges } from '../../engines/registry.ts';
import { PAGE_SIZE, scrapeChallenge, summarize, type ScrapeProgress, type ScrapeSummary } from '../../scraper/scrape.ts';
import { printable, renderTable } from '../../engines/core/report/table.ts';
import { loadBackoff, saveBackoff } from '../../scraper/cache.ts';

interface ScrapeCliOptions {
  cache?: string;
  json?: boolean;
  offline?: boolean;
  asOf?: string;
  apiBase?: string;
}

function selected(which: string): ChallengeConfig[] {
  if (which === 'all') return [...challenges()];
  const c = challengeConfig(which);
  if (!c) throw new UserError(`unknown challenge "${which}": use one of ${challenges().map((x) => x.id).join(', ')}, or all`);
  return [c];
}

/** What --json prints for one challenge. */
function jsonSummary(s: ScrapeSummary): object {
  return { challenge: s.challenge, ...(s.asOf ? { asOf: s.asOf } : {}), answers: s.answers, bots: s.bots, warnings: s.warnings };
}

function print(s: ScrapeSummary, cacheDir: string): void {
  const stats =
    s.written !== undefined
      ? pc.dim(` (${s.mode === 'refresh' ? 'refresh: ' : s.mode === 'resume' ? 'resumed: ' : ''}${s.written} written, ${s.unchanged ?? 0} unchanged, ${s.requests} API requests)`)
      : pc.dim(' (offline: from the cache)');
  process.stdout.write(
    pc.bold(`${s.challenge}${s.asOf ? ` as of ${s.asOf}` : ''}: ${s.answers} answers, ${s.bots.length} bots`) +
      stats +
      '\n' +
      (s.bots.length
        ? renderTable(['bot', 'answer', 'author', 'sha256'], s.bots.map((b) => [printable(b.name), String(b.answerId), b.author != null ? printable(b.author) : pc.dim('(deleted user)'), pc.dim(b.sha256.slice(0, 16) + '…')])) + '\n'
        : '') +
      s.warnings.map((w) => pc.yellow(`  ! ${w.answerId != null ? `answer ${printable(String(w.answerId))}` : 'cache'}${w.answerId != null ? ` by ${w.author != null ? printable(w.author) : '(deleted user)'}` : ''}: ${printable(w.reason)}`) + '\n').join('') +
      pc.dim(`  cache: ${cacheDir}\n`),
  );
}

/** A progress bar on stderr, only when stderr is a terminal; waits show in its status field. (Exported for tests.) */
export function progressBar(challenge: string, stream: NodeJS.WriteStream = process.stderr) {
  if (!stream.isTTY) return { update: (_p: ScrapeProgress) => {}, status: (_s: string) => {}, stop: () => {} };
  const bar = new cliProgress.SingleBar(
    {
      stream,
      format: `  ${challenge.padEnd(8)} {bar} {value}/{total} answers{more} ${pc.dim('{status}')}`,
      hideCursor: true,
      clearOnComplete: true,
      barsize: 24,
    },
    cliProgress.Presets.shades_classic,
  );
  let started = false;
  let last = { answers: 0, hasMore: true };
  const ensure = () => {
    if (!started) bar.start(PAGE_SIZE, 0, { more: '+', status: 'asking the API…' });
    started = true;
  };
  return {
    update(p: ScrapeProgress) {
      ensure();
      last = p;
      bar.setTotal(p.hasMore ? p.answers + PAGE_SIZE : Math.max(1, p.answers));
      bar.update(p.answers, { more: p.hasMore ? '+' : '', status: `${p.mode}, ${p.written} written` });
      bar.render(); // once per API page: draw now rather than at the next frame
    },
    status(s: string) {
      ensure();
      bar.update(last.answers, { status: s });
      bar.render();
    },
    stop() {
      if (started) bar.stop();
    },
  };
}

function apiFailure(e: ApiError, cfg: ChallengeConfig, cache: AnswerCache, base: string): UserError {
  const cached = cache.all().length;
  switch (e.kind) {
    case 'network':
      return new UserError(
        `no network: ${e.message}. ` +
          (cached
            ? `Rerun with --offline to use the cache at ${cache.dir} (${cached} answers of ${cfg.id}), or check --api-base/KOTH_SE_API (${base}).`
            : `There is no cache for ${cfg.id} at ${cache.dir} yet: connect and rerun, or check --api-base/KOTH_SE_API (${base}).`),
        EXIT.network,
      );
    case 'quota':
      return new UserError(`${cfg.id}: ${e.message}`, EXIT.quota);
    case 'api':
      return new UserError(`${cfg.id}: the API refused the request — ${e.message}${/key/i.test(e.message) ? ' (check KOTH_SE_KEY)' : ''}`, EXIT.network);
    default:
      return new UserError(`${cfg.id}: ${e.message}`, EXIT.network);
  }
}

export function registerScrape(program: Command): void {
  program
    .command('scrape')
    .description('Download every answer of a challenge from the StackExchange API, extract its bots and cache them')
    .argument('<challenge>', `${challenges().map((c) => c.id).join(', ')}, or all`)
    .option('--cache <dir>', 'cache directory (default .koth-cache, or $KOTH_CACHE); git-ignored: never commit scraped code')
    .option('--offline', 'read only the cache; never touch the network (fails if the challenge was never scraped)')
    .option('--as-of <date>', 'rebuild each answer as it stood at this date from its revision history: YYYY-MM-DD (end of that day, UTC) or an ISO timestamp; cached apart, in <cache>/<challenge>@<date>', asOfDay)
    .option('--api-base <url>', `StackExchange API base URL (or $KOTH_SE_API; default ${DEFAULT_API_BASE}), e.g. a local server`)
    .option('--json', 'print the summary as JSON: {"challenge", "answers": N, "bots": [{"name", "answerId", "author", "sha256"}], "warnings": [{"answerId", "author", "reason"}]} ("asOf" too with --as-of; an array of them for all)')
    .addHelpText(
      'after',
      `
Challenges:
${challenges().map((c) => `  ${c.id.padEnd(9)} Q${c.questionId} ${c.title} (${c.language}): ${c.recognises}`).join('\n')}

Environment:
  KOTH_SE_KEY          a StackApps app key: 10,000 requests a day instead of 300
  KOTH_SE_API          the API base URL (as --api-base)
  KOTH_CACHE           the cache directory (as --cache)
  KOTH_SE_TIMEOUT_MS   per-request timeout (default 30000)
  KOTH_SE_DELAY_SCALE  multiplies every wait (backoff, retries); 1 by default

Every online scrape first checks that the question under the challenge's id has the
challenge's title (case, white space and HTML entities aside): another question stops it
with exit 4 before anything is fetched or written. A first scrape lists all answers oldest first and records its place after every page: an
interrupted scrape resumes where it stopped. Later scrapes ask only for answers active since
the last one and rewrite only what changed. Every cache write is atomic (temp file + rename).
The API's backoff is obeyed; throttles, 429s and 5xx are retried with growing, jittered waits;
a used-up quota stops the scrape and says when it resets. Answers without a bot are listed as
warnings. sha256 of a code block = sha256 of its text (entities decoded) as UTF-8 bytes.
Progress shows on stderr when it is a terminal.

Examples:
  koth scrape dice                       every answer of question 177765 into .koth-cache/dice
  koth scrape ruins --as-of 2019-05-04   the answers as they stood that day
  koth scrape all --offline --json       what the cache holds, as JSON

${exitCodeHelp()}
`,
    )
    .action(async (which: string, opts: ScrapeCliOptions) => {
      const cacheDir = opts.cache ?? defaultCacheDir();
      const apiOptions = apiOptionsFromEnv(opts.apiBase);
      const base = apiOptions.base;
      if (!opts.offline && !/^https?:\/\//.test(base)) throw new UserError(`--api-base/KOTH_SE_API must be an http(s) URL, got "${base}"`);
      const configs = selected(which);
      // Before anything is asked of the API: a cache that is a file, or where nothing can be written, is refused (exit 6).
      checkCacheRoot(cacheDir, !opts.offline);
      const results: ScrapeSummary[] = [];
      const emit = (s: ScrapeSummary) => {
        results.push(s);
        if (!opts.json) print(s, new AnswerCache(cacheDir, s.challenge, opts.asOf ?? null).dir);
      };
      for (const cfg of configs) {
        const cache = new AnswerCache(cacheDir, cfg.id, opts.asOf ?? null);
        // Damaged answer files (not JSON, the wrong shape, bytes that are not UTF-8): said on stderr; online they are fetched again.
        cache.all();
        for (const u of cache.unreadable) process.stderr.write(pc.yellow(`koth: ${cfg.id}: warning: cache file ${printable(u.file)} ${opts.offline ? 'skipped' : 'is fetched again'}: ${printable(u.reason)}${opts.offline ? ' (a scrape without --offline fetches it again)' : ''}\n`));
        for (const u of cache.suspect) process.stderr.write(pc.yellow(`koth: ${cfg.id}: warning: cache file ${printable(u.file)} ${opts.offline ? 'used' : 'is fetched again'}: ${printable(u.reason)}\n`));
        if (opts.offline) {
          if (!cache.exists() && !cache.all().length) {
            const hint = `run "koth scrape ${cfg.id}${opts.asOf ? ` --as-of ${opts.asOf}` : ''}" online first, or point --cache/KOTH_CACHE at a cache`;
            if (configs.length === 1) throw new UserError(`no cache for ${cfg.id} at ${cache.dir}: ${hint}`, EXIT.cache);
            process.stderr.write(pc.yellow(`koth: no cache for ${cfg.id} at ${cache.dir} (skipped): ${hint}\n`));
            continue;
          }
          emit(summarize(cfg, cache));
          continue;
        }
        const bar = progressBar(cfg.id);
        const client = new StackExchangeClient({
          ...apiOptions,
          onWait: (reason, ms) => {
            // Every wait is said on stderr: in the bar on a terminal, as a line otherwise.
            if (ms >= 500) bar.status(`waiting ${(ms / 1000).toFixed(1)} s: ${reason}`);
            if (!process.stderr.isTTY && ms > 0) process.stderr.write(pc.yellow(`koth: ${cfg.id}: waiting ${(ms / 1000).toFixed(1)} s: ${printable(reason)}\n`));
          },
          onNotice: (message) => {
            bar.status(message);
            if (!process.stderr.isTTY) process.stderr.write(pc.yellow(`koth: ${cfg.id}: ${printable(message)}\n`));
          },
        });
        let summary: ScrapeSummary;
        loadBackoff(cacheDir);
        try {
          summary = await scrapeChallenge(cfg, {
            client,
            cache,
            ...(opts.asOf ? { asOf: opts.asOf } : {}),
            onProgress: (p) => bar.update(p),
            onWarning: (w) => process.stderr.write(pc.yellow(`koth: ${cfg.id}: answer ${printable(String(w.answerId))}: ${printable(w.reason)} (skipped)\n`)),
          });
        } catch (e) {
          if (e instanceof ApiError) throw apiFailure(e, cfg, cache, base);
          if (e instanceof CacheBusyError) throw new UserError(e.message, EXIT.cache);
          throw e;
        } finally {
          bar.stop();
          saveBackoff(cacheDir);
        }
        emit(summary);
      }
      if (opts.offline && !results.length) throw new UserError(`nothing cached at ${cacheDir}: run "koth scrape ${which}" online first`, EXIT.cache);
      if (opts.json) process.stdout.write(JSON.stringify(which === 'all' ? results.map(jsonSummary) : jsonSummary(results[0]!), null, 2) + '\n');
    });
}

/**
 * `koth verify <game> <bot> [--source FILE] [--record [FILE]]` and `koth verify <game> --all`:
 * a port against its original Python class (sandboxed), decision for decision on the same
 * situations and generator states (engines/<game>/verify.ts).
 */
import type { Command } from 'commander';
import pc from 'picocolors';
import { EXIT, UserError } from '../../engines/core/cli/errors.ts';
import { checkOutputFile, helpFooter, nonEmpty, outputFile, positiveInt, readInputFile } from '../../engines/core/cli/kit.ts';
import { writeFileAtomic } from '../../engines/core/io/atomic.ts';
import { renderTable } from '../../engines/core/report/table.ts';
import { nondeterminismOf, sha256, TRACE_FORMAT, VerifyInputError, type VerifyResult, type VerifyTrace } from '../../engines/core/verify/verify.ts';
import { AnswerCache, checkCacheRoot, defaultCacheDir } from '../../scraper/cache.ts';
import { diceVerifiablePorts, verifyDiceBot } from '../../engines/dice/verify.ts';
import { ruinsVerifiablePorts, verifyRuinsBot } from '../../engines/ruins/verify.ts';
import { DiceSandboxStop } from '../../engines/dice/python-bots.ts';
import { SandboxStop } from '../../engines/ruins/python-bots.ts';

interface Verifier {
  ports: () => string[];
  verify: (bot: string, source: { path: string; code: string }, o: { seed: string; games: number }) => Omit<VerifyResult, 'source' | 'nondeterministic'>;
  /** What a bot's answer code needs around it to load (dice answers relied on the controller file's imports). */
  wrap?: (code: string) => string;
}

const VERIFIERS: Record<string, Verifier> = {
  dice: { ports: diceVerifiablePorts, verify: verifyDiceBot, wrap: (code) => `import random, sys, math\n${code}` },
  ruins: { ports: ruinsVerifiablePorts, verify: verifyRuinsBot, wrap: (code) => `from __main__ import Adventurer\nimport random, math\n${code}` },
};

interface VerifyOptions {
  source?: string;
  record?: string | boolean;
  all?: boolean;
  seed: string;
  games: number;
  json?: boolean;
  cache?: string;
  asOf?: string;
}

/** The original's code from the scrape cache: the answer code block that defines the class. */
function sourceFromCache(game: string, bot: string, o: VerifyOptions): { path: string; code: string } | undefined {
  checkCacheRoot(o.cache ?? defaultCacheDir(), false);
  const cache = new AnswerCache(o.cache ?? defaultCacheDir(), game, o.asOf ?? null);
  if (!cache.exists()) return undefined;
  for (const a of cache.all()) {
    const hit = a.bots.find((b) => b.name === bot);
    if (hit) return { path: `cache:${game}/answer ${a.answer_id} block ${hit.block}`, code: VERIFIERS[game]!.wrap?.(a.blocks[hit.block]!.text) ?? a.blocks[hit.block]!.text };
  }
  return undefined;
}

function runOne(game: string, bot: string, source: { path: string; code: string }, o: VerifyOptions): VerifyResult {
  const v = VERIFIERS[game]!;
  try {
    const r = v.verify(bot, source, { seed: o.seed, games: o.games });
    return { ...r, source: { path: source.path, sha256: sha256(source.code) }, nondeterministic: nondeterminismOf(source.code) };
  } catch (e) {
    if (e instanceof VerifyInputError) throw new UserError(e.message);
    if (e instanceof SandboxStop || e instanceof DiceSandboxStop) throw new UserError(`the Python sandbox stopped ${bot} (${e.reason}): ${e.pyMessage}`, EXIT.originalCrashed);
    throw e;
  }
}

const failed = (r: VerifyResult) => r.disagreementCount > 0 && !r.nondeterministic;

function printResult(r: VerifyResult): void {
  const head = `${r.game} ${r.bot}: ${r.agreed}/${r.compared} decisions agree (seed ${r.seed}, ${r.games} games vs ${r.opponents.join(', ')}, then edge cases)`;
  const color = r.disagreementCount === 0 ? pc.green : r.nondeterministic ? pc.yellow : pc.red;
  process.stdout.write(color(head) + `\n  source ${r.source.path} (sha256 ${r.source.sha256.slice(0, 16)}…)\n`);
  if (r.disagreements.length) {
    process.stdout.write(
      `  first disagreements (${r.disagreementCount} in all):\n` +
        renderTable(['where', 'situation', 'port', 'original'], r.disagreements.map((d) => [d.where, d.situation, d.port, d.original])) +
        '\n',
    );
  }
  if (r.nondeterministic && r.disagreementCount) process.stdout.write(pc.yellow(`  not a verdict: the original ${r.nondeterministic}, so it need not decide the same way twice\n`));
}

export function registerVerify(program: Command): void {
  program
    .command('verify')
    .description(
      'Check a port against its original Python class, run in the Pyodide sandbox: both are fed the same situations (seeded games of our engine, ' +
        'the bot in one seat as port and original in lockstep, plus edge cases) and the same generator state; prints agreement and the first disagreements.',
    )
    .argument('<game>', `dice or ruins`)
    .argument('[bot]', 'the port to check (its class name)')
    .option('--source <file>', "the original's Python file (default: the answer in the scrape cache that defines the class)", nonEmpty("the original's Python file"))
    .option('--record [file]', "write the original's decisions as a trace fixture (with the source's sha256) to file (default fixtures/<game>/verify/<bot>.json; checked writable before the run)", outputFile('a trace file name'))
    .option('--all', 'every port whose original is in the scrape cache')
    .option('--seed <s>', 'seed of the situations', '1')
    .option('--games <n>', 'seeded games to play', positiveInt, 20)
    .option('--cache <dir>', 'scrape cache (default KOTH_CACHE or .koth-cache)')
    .option('--as-of <day>', 'use the as-of scrape of that day')
    .option('--json', 'machine-readable: {"results":[{game, bot, source, compared, agreed, disagreements, nondeterministic, ...}]}')
    .addHelpText(
      'after',
      '\nExit codes: 0 every port agrees; 1 a deterministic original disagrees with its port; 2 bad input (unknown bot, no source); ' +
        '3 the sandbox stopped the original (endless loop, memory).\nA disagreement of an original that draws OS entropy or reads the clock is shown but is not a verdict.' +
        helpFooter([
          'koth verify dice GoToTenBot --source my_copy_of_the_answer.py',
          'koth verify ruins EagerThief --source test_bots.py --record',
          'koth scrape dice && koth verify dice --all',
        ]),
    )
    .action((game: string, bot: string | undefined, o: VerifyOptions) => {
      const v = VERIFIERS[game];
      if (!v) throw new UserError(`koth verify supports ${Object.keys(VERIFIERS).join(' and ')} (their bots are Python); got "${game}"`);
      if (!bot && !o.all) throw new UserError('name a bot (koth verify dice GoToTenBot) or give --all');
      if (bot && o.all) throw new UserError('give a bot or --all, not both');
      if (o.source !== undefined && o.all) throw new UserError('--source names one bot\'s file: use it without --all');
      const results: VerifyResult[] = [];
      const notInCache: string[] = [];
      const recordFile = (name: string) => (typeof o.record === 'string' ? o.record : `fixtures/${game}/verify/${name}.json`);
      // The default trace file of each bot to check, before anything runs (a named one was checked as the option was read).
      if (o.record === true) for (const name of bot ? [bot] : v.ports()) checkOutputFile('--record', recordFile(name));
      if (bot) {
        if (!v.ports().includes(bot)) throw new UserError(`no ${game} port named ${bot}: one of ${v.ports().join(', ')}`);
        let source: { path: string; code: string } | undefined;
        if (o.source !== undefined) {
          source = { path: o.source, code: readInputFile('--source', o.source, "give the original's Python file") };
        } else {
          source = sourceFromCache(game, bot, o);
          if (!source) throw new UserError(`no original of ${bot} in the scrape cache: run koth scrape ${game}${o.asOf ? ` --as-of ${o.asOf}` : ''} first, or give --source FILE`, EXIT.cache);
        }
        results.push(runOne(game, bot, source, o));
      } else {
        for (const name of v.ports()) {
          const source = sourceFromCache(game, name, o);
          if (!source) notInCache.push(name);
          else results.push(runOne(game, name, source, o));
        }
        if (!results.length) throw new UserError(`no original of any ${game} port is in the scrape cache: run koth scrape ${game} first`, EXIT.cache);
      }
      if (o.record !== undefined && o.record !== false) {
        for (const r of results) {
          const file = recordFile(r.bot);
          const trace: VerifyTrace = {
            format: TRACE_FORMAT,
            game,
            bot: r.bot,
            source: r.source,
            seed: r.seed,
            games: r.games,
            opponents: r.opponents,
            decisions: r.decisions,
            command: `koth verify ${game} ${r.bot} --source <the file with sha256 ${r.source.sha256}> --seed ${r.seed} --games ${r.games} --record`,
          };
          writeFileAtomic(file, JSON.stringify(trace) + '\n');
          if (!o.json) process.stdout.write(`recorded ${r.decisions.length} decisions of the original ${r.bot} in ${file}\n`);
        }
      }
      if (o.json) {
        process.stdout.write(JSON.stringify({ results: results.map(({ decisions, ...r }) => ({ ...r, decisions: decisions.length })), notInCache }, null, 1) + '\n');
      } else {
        for (const r of results) printResult(r);
        if (notInCache.length) process.stdout.write(pc.dim(`not in the cache (not checked): ${notInCache.join(', ')}\n`));
      }
      if (results.some(failed)) process.exitCode = EXIT.disagree;
    });
}

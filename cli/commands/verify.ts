/**
 * `koth verify <game> <bot> [--source FILE] [--record [FILE]]`, `koth verify [<game>] --all`:
 * a port against its original Python class (sandboxed), decision for decision on the same
 * situations and generator states. The games offer their verifiers in their descriptors
 * (GameDescriptor.verify: engines/<game>/verify.ts, or why a game has none); this file imports
 * no game. Bots are verified in parallel, whole, on worker threads each with its own sandbox
 * (verify-worker.ts); results keep job order whatever the worker count.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Command } from 'commander';
import pc from 'picocolors';
import { SandboxPool } from '../../engines/core/sandbox/pool.ts';
import { SandboxKilled } from '../../engines/core/sandbox/errors.ts';
import { EXIT, UserError } from '../../engines/core/cli/errors.ts';
import { didYouMean } from '../../engines/core/cli/suggest.ts';
import { untilInterrupted } from '../../engines/core/cli/interrupt.ts';
import { checkOutputFile, helpFooter, nonEmpty, outputFile, positiveInt, sandboxEnvLimits } from '../../engines/core/cli/kit.ts';
import { writeFileAtomic } from '../../engines/core/io/atomic.ts';
import { isVerifier, type GameDescriptor, type GameVerifier, type VerifySource } from '../../engines/core/game.ts';
import { printable, renderTable } from '../../engines/core/report/table.ts';
import { defaultWorkers } from '../../engines/core/runner/runner.ts';
import { TRACE_FORMAT, VerifyInputError, type VerifyResult, type VerifyTrace } from '../../engines/core/verify/verify.ts';
import { findGame, games } from '../../engines/registry.ts';
import { AnswerCache, checkCacheRoot, defaultCacheDir } from '../../scraper/cache.ts';
import { answerKind, entrantOfAnswer } from '../../engines/core/entrants/options.ts';
import { readEntrantSource } from '../../engines/core/entrants/source.ts';
import type { Entrant } from '../../engines/core/entrants/entrant.ts';
import { runVerifyJob, type VerifyJob, type VerifyJobResult } from './verify-jobs.ts';

interface VerifyOptions {
  source?: string;
  record?: string | boolean;
  all?: boolean;
  seed: string;
  games?: number;
  json?: boolean;
  cache?: string;
  asOf?: string;
  workers?: number;
  rules?: string;
}

const DEFAULT_GAMES = 20;

/** The original from the scrape cache: the answer code block that defines the class, as an entrant of the game's language. */
function entrantFromCache(g: GameDescriptor, v: GameVerifier, bot: string, o: VerifyOptions): Entrant | undefined {
  checkCacheRoot(o.cache ?? defaultCacheDir(), false);
  const cache = new AnswerCache(o.cache ?? defaultCacheDir(), g.id, o.asOf ?? null);
  if (!cache.exists()) return undefined;
  for (const a of cache.all()) {
    const hit = a.bots.find((b) => b.name === bot);
    if (hit) return entrantOfAnswer(g.botLanguage, `cache:${g.id}/answer ${a.answer_id} block ${hit.block}`, v.wrap?.(a.blocks[hit.block]!.text) ?? a.blocks[hit.block]!.text);
  }
  return undefined;
}

/** `--source FILE`: the original as an entrant of the game's language (a Python or a C++ answer), its file read when the source is. */
export const entrantOfSourceFile = (g: Pick<GameDescriptor, 'botLanguage'>, path: string): Entrant => ({ kind: answerKind(g.botLanguage), source: { from: 'file', path } });

/** The original's code, read by the core's one reader of entrants (engines/core/entrants/source.ts): a file with --source's messages, an answer's code as it is. */
export function readVerifySource(e: Entrant): VerifySource {
  if (e.kind !== 'python' && e.kind !== 'cpp') throw new Error(`koth verify checks an original answer (python or cpp), not a ${e.kind} entrant`);
  return readEntrantSource<VerifySource>(e.source, { option: '--source', hint: "give the original's Python file", fromCode: (path, code) => ({ path, code }) })[0]!;
}

/** The original's code from the scrape cache, or undefined when no cached answer defines the class. */
function sourceFromCache(g: GameDescriptor, v: GameVerifier, bot: string, o: VerifyOptions): VerifySource | undefined {
  const e = entrantFromCache(g, v, bot, o);
  return e && readVerifySource(e);
}

/** The module of the sandbox workers' job: dist/verify-worker.js beside the bundle, or verify-worker.ts from sources. */
function jobModule(): string {
  const here = fileURLToPath(import.meta.url);
  if (here.endsWith('.ts')) return fileURLToPath(new URL('./verify-worker.ts', import.meta.url));
  const js = fileURLToPath(new URL(import.meta.url.includes('/chunks/') ? '../verify-worker.js' : './verify-worker.js', import.meta.url));
  if (!existsSync(js)) throw new Error(`the verify job module is missing at ${js}: run "npm run build"`);
  return js;
}

/**
 * Runs the jobs, each a whole bot, on `workers` sandbox workers (each a thread with its own
 * Python beside the engine). Results come back in job order whatever the worker count.
 */
async function runJobs(jobs: VerifyJob[], workers: number): Promise<VerifyJobResult[]> {
  const n = Math.max(1, Math.min(workers, jobs.length));
  const timeouts = jobs.map((j) => (findGame(j.game)?.verify as GameVerifier | undefined)?.timeoutMs ?? 0);
  const env = sandboxEnvLimits().timeoutMs;
  // one pool per runtime the games' originals need (Python/Pyodide, C++/WebAssembly)
  const runtimeOf = (j: VerifyJob) => (findGame(j.game)?.verify as GameVerifier | undefined)?.runtime ?? 'python';
  const pools = new Map<string, SandboxPool>();
  const poolFor = (j: VerifyJob) => {
    const r = runtimeOf(j);
    let p = pools.get(r);
    if (!p) pools.set(r, (p = new SandboxPool({ workers: n, modules: [jobModule()], timeoutMs: env ?? (Math.max(...timeouts) || undefined), runtime: r })));
    return p;
  };
  try {
    const all = Promise.all(
      jobs.map(async (j): Promise<VerifyJobResult> => {
        try {
          return (await poolFor(j).run({ kind: 'job', fn: 'verifyJob', args: j })) as VerifyJobResult;
        } catch (e) {
          if (e instanceof SandboxKilled) return { ok: false, kind: 'sandbox', bot: e.bot ?? j.bot, reason: e.reason, message: e.detail };
          throw e;
        }
      }),
    );
    return await untilInterrupted(
      () => all,
      () =>
        `koth verify stopped before its ${jobs.length} check(s) finished (${jobs.map((j) => `${j.game} ${printable(j.bot)}`).join(', ')}); its sandbox workers are ended and nothing was printed or recorded. ` +
        'Rerun the same command to check again (a check starts from its seed).',
    );
  } finally {
    await Promise.all([...pools.values()].map((p) => p.destroy()));
  }
}

/** The first failed job (in job order) as the CLI's error. */
function failure(jobs: VerifyJob[], out: VerifyJobResult[]): UserError | undefined {
  const i = out.findIndex((r) => !r.ok);
  if (i < 0) return undefined;
  const r = out[i]!;
  if (r.ok) return undefined;
  if (r.kind === 'input') return new UserError(printable(r.message));
  if (r.kind === 'sandbox') {
    return new UserError(
      `the ${(findGame(jobs[i]!.game)?.verify as GameVerifier | undefined)?.runtime === 'wasm' ? 'C++' : 'Python'} sandbox stopped ${printable(r.bot)} (${r.reason}): ${printable(r.message)}\n` +
        'The original controller had no time or memory limit, so it would have hung or died here; nothing of the original can be compared.',
      EXIT.originalCrashed,
    );
  }
  return new UserError(`koth verify ${jobs[i]!.game} ${jobs[i]!.bot} failed inside koth: ${r.message}`, EXIT.internal);
}

const failed = (r: VerifyResult) => r.disagreementCount > 0 && !r.nondeterministic;

function printResult(r: VerifyResult): void {
  const head = `${r.game} ${r.bot}: ${r.agreed}/${r.compared} decisions agree (seed ${printable(String(r.seed))}${r.rules ? `, rules ${r.rules}` : ''}, ${r.games} games vs ${r.opponents.join(', ')}, then edge cases)`;
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

const verifiable = (): GameDescriptor[] => games.filter((g) => isVerifier(g.verify));

function gameOf(id: string): { g: GameDescriptor; v: GameVerifier } {
  const g = findGame(id);
  const names = verifiable().map((x) => x.id);
  if (!g) throw new UserError(`no game "${id}"${didYouMean(id, names)}: koth verify checks ${names.join(', ')}`);
  const v = g.verify;
  if (!v) throw new UserError(`${id} has no verifier yet (koth verify checks ${names.join(', ')})`);
  if (!isVerifier(v)) throw new UserError(`${id} cannot be verified port against original: ${v.unavailable}.`);
  return { g, v };
}

export function registerVerify(program: Command): void {
  const withVerifier = () =>
    verifiable().map((g) => {
      const v = g.verify as GameVerifier;
      return `${g.id} (${v.defaultGames ?? DEFAULT_GAMES} games by default; edge cases: ${v.edgeCases})`;
    });
  const without = () => games.filter((g) => g.verify && !isVerifier(g.verify)).map((g) => g.id);
  program
    .command('verify')
    .description(
      'Check a port against its original Python class, run in the Pyodide sandbox: both are fed the same situations (seeded games of our engine, ' +
        'the bot in one seat as port and original in lockstep, plus edge cases) and the same generator state; prints agreement and the first disagreements.',
    )
    .argument('[game]', 'the game (every game with a verifier with --all and no game)')
    .argument('[bot]', 'the port to check (its class name)')
    .option('--source <file>', "the original's Python file (default: the answer in the scrape cache that defines the class)", nonEmpty("the original's Python file"))
    .option('--record [file]', "write the original's decisions as a trace fixture (with the source's sha256) to file (default fixtures/<game>/verify/<bot>.json; checked writable before the run)", outputFile('a trace file name'))
    .option('--all', "every port whose original is in the scrape cache (of the game given, or of every game with a verifier)")
    .option('--seed <s>', 'seed of the situations', '1')
    .option('--rules <name>', "the rules the seeded games are played under, for games whose verifier has several (camel-up: original or 2026; default: the bot's own era, 2026 for the house bots)", nonEmpty('a rule variant name'))
    .option('--games <n>', `seeded games to play (default ${DEFAULT_GAMES}, or the game's own: see Games below)`, positiveInt)
    .option('--workers <n>', 'worker threads, each verifying whole bots with its own sandbox (default: the available cores); the output does not depend on it', positiveInt)
    .option('--cache <dir>', 'scrape cache (default KOTH_CACHE or .koth-cache)')
    .option('--as-of <day>', 'use the as-of scrape of that day')
    .option('--json', 'machine-readable: {"results":[{game, bot, source, compared, agreed, disagreements, nondeterministic, ...}], "notInCache": [...]}')
    .addHelpText(
      'after',
      () =>
        `\nGames: ${withVerifier().join('; ')}.\nNot verifiable here (\`koth verify <game>\` says why and what proves their ports): ${without().join(', ') || 'none'}.` +
        '\nExit codes: 0 every port agrees; 1 a deterministic original disagrees with its port; 2 bad input (unknown bot, no source, a game without a verifier); ' +
        '3 the sandbox stopped the original (endless loop, memory); 6 nothing to check in the scrape cache.\nA disagreement of an original that draws OS entropy or reads the clock is shown but is not a verdict.' +
        helpFooter([
          'koth verify dice GoToTenBot --source my_copy_of_the_answer.py',
          'koth verify ruins EagerThief --source test_bots.py --record',
          'koth verify camel-up Player1 --source players.py',
          'koth scrape dice && koth verify dice --all',
          'koth verify --all --workers 2             every game with a verifier, from the scrape cache',
        ]),
    )
    .action(async (game: string | undefined, bot: string | undefined, o: VerifyOptions) => {
      if (!game && !o.all) throw new UserError(`name a game and a bot (koth verify dice GoToTenBot), or give --all; games: ${verifiable().map((g) => g.id).join(', ')}`);
      if (bot && o.all) throw new UserError('give a bot or --all, not both');
      if (o.source !== undefined && o.all) throw new UserError("--source names one bot's file: use it without --all");
      const targets = game ? [gameOf(game)] : verifiable().map((g) => ({ g, v: g.verify as GameVerifier }));
      const recordFile = (g: string, name: string, results: number) => (typeof o.record === 'string' && results === 1 ? o.record : `fixtures/${g}/verify/${name}.json`);
      // The default trace file of each bot to check, before anything runs (a named one was checked as the option was read).
      if (o.record === true) for (const { g, v } of targets) for (const name of bot ? [bot] : v.ports()) checkOutputFile('--record', recordFile(g.id, name, 0));
      const gamesOf = (g: GameDescriptor) => o.games ?? (g.verify as GameVerifier).defaultGames ?? DEFAULT_GAMES;
      if (o.rules !== undefined) {
        for (const { g, v } of targets) {
          if (!v.rules) throw new UserError(`--rules: koth verify ${g.id} knows one rule set only; leave --rules out`);
          if (!v.rules.names.includes(o.rules)) throw new UserError(`--rules: unknown rules "${o.rules}" for ${g.id}: use ${v.rules.names.join(', ')}`);
        }
      }
      const rulesOf = (v: GameVerifier, name: string) => (v.rules ? { rules: o.rules ?? v.rules.defaultFor(name) } : {});
      const jobs: VerifyJob[] = [];
      const notInCache: string[] = [];
      if (bot) {
        const { g, v } = targets[0]!;
        if (!v.ports().includes(bot)) throw new UserError(`no ${g.id} port named ${bot}: one of ${v.ports().join(', ')}`);
        let source: VerifySource | undefined;
        if (o.source !== undefined) {
          source = readVerifySource(entrantOfSourceFile(g, o.source));
        } else {
          source = sourceFromCache(g, v, bot, o);
          if (!source) throw new UserError(`no original of ${bot} in the scrape cache: run koth scrape ${g.id}${o.asOf ? ` --as-of ${o.asOf}` : ''} first, or give --source FILE`, EXIT.cache);
        }
        jobs.push({ game: g.id, bot, source, seed: o.seed, games: gamesOf(g), ...rulesOf(v, bot) });
      } else {
        if (!o.all) throw new UserError(`name a ${game} bot (one of ${targets[0]!.v.ports().join(', ')}) or give --all`);
        for (const { g, v } of targets) {
          for (const name of v.ports()) {
            const source = sourceFromCache(g, v, name, o);
            if (!source) notInCache.push(game ? name : `${g.id}:${name}`);
            else jobs.push({ game: g.id, bot: name, source, seed: o.seed, games: gamesOf(g), ...rulesOf(v, name) });
          }
        }
        if (!jobs.length) throw new UserError(`no original of any ${game ?? 'verifiable'} port is in the scrape cache: run koth scrape ${game ?? 'all'} first`, EXIT.cache);
      }
      // what a verifier makes of a source first, on this thread (gun-duel: compiles the C++ original in a worker thread)
      for (const j of jobs) {
        const v = findGame(j.game)?.verify as GameVerifier;
        if (!v.prepare) continue;
        try {
          j.prepared = await v.prepare(j.bot, j.source);
        } catch (e) {
          if (e instanceof VerifyInputError) throw new UserError(e.message);
          throw e;
        }
      }
      const out = await runJobs(jobs, o.workers ?? defaultWorkers());
      const err = failure(jobs, out);
      if (err) throw err;
      const results = out.map((r) => (r as { result: VerifyResult }).result);
      if (o.record !== undefined && o.record !== false) {
        for (const r of results) {
          const file = recordFile(r.game, r.bot, results.length);
          const trace: VerifyTrace = {
            format: TRACE_FORMAT,
            game: r.game,
            bot: r.bot,
            source: r.source,
            seed: r.seed,
            games: r.games,
            opponents: r.opponents,
            ...(r.rules ? { rules: r.rules } : {}),
            decisions: r.decisions,
            command: `koth verify ${r.game} ${r.bot} --source <the file with sha256 ${r.source.sha256}> --seed ${r.seed} --games ${r.games}${r.rules ? ` --rules ${r.rules}` : ''} --record`,
          };
          writeFileAtomic(file, JSON.stringify(trace) + '\n');
          if (!o.json) process.stdout.write(`recorded ${r.decisions.length} decisions of the original ${r.bot} in ${file}\n`);
        }
      }
      if (o.json) {
        const unavailable = game ? undefined : Object.fromEntries(games.filter((g) => g.verify && !isVerifier(g.verify)).map((g) => [g.id, (g.verify as { unavailable: string }).unavailable]));
        process.stdout.write(JSON.stringify({ results: results.map(({ decisions, ...r }) => ({ ...r, decisions: decisions.length })), notInCache, ...(unavailable ? { unavailable } : {}) }, null, 1) + '\n');
      } else {
        for (const r of results) printResult(r);
        if (notInCache.length) process.stdout.write(pc.dim(`not in the cache (not checked): ${notInCache.join(', ')}\n`));
        if (!game) for (const id of without()) process.stdout.write(pc.dim(`${id}: not verifiable here (koth verify ${id} says why and what proves its ports)\n`));
      }
      if (results.some(failed)) process.exitCode = EXIT.disagree;
    });
}

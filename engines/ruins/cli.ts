/**
 * `koth replay ruins` (a tournament, or the published table with what is missing to rerun
 * it) and `koth play ruins` (one game).
 */
import { Command, Option } from 'commander';
import pc from 'picocolors';
import { UserError } from '../../cli/errors.ts';
import { renderComparison, renderTable } from '../core/report/table.ts';
import type { ComparisonReport } from '../core/stats/compare.ts';
import type { AdventurerClass } from './adventurer.ts';
import { DriverCrash } from './actions.ts';
import { Ruins, scoreRows, type LogLine, type MsgType } from './rules.ts';
import { runTournament, type TournamentResult } from './tournament.ts';
import { DEFAULT_RUINS_VARIANT, RUINS_RULE_FLAGS, RUINS_VARIANTS } from './variants.ts';
import { Drunkard, RUINS_CLASSES, RUINS_POOLS, ruinsClass } from '../../transpiled-bots/ruins/index.ts';
import publishedJson from '../../fixtures/ruins/published/ruins.json' with { type: 'json' };

interface RuinsCliOptions {
  seed?: string;
  pool?: string;
  bots?: string;
  rules: string;
  json?: boolean;
  log?: boolean;
  debug?: boolean;
}

function poolOf(opts: RuinsCliOptions): AdventurerClass[] {
  if (opts.bots) {
    const names = opts.bots.split(',').map((s) => s.trim()).filter(Boolean);
    const missing = names.filter((n) => !ruinsClass(n));
    if (missing.length) {
      throw new UserError(`no ruins port for ${missing.join(', ')}. Ported: ${RUINS_CLASSES.map((c) => c.botName).join(', ')} (see "koth registry ruins")`);
    }
    return names.map((n) => ruinsClass(n)!);
  }
  const name = opts.pool ?? 'test-bots';
  const pool = RUINS_POOLS[name];
  if (!pool) throw new UserError(`unknown pool "${name}": use ${Object.keys(RUINS_POOLS).join(', ')}, or --bots A,B,C`);
  return [...pool];
}

function seedOf(opts: RuinsCliOptions): string {
  // ruins.py passes the -s string straight to random.Random(): "1234" is a str seed, not an int.
  if (opts.seed === undefined || opts.seed === '') throw new UserError('give a seed: --seed K48XMESC (ruins.py -s SEED)');
  return opts.seed;
}

/**
 * Runs f; an exception the original driver would not have caught (DriverCrash) becomes a
 * user-facing error (exit 3) that says where ruins.py stopped and with which traceback line.
 */
function withCrashReport<T>(f: () => T, before?: () => void): T {
  try {
    return f();
  } catch (e) {
    if (e instanceof DriverCrash) {
      before?.();
      throw new UserError(
        `ruins.py itself crashes here${e.where ? ` (${e.where})` : ''} with the uncaught exception\n  ${e.pythonLine}\n` +
          'The original run stops at this point, so this replay stops too; no scores exist for it.',
        3,
      );
    }
    throw e;
  }
}

const LOG_COLORS: Partial<Record<MsgType, (s: string) => string>> = {
  major: pc.magenta,
  minor: pc.yellow,
  good: pc.green,
  bad: pc.red,
  error: pc.red,
  debug: pc.gray,
  score: pc.cyan,
};

/** The game log as ruins.py prints it (its colours too, when the terminal has them). */
function printLog(log: readonly LogLine[], debug: boolean): void {
  for (const l of log) {
    if (l.type === 'debug' && !debug) continue;
    const color = LOG_COLORS[l.type] ?? ((s: string) => s);
    process.stdout.write(color(l.text) + '\n');
  }
}

/** The published 2019-05-04 table and exactly which bots are missing to rerun it. */
export function publishedReport(): ComparisonReport {
  const table = (publishedJson as { tables: { name: string; seed: string; finalGames: number; rows: { bot: string; score: number; meanScore: number }[] }[] }).tables[0]!;
  const missing = table.rows.map((r) => r.bot).filter((b) => !ruinsClass(b));
  return {
    challenge: 'ruins',
    table: table.name,
    verdict: 'n/a',
    confidence: 1,
    digits: 0,
    seed: table.seed,
    missing,
    summary:
      `Published ${table.name}, seed ${table.seed}, final series of ${table.finalGames} games (inferred). The run is exact-replayable, ` +
      `but ${missing.length} of its ${table.rows.length} bots are not ported: ${missing.join(', ')}.\n` +
      `To rerun it: koth scrape ruins --as-of 2019-05-04, port the bots into transpiled-bots/ruins/, then koth replay ruins --seed ${table.seed} --bots ${table.rows.map((r) => r.bot).join(',')}`,
    rows: table.rows.map((r) => ({
      bot: r.bot,
      metric: 'score',
      published: r.score,
      reproduced: null,
      low: null,
      high: null,
      verdict: 'n/a' as const,
      note: ruinsClass(r.bot) ? 'ported' : 'not ported: source only on the question page',
    })),
  };
}

function printTournament(r: TournamentResult, json: boolean): void {
  if (json) {
    process.stdout.write(JSON.stringify(r) + '\n');
    return;
  }
  if (r.poolRows) {
    process.stdout.write(pc.bold('Pool series\n') + renderTable(['Bot Class', 'Score', 'Mean Score'], r.poolRows.map((x) => [x.bot, x.score, x.meanScore.toFixed(3)])) + '\n');
  }
  const why = { lead: 'the leader is 50 points ahead', 'max-games': 'the 500-game limit', 'not-enough-competitors': 'fewer than two competitors', 'all-died': 'every competitor scored 0' }[r.ended];
  process.stdout.write(
    pc.bold(`Final series: ${r.finalGames} games (ended by ${why}), seed ${r.seed}\n`) +
      renderTable(['Bot Class', 'Score', 'Mean Score'], r.rows.map((x) => [x.bot, x.score, x.meanScore.toFixed(3)])) +
      (r.rows[0] ? pc.green(`\nThe winner of the tournament is ${r.rows[0].bot}!\n`) : '\n'),
  );
}

export function registerRuinsCli(replay: Command, play: Command): void {
  const flagsHelp = `
Rule variants (--rules):
${Object.entries(RUINS_VARIANTS).map(([k, v]) => `  ${k.padEnd(9)} ${v.description}`).join('\n')}
${RUINS_RULE_FLAGS.map((f) => `  ${f.id}: ${f.description}`).join('\n')}
Pools: ${Object.keys(RUINS_POOLS).join(', ')} (the driver's test_bots module, in its load order); --bots takes any of
  ${RUINS_CLASSES.map((c) => c.botName).join(', ')}`;
  replay
    .command('ruins')
    .description('Adventurers in the ruins (Q183127): a tournament exactly as ruins.py -s SEED runs it, or (no --seed) the published table')
    .option('--seed <S>', 'tournament seed, used as ruins.py uses it (a string)')
    .option('--pool <name>', 'bots to run: test-bots', undefined)
    .option('--bots <A,B,C>', 'bots to run, in load order')
    .addOption(new Option('--rules <variant>', 'driver version').choices(Object.keys(RUINS_VARIANTS)).default(DEFAULT_RUINS_VARIANT))
    .option('--json', 'machine-readable output: {"rows":[{"bot","score","meanScore"}], ...}')
    .addHelpText('after', flagsHelp + '\nExamples:\n  koth replay ruins\n  koth replay ruins --seed K48XMESC --pool test-bots --json')
    .action((opts: RuinsCliOptions) => {
      if (opts.seed === undefined && !opts.pool && !opts.bots) {
        const report = publishedReport();
        if (opts.json) process.stdout.write(JSON.stringify(report, null, 2) + '\n');
        else process.stdout.write(renderComparison(report) + '\n');
        return;
      }
      const bots = poolOf(opts);
      const seed = seedOf(opts);
      const r = withCrashReport(() => runTournament(bots, seed, { flags: RUINS_VARIANTS[opts.rules as 'fixed'].flags, drunkard: Drunkard }));
      printTournament(r, !!opts.json);
    });

  play
    .command('ruins')
    .description('One game of Adventurers in the ruins, exactly as ruins.py -s SEED -1 plays it')
    .option('--seed <S>', 'game seed (a string, as ruins.py uses it)')
    .option('--pool <name>', 'bots to run: test-bots')
    .option('--bots <A,B,C>', 'bots to run, in load order')
    .option('--log', "print the driver's game log (turns, moves, takes, fights, deaths with their trap messages, the score table) exactly as ruins.py -1 prints it")
    .option('--debug', 'with --log: also the lines only ruins.py --debug prints (every action as the driver read it, dropped items)')
    .option('--json', 'machine-readable output: {"rows":[{"bot","character","money","treasures","weight","stamina","score"}]}')
    .addHelpText('after', flagsHelp + '\nExample:\n  koth play ruins --seed K48XMESC --pool test-bots --log')
    .action((opts: RuinsCliOptions) => {
      const bots = poolOf(opts);
      const seed = seedOf(opts);
      const game = new Ruins(bots, seed, { log: !!opts.log });
      const scored = withCrashReport(() => game.runGame(), () => (opts.log && !opts.json ? printLog(game.log, !!opts.debug) : undefined));
      const rows = scoreRows(scored);
      if (opts.json) {
        const log = opts.log ? game.log.filter((l) => opts.debug || l.type !== 'debug') : undefined;
        process.stdout.write(JSON.stringify({ seed, rows, ...(log ? { log } : {}) }) + '\n');
        return;
      }
      if (opts.log) {
        printLog(game.log, !!opts.debug);
        return;
      }
      process.stdout.write(
        pc.bold(`Score for this game (seed ${seed}, ${game.turnNumber} turns)\n`) +
          renderTable(
            ['Bot Class', 'Character', 'Money', 'Treasures', 'Weight', 'Stamina', 'Score'],
            rows.map((r) => [r.bot, r.character, r.money === null ? 'DEAD' : `$${r.money}`, r.treasures, r.weight, r.stamina, r.score]),
          ) +
          '\n',
      );
    });
}



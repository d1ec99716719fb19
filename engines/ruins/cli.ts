/**
 * `koth replay ruins` (a tournament, or the published table with what is missing to rerun
 * it) and `koth play ruins` (one game).
 */
import { ratingsOfAcc, renderRatings } from '../core/cli/ratings.ts';
import { ratedNames, recordRatings } from '../core/stats/pairwise.ts';
import pc from 'picocolors';
import { EXIT, UserError } from '../core/cli/errors.ts';
import { commandLine, resolveBots, type ReplayKit } from '../core/cli/kit.ts';
import type { ModeContext, PlayCommand, ReplayCommand, RuleAbCommand } from '../core/cli/replay.ts';
import { ruleAbTrials } from '../core/ab/rules.ts';
import { ruleOutcomes as ruinsRuleOutcomes, trials as ruinsTrials, type RuinsAcc, type RuinsRunOptions } from './trials.ts';
import { printable, renderComparison, renderTable } from '../core/report/table.ts';
import type { AdventurerClass } from './adventurer.ts';
import { ControllerCrash } from '../core/py/errors.ts';
import { Ruins, scoreRows, type LogLine, type MsgType } from './rules.ts';
import { runTournament, type TournamentResult, type TournamentRow } from './tournament.ts';
import { RUINS_RULE_FLAGS, RUINS_VARIANTS } from './variants.ts';
import { reportPythonIncidents, ruinsOriginals, runRuinsJob, type PythonIncidents, type RuinsPython } from './originals.ts';
import { sandboxStopError } from '../core/cli/originals.ts';
import type { ruinsGameJob, ruinsTournamentJob } from './trials.ts';

import { SandboxStop } from './python-bots.ts';
import { drunkard, RUINS_TEST_BOTS, ruinsClass, ruinsPools, ruinsPorts } from './ports.ts';
import { writeWatchPage } from '../core/report/html/watch.ts';
import { ruinsRecorder, ruinsWatchPage } from './watch.ts';
import { ruinsPublishedReport } from './published.ts';

interface RuinsCliOptions {
  report?: string;
  seed?: string;
  pool?: string;
  bots?: string;
  rules: string;
  compareRules?: [string, string];
  tournaments?: number;
  confidence: number;
  workers: number;
  queue?: string;
  shardSize: number;
  checkpoint?: string;
  json?: boolean;
  ratings?: boolean;
  log?: boolean;
  debug?: boolean;
  pythonBots?: string;
  asOf?: string;
}

function poolOf(opts: RuinsCliOptions): AdventurerClass[] {
  const names = resolveBots(opts, ruinsPools, 'ruins');
  return names.map((n) => ruinsClass(n)!);
}

function seedOf(opts: RuinsCliOptions): string {
  // ruins.py passes the -s string straight to random.Random(): "1234" is a str seed, not an
  // int, and even "" is a seed. Without -s it draws a random one, which a replay cannot do.
  if (opts.seed === undefined) throw new UserError('give a seed: --seed K48XMESC (ruins.py -s SEED); any string is a seed, as in ruins.py');
  return opts.seed;
}

/**
 * Runs f; an exception the original driver would not have caught (ControllerCrash) becomes a
 * user-facing error (exit 3) that says where ruins.py stopped and with which traceback line.
 */
async function withCrashReport<T>(incidents: PythonIncidents, f: () => T | Promise<T>, before?: (crash: ControllerCrash) => void): Promise<T> {
  try {
    return await f();
  } catch (e) {
    reportPythonIncidents(incidents);
    if (e instanceof SandboxStop) {
      before?.(e);
      throw sandboxStopError(ruinsOriginals, e);
    }
    if (e instanceof ControllerCrash) {
      before?.(e);
      throw new UserError(
        `ruins.py itself crashes here${e.where ? ` (${e.where})` : ''} with the uncaught exception\n  ${e.pythonLine}\n` +
          'The original run stops at this point, so this replay stops too; no final scores exist for it.',
        EXIT.originalCrashed,
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
    process.stdout.write(color(printable(l.text)) + '\n');
  }
}

const scoreTable = (rows: readonly TournamentRow[]) => renderTable(['Bot Class', 'Score', 'Mean Score'], rows.map((x) => [printable(x.bot), x.score, x.meanScore.toFixed(3)]));

function printPool(poolRows: readonly TournamentRow[], counts?: Record<string, number>): void {
  const uneven = counts ? Object.entries(counts).filter(([, n]) => n !== 20) : [];
  process.stdout.write(
    pc.bold('Results from the pool series (more than 10 bots: pool rounds, 20 games each)\n') +
      scoreTable(poolRows) +
      '\n' +
      (uneven.length ? pc.yellow(`Uneven pool: ${uneven.map(([b, n]) => `${b} played ${n} games`).join(', ')}\n`) : ''),
  );
}

/** A tournament with --ratings: its games summed into blocks of 8 (the result carries them as `ratings`). */
function ruinsRated(pool: AdventurerClass[], run: (pool: AdventurerClass[]) => TournamentResult): TournamentResult {
  const [r, acc] = recordRatings(ratedNames(pool.map((c) => c.botName)), 8, () => run(pool));
  return Object.assign(r, { ratings: acc });
}

function printTournament(r: TournamentResult, json: boolean): void {
  if (json) {
    process.stdout.write(JSON.stringify(r) + '\n');
    return;
  }
  if (r.poolRows) printPool(r.poolRows, r.poolGameCounts);
  const why = {
    lead: `the first place's ${r.lead}-point lead (50 needed)`,
    'max-games': 'the 500-game limit',
    'not-enough-competitors': "fewer than two scored competitors: ruins.py returns without a table (There aren't enough competitors. Exiting.)",
    'all-died': 'every score being 0: the pre-fix driver returns without a table (All competitors seem to have died.)',
  }[r.ended];
  process.stdout.write(
    pc.bold(`Final series of seed ${printable(String(r.seed))}: ${r.finalGames} game${r.finalGames === 1 ? '' : 's'}, ended by ${why}\n`) +
      (r.rows.length ? scoreTable(r.rows) + pc.green(`\nThe winner of the tournament is ${r.winner}!\n`) : ''),
  );
}

/** With --python-bots: the original answers in a sandbox worker, closed after `use`. */
function withPython<T>(opts: RuinsCliOptions, kit: ReplayKit, use: (p: RuinsPython) => Promise<T>): Promise<T> {
  return kit.originals('ruins', opts, {}, use);
}

const POOLS_HELP = `
Bots:
  --pool test-bots  the driver's test_bots module (ruins.py -d test_bots), in the driver's load order:
                    ${RUINS_TEST_BOTS.join(', ')}
  --bots A,B,C      any ported bots, in this order (the order of a bot directory's classes):
                    ${ruinsPorts.names().join(', ')}
  The ten bots of the published table are known but not ported (koth registry ruins).`;
const RULES_HELP = `
Driver versions (--rules), checked against the history of Beefster09/pcg-general:
${Object.entries(RUINS_VARIANTS).map(([k, v]) => `  ${k.padEnd(9)} ${v.description}`).join('\n')}
Rule flags (original -> fixed):
${RUINS_RULE_FLAGS.map((f) => `  ${f.id}: ${f.description}`).join('\n')}`;

/** Rule A/B (engines/core/ab/rules.ts): pairs of tournaments, each one seed under both driver versions; per bot its paired difference in tournaments won. */
const ruleAb: RuleAbCommand<RuinsCliOptions, RuinsRunOptions, RuinsAcc> = {
  spec: ruleAbTrials(ruinsTrials, ruinsRuleOutcomes),
  metric: 'Win%',
  diffUnit: 'percentage points of tournaments won',
  scale: 100,
  digits: 1,
  seed: (opts) => opts.seed ?? '183101',
  runs(opts, [va, vb]) {
    const bots = poolOf(opts).map((c) => c.botName);
    return [{ a: { bots, rules: va }, b: { bots, rules: vb }, keys: bots, pairs: opts.tournaments ?? 20, seed: opts.seed ?? '183101', label: `ruins ${va} vs ${vb}` }];
  },
  extra: (_opts, [acc], [va, vb]) => ({ crashedTournaments: { [va]: crashed(acc!.a), [vb]: crashed(acc!.b) } }),
  note: (r, [acc]) =>
    `A pair is one whole tournament (one seed) under both driver versions; a bot wins a tournament with the top final score (a shared top 1/k). ` +
    `ruins.py itself crashed in ${crashed(acc!.a)} (${r.compare[0]}) / ${crashed(acc!.b)} (${r.compare[1]}) of the ${r.pairs} tournaments: nobody wins those.`,
  noteInText: 'after',
  command: (opts, [va, vb], bots) =>
    `koth replay ruins --compare-rules ${va},${vb} --seed ${printable(opts.seed ?? '183101')} --tournaments ${opts.tournaments ?? 20} --bots ${bots.join(',')} --shard-size ${opts.shardSize} --confidence ${opts.confidence}`,
};

const crashed = (acc: RuinsAcc) => acc.tournaments.filter((t) => !t.rows.length).length;

/** A whole tournament exactly as `ruins.py -s SEED` runs it (ports, or the original answers in a sandbox worker). */
async function tournament(opts: RuinsCliOptions, { kit }: ModeContext): Promise<void> {
  const seed = seedOf(opts);
  const flags = RUINS_VARIANTS[opts.rules as keyof typeof RUINS_VARIANTS].flags;
  const incidents: PythonIncidents = new Map();
  const r = await withCrashReport(
    incidents,
    () =>
      opts.pythonBots
        ? withPython(opts, kit, async (p) => ((await runRuinsJob(p, 'ruinsTournamentJob', { ...p.args, seed, rules: opts.rules }, incidents)) as ReturnType<typeof ruinsTournamentJob>).value!)
        : opts.ratings
          ? ruinsRated(poolOf(opts), (pool) => runTournament(pool, seed, { flags, drunkard: drunkard() }))
          : runTournament(poolOf(opts), seed, { flags, drunkard: drunkard() }),
    (crash) => {
      // What ruins.py had printed before its traceback.
      const pool = crash.partial?.['poolRows'] as TournamentRow[] | undefined;
      if (pool && !opts.json) printPool(pool);
    },
  );
  const rated = opts.ratings ? ratingsOfAcc(r, String(seed)) : undefined;
  if (rated) delete (r as { ratings?: unknown }).ratings;
  printTournament(rated && opts.json ? Object.assign(r, rated) : r, !!opts.json);
  if (rated && !opts.json) process.stdout.write(renderRatings(rated) + '\n');
  reportPythonIncidents(incidents);
}

/** `koth replay ruins` (engines/core/cli/replay.ts builds it). */
export const RUINS_REPLAY: ReplayCommand<RuinsCliOptions> = {
  description:
    'Adventurers in the ruins (Q183101). Without --seed/--pool/--bots: the published 2019-05-04 table (seed K48XMESC) and which bots are missing to rerun it. ' +
    'With --seed: a whole tournament exactly as `ruins.py -s SEED` runs it (pool rounds when more than 10 bots, then the final series; Drunkards fill empty seats).',
  help:
    POOLS_HELP +
    '\n' +
    RULES_HELP +
    '\nWhen ruins.py itself would crash (an exception it does not catch), the replay stops there too: exit code 3 and the Python exception line.' +
    '\n--compare-rules A,B: --tournaments N pairs (default 20), each one tournament seed (drawn from --seed) under both driver versions; per bot its paired difference in tournaments won.',
  examples: ['koth replay ruins --compare-rules original,fixed --tournaments 20 --pool test-bots', 'koth replay ruins', 'koth replay ruins --seed K48XMESC --pool test-bots --json', 'koth replay ruins --seed 7 --bots EagerThief,GreedyBastard,Chad --rules original'],
  ruleAb,
  modes: [
    {
      // The published table and what is missing to rerun it.
      when: (opts) => opts.seed === undefined && !opts.pool && !opts.bots && !opts.pythonBots,
      run(opts) {
        const report = ruinsPublishedReport();
        if (opts.json) process.stdout.write(JSON.stringify(report, null, 2) + '\n');
        else process.stdout.write(renderComparison(report) + '\n');
      },
    },
    { run: tournament },
  ],
};

/** `koth play ruins`: one game. */
export const RUINS_PLAY: PlayCommand<RuinsCliOptions> = {
  description:
    'One game of Adventurers in the ruins, exactly as `ruins.py -s SEED -1` plays it (every bot given, no Drunkard fill-in; the game is the same in every driver version since 2019-04-12).',
  help: POOLS_HELP,
  examples: ['koth play ruins --seed K48XMESC --pool test-bots', 'koth play ruins --seed K48XMESC --bots EagerThief,Drunkard,Chad --log --debug'],
  async run(opts, { kit }) {
    const seed = seedOf(opts);
    // The game (its log as far as it got), here with ports or in a sandbox worker with the original answers.
    let log: readonly LogLine[] = [];
    let turnNumber = 0;
    const recorder = opts.report ? ruinsRecorder() : null;
    const incidents: PythonIncidents = new Map();
    const rows = await withCrashReport(
      incidents,
      async () => {
        if (opts.pythonBots) {
          return withPython(opts, kit, async (p) => {
            let r: ReturnType<typeof ruinsGameJob>;
            try {
              r = (await runRuinsJob(p, 'ruinsGameJob', { ...p.args, seed, log: !!opts.log }, incidents)) as ReturnType<typeof ruinsGameJob>;
            } catch (e) {
              const partial = (e as ControllerCrash).partial?.['log'] as LogLine[] | undefined;
              if (partial) log = partial;
              throw e;
            }
            log = r.log;
            turnNumber = r.value!.turnNumber;
            return r.value!.rows;
          });
        }
        const game = new Ruins(poolOf(opts), seed, { log: !!opts.log || !!opts.report, ...(recorder ? { onTurnEnd: recorder.onTurnEnd } : {}) });
        log = game.log;
        const scored = game.runGame();
        turnNumber = game.turnNumber;
        return scoreRows(scored);
      },
      () => (opts.log && !opts.json ? printLog(log, !!opts.debug) : undefined),
    );
    reportPythonIncidents(incidents);
    const page = recorder ? writeWatchPage(opts.report!, ruinsWatchPage(seed, recorder.snapshots, log, rows, commandLine())) : null;
    if (page) process.stderr.write(`report: ${page}\n`);
    if (recorder && !opts.log) log = log.filter(() => false);
    const game = { log, turnNumber };
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
      pc.bold(`Score for this game (seed ${printable(String(seed))}, ${game.turnNumber} turns)\n`) +
        renderTable(
          ['Bot Class', 'Character', 'Money', 'Treasures', 'Weight', 'Stamina', 'Score'],
          rows.map((r) => [printable(r.bot), r.character, r.money === null ? 'DEAD' : `$${r.money}`, r.treasures, r.weight, r.stamina, r.score]),
        ) +
        '\n',
    );
  },
};

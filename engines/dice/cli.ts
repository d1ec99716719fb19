/**
 * `koth replay dice`: statistical replay against the published table (default), exact
 * replay of the original controller (`--exact`), and the rule-fix A/B (`--compare-rules`).
 */
import pc from 'picocolors';
import { EXIT, UserError } from '../core/cli/errors.ts';
import { resolveBots, type CommonOptionValues, type ReplayKit } from '../core/cli/kit.ts';
import { printable, renderTable } from '../core/report/table.ts';
import { parseSeed } from '../core/rng/rng.ts';
import type { ComparisonReport } from '../core/stats/compare.ts';
import { Progress } from '../core/runner/progress.ts';
import { BotCrash, type DiceTurnEvent } from './rules.ts';
import { publishedTable, compareWithPublished } from './published.ts';
import { winningScorePercentiles, type DiceStats } from './stats.ts';
import { runExact } from './tournament.ts';
import { attachRatings, ratingsRunOptions } from '../core/cli/ratings.ts';
import { trials as diceTrials, ruleOutcomes as diceRuleOutcomes } from './trials.ts';
import { ruleAbTrials } from '../core/ab/rules.ts';
import type { PlayCommand, ReplayCommand } from '../core/cli/replay.ts';
import type { RunResult } from '../core/runner/runner.ts';

import { CRASHES_BELOW_100_GAMES } from './variants.ts';
import { diceClass, dicePools } from './ports.ts';
import { DICE_DEFAULTS, EXACT_GAMES } from './params.ts';
import { cannotFollowError, diceOriginals } from './originals.ts';
import { SandboxStop } from '../core/py/errors.ts';
import { sandboxStopError, type Originals } from '../core/cli/originals.ts';
import { DiceCannotFollow, DiceSandboxStop } from './python-bots.ts';
import type { DicePythonFiles } from './trials.ts';

type DicePython = Originals<DicePythonFiles>;
import type { DiceBotClass } from './bot.ts';
import { printPlay } from '../core/cli/play-output.ts';

import { diceWatchPage } from './watch.ts';

function botList(opts: { bots?: string; pool?: string }, table: string): string[] {
  const names = resolveBots(opts, dicePools, 'dice', table === 'rule-benders' ? 'rule-benders' : 'official');
  if (names.length < 8) throw new UserError(`a dice game seats 8 bots: give at least 8 (got ${names.length})`);
  return names;
}

/**
 * The first controller computes `game % (games // 100)` for its progress bar: with fewer
 * than 100 games per thread it divides by zero before the first game.
 */
function checkOriginalCanRun(rules: string, games: number): void {
  if (CRASHES_BELOW_100_GAMES.has(rules) && games < 100) {
    throw new UserError(
      `the first controller (--rules ${rules}) cannot play ${games} games: it computes game % (games // 100) for its progress bar, ` +
        'which raises ZeroDivisionError below 100 games per thread, so the original run never produced figures. Use --games 100 or more.',
      EXIT.originalCrashed,
    );
  }
}

/** KwisatzHaderach's OS-seeded generator, copied by TleilaxuBot, makes such pools unreproducible even in Python. */
function warnUnreproducible(bots: readonly string[], python = false): void {
  if (bots.includes('KwisatzHaderach') && bots.includes('TleilaxuBot')) {
    process.stderr.write(
      pc.yellow(
        'warning: this pool holds both KwisatzHaderach and TleilaxuBot. In Python, Tleilaxu\'s copy of KwisatzHaderach draws from a generator ' +
          'seeded by the operating system, so no original run of this pool is reproducible: there is nothing exact to compare this replay with ' +
          (python ? '(the original Python bots here seed it from the operating system too: two runs may differ).\n' : '(koth seeds that generator with 0).\n'),
      ),
    );
  }
}

interface DiceCliOptions extends CommonOptionValues {
  report?: string;
  showGame?: number;
  exact?: boolean;
  table: string;
  pythonBots?: string;
  ratings?: boolean;
}

/** The bots to play and how to find their classes (ports; --python-bots runs in sandbox workers instead). */
function botsAndResolver(opts: DiceCliOptions, table: string): { bots: string[]; resolve: (n: string) => DiceBotClass | undefined } {
  return { bots: botList(opts, table), resolve: diceClass };
}

/** With --python-bots: the original classes in sandbox workers, closed after `use`. */
function withPython<T>(opts: DiceCliOptions, kit: ReplayKit, workers: number, use: (p: DicePython) => Promise<T>): Promise<T> {
  return kit.originals('dice', opts, { workers }, use);
}

/** The exact run with the original Python bots in a sandbox worker (`turns`: each turn as it is played). */
async function pythonExact(opts: DiceCliOptions, kit: ReplayKit, games: number, onTurn?: (e: DiceTurnEvent) => void) {
  return withPython(opts, kit, 1, async (p) => {
    warnUnreproducible(p.names, true);
    const progress = new Progress(games, `dice exact ${opts.rules}, original Python bots`);
    try {
      return (await p.run(
        'diceExact',
        { files: p.args.files, bots: p.names, rules: opts.rules, seed: parseSeed(opts.seed), games, turns: !!onTurn },
        { onTick: (n) => progress.tick(n), onLine: (l) => onTurn?.(JSON.parse(l) as DiceTurnEvent) },
      )) as ReturnType<typeof runExact>;
    } finally {
      progress.stop();
    }
  });
}

/** A bot's exception ended the original run (exit 3); the sandbox ending a bot says so. */
function crashError(e: BotCrash): UserError {
  if (e.cause instanceof DiceSandboxStop) {
    const s = e.cause;
    s.where = `game ${e.game}`;
    return sandboxStopError(diceOriginals, s);
  }
  if (e.cause instanceof DiceCannotFollow) return cannotFollowError(e.cause.message);
  return new UserError(e.message, EXIT.originalCrashed);
}

/** A bot's crash ended the original run (exit 3); the sandbox ending a bot says so. */
const ERRORS = [
  { match: (e: unknown) => e instanceof BotCrash, toUserError: crashError },
  { match: (e: unknown) => e instanceof SandboxStop, toUserError: (e: SandboxStop) => sandboxStopError(diceOriginals, e) },
];

/** `koth play dice`: games turn by turn. */
export const DICE_PLAY: PlayCommand<DiceCliOptions> = {
  description: "Play dice games turn by turn (the original controller's DEBUG output)",
  examples: ['koth play dice --seed 7', 'koth play dice --seed 7 --report game', 'koth play dice --seed 7 --games 3 --json', 'koth play dice --seed 7 --python-bots my_bots.py --bots A,B,C,D,E,F,G,H'],
  async run(opts, { kit }) {
    checkOriginalCanRun(opts.rules, opts.games ?? 1);
    if (opts.showGame && opts.showGame > (opts.games ?? 1)) throw new UserError(`--show-game ${opts.showGame}: only ${opts.games ?? 1} game(s) are played (--games)`);
    const turns: DiceTurnEvent[] = [];
    const onTurn = (e: DiceTurnEvent) => {
      if (opts.json) process.stdout.write(JSON.stringify(e) + '\n');
      if (!opts.json || opts.report) turns.push(e);
    };
    let result;
    if (opts.pythonBots) {
      result = await pythonExact(opts, kit, opts.games ?? 1, onTurn);
    } else {
      const { bots, resolve } = botsAndResolver(opts, 'official-final');
      warnUnreproducible(bots);
      result = runExact(parseSeed(opts.seed), opts.games ?? 1, { bots, rules: opts.rules }, resolve, undefined, onTurn);
    }
    const winners = result.rows.filter((r) => r.wins > 0).map((r) => r.bot);
    printPlay(opts, {
      page: (command) => diceWatchPage({ seed: opts.seed, rules: opts.rules, games: opts.games ?? 1, ...(opts.showGame ? { showGame: opts.showGame } : {}), turns, winners, command, ...(opts.pythonBots ? { playedBy: 'the original Python bots (sandboxed in Pyodide)' } : {}) }),
      json: () => result,
      text: (report) => {
        const width = Math.max(...turns.map((t) => printable(t.bot).length));
        const lost = (t: DiceTurnEvent) => t.throws[t.throws.length - 1] === 6;
        return turns.map((t) => `game ${t.game} ${t.index}: ${printable(t.bot).padEnd(width)} throws ${(lost(t) ? pc.red : pc.green)(JSON.stringify(t.throws)).padEnd(30)} scores ${JSON.stringify(t.scores)}${t.lastRound ? pc.yellow(' last round') : ''}\n`).join('') +
          pc.bold(`winner${winners.length > 1 ? 's' : ''}: ${winners.map(printable).join(', ')}\n`) + report;
      },
    });
  },
  errors: ERRORS,
};

/** `koth replay dice` (engines/core/cli/replay.ts builds it). */
export const DICE_REPLAY: ReplayCommand<DiceCliOptions> = {
  description: 'A game of dice, but avoid number 6 (Q177765): replay the tournament with the ported bots',
  help: `
Statistical runs are cut into shards of --shard-size games; shard i uses PyRandom("<seed>/shard/<i>"),
so results do not depend on --workers. The first controller (--rules original) needs at least 100 games.`,
  examples: [
    'koth replay dice                                   49 official bots vs the published table',
    'koth replay dice --games 5000000 --checkpoint d.ck  a tighter run, resumable',
    'koth replay dice --exact --seed 1 --games 2000 --json',
    'koth replay dice --compare-rules original,fixed --games 1000000',
    'koth replay dice --exact --seed 1 --games 200 --python-bots auto_bots.py --bots ThrowTwiceBot,GoToTenBot,... --json',
    'koth replay dice --games 100000 --python-bots auto_bots.py --bots ...   the original answers, sharded over --workers',
  ],
  modes: [{ when: (opts) => !!opts.exact, run: (opts, { kit }) => runExactCommand(opts, kit) }],
  ruleAb: {
    spec: ruleAbTrials(diceTrials, diceRuleOutcomes),
    metric: 'Win%',
    diffUnit: 'percentage points',
    scale: 100,
    digits: 2,
    originals: true,
    check(opts, [va, vb]) {
      checkOriginalCanRun(va, opts.games ?? DICE_DEFAULTS.games);
      checkOriginalCanRun(vb, opts.games ?? DICE_DEFAULTS.games);
    },
    // Pairs of games, each the same seed, seats and opponents under both controller versions.
    runs(opts, [va, vb], python) {
      const bots = python ? python.names : botList(opts, 'official-final');
      const base = python ? { bots, python: python.args } : { bots };
      return [{ a: { ...base, rules: va }, b: { ...base, rules: vb }, keys: bots, groupKeys: SEATS, pairs: opts.games ?? DICE_DEFAULTS.games, seed: parseSeed(opts.seed), label: `dice ${va} vs ${vb}` }];
    },
    groups: {
      title: 'Win rate by seat (0 plays first): the last-round bug',
      keyLabel: 'seat',
      caption:
        'Share of games won from each seat under both controllers (ties count for every winner). Under "original", when a second bot reaches the end score in the pass that ' +
        'started the last round, every bot seated before it gets an extra final turn: early seats win more.',
    },
    extra: (opts, [acc], [va, vb]) => {
      const { a, b } = acc!;
      return {
        games: opts.games ?? DICE_DEFAULTS.games,
        lastRoundRetriggers: { [va]: a.lastRoundRetriggers, [vb]: b.lastRoundRetriggers },
        avgRounds: { [va]: a.games ? a.totalRounds / a.games : 0, [vb]: b.games ? b.totalRounds / b.games : 0 },
      };
    },
    note(r) {
      const [va, vb] = r.compare;
      const x = r.extra as { lastRoundRetriggers: Record<string, number>; avgRounds: Record<string, number> };
      return (
        `The last-round trigger was hit again by a second bot in ${x.lastRoundRetriggers[va]} (${va}) / ${x.lastRoundRetriggers[vb]} (${vb}) games` +
        ` — under "original" each such game gives every bot seated before that bot an extra final turn; average rounds ${x.avgRounds[va]!.toFixed(3)} (${va}) / ${x.avgRounds[vb]!.toFixed(3)} (${vb}).`
      );
    },
    noteInText: 'before',
    command: (opts) => rerunCommand(opts, opts.games ?? DICE_DEFAULTS.games),
  },
  statistical: {
    spec: diceTrials,
    unit: 'games',
    originals: true,
    runs(opts, python) {
      const bots = python ? python.names : botList(opts, opts.table);
      const games = opts.games ?? DICE_DEFAULTS.games;
      checkOriginalCanRun(opts.rules, games);
      return [
        {
          opts: { bots, rules: opts.rules, ...(python ? { python: python.args } : {}), ...ratingsRunOptions(opts.ratings, games) },
          seed: parseSeed(opts.seed),
          trials: games,
          // One file for the command: a part per rule variant (--compare-rules runs both; a plain run is the part of its --rules).
          checkpointPart: opts.rules,
          label: `dice ${opts.rules}${python ? ', original Python bots' : ''}`,
        },
      ];
    },
    report: (opts, [r], python) => statisticalReport(opts, r!.run.opts.bots, r!.res, python),
  },
  errors: ERRORS,
};

const SEATS = Array.from({ length: 8 }, (_, i) => String(i));

/** The statistical replay's comparison with the published table (and its figures: rounds, ties, winning scores). */
function statisticalReport(opts: DiceCliOptions, bots: string[], res: RunResult<DiceStats>, python?: DicePython): ComparisonReport {
  const table = publishedTable(opts.table);
  const games = opts.games ?? DICE_DEFAULTS.games;
  const report = compareWithPublished(table, res.acc, opts.confidence);
  const s = res.acc;
  const pct = winningScorePercentiles(s);
  const publishedPool = new Set(table.rows.map((r) => r.bot));
  const samePool = bots.length === publishedPool.size && bots.every((b) => publishedPool.has(b));
  report.poolMatchesPublished = samePool;
  report.rules = opts.rules;
  report.seed = String(opts.seed);
  if (res.ranOn) report.ranOn = res.ranOn;
  else report.workers = res.workers;
  if (python) report.playedBy = 'the original Python bots (sandboxed in Pyodide)';
  report.seconds = Math.round(res.elapsedMs) / 1000;
  report.shardSize = opts.shardSize;
  report.command = rerunCommand(opts, games);
  report.summary =
    `${s.games} games (published ${table.games}) with ${bots.length} bots, rules "${opts.rules}", seed ${printable(String(opts.seed))}, ${res.ranOn ?? `${res.workers} worker(s)`}, ${(res.elapsedMs / 1000).toFixed(1)} s\n` +
    `avg rounds ${(s.totalRounds / s.games).toFixed(3)} (published ${table.avgRounds ?? '—'}), ` +
    `tied ${((100 * s.tiedGames) / s.games).toFixed(2)}% (published ${table.tiedGames != null ? ((100 * table.tiedGames) / table.games).toFixed(2) + '%' : '—'}), ` +
    `highest round ${s.highestRound}, timed out ${s.timedOutGames}\n` +
    `winning-score percentiles: ${pct.map((p) => `${p.percentile}%→${p.score}`).join(' ')}` +
    ((report.gameRows as unknown[]).length
      ? '\n' + (report.gameRows as ComparisonReport['rows']).map((r) => `${r.metric}: published ${r.published?.toFixed(3)} ours ${r.reproduced?.toFixed(3)} [${r.low?.toFixed(3)}, ${r.high?.toFixed(3)}] ${r.verdict}`).join('; ')
      : '') +
    (samePool ? '' : `\nNote: this pool (${bots.length} bots) is not the published table's (${publishedPool.size} bots): win rates depend on the opponents, so rows may disagree.`);
  return attachRatings(report, res.acc, opts.seed);
}

async function runExactCommand(opts: DiceCliOptions, kit: ReplayKit): Promise<void> {
  const games = opts.games ?? EXACT_GAMES;
  checkOriginalCanRun(opts.rules, games);
  let result;
  if (opts.pythonBots) {
    result = await pythonExact(opts, kit, games);
  } else {
    const { bots, resolve } = botsAndResolver(opts, 'official-final');
    warnUnreproducible(bots);
    const progress = new Progress(games, `dice exact ${opts.rules}`);
    try {
      result = runExact(parseSeed(opts.seed), games, { bots, rules: opts.rules }, resolve, (n) => progress.tick(n));
    } finally {
      progress.stop();
    }
  }
  if (opts.json) {
    process.stdout.write(JSON.stringify(result) + '\n');
    return;
  }
  const rows = result.rows
    .map((r) => ({ ...r, winPct: r.played ? (100 * r.wins) / r.played : 0 }))
    .sort((a, b) => b.winPct - a.winPct)
    .map((r) => [
      printable(r.bot),
      r.winPct.toFixed(1),
      r.wins,
      r.played,
      r.max,
      r.played ? (r.scoreSum / r.played).toFixed(2) : '0.00',
      r.wins ? (r.winScoreSum / r.wins).toFixed(2) : '0.00',
      r.turns ? (r.throws / r.turns).toFixed(2) : '0.00',
      r.turns ? ((100 * r.successes) / r.turns).toFixed(2) : '0.00',
    ]);
  process.stdout.write(
    `Exact replay: random.seed(${printable(String(result.seed))}), ${result.games} games, rules "${result.rules}"\n` +
      `avg rounds ${(result.totalRounds / result.games).toFixed(2)}, ${result.tiedGames} tied games, ${result.timedOutGames} timed out, highest round ${result.highestRound}\n` +
      renderTable(['Bot', 'Win%', 'Wins', 'Played', 'Max', 'Avg', 'Avg win', 'Throws', 'Success%'], rows) +
      '\n',
  );
}

function rerunCommand(opts: DiceCliOptions, games: number): string {
  // --python-bots without --bots seats every class of the files (no pool).
  const named = opts.bots ? `--bots ${opts.bots.split(',').map((s) => s.trim()).filter(Boolean).join(',')}` : '';
  const bots = opts.pythonBots ? `--python-bots ${opts.pythonBots}${named ? ` ${named}` : ''}` : named || `--pool ${opts.pool ?? (opts.table === 'rule-benders' ? 'rule-benders' : 'official')}`;
  const what = opts.compareRules ? `--compare-rules ${opts.compareRules}` : `--rules ${opts.rules} --table ${opts.table}`;
  return `koth replay dice ${what} --seed ${printable(String(opts.seed))} --games ${games} ${bots} --shard-size ${opts.shardSize} --confidence ${opts.confidence}`;
}

/**
 * `koth replay atomas`: the published scores beside the distribution of 20-game means from
 * many seeded runs (default), exact replay of the posted controller (`--exact`), the rule
 * A/B (`--compare-rules original,fixed`), and any program as a bot (`--bot-cmd`).
 */
import { refuseRatings } from '../core/cli/ratings.ts';
import pc from 'picocolors';
import { EXIT, UserError } from '../core/cli/errors.ts';
import { resolveBots, type CommonOptionValues } from '../core/cli/kit.ts';
import type { PlayCommand, ReplayCommand, RuleAbCommand, StatisticalReplay } from '../core/cli/replay.ts';
import { renderTable } from '../core/report/table.ts';
import { PyRandom } from '../core/rng/python-random.ts';
import { confidencePercent } from '../core/stats/intervals.ts';
import { compareWithPublished } from './published.ts';
import { describeExternalBot, externalBot } from './external.ts';
import { printable } from '../core/report/printable.ts';
import { ProgramNotFound } from '../core/process/command.ts';
import { GAMES_PER_RUN, runGames, type AtomasMove, type AtomasRunOptions, type AtomasRunStats } from './tournament.ts';
import { printPlay } from '../core/cli/play-output.ts';
import { atomasWatchPage } from './watch.ts';
import { trials as atomasTrials, ruleOutcomes as atomasRuleOutcomes } from './trials.ts';
import { ruleAbTrials } from '../core/ab/rules.ts';
import { ATOMAS_ANSWERS, atomasBot, atomasPools } from './ports.ts';
import { ATOMAS_DEFAULTS, BOT_NAMES, NO_RATINGS } from './params.ts';

interface AtomasCliOptions extends CommonOptionValues {
  exact?: boolean;
  runs?: number;
  botCmd?: string;
  moveTimeout: number;
}

function botsOf(opts: AtomasCliOptions): string[] {
  return resolveBots(opts, atomasPools, 'atomas');
}

/** An exact seed: Python 2 seeded ints (a str seed was hashed, which cannot be replayed). */
function intSeed(text: string): bigint {
  if (!/^-?\d+$/.test(text.trim())) throw new UserError(`--exact needs an integer seed (Python 2's random.seed hashed strings): got "${text}"`);
  return BigInt(text.trim());
}

/** The statistical replay: per bot, --runs 20-game runs from its own seed; the published score placed in their means. */
const statistical: StatisticalReplay<AtomasCliOptions, AtomasRunOptions, AtomasRunStats> = {
  spec: atomasTrials,
  unit: 'runs',
  runs: (opts) =>
    botsOf(opts).map((bot) => ({
      opts: { bot, rules: opts.rules },
      seed: `${opts.seed}/${bot}`,
      trials: opts.runs ?? ATOMAS_DEFAULTS.runs,
      // The file the user named holds every sub-run of the command: a part per bot and rule variant.
      checkpointPart: `${bot}/${opts.rules}`,
      label: `atomas ${bot} ${opts.rules}`,
    })),
  report(opts, results) {
    const stats = results.map((r) => r.res.acc);
    const report = compareWithPublished(stats, opts.confidence);
    const runs = opts.runs ?? ATOMAS_DEFAULTS.runs;
    report.rules = opts.rules;
    report.seed = opts.seed;
    report.runs = runs;
    report.summary =
      `${runs} runs of 20 games per bot, rules "${opts.rules}", seed ${printable(String(opts.seed))}: the published score is one 20-game mean; ` +
      `the interval is the central ${confidencePercent(opts.confidence)} of our run means (mean of the completed games of a run).\n` +
      stats
        .map((s) => {
          const crash = Object.entries(s.crashes)
            .map(([k, n]) => `${n}× ${k}`)
            .join(', ');
          return `${s.bot}: ${s.crashedRuns} of ${s.means.length + s.emptyRuns} runs crashed${crash ? ` (${crash})` : ''}`;
        })
        .join('\n');
    return report;
  },
};

function runExactCommand(opts: AtomasCliOptions): void {
  const bot = opts.botCmd ? externalBot(opts.botCmd, opts.moveTimeout) : undefined;
  const names = bot ? [] : botsOf(opts);
  if (!bot && names.length !== 1) throw new UserError(`--exact replays one bot: give one with --bots NAME (${BOT_NAMES}) or --bot-cmd "<program>"`);
  const player = bot ?? atomasBot(names[0]!)!;
  const random = new PyRandom(intSeed(opts.seed), { python2: true });
  const games = runGames(player, random, opts.rules, opts.games ?? GAMES_PER_RUN);
  if (opts.json) {
    process.stdout.write(JSON.stringify({ games }) + '\n');
  } else {
    const done = games.filter((g) => !g.crash);
    process.stdout.write(
      pc.bold(`Exact replay of the posted controller: ${printable(player.name)}, random.seed(${printable(String(opts.seed))}), rules "${opts.rules}"\n`) +
        renderTable(
          ['game', 'score', 'moves', 'final board', 'crash'],
          games.map((g, i) => [i + 1, g.score, g.moves, g.finalBoard.join(' '), g.crash ? pc.red(g.crash) : '']),
        ) +
        `\nmean of ${done.length} completed game(s): ${done.length ? (done.reduce((s, g) => s + g.score, 0) / done.length).toFixed(2) : '—'}` +
        (games.some((g) => g.crash) ? pc.red('\nThe posted controller crashed here: the original run ended with this exception.') : '') +
        '\n',
    );
  }
  const problems = bot ? describeExternalBot(bot, opts.moveTimeout) : [];
  if (problems.length) process.stderr.write(pc.yellow(`${printable(player.name)}: ${problems.join(', ')}\n`));
}

/** Rule A/B (engines/core/ab/rules.ts): per bot, pairs of 20-game runs on the same atom sequence under both rule variants. */
const ruleAb: RuleAbCommand<AtomasCliOptions, AtomasRunOptions> = {
  spec: ruleAbTrials(atomasTrials, atomasRuleOutcomes),
  metric: 'mean score',
  diffUnit: 'points of a run\'s mean score',
  digits: 2,
  runs: (opts, [va, vb]) =>
    botsOf(opts).map((bot) => ({
      a: { bot, rules: va },
      b: { bot, rules: vb },
      keys: [bot],
      pairs: opts.runs ?? ATOMAS_DEFAULTS.runs,
      seed: `${opts.seed}/${bot}`,
      // The file the user named holds every sub-run of the command: a part per bot.
      checkpointPart: `${bot}/rules`,
      label: `atomas ${bot} ${va} vs ${vb}`,
    })),
  extra: (opts) => ({ runs: opts.runs ?? ATOMAS_DEFAULTS.runs }),
  note: () => 'A pair is one bot\'s 20-game run on the same atom sequence under both variants (its mean score of the completed games; a run that crashed in its first game has none and is left out).',
  noteInText: 'after',
  command: (opts, [va, vb], bots) =>
    `koth replay atomas --compare-rules ${va},${vb} --seed ${printable(String(opts.seed))} --runs ${opts.runs ?? ATOMAS_DEFAULTS.runs} --bots ${bots.join(',')} --shard-size ${opts.shardSize} --confidence ${opts.confidence}`,
};

/** `koth replay atomas` (engines/core/cli/replay.ts builds it). */
export const ATOMAS_REPLAY: ReplayCommand<AtomasCliOptions> = {
  description: 'A game of atomic proportions (Q95889): the posted controller with the three answers ported',
  configure: (cmd) => refuseRatings(cmd, NO_RATINGS),
  help: `
Bad answers are handled as the posted controller handled them: an empty line appends "+" (for
a +) or a new random atom (for a number); a − without "y"/"n" keeps nothing; an answer int()
cannot read, an index past the board, or a − without a second word raises in the controller
and ends the whole run, as it ended the original process (reported, exit code 0 for --exact).
The published scores are one 20-game run each; draftBot's and BadPlayer's came from earlier
controller versions (explained in the table).`,
  examples: [
    'koth replay atomas                                   published scores vs 300 runs per bot',
    'koth replay atomas --exact --seed 1 --bots draftBot --json',
    'koth replay atomas --exact --seed 1 --bot-cmd "python2 mybot.py"',
    'koth replay atomas --compare-rules original,fixed --runs 200',
  ],
  modes: [{ when: (opts) => !!opts.exact, run: runExactCommand }],
  ruleAb,
  statistical,
  errors: [{ match: (e) => e instanceof ProgramNotFound, toUserError: (e: ProgramNotFound) => new UserError(e.message, EXIT.usage) }],
};

/** `koth play atomas`: the first games of an exact run of one bot, move by move (--report DIR: the page). */
export const ATOMAS_PLAY: PlayCommand<AtomasCliOptions & { games: number; report?: string }> = {
  description: 'Play Atomas games of one bot move by move (random.seed(S) once, as the posted controller\'s run)',
  examples: ['koth play atomas --seed 1 --bots draftBot --report atomas', 'koth play atomas --seed 1 --games 2 --json'],
  run(opts) {
    const names = opts.bots ? botsOf(opts) : [ATOMAS_ANSWERS[0]!];
    if (names.length !== 1) throw new UserError(`koth play atomas plays one bot: give one with --bots NAME (${BOT_NAMES})`);
    const player = atomasBot(names[0]!)!;
    const moves: AtomasMove[] = [];
    const games = runGames(player, new PyRandom(intSeed(opts.seed), { python2: true }), opts.rules, opts.games, (m) => {
      moves.push(m);
      if (opts.json) process.stdout.write(JSON.stringify(m) + '\n');
    });
    printPlay(opts, {
      page: (command) => atomasWatchPage(player.name, opts.seed, opts.rules, moves, games, command),
      json: () => ({ games }),
      text: (report) =>
        moves.map((m) => `game ${m.game}: ${m.input} → ${m.output.split('\n')[0]}  (score ${m.scoreBefore})\n`).join('') +
        games.map((g, i) => pc.bold(`game ${i + 1}: score ${g.score}, ${g.moves} moves${g.crash ? `, crashed: ${g.crash}` : ''}\n`)).join('') +
        report,
    });
  },
};

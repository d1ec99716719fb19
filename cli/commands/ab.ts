/**
 * `koth ab <game> --candidate A --baseline B`: is A better than B? Paired games (common random
 * numbers) with a sequential probability ratio test, in every game that declares `engine.ab`
 * (engines/core/ab: pairs, stopping, report; engines/<id>/ab.ts: the game's two games of a pair).
 */
import pc from 'picocolors';
import { printable } from '../../engines/core/report/printable.ts';
import { Command, Option } from 'commander';
import { games, findGame, replayKit } from '../../engines/registry.ts';
import { EXIT, UserError } from '../../engines/core/cli/errors.ts';
import { addParams, commandLine, confidence, errorRate, finiteNumber, helpFooter, notAnOption, outputFolder, positiveInt } from '../../engines/core/cli/kit.ts';
import { didYouMean } from '../../engines/core/cli/suggest.ts';
import { abOpponents, abRules } from '../../engines/core/cli/ab-lineup.ts';
import { notesLines, runAb, verdictWords, type AbResult } from '../../engines/core/ab/run.ts';
import { abPythonExtra, openAbPython } from '../../engines/core/cli/ab-python.ts';
import { abEntrantOptions, abKindFlags, abPythonGames, openAbEntrants, refuseAbEntrantOptions } from '../../engines/core/cli/ab-entrants.ts';
import { writeAbPage } from '../../engines/core/ab/report.ts';
import { programFiles } from '../../engines/core/entrants/program-files.ts';
import { hypothesisProblem } from '../../engines/core/stats/sprt.ts';
import type { GameDescriptor } from '../../engines/core/game.ts';
import { confidencePercent } from '../../engines/core/stats/intervals.ts';

interface AbCliOptions {
  candidate: string;
  baseline: string;
  field?: string;
  rules?: string;
  elo0: number;
  elo1: number;
  alpha: number;
  beta: number;
  maxPairs: number;
  seed: string;
  workers: number;
  queue?: string;
  checkpoint?: string;
  confidence: number;
  json?: boolean;
  report?: string;
  pythonBots?: string;
  cppPlayers?: string;
  botCmd?: string[];
  interface?: string[];
  moveTimeout?: number;
  stdioNewline?: string;
}

function abGames(): GameDescriptor[] {
  return games.filter((g) => g.engine?.ab);
}

export function registerAb(program: Command): void {
  const ids = () => abGames().map((g) => g.id);
  const cmd = program
    .command('ab')
    .description('Is my bot better? Paired A/B games of a candidate and a baseline with a sequential test (SPRT), Elo difference with error bars')
    .argument('<game>', `the game: ${ids().join(', ')}`)
    .requiredOption('--candidate <A>', `the bot under test (a port by name: "koth registry <game>" lists them; or your own: ${abKindFlags(games).join(', ')})`, notAnOption('a bot name'))
    .requiredOption('--baseline <B>', 'the bot to beat (A = B is the self-test: no difference, no discordant pair)', notAnOption('a bot name'))
    .addOption(new Option('--field <C,D,...>', "the opponents (default: the game's default pool; A and B are left out of it)").argParser(notAnOption('bot names')))
    .option('--elo0 <elo>', 'H0: the candidate is better by at most elo0', finiteNumber('Elo'), 0)
    .option('--elo1 <elo>', 'H1: the candidate is better by at least elo1', finiteNumber('Elo'), 5)
    .option('--alpha <p>', 'false positive rate (accepting H1 when H0 holds), in (0, 0.5)', errorRate, 0.05)
    .option('--beta <p>', 'false negative rate (accepting H0 when H1 holds), in (0, 0.5)', errorRate, 0.05)
    .option('--max-pairs <N>', 'stop here when no bound is crossed (verdict: inconclusive)', positiveInt, 20_000)
    .addOption(new Option('--rules <variant>', 'rule variant of the game (its --rules; default: the game\'s default, or the rules the named ports were written for: camel-up\'s 2026 house bots play 2026)').argParser(notAnOption('a rule variant')))
    .option('--report <dir>', 'write DIR/index.html: the verdict, and the LLR and the score difference over pairs as charts', outputFolder('index.html', 'a folder for the report'));
  // The user's own bots: the options of the kinds the games take (engine.entrants; engines/core/cli/ab-entrants.ts).
  for (const e of abEntrantOptions(games)) cmd.addOption(new Option(e.flags, e.help).argParser(e.parse));
  // The common parameters as the games declare them (engines/core/cli/params.ts), with koth ab's defaults and help.
  addParams(cmd, [
    { common: 'seed', default: '1', help: 'master seed: pair i plays from a generator of (seed, i) only' },
    { common: 'workers' },
    { common: 'queue' },
    { common: 'checkpoint' },
    { common: 'confidence', default: 0.95, help: 'confidence of the score and Elo difference intervals' },
    { common: 'json', help: 'the result as JSON on stdout: pairs, verdict, llr, bounds, score, elo, los, discordant, …' },
  ]);
  cmd.addHelpText(
    'after',
    () =>
      `
A pair is two games that differ only by A <-> B in one seat; its outcome x = (1 + a - b) / 2, a and b
the candidate's and the baseline's results in their games. Per game:
${abGames().map((g) => `  ${g.id}: ${g.engine!.ab!.pairs}.\n    ${g.engine!.ab!.score}.`).join('\n')}
The SPRT (H0: Elo difference elo0, H1: elo1; bounds ln(beta/(1-alpha)), ln((1-beta)/alpha)) is fed the
pairs in pair order and stops at the first pair whose LLR crosses a bound: the verdict and the pair
count are the same for any --workers or queue workers (pairs run in batches of the game's size).
Live lines on stderr; exit 0 whatever the verdict (H1, H0 or inconclusive), 2 for bad input.
Bots are ports by name; ${abPythonGames(games).join(', ')} also take --python-bots FILES: then A, B and the
field (default: every class of the files) are classes of the files, and every seat holds one (as
koth replay --python-bots seats them: no ports mixed in), run in sandbox workers; with --queue the
files travel with the run by content (sha256) to the koth workers' sandboxes.
${abGames().flatMap((g) => (g.engine!.ab!.entrants ? [`${g.engine!.ab!.entrants.help}.`] : [])).join('\n')}` +
      helpFooter([
        'koth ab dice --candidate OptFor2X --baseline GoToTenBot',
        'koth ab dice --candidate OptFor2X --baseline OptFor2X --max-pairs 2000   # the self-test',
        'koth ab camel-up --candidate Player2 --baseline Player0 --elo1 20 --json',
        'koth ab gun-duel --candidate PlasmaPlayer --baseline TurtlePlayer --workers 4 --checkpoint ab.ckpt --report out',
        'koth ab gun-duel --cpp-players Mine.hpp --candidate Mine --baseline PlasmaPlayer   # a C++ answer',
        'koth ab gun-duel --bot-cmd "Mine=python3 mine.py" --interface stdio --candidate Mine --baseline PlasmaPlayer',
        'koth ab atomas --bot-cmd "Mine=python2 mybot.py" --candidate Mine --baseline draftBot --max-pairs 200',
      ]),
  );
  cmd.action(async (gameId: string, o: AbCliOptions) => {
    const game = findGame(gameId);
    const ab = game?.engine?.ab;
    if (!game || !ab) throw new UserError(`koth ab has no game "${gameId}"${didYouMean(gameId, ids())}: it takes one of ${ids().join(', ')}`);
    // An option of a kind of bot the game's pairs do not take, or options that do not go together: refused before anything runs.
    refuseAbEntrantOptions(game, games, o);
    const python = o.pythonBots !== undefined;
    if (!(o.elo0 < o.elo1)) throw new UserError(`--elo0 ${o.elo0} must be below --elo1 ${o.elo1} (H0: better by at most elo0; H1: by at least elo1), e.g. --elo0 0 --elo1 5. Nothing was run.`);
    // Hypotheses the model cannot represent (beyond ±123,061 Elo, or one score twice): the reason, nothing run (docs/ab.md, "The model's range").
    const problem = hypothesisProblem(o.elo0, o.elo1, ['--elo0', '--elo1']);
    if (problem) throw new UserError(`${problem}. Nothing was run.`);
    // --rules, else the rules the named ports were written for, else the game's default (engines/core/cli/ab-lineup.ts).
    const rules = abRules(game, o, python);
    const kit = replayKit();
    // --python-bots: every seat holds a class of the files (engines/core/cli/ab-python.ts; on --queue the files travel by content).
    // The game's other kinds (cpp, program): read and checked by the core, opened by the game's adapter before any pair.
    const mine = await openAbEntrants(game, games, o, kit);
    const p = python ? await openAbPython(game, o.pythonBots!, kit, { workers: o.workers, rules }) : undefined;
    let result: AbResult;
    try {
      // A, B and the field among the bots this run can seat (engines/core/cli/ab-lineup.ts).
      const opponents = abOpponents(game, o, rules, p ? { known: p.names, python: true } : { known: [...ab.bots(), ...(mine?.names ?? [])], mine: !!mine?.names.length });
      result = await runAb(kit, {
        game: game.id,
        ab,
        opts: {
          candidate: o.candidate,
          baseline: o.baseline,
          field: opponents,
          ...(rules !== undefined ? { rules } : {}),
          ...(p ? { extra: abPythonExtra(p) } : {}),
          ...(mine?.extra !== undefined ? { extra: mine.extra } : {}),
        },
        ...(p ? { sharded: p.sharded(), ...(ab.python?.batch ? { batch: ab.python.batch } : {}) } : {}),
        ...(mine?.sharded ? { sharded: mine.sharded } : {}),
        seed: kit.seed(o.seed),
        maxPairs: o.maxPairs,
        sprt: { elo0: o.elo0, elo1: o.elo1, alpha: o.alpha, beta: o.beta },
        confidence: o.confidence,
        workers: o.workers,
        queue: o.queue,
        checkpoint: o.checkpoint,
        inputs: programFiles(o.botCmd),
        live: (line) => process.stderr.write(`${line}\n`),
      });
    } finally {
      await p?.close();
      await mine?.close();
    }
    if (o.json) process.stdout.write(JSON.stringify(result, null, 2) + '\n');
    else process.stdout.write(summary(result) + '\n');
    // What the games noted about the players (your program's moves past --move-timeout, …): on stderr, as koth replay says it.
    for (const line of notesLines(result)) process.stderr.write(pc.yellow(line) + '\n');
    if (o.report) {
      const path = await writeAbPage(o.report, result, commandLine());
      (o.json ? process.stderr : process.stdout).write(`report: ${path}\n`);
    }
    process.exitCode = EXIT.ok;
  });
}

function summary(r: AbResult): string {
  const f = (x: number, d: number) => (x >= 0 ? '+' : '') + x.toFixed(d);
  const pct = confidencePercent(r.confidence);
  return [
    `${r.game}: ${printable(r.candidate)} (candidate) vs ${printable(r.baseline)} (baseline), seed ${printable(String(r.seed))}${r.rules ? `, rules ${r.rules}` : ''}`,
    `pairs            ${r.pairs}${r.verdict === 'inconclusive' ? ` (--max-pairs ${r.maxPairs})` : ''}, discordant ${r.discordant}`,
    `score diff       ${f(r.score.mean, 4)} [${f(r.score.low, 4)}, ${f(r.score.high, 4)}] (${pct})   candidate ${r.candidateScore.toFixed(4)}, baseline ${r.baselineScore.toFixed(4)}`,
    `Elo diff         ${f(r.elo.diff, 1)} [${f(r.elo.low, 1)}, ${f(r.elo.high, 1)}]`,
    `LOS              ${(r.los * 100).toFixed(1)}%`,
    `LLR              ${r.llr.toFixed(3)} [${r.bounds[0].toFixed(3)}, ${r.bounds[1].toFixed(3)}] (elo0 ${r.sprt.elo0}, elo1 ${r.sprt.elo1}, alpha ${r.sprt.alpha}, beta ${r.sprt.beta})`,
    `verdict          ${verdictWords(r.verdict)}`,
  ].join('\n');
}

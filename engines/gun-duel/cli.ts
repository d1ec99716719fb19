/**
 * `koth replay gun-duel`: exact replay of the g++ build (`--exact --seed S`), the statistical
 * distribution (`--tournaments N`), the published scoreboard placed in that distribution
 * (default), and the rule-fix comparison (`--compare-rules`).
 */
import { ratingsOfAcc, ratingsRunOptions, renderRatings } from '../core/cli/ratings.ts';
import { ORIGINAL_CLOCK_RUNS, RECORDED_DISTRIBUTION, RECORDED_PARAMETERS } from './data.ts';
import pc from 'picocolors';
import { printable } from '../core/report/printable.ts';
import { UserError } from '../core/cli/errors.ts';
import type { CommonOptionValues, ReplayKit } from '../core/cli/kit.ts';
import { ruleOutcomes as gunDuelRuleOutcomes, trials as gunDuelTrials } from './trials.ts';
import { ruleAbTrials } from '../core/ab/rules.ts';
import type { ModeContext, PlayCommand, ReplayCommand, RuleAbCommand } from '../core/cli/replay.ts';
import { renderTable } from '../core/report/table.ts';
import { CheckpointMismatch } from '../core/runner/checkpoint.ts';
import { programFiles } from '../core/entrants/program-files.ts';
import { Progress } from '../core/runner/progress.ts';
import { exitCodeFor, type ComparisonReport } from '../core/stats/compare.ts';
import { findPlayer, gunDuelPool, gunDuelPorts } from './ports.ts';
import type { CppLibrary, PlayerClass } from './player.ts';
import { exactSeeds, runTournament, type TournamentResult, type ScoreRow } from './tournament.ts';
import { actionString, traceTournament } from './trace.ts';
import { printPlay } from '../core/cli/play-output.ts';
import { gunDuelWatchPage, playFirstRound } from './watch.ts';
import type { GunDuelAcc, GunDuelRunOptions } from './trials.ts';
import { compareStdlib, loadDistribution, parametersOf, placePublished, recordedDistribution, refuseOtherParameters } from './distribution.ts';
import { compileForRun, cppPlayerNames, cppPool, cppSources, cppStopError } from './cpp/cli.ts';
import { answerOutput } from '../core/cli/answer-output.ts';
import { summarize } from './stats.ts';
import { VARIANTS, VARIANT_HELP, type GunDuelVariant } from './variants.ts';
import { checkSeats, describeStats, externalSpecs, mergeStats, renderExternalPlaces, type ExternalCliOptions } from './external-cli.ts';
import { withExternal, withExternalPlayers } from './external.ts';
import { GUN_DUEL_DEFAULTS } from './params.ts';

interface GunDuelCliOptions extends Pick<CommonOptionValues, 'seed' | 'workers' | 'queue' | 'checkpoint' | 'json'>, ExternalCliOptions {
  exact?: boolean;
  ratings?: boolean;
  players?: string;
  repetition: number;
  rules: GunDuelVariant;
  stdlib: CppLibrary;
  tournaments?: number;
  from?: string;
  /** [A, B]: the paired rule A/B; true (bare, the old form): the exact one-seed comparison of original,fixed. */
  compareRules?: boolean | [GunDuelVariant, GunDuelVariant];
  compareStdlib?: boolean;
  cppPlayers?: string;
}

function exactSeed(v: string): bigint {
  if (!/^-?\d+$/.test(v.trim())) throw new UserError(`--seed for --exact must be an integer (the clock reading S; the engines get (unsigned)S), got "${v}"`);
  return BigInt(v.trim());
}

/** The pool, or the --players list; `extra` (external players) replace ports of their name or join at the end, and are found by name first. */
export function parsePlayers(list: string | undefined, extra: readonly PlayerClass[] = []): PlayerClass[] {
  if (!list) return withExternal(gunDuelPool(), extra);
  const out: PlayerClass[] = [];
  for (const raw of list.split(',').map((s) => s.trim()).filter(Boolean)) {
    const p = /^\d+$/.test(raw) ? gunDuelPool()[Number(raw)] : (extra.find((c) => c.botName === raw) ?? findPlayer(raw));
    if (!p) {
      if (raw.toLowerCase() === 'blackhatplayer') throw new UserError('BlackHatPlayer was disqualified (it tampered with its opponents\' memory) and is not ported; leave it out.');
      throw new UserError(`unknown player "${raw}". Known (registration order, also usable as 0-based indices): ${gunDuelPorts.names().join(', ')}`);
    }
    out.push(p);
  }
  if (out.length < 2) throw new UserError('--players needs at least two players');
  return out;
}

/** The published scoreboard's format, for a result. */
export function renderScoreboard(rows: readonly ScoreRow[]): string {
  const rounds = Math.max(0, ...rows.map((r) => r.rounds.length));
  return renderTable(
    ['Player', 'Points', ...Array.from({ length: rounds }, (_, i) => String(i + 1))],
    rows.map((r) => [r.player, r.points, ...Array.from({ length: rounds }, (_, i) => (r.rounds[i] === undefined ? '' : r.rounds[i]!))]),
  );
}

export function exactReplay(opts: { seed: bigint; players: PlayerClass[]; repetition: number; variant: GunDuelVariant; lib?: CppLibrary; onRound?: (r: number, alive: number) => void }): TournamentResult {
  return runTournament({ players: opts.players, seeds: exactSeeds(opts.seed), repetition: opts.repetition, variant: opts.variant, lib: opts.lib, onRound: opts.onRound });
}

function runExactCommand(opts: GunDuelCliOptions): void {
  const seed = exactSeed(opts.seed);
  const specs = externalSpecs(opts);
  // A bad list is refused before any program starts (the programs' names stand in for them).
  checkSeats(parsePlayers(opts.players, specs.map((s) => ({ botName: s.name }) as PlayerClass)), specs);
  // External programs (--bot-cmd) are started for the tournament and ended after it.
  withExternalPlayers(specs, (ext) => {
    const players = parsePlayers(opts.players, ext.classes);
    const progress = new Progress(players.length - 1, `gun-duel exact seed ${seed}`);
    const res = exactReplay({ seed, players, repetition: opts.repetition, variant: opts.rules, lib: opts.stdlib, onRound: (r) => r > 0 && progress.tick(1) });
    progress.stop();
    const stats = ext.stats();
    if (opts.json) process.stdout.write(JSON.stringify(stats.length ? { ...res, external: stats } : res) + '\n');
    else {
      process.stdout.write(`${pc.bold('Futuristic Gun Duel')} — exact replay, every clock reading = ${seed}, rules ${opts.rules}, C++ library ${opts.stdlib}${specs.length ? ` (with ${specs.map((s) => s.name).join(', ')}: programs with randomness of their own, not an exact replay)` : ''}\n`);
      process.stdout.write(renderScoreboard(res.rows) + '\n');
    }
    if (stats.length) process.stderr.write(describeStats(stats, opts.moveTimeout) + '\n');
  });
}

/** --exact with --cpp-players: the tournament as a job of a C++ sandbox worker. */
async function runCppExactCommand(opts: GunDuelCliOptions, kit: ReplayKit): Promise<void> {
  const seed = exactSeed(opts.seed);
  const answers = await compileForRun(cppSources(opts.cppPlayers!));
  const names = cppPlayerNames(opts.players, answers);
  const n = names?.length ?? gunDuelPorts.names().length + answers.filter((a) => !findPlayer(a.name)).length;
  const pool = cppPool(kit, 1);
  const progress = new Progress(n - 1, `gun-duel exact seed ${seed} (compiled answers)`);
  let res: TournamentResult;
  try {
    res = (await pool.run(
      { kind: 'job', fn: 'gunDuelCppExact', args: { seed: String(seed), ...(names ? { players: names } : {}), cpp: answers, repetition: opts.repetition, variant: opts.rules, lib: opts.stdlib } },
      { onTick: () => progress.tick(1), onOutput: answerOutput() },
    )) as TournamentResult;
  } catch (e) {
    throw cppStopError(e);
  } finally {
    progress.stop();
    await pool.destroy();
  }
  if (opts.json) {
    process.stdout.write(JSON.stringify(res) + '\n');
    return;
  }
  process.stdout.write(`${pc.bold('Futuristic Gun Duel')} — exact replay, every clock reading = ${seed}, rules ${opts.rules}, C++ library ${opts.stdlib}; compiled answers: ${answers.map((a) => a.name).join(', ')}\n`);
  process.stdout.write(renderScoreboard(res.rows) + '\n');
}

/** --compare-rules A,B: two rule variants (A,A is the self-test). */
/** Rule A/B (engines/core/ab/rules.ts): --tournaments N pairs, each the same seeds and players under both rules; per player its paired difference in points. */
const ruleAb: RuleAbCommand<GunDuelCliOptions, GunDuelRunOptions, GunDuelAcc> = {
  spec: ruleAbTrials(gunDuelTrials, gunDuelRuleOutcomes),
  metric: 'points',
  diffUnit: 'tournament points',
  digits: 1,
  confidence: 0.99,
  shardSize: 1,
  runs(opts, [va, vb]) {
    const players = parsePlayers(opts.players).map((p) => p.botName);
    const base = { repetition: opts.repetition, ...(opts.players ? { players } : {}) };
    const pairs = opts.tournaments ?? GUN_DUEL_DEFAULTS.tournaments;
    return [{ a: { ...base, variant: va as GunDuelVariant }, b: { ...base, variant: vb as GunDuelVariant }, keys: players, pairs, seed: opts.seed, label: `gun-duel ${va} vs ${vb}` }];
  },
  extra: (opts) => ({ repetition: opts.repetition }),
  note: () => 'A pair is one tournament (the same three seeds, players and order) under both rules.',
  command: (opts, [va, vb], players) =>
    `koth replay gun-duel --compare-rules ${va},${vb} --seed ${printable(String(opts.seed))} --tournaments ${opts.tournaments ?? GUN_DUEL_DEFAULTS.tournaments} --repetition ${opts.repetition}${opts.players ? ` --players ${players.join(',')}` : ''}`,
};

/** Bare `--compare-rules` (the old form, kept for scripts): the seed played exactly under original and fixed, duel by duel. */
function compareRulesCommand(opts: GunDuelCliOptions): void {
  const seed = exactSeed(opts.seed);
  const players = parsePlayers(opts.players);
  const a = traceTournament(players, exactSeeds(seed), opts.repetition, 'original');
  const b = traceTournament(players, exactSeeds(seed), opts.repetition, 'fixed');
  let differ = 0;
  for (let i = 0; i < Math.max(a.lines.length, b.lines.length); i++) if (a.lines[i] !== b.lines[i]) differ++;
  const same = JSON.stringify(a.result) === JSON.stringify(b.result);
  const out = { seed: String(seed), duels: a.lines.length, duelsThatDiffer: differ, sameScoreboard: same, original: a.result.rows, fixed: b.result.rows };
  if (opts.json) process.stdout.write(JSON.stringify(out) + '\n');
  else
    process.stdout.write(
      `original vs fixed (validB from actionA vs from actionB), seed ${seed}: ${a.lines.length} duels, ${differ} differ; scoreboards ${same ? pc.green('identical') : pc.red('differ')}.\n` +
        'No tournament player returns an out-of-range action, so the bug never fires for them.\n',
    );
}

function compareStdlibCommand(opts: GunDuelCliOptions): void {
  const r = compareStdlib();
  if (opts.json) {
    process.stdout.write(JSON.stringify(r) + '\n');
    return;
  }
  if (r.msvc === 0) throw new UserError('no MSVC-model tournaments recorded (fixtures/gun-duel/distribution/ours-msvc.json): make some with --stdlib msvc --tournaments N --json');
  const pcnt = (k: number, n: number) => `${k}/${n} (${n ? ((100 * k) / n).toFixed(0) : '–'}%)`;
  const table = renderTable(
    ['#', 'Player', 'libstdc++ model', 'MSVC model', 'rank-test p'],
    r.rows.map((x) => [x.publishedPlace, x.player, pcnt(x.a.count, x.a.n), pcnt(x.b.count, x.b.n), x.test ? x.test.pValue.toFixed(3) : '—']),
  );
  process.stdout.write(
    `${pc.bold('Futuristic Gun Duel')}: how often each player finishes at its published place\n` +
      `libstdc++ model = ${RECORDED_DISTRIBUTION.tournaments.length} of our tournaments + ${ORIGINAL_CLOCK_RUNS.length} clock-seeded runs of the g++ build; MSVC model = ${r.msvc} of our --stdlib msvc tournaments.\n` +
      table +
      `\nSurvivorPlayer 6th and BarricadePlayer 10th together: libstdc++ ${pcnt(r.bothCount.libstdcpp, r.libstdcpp)}, MSVC ${pcnt(r.bothCount.msvc, r.msvc)}.\n` +
      `Footrule distance from the published order (Σ|place − published place|, smaller = closer): libstdc++ mean ${r.footrule.a.mean.toFixed(1)}, MSVC mean ${r.footrule.b.mean.toFixed(1)}` +
      `${r.footrule.test ? `, rank-test p = ${r.footrule.test.pValue.toFixed(3)}` : ''}.\n`,
  );
}

const checkedSpecs = new WeakMap<GunDuelCliOptions, ReturnType<typeof externalSpecs>>();
/** The --bot-cmd players, checked once per command. */
function externalSpecsOf(opts: GunDuelCliOptions) {
  let s = checkedSpecs.get(opts);
  if (!s) checkedSpecs.set(opts, (s = externalSpecs(opts)));
  return s;
}

export async function distribution(opts: GunDuelCliOptions, kit: ReplayKit): Promise<GunDuelAcc> {
  if (!opts.from && !opts.tournaments) {
    // The recorded distribution of the --stdlib asked for; other --repetition/--rules need new tournaments.
    refuseOtherParameters(`the recorded ${opts.stdlib} distribution`, RECORDED_PARAMETERS[opts.stdlib], opts, 'add --tournaments N to play tournaments with these options, or --from FILE for a distribution made with them');
    return recordedDistribution(opts.stdlib);
  }
  if (opts.from) return loadDistribution(opts.from, opts);
  if (opts.cppPlayers) {
    // With --queue the pool only declares the runtime: each `koth worker` runs the shards in C++ sandbox workers of its own.
    const answers = await compileForRun(cppSources(opts.cppPlayers));
    const pool = cppPool(kit, opts.workers);
    try {
      const res = await kit.runSharded<GunDuelRunOptions, GunDuelAcc>({
        game: 'gun-duel',
        spec: gunDuelTrials,
        opts: { variant: opts.rules, repetition: opts.repetition, ...(opts.stdlib === 'msvc' ? { lib: 'msvc' as const } : {}), cpp: answers, ...ratingsRunOptions(opts.ratings, opts.tournaments ?? GUN_DUEL_DEFAULTS.tournaments) },
        seed: opts.seed,
        trials: opts.tournaments ?? GUN_DUEL_DEFAULTS.tournaments,
        shardSize: 1,
        workers: opts.workers,
        queue: opts.queue,
        checkpoint: opts.checkpoint,
        label: 'gun-duel tournaments (compiled answers)',
        sandbox: pool,
      });
      return res.acc;
    } catch (e) {
      throw cppStopError(e);
    } finally {
      await pool.destroy();
    }
  }
  const res = await kit.runSharded<GunDuelRunOptions, GunDuelAcc>({
    game: 'gun-duel',
    spec: gunDuelTrials,
    opts: { variant: opts.rules, repetition: opts.repetition, ...(opts.stdlib === 'msvc' ? { lib: 'msvc' as const } : {}), ...(externalSpecsOf(opts).length ? { external: externalSpecsOf(opts) } : {}), ...ratingsRunOptions(opts.ratings, opts.tournaments ?? GUN_DUEL_DEFAULTS.tournaments) },
    seed: opts.seed,
    trials: opts.tournaments ?? GUN_DUEL_DEFAULTS.tournaments,
    shardSize: 1,
    workers: opts.workers,
    queue: opts.queue,
    checkpoint: opts.checkpoint,
    inputs: programFiles(opts.botCmd),
    label: 'gun-duel tournaments',
  });
  return res.acc;
}

function renderPlacement(rep: ComparisonReport): string {
  const players = rep.players as { player: string; publishedPlace: number; publishedRound1: number; publishedPoints: number; round1Percentile: number; round1Outside99: boolean; pointsPercentile: number; places: number[]; versusOriginal?: { pValue: number; xmean: number; ymean: number; detectable80: number; rank?: { pValue: number } } }[];
  const table = renderTable(
    ['#', 'Player', 'Pub. round 1', 'Pct', 'Pub. points', 'Pct', 'Place seen', 'Ours r1 mean', 'g++ r1 mean', 'Welch p', 'Rank p', '80%-power Δ'],
    players.map((p) => [
      p.publishedPlace,
      p.player,
      p.publishedRound1,
      p.round1Outside99 ? pc.red(`${p.round1Percentile.toFixed(0)} !`) : p.round1Percentile.toFixed(0),
      p.publishedPoints,
      p.pointsPercentile.toFixed(0),
      `${p.places[p.publishedPlace - 1] ?? 0}/${rep.tournaments}`,
      p.versusOriginal ? p.versusOriginal.xmean.toFixed(1) : '',
      p.versusOriginal ? p.versusOriginal.ymean.toFixed(1) : '',
      p.versusOriginal ? p.versusOriginal.pValue.toFixed(3) : '',
      p.versusOriginal?.rank ? p.versusOriginal.rank.pValue.toFixed(3) : '',
      p.versusOriginal ? p.versusOriginal.detectable80.toFixed(1) : '',
    ]),
  );
  return (
    `${pc.bold('Futuristic Gun Duel')}: the published scoreboard (one draw) in our distribution of ${rep.tournaments} tournaments${rep.stdlib === 'msvc' ? ' (MSVC model, --stdlib msvc)' : ''}\n` +
    `(Pct = mid-rank percentile of the published figure among ours; "!" = outside the 99% prediction interval mean ± t·sd·√(1+1/n);\n` +
    `the verdict is family-wise: a figure outside its Bonferroni interval (α = 0.01/17) disagrees).\n` +
    `Round-1 points, ours vs ${rep.originalRuns} clock-seeded runs of the g++ build: Welch two-sample t-test (@stdlib/stats-ttest2) and\n` +
    `rank test (Kruskal–Wallis with 2 groups = Wilcoxon–Mann–Whitney, @stdlib/stats-kruskal-test; @stdlib has no two-sample KS test);\n` +
    `"80%-power Δ" = the mean difference Welch detects with 80% power at α = 0.05 (the rank test needs about √(π/3) ≈ 1.02× that).\n` +
    table
  );
}

/** The default mode: the published scoreboard placed in a distribution (recorded, --from FILE, or --tournaments N played now, printed with --json). */
async function distributionCommand(opts: GunDuelCliOptions, { kit }: ModeContext): Promise<void> {
  const acc = await distribution(opts, kit);
  if (opts.tournaments && !opts.from) {
    const summary = summarize(acc.tournaments).map((s) => ({ player: s.player, round1Mean: s.round1.mean, round1Sd: s.round1.sd, places: s.places }));
    // The parameters go into the file, so that --from can refuse to mix it with other options.
    const ext = externalSpecsOf(opts);
    if (ext.length) process.stderr.write(describeStats(mergeStats(acc.tournaments.map((t) => t.external)), opts.moveTimeout) + '\n');
    const rated = ratingsOfAcc(acc, opts.seed);
    if (opts.json) process.stdout.write(JSON.stringify({ parameters: parametersOf(opts), seed: opts.seed, tournaments: acc.tournaments, summary, ...rated }) + '\n');
    else process.stdout.write(renderPlacement(placePublished(acc, opts.stdlib)) + '\n' + (ext.length ? renderExternalPlaces(acc.tournaments, ext.map((s) => s.name)) + '\n' : '') + (rated ? renderRatings(rated) + '\n' : ''));
    return;
  }
  const rep = placePublished(acc, opts.stdlib);
  if (opts.json) process.stdout.write(JSON.stringify(rep) + '\n');
  else process.stdout.write(renderPlacement(rep) + '\n');
  process.exitCode = exitCodeFor(rep.verdict);
}

/** `koth replay gun-duel` (engines/core/cli/replay.ts builds it). */
export const GUN_DUEL_REPLAY: ReplayCommand<GunDuelCliOptions> = {
  description: 'The Futuristic Gun Duel (Q104896): the 17 C++ players, last player standing',
  help: `
Rule variants:
${VARIANTS.map((v) => `  ${v.padEnd(9)} ${VARIANT_HELP[v]}`).join('\n')}

Randomness: the three clock-seeded std::default_random_engine of the original are modelled as
libstdc++'s minstd_rand0 with its distributions (--stdlib libstdc++, the default), or as MSVC's
mt19937 with Microsoft's distributions, shuffle and sort (--stdlib msvc: how the published run was
built; not checkable against a compiled MSVC here, see engines/gun-duel/README.md). --exact builds
all three with (unsigned)S, as the oracle does with its clock shim. Statistical tournaments draw
the three seeds from a seedrandom stream keyed by (master seed, tournament). A whole tournament
takes about 20 CPU-seconds.`,
  examples: [
    'koth replay gun-duel --exact --seed 1 --json          equals fixtures/gun-duel/goldens/seed-1.json',
    'koth replay gun-duel --exact --seed 7 --repetition 2  a quick two-duel-per-pair tournament',
    'koth replay gun-duel --tournaments 20 --json > d.json',
    'koth replay gun-duel                                  published scoreboard vs our recorded distribution',
    'koth replay gun-duel --from d.json                    ... vs a distribution you made',
    'koth replay gun-duel --compare-rules original,fixed --tournaments 8 --repetition 5   paired rule A/B',
    'koth replay gun-duel --compare-rules --seed 3 --repetition 5   the old form: one seed exactly, duel by duel',
    'koth replay gun-duel --stdlib msvc --tournaments 20 --json > msvc.json',
    'koth replay gun-duel --compare-stdlib                 published places: libstdc++ vs MSVC model (recorded runs)',
    'koth replay gun-duel --exact --seed 1 --cpp-players Tournament/*.hpp(comma-separated)   the answers as posted, compiled (equals the goldens)',
    'koth replay gun-duel --tournaments 4 --cpp-players cache                  the scraped answers in the distribution',
    'koth replay gun-duel --exact --seed 1 --bot-cmd "Mine=python3 mine.py" --interface stdio',
    '                                                      your program in the field (engines/gun-duel/README.md: "Your own bot")',
  ],
  check(opts) {
    if (opts.compareRules && opts.stdlib !== 'libstdc++') throw new UserError('--compare-rules runs the libstdc++ model only; drop --stdlib.');
  },
  ruleAb,
  modes: [
    {
      // Bare --compare-rules (the pair A,B is the core's rule A/B).
      when: (opts) => !!opts.compareRules,
      run(opts) {
        // The bare (old) form plays one seed exactly: options of the paired A/B would be ignored there.
        const ignored = (['tournaments', 'checkpoint', 'queue'] as const).filter((k) => opts[k] !== undefined).map((k) => `--${k}`);
        if (ignored.length) throw new UserError(`bare --compare-rules plays the seed exactly under original and fixed; ${ignored.join(', ')} belong${ignored.length === 1 ? 's' : ''} to the paired rule A/B: write --compare-rules original,fixed --tournaments N. Nothing was run.`);
        compareRulesCommand(opts);
      },
    },
    { when: (opts) => !!opts.compareStdlib, run: compareStdlibCommand },
    { when: (opts) => !!opts.exact, run: (opts, { kit }) => (opts.cppPlayers ? runCppExactCommand(opts, kit) : runExactCommand(opts)) },
    { run: distributionCommand },
  ],
  errors: [{ match: (e) => e instanceof CheckpointMismatch, toUserError: (e: CheckpointMismatch) => new UserError(e.message) }],
};

/** `koth play gun-duel`: one tournament with few duels per pair; --report DIR: the first round's round-robin duel by duel. */
export const GUN_DUEL_PLAY: PlayCommand<GunDuelCliOptions & { report?: string }> = {
  description: 'Play one Futuristic Gun Duel tournament (every clock reading = S) and show the first round duel by duel',
  examples: ['koth play gun-duel --seed 7 --players 0,1,2,3,4,5 --report duel', 'koth play gun-duel --seed 1 --json'],
  run(opts) {
    const seed = exactSeed(opts.seed);
    const players = parsePlayers(opts.players);
    const { names, duels, res } = playFirstRound(seed, players, opts.repetition, opts.rules, opts.stdlib);
    printPlay(opts, {
      page: (command) => gunDuelWatchPage(seed, names, duels, res, opts.repetition, opts.rules, opts.stdlib, command),
      json: () => ({ seed: String(seed), duels: duels.map((d) => ({ a: names[d.a], b: names[d.b], actionsA: actionString(d.actionsA), actionsB: actionString(d.actionsB), status: d.status })), rows: res.rows }),
      text: (report) =>
        duels.map((d) => `${names[d.a]} vs ${names[d.b]}: ${actionString(d.actionsA)} / ${actionString(d.actionsB)} → ${d.status === 1 ? names[d.a] : d.status === 2 ? names[d.b] : 'draw'}\n`).join('') +
        renderScoreboard(res.rows) + '\n' + report,
    });
  },
};

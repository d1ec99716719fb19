/**
 * `koth replay camel-up`: the published points beside ours (default), the exact replay of
 * camelup.py (`--exact`), and the rule-fix A/B (`--compare-rules`).
 */
import type { Command } from 'commander';
import pc from 'picocolors';
import { EXIT, UserError } from '../core/cli/errors.ts';
import { addCommonOptions, helpFooter, optionRules, parseCompareRules, resolveBots, rulesHelp, type CommonOptionValues, type ReplayKit } from '../core/cli/kit.ts';
import { renderTable } from '../core/report/table.ts';
import { ControllerCrash, PythonError } from '../core/py/errors.ts';
import { parseSeed } from '../core/rng/rng.ts';
import type { ComparisonReport } from '../core/stats/compare.ts';
import { confidencePercent, proportionDifference, wilson, zFor } from '../core/stats/intervals.ts';
import { compareWithPublished, PUBLISHED_CAMEL } from './published.ts';
import { runExact, tournamentGames, type CamelStats } from './tournament.ts';
import { trials as camelTrials } from './trials.ts';
import { CAMEL_RULE_FLAGS, CAMEL_VARIANTS, DEFAULT_CAMEL_VARIANT } from './variants.ts';
import { CAMEL_PLAYERS, camelPlayer } from '../../transpiled-bots/camel-up/index.ts';

const ENGINE = { variants: CAMEL_VARIANTS, defaultVariant: DEFAULT_CAMEL_VARIANT, ruleFlags: CAMEL_RULE_FLAGS };
export const CAMEL_DEFAULTS = { seed: '2018', games: 200, shardSize: 10, confidence: 0.99 };

const POOLS: Record<string, readonly string[]> = {
  all: CAMEL_PLAYERS.map((p) => p.name),
  // Four seats without the slow simulator: Player0 twice (camelup.py allows a class twice in its pool).
  dumb: ['Player0', 'Player1', 'Player2', 'Player0'],
};

interface CamelCliOptions extends CommonOptionValues {
  exact?: boolean;
}

function poolOf(opts: CamelCliOptions): string[] {
  // A pool may name a player twice (POOLS.dumb); --bots may not (kit rule: one entry per bot).
  const names = opts.bots !== undefined ? resolveBots(opts, { names: [], default: 'all', resolve: () => undefined }, (n) => !!camelPlayer(n), 'camel-up') : [...(POOLS[opts.pool ?? 'all'] ?? [])];
  if (!names.length) throw new UserError(`unknown pool "${opts.pool}": use ${Object.keys(POOLS).join(', ')}, or --bots A,B,C,D`);
  if (names.length < 4) throw new UserError(`a camel-up game seats 4 players: give at least 4 (got ${names.length}); camelup.py would fail with IndexError`);
  return names;
}

async function runStats(kit: ReplayKit, opts: CamelCliOptions, bots: string[], rules: string): Promise<CamelStats> {
  const res = await kit.runSharded({
    game: 'camel-up',
    spec: camelTrials,
    opts: { bots, rules },
    seed: opts.seed,
    trials: opts.games ?? CAMEL_DEFAULTS.games,
    shardSize: opts.shardSize,
    workers: opts.workers,
    checkpoint: opts.checkpoint,
    // One file for the command: a part per rule variant (--compare-rules runs both).
    checkpointPart: rules,
    label: `camel-up ${rules}`,
    unit: 'games',
  });
  return res.acc;
}

export async function statisticalReplay(opts: CamelCliOptions, kit: ReplayKit): Promise<ComparisonReport> {
  const bots = poolOf(opts);
  const s = await runStats(kit, opts, bots, opts.rules);
  const report = compareWithPublished(s, opts.confidence);
  const samePool = bots.length === PUBLISHED_CAMEL.rows.length && PUBLISHED_CAMEL.rows.every((r) => bots.includes(r.player));
  report.rules = opts.rules;
  report.seed = opts.seed;
  report.games = s.games;
  report.summary =
    `${s.games} games (published: one tournament of ${PUBLISHED_CAMEL.games}), rules "${opts.rules}", seed ${opts.seed}: points per ${PUBLISHED_CAMEL.games} games, ` +
    `${confidencePercent(opts.confidence)} intervals widened by the published count's own sampling error.\n` +
    `points by seat (0 plays first): ${s.seatPoints.map((p, i) => `${i}: ${((100 * p) / s.games).toFixed(1)}`).join(', ')}` +
    (samePool ? '' : `\nNote: this pool is not the published one (${PUBLISHED_CAMEL.rows.map((r) => r.player).join(', ')}).`);
  return report;
}

function runExactCommand(opts: CamelCliOptions): void {
  const bots = poolOf(opts);
  const games = opts.games ?? tournamentGames(bots.length);
  let result;
  try {
    result = runExact(bots, camelPlayer, parseSeed(opts.seed), opts.rules, games);
  } catch (e) {
    if (e instanceof PythonError) {
      const c = e instanceof ControllerCrash ? e : ControllerCrash.from(e);
      throw new UserError(`camelup.py itself raises here (uncaught): ${c.pythonLine}. The original tournament ended with this exception.`, EXIT.originalCrashed);
    }
    throw e;
  }
  if (opts.json) {
    process.stdout.write(JSON.stringify(result) + '\n');
    return;
  }
  const points = new Map<string, number>();
  for (const g of result.games) for (const s of g.winnerSeats) points.set(g.order[s]!, (points.get(g.order[s]!) ?? 0) + 1);
  process.stdout.write(
    pc.bold(`Exact replay of camelup.py: random.seed(${opts.seed}), ${games} games, rules "${opts.rules}"\n`) +
      renderTable(
        ['player', 'points'],
        [...new Set(bots)].map((b) => [b, points.get(b) ?? 0]),
      ) +
      '\n',
  );
}

async function runAB(opts: CamelCliOptions, kit: ReplayKit): Promise<void> {
  const [va, vb] = parseCompareRules(opts.compareRules!, ENGINE);
  const bots = poolOf(opts);
  const a = await runStats(kit, opts, bots, va);
  const b = await runStats(kit, opts, bots, vb);
  const z = zFor(opts.confidence);
  const rate = (k: number, n: number) => {
    const w = wilson(k, n, z);
    return { per100: (100 * k) / n, low: 100 * w.low, high: 100 * w.high };
  };
  const rows = [...new Set(bots)].map((bot) => {
    const idx = bots.flatMap((x, i) => (x === bot ? [i] : []));
    const sum = (s: CamelStats, f: (s: CamelStats, i: number) => number) => idx.reduce((t, i) => t + f(s, i), 0);
    const [ka, na, kb, nb] = [sum(a, (s, i) => s.points[i]!), sum(a, (s, i) => s.played[i]!), sum(b, (s, i) => s.points[i]!), sum(b, (s, i) => s.played[i]!)];
    return { bot, [va]: rate(ka, na), [vb]: rate(kb, nb), diff: proportionDifference(ka, na, kb, nb, z) };
  });
  const result = { challenge: 'camel-up', compare: [va, vb], seed: opts.seed, games: a.games, confidence: opts.confidence, bots: rows };
  if (opts.json) {
    process.stdout.write(JSON.stringify(result, null, 2) + '\n');
    return;
  }
  const cell = (x: { per100: number; low: number; high: number }) => `${x.per100.toFixed(1)} [${x.low.toFixed(1)}, ${x.high.toFixed(1)}]`;
  process.stdout.write(
    pc.bold(`camel-up rule A/B: ${va} vs ${vb}, ${a.games} games each, same seeds, points per 100 games, ${confidencePercent(opts.confidence)} intervals\n`) +
      renderTable(
        ['player', va, vb, `${vb} − ${va}`],
        rows.map((r) => {
          const d = r.diff;
          const t = `${d.d >= 0 ? '+' : ''}${d.d.toFixed(1)} [${d.low.toFixed(1)}, ${d.high.toFixed(1)}]`;
          return [r.bot, cell(r[va] as never), cell(r[vb] as never), d.significant ? pc.bold(pc.yellow(t)) : t];
        }),
      ) +
      '\n(bold yellow: outside the interval of chance)\n',
  );
}

export function registerCamelCli(replay: Command, kit: ReplayKit): void {
  const cmd = replay
    .command('camel-up')
    .description('Camel Up Cup 2k18 (Q167101): camelup.py of 2018 with the four players ported')
    .option('--exact', 'exact replay of camelup.py: random.seed(S) once, then its tournament loop; golden-format output');
  addCommonOptions(cmd, ['seed', 'games', 'bots', 'pool', 'rules', 'compareRules', 'confidence', 'workers', 'shardSize', 'checkpoint', 'json'], ENGINE, {
    seed: CAMEL_DEFAULTS.seed,
    seedHelp: 'master seed; with --exact, given to random.seed (an integer is read as Python reads it)',
    gamesHelp: `games (default ${CAMEL_DEFAULTS.games}; with --exact, camelup.py's own count: ceil(players / 10) * 100)`,
    botsHelp: 'the pool, in order (at least 4 players)',
    poolHelp: `all (${POOLS.all!.join(', ')}; default) or dumb (${POOLS.dumb!.join(', ')}: fast)`,
    rulesHelp: 'controller version',
    confidence: CAMEL_DEFAULTS.confidence,
    shardSize: CAMEL_DEFAULTS.shardSize,
  });
  optionRules(cmd, [
    { option: '--exact', excludes: ['--compare-rules'], why: '--exact replays one controller version (--rules) game for game; --compare-rules runs both statistically' },
    { option: '--checkpoint', excludes: ['--exact'], why: 'an exact replay is one stream from random.seed(S): it is not cut into shards, so there is nothing to resume' },
  ]);
  cmd
    .addHelpText(
      'after',
      rulesHelp(ENGINE) +
        `
An illegal move is handled as camelup.py handled it: an illegal trap raises ValueError and
ended the original tournament (exit code 3); an unknown action number prints "oh jeez" and is
skipped; a second game bet on one camel is ignored.` +
        helpFooter([
          'koth replay camel-up                                  published points vs 200 games',
          'koth replay camel-up --exact --seed 1 --games 3 --json',
          'koth replay camel-up --compare-rules original,fixed --games 400',
          'koth replay camel-up --rules pre-0620                 the controller before the stack_from_bottom fix',
        ]),
    )
    .action(async (opts: CamelCliOptions) => {
      if (opts.exact) return runExactCommand(opts);
      if (opts.compareRules) return runAB(opts, kit);
      kit.emitReport(await statisticalReplay(opts, kit), !!opts.json);
    });
}

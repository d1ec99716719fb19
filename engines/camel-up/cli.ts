/**
 * `koth replay camel-up`: the published points beside ours (default), the exact replay of
 * camelup.py (`--exact`), and the rule-fix A/B (`--compare-rules`).
 */
import pc from 'picocolors';
import { attachRatings, ratingsRunOptions } from '../core/cli/ratings.ts';
import { EXIT, UserError } from '../core/cli/errors.ts';
import { parseBotList, resolveBots, type CommonOptionValues, type ReplayKit } from '../core/cli/kit.ts';
import type { PlayCommand, ReplayCommand, RuleAbCommand, StatisticalReplay } from '../core/cli/replay.ts';
import { printable, renderTable } from '../core/report/table.ts';
import { pyJson } from '../core/py/repr.ts';
import { ControllerCrash, PythonError, SandboxStop } from '../core/py/errors.ts';
import { parseSeed } from '../core/rng/rng.ts';
import { confidencePercent } from '../core/stats/intervals.ts';
import { compareWithPublished, PUBLISHED_CAMEL } from './published.ts';
import { runExact, tournamentGames, type CamelRunOptions, type CamelStats, type CamelTurnEvent } from './tournament.ts';
import { CamelUnfollowable } from './python-players.ts';
import { camelMoveTimeoutMs, camelOriginals, camelPythonExact, reportCamelNotes, unfollowableError, type CamelPrinted } from './originals.ts';
import { sandboxStopError } from '../core/cli/originals.ts';
import type { CamelPythonArgs } from './trials.ts';
import { trials as camelTrials, ruleOutcomes as camelRuleOutcomes } from './trials.ts';
import { ruleAbTrials } from '../core/ab/rules.ts';
import { differingFlags, rulesNote } from './variants.ts';
import { printPlay } from '../core/cli/play-output.ts';
import { camelRecorder, camelWatchPage } from './watch.ts';
import type { CamelGameState } from './rules.ts';
import { CAMEL_POOLS, camelBot, camelUpPools } from './ports.ts';
import { runFormat2026 } from './format2026-cli.ts';
import { CAMEL_DEFAULTS } from './params.ts';

interface CamelCliOptions extends CommonOptionValues {
  exact?: boolean;
  report?: string;
  pythonBots?: string;
  asOf?: string;
  moveTimeout?: number;
  format?: string;
  ratings?: boolean;
}

function poolOf(opts: CamelCliOptions): string[] {
  // A pool may name a player twice (CAMEL_POOLS.dumb); --bots may not (kit rule: one entry per bot).
  const names = resolveBots(opts, camelUpPools, 'camel-up');
  if (names.length < 4) throw new UserError(`a camel-up game seats 4 players: give at least 4 (got ${names.length}); camelup.py would fail with IndexError`);
  return names;
}

/** The statistical replay: --games games from --seed; the published points placed in ours. */
const statistical: StatisticalReplay<CamelCliOptions, CamelRunOptions, CamelStats> = {
  spec: camelTrials,
  unit: 'games',
  runs: (opts) => [
    {
      opts: { bots: poolOf(opts), rules: opts.rules, ...ratingsRunOptions(opts.ratings, opts.games ?? CAMEL_DEFAULTS.games) },
      seed: opts.seed,
      trials: opts.games ?? CAMEL_DEFAULTS.games,
      // One file for the command: a part per rule variant (--compare-rules runs both).
      checkpointPart: opts.rules,
      label: `camel-up ${opts.rules}`,
    },
  ],
  report(opts, [r]) {
    const bots = r!.run.opts.bots;
    const s = r!.res.acc;
    const report = compareWithPublished(s, opts.confidence);
    const samePool = bots.length === PUBLISHED_CAMEL.rows.length && PUBLISHED_CAMEL.rows.every((r) => bots.includes(r.player));
    report.rules = opts.rules;
    report.seed = opts.seed;
    report.games = s.games;
    report.summary =
      `${s.games} games (published: one tournament of ${PUBLISHED_CAMEL.games}), rules "${opts.rules}", seed ${printable(String(opts.seed))}: points per ${PUBLISHED_CAMEL.games} games, ` +
      `${confidencePercent(opts.confidence)} intervals widened by the published count's own sampling error.\n` +
      `points by seat (0 plays first): ${s.seatPoints.map((p, i) => `${i}: ${((100 * p) / s.games).toFixed(1)}`).join(', ')}` +
      (samePool ? '' : `\nNote: this pool is not the published one (${PUBLISHED_CAMEL.rows.map((r) => r.player).join(', ')}).`) +
      rulesNote(opts.rules);
    return attachRatings(report, s, opts.seed);
  },
};

/** The exact games: ports here, or the original players in their sandbox worker (closed afterwards). */
async function exactGames(opts: CamelCliOptions, kit: ReplayKit, games: (bots: string[]) => number, onTurn?: (e: CamelTurnEvent) => void, onState?: (game: number, g: CamelGameState) => void) {
  // --as-of without --python-bots cache, --move-timeout without --python-bots: refused by their declared rules (params.ts) before any mode.
  if (!opts.pythonBots) {
    const bots = poolOf(opts);
    return { bots, result: await runGuarded(undefined, () => runExact(bots, camelBot, parseSeed(opts.seed), opts.rules, games(bots), onTurn, onState)) };
  }
  const printed: CamelPrinted = { notes: [], output: [] };
  return runGuarded(printed, () =>
    kit.originals<{ bots: string[]; result: Awaited<ReturnType<typeof camelPythonExact>> }, CamelPythonArgs>('camel-up', opts, { timeoutMs: camelMoveTimeoutMs(opts.moveTimeout) }, async (p) => ({
      bots: p.names,
      result: await camelPythonExact(p, printed, parseSeed(opts.seed), games(p.names), onTurn),
    })),
  );
}

/** A Python exception camelup.py did not catch, the sandbox ending a player, or a value the engine cannot carry: exit 3 with what happened. */
function crashError(e: PythonError): UserError {
  if (e instanceof SandboxStop) return sandboxStopError(camelOriginals, e);
  const c = e instanceof ControllerCrash ? e : ControllerCrash.from(e);
  if (c instanceof CamelUnfollowable) return unfollowableError(c);
  return new UserError(`camelup.py itself raises here (uncaught)${c.where ? ` in ${c.where}` : ''}: ${c.pythonLine}. The original tournament ended with this exception.`, EXIT.originalCrashed);
}

async function runGuarded<T>(printed: CamelPrinted | undefined, f: () => T | Promise<T>): Promise<T> {
  try {
    return await f();
  } catch (e) {
    if (e instanceof PythonError) throw crashError(e);
    throw e;
  } finally {
    reportCamelNotes(printed);
  }
}

async function runExactCommand(opts: CamelCliOptions, kit: ReplayKit): Promise<void> {
  let games = 0;
  const { bots, result } = await exactGames(opts, kit, (b) => (games = opts.games ?? tournamentGames(b.length)));
  if (opts.json) {
    process.stdout.write(JSON.stringify(result) + '\n');
    return;
  }
  const points = new Map<string, number>();
  for (const g of result.games) for (const s of g.winnerSeats) points.set(g.order[s]!, (points.get(g.order[s]!) ?? 0) + 1);
  process.stdout.write(
    pc.bold(`Exact replay of camelup.py: random.seed(${printable(String(opts.seed))}), ${games} games, rules "${opts.rules}"\n`) +
      renderTable(
        ['player', 'points'],
        [...new Set(bots)].map((b) => [printable(b), points.get(b) ?? 0]),
      ) +
      '\n',
  );
}

/**
 * A player's exception under rules where it ends the tournament (a 2018 variant, our Crasher): the
 * Python error, also as it arrives from a worker thread (a plain Error whose stack still starts
 * with the Python error's name); undefined for any other error.
 */
function pythonErrorOf(e: unknown): PythonError | undefined {
  if (e instanceof PythonError) return e;
  const head = e instanceof Error ? [`${e.name}: ${e.message}`, e.stack ?? ''] : [];
  const m = head.map((t) => /^(?:PythonError|ControllerCrash): (\w+): ([^\n]*)/.exec(t)).find(Boolean);
  return m ? new PythonError(m[1]!, m[2]!) : undefined;
}

/**
 * Rule A/B (engines/core/ab/rules.ts): pairs of games, each the same seed, seats and dice under
 * both variants; on top, per flag on which they differ, pairs of A and A with that one flag set as in B.
 */
const ruleAb: RuleAbCommand<CamelCliOptions, CamelRunOptions, CamelStats> = {
  spec: ruleAbTrials(camelTrials, camelRuleOutcomes),
  metric: 'points/100 games',
  diffUnit: 'points per 100 games',
  scale: 100,
  digits: 1,
  runs(opts, [x, y]) {
    const bots = poolOf(opts);
    return [{ a: { bots, rules: x }, b: { bots, rules: y }, keys: [...new Set(bots)], groupKeys: ['0', '1', '2', '3'], pairs: opts.games ?? CAMEL_DEFAULTS.games, seed: opts.seed, checkpointPart: `rules/${x},${y}`, label: `camel-up ${x} vs ${y}` }];
  },
  groups: { title: 'Points per 100 games by seat (0 plays first)', keyLabel: 'seat', caption: 'Points per 100 games from each seat under both variants (a point to every max-money holder).' },
  command: (opts, [va, vb]) =>
    `koth replay camel-up --compare-rules ${va},${vb} --seed ${printable(String(opts.seed))} --games ${opts.games ?? CAMEL_DEFAULTS.games} --bots ${poolOf(opts).join(',')} --shard-size ${opts.shardSize} --confidence ${opts.confidence}`,
  // Per flag: A with that one flag set as in B, on the same pairs: which flag moves which bot.
  breakdown: {
    title: ([va, vb]) => `Per flag: ${va} with one flag set as in ${vb}, the same pairs; the paired change against ${va}`,
    parts: ([va, vb]) => differingFlags(va, vb).map((flag) => ({ part: flag, pair: [va, `${va}+${flag}`] })),
  },
};

const ACTIONS: Record<number, (a: unknown[]) => string> = {
  0: () => 'moves a camel',
  1: (a) => `places a trap (${String(a[1])}) on square ${String(a[2])}`,
  2: (a) => `bets on camel ${String(a[1])} to win the round`,
  3: (a) => `bets on camel ${String(a[1])} to win the game`,
  4: (a) => `bets on camel ${String(a[1])} to lose the game`,
};

/** `koth play camel-up`: games turn by turn. */
export const CAMEL_PLAY: PlayCommand<CamelCliOptions> = {
  description: 'Play camel-up games turn by turn (camelup.py\'s tournament loop: random.seed(S) once, then the games)',
  help: '\nA player\'s exception, or an answer camelup.py could not read, ended the original tournament: exit code 3 with the Python exception.',
  examples: ['koth play camel-up --seed 1', 'koth play camel-up --seed 1 --games 3 --json', 'koth play camel-up --seed 1 --python-bots players.py,Sir_Humpfree_Bogart.py'],
  async run(opts, { kit }) {
    const lines: string[] = [];
    const events: CamelTurnEvent[] = [];
    const recorder = opts.report ? camelRecorder() : null;
    const { result } = await exactGames(opts, kit, () => opts.games ?? 1, (e) => {
      if (recorder) events.push(e);
      if (opts.json) process.stdout.write(pyJson(e) + '\n');
      else lines.push(`game ${e.game} turn ${String(e.turn).padStart(3)}: seat ${e.seat} ${printable(e.player)} ${(ACTIONS[e.action[0] as number] ?? (() => 'answers out of bounds (skipped)'))(e.action)}  money ${JSON.stringify(e.money)}`);
    }, recorder?.onState);
    printPlay(opts, {
      page: (command) => camelWatchPage({ seed: opts.seed, rules: opts.rules, events, snapshots: recorder!.snapshots, games: result.games, command }),
      json: () => result,
      text: (report) =>
        lines.join('\n') + '\n' + report +
        result.games.map((g, i) => pc.bold(`game ${i + 1}: ${g.order.map((p, s) => `${p} ${g.money[s]}`).join(', ')} — winner${g.winnerSeats.length > 1 ? 's' : ''} ${g.winnerSeats.map((s) => g.order[s]).join(', ')}\n`)).join(''),
    });
  },
};

/** `koth replay camel-up` (engines/core/cli/replay.ts builds it). */
export const CAMEL_REPLAY: ReplayCommand<CamelCliOptions> = {
  description: 'Camel Up Cup 2k18 (Q167101): camelup.py of 2018 with the four players ported',
  help: `
An illegal move is handled as camelup.py handled it: an illegal trap raises ValueError and
ended the original tournament (exit code 3); an unknown action number prints "oh jeez" and is
skipped; a second game bet on one camel is ignored. Under --rules 2026 a player's exception and
every invalid answer make it roll instead, as camelup.py of 2026 does. --compare-rules A,B also
runs A with each flag on which A and B differ set as in B (same seeds): which flag moves which bot.`,
  examples: [
    'koth replay camel-up                                  published points vs 200 games',
    'koth replay camel-up --exact --seed 1 --games 3 --json',
    'koth replay camel-up --compare-rules original,fixed --games 400',
    'koth replay camel-up --rules pre-0620                 the controller before the stack_from_bottom fix',
    'koth replay camel-up --exact --rules 2026 --seed 1 --pool misbehaving --json   camelup.py of 2026 (2dbad1c)',
    'koth replay camel-up --compare-rules fixed,2026 --pool dumb   the 2026 changes, per bot and per flag',
    'koth replay camel-up --exact --seed 1 --games 2 --python-bots players.py,Sir_Humpfree_Bogart.py --json',
    'koth replay camel-up --format 2026 --games 500        the 2026 Cup tournament: win %, coins, Elo [interval]',
  ],
  modes: [
    {
      when: (opts) => opts.format !== undefined,
      run: (opts, { kit, command }) => runFormat2026(opts, kit, { pools: CAMEL_POOLS, resolve: camelBot, spec: camelTrials as never, rulesGiven: command.getOptionValueSource('rules') === 'cli', botList: parseBotList }),
    },
    { when: (opts) => !!opts.exact, run: (opts, { kit }) => runExactCommand(opts, kit) },
  ],
  ruleAb,
  statistical,
  errors: [{ match: (e) => !!pythonErrorOf(e), toUserError: (e) => crashError(pythonErrorOf(e)!) }],
};

/**
 * Gun-duel tournaments as distributions: the recorded ones (fixtures/gun-duel/distribution and
 * the g++ build's clock-seeded runs), one saved by `koth replay gun-duel --tournaments N --json`
 * (read back for `--from`, checked: whole tournaments, made with the command's parameters), and
 * the published scoreboard placed in a distribution (the default replay's comparison report,
 * `--compare-stdlib`'s place frequencies).
 */
import { UserError } from '../core/cli/errors.ts';
import { readJsonInput } from '../core/cli/kit.ts';
import type { ComparisonReport, ComparisonRow } from '../core/stats/compare.ts';
import { ORIGINAL_CLOCK_RUNS, RECORDED_DISTRIBUTION, RECORDED_MSVC_DISTRIBUTION, type DistributionParameters } from './data.ts';
import { CPP_LIBRARIES, type CppLibrary } from './player.ts';
import { PUBLISHED_ROWS } from './published.ts';
import { compareSamples, outside99, percentile, prediction99, publishedPlaceFrequencies, summarize } from './stats.ts';
import type { ScoreRow } from './tournament.ts';
import { tournamentsProblems, type GunDuelAcc } from './trials.ts';
import { VARIANTS, type GunDuelVariant } from './variants.ts';

/** The options a distribution is made with (repetition, rules, C++ library). */
export type DistributionOptions = { repetition: number; rules: GunDuelVariant; stdlib: CppLibrary };

/** The compiled original's clock-seeded runs committed as data (fixtures/gun-duel/clock-runs). */
export function originalClockRuns(): readonly { rows: ScoreRow[] }[] {
  return ORIGINAL_CLOCK_RUNS;
}

/** Published scoreboard placed in our distribution, plus the Welch comparison with the original's runs. */
export function placePublished(acc: GunDuelAcc, stdlib: CppLibrary = 'libstdc++'): ComparisonReport {
  const ours = summarize(acc.tournaments);
  const orig = summarize(originalClockRuns());
  const rows: ComparisonRow[] = [];
  const extra: Record<string, unknown>[] = [];
  PUBLISHED_ROWS.forEach((pub, place) => {
    const s = ours.find((o) => o.player === pub.player);
    if (!s) {
      rows.push({ bot: pub.player, metric: 'round-1 points', published: pub.rounds[0] ?? null, reproduced: null, low: null, high: null, verdict: 'n/a', note: 'not ported' });
      return;
    }
    const v = s.round1.values;
    const pi = prediction99(v);
    const pct = percentile(v, pub.rounds[0]!);
    const out = outside99(v, pub.rounds[0]!);
    // the table's verdict is family-wise: Bonferroni over the 17 figures (α = 0.01/17)
    const outFamily = outside99(v, pub.rounds[0]!, 0.01 / PUBLISHED_ROWS.length);
    const o = orig.find((x) => x.player === pub.player);
    const cmp = o ? compareSamples(v, o.round1.values) : undefined;
    rows.push({
      bot: pub.player,
      metric: 'round-1 points',
      published: pub.rounds[0]!,
      reproduced: Number(s.round1.mean.toFixed(1)),
      low: pi ? Number(Math.max(0, pi.low).toFixed(1)) : null, // points are never negative
      high: pi ? Number(pi.high.toFixed(1)) : null,
      verdict: outFamily ? 'disagree' : 'agree',
      note: `pct ${pct.toFixed(0)}; place ${place + 1} seen ${s.places[place] ?? 0}/${v.length}${cmp ? `; vs g++ Welch p=${cmp.pValue.toFixed(2)}${cmp.rank ? `, rank p=${cmp.rank.pValue.toFixed(2)}` : ''}` : ''}`,
    });
    extra.push({ player: pub.player, publishedPlace: place + 1, publishedRound1: pub.rounds[0], publishedPoints: pub.points, round1Percentile: pct, round1Outside99: out, pointsPercentile: percentile(s.points.values, pub.points), places: s.places, versusOriginal: cmp });
  });
  return {
    challenge: 'gun-duel',
    table: 'final',
    verdict: rows.some((r) => r.verdict === 'disagree') ? 'disagree' : 'agree',
    confidence: 0.99,
    rows,
    tournaments: acc.tournaments.length,
    stdlib,
    originalRuns: originalClockRuns().length,
    players: extra,
    digits: 1,
  };
}

/**
 * `--compare-stdlib`: how often each player finishes at its published place under the
 * libstdc++ model (our recorded tournaments and the g++ build's clock-seeded runs, pooled: the
 * same model, checked exact) and under the MSVC model (our recorded `--stdlib msvc` runs).
 */
export function compareStdlib(): ReturnType<typeof publishedPlaceFrequencies> & { libstdcpp: number; msvc: number; both: { player: string; place: number }[]; bothCount: { libstdcpp: number; msvc: number } } {
  const a = [...RECORDED_DISTRIBUTION.tournaments, ...ORIGINAL_CLOCK_RUNS];
  const b = RECORDED_MSVC_DISTRIBUTION.tournaments;
  const freq = publishedPlaceFrequencies(PUBLISHED_ROWS, a, b);
  // the two places the g++ build never reproduced in 13 runs (issue 10): SurvivorPlayer 6th and BarricadePlayer 10th
  const both = [
    { player: 'SurvivorPlayer', place: 6 },
    { player: 'BarricadePlayer', place: 10 },
  ];
  const hit = (t: { rows: readonly ScoreRow[] }) => both.every((x) => t.rows[x.place - 1]?.player === x.player);
  return { ...freq, libstdcpp: a.length, msvc: b.length, both, bothCount: { libstdcpp: a.filter(hit).length, msvc: b.filter(hit).length } };
}

/** Our engine's tournaments recorded as data (fixtures/gun-duel/distribution): what the default replay uses. */
export function recordedDistribution(lib: CppLibrary = 'libstdc++'): GunDuelAcc {
  return lib === 'msvc' ? RECORDED_MSVC_DISTRIBUTION : RECORDED_DISTRIBUTION;
}

/** The parameters of a command's distribution, as --tournaments N --json records them ("parameters"). */
export function parametersOf(opts: DistributionOptions): DistributionParameters {
  return { repetition: opts.repetition, rules: opts.rules, stdlib: opts.stdlib };
}

const flag = (p: Partial<DistributionParameters>) =>
  Object.entries(p)
    .map(([k, v]) => `--${k} ${v}`)
    .join(' ');

/**
 * The options by which a distribution made with `made` differs from this command's (repetition,
 * rules, stdlib), as a usage error: placing the published scoreboard in tournaments played
 * otherwise would mislabel them.
 */
export function refuseOtherParameters(what: string, made: Partial<DistributionParameters>, opts: DistributionOptions, remedy: string): void {
  const want = parametersOf(opts);
  const differ = (Object.keys(want) as (keyof DistributionParameters)[]).filter((k) => made[k] !== undefined && made[k] !== want[k]);
  if (!differ.length) return;
  const theirs = Object.fromEntries(differ.map((k) => [k, made[k]]));
  const ours = Object.fromEntries(differ.map((k) => [k, want[k]]));
  throw new UserError(`${what} was made with ${flag(theirs)}, but this command says ${flag(ours)} (given or default): ${remedy}. Nothing was run.`);
}

/** A distribution saved by `--tournaments N --json`, checked: whole tournaments, and made with this command's parameters. */
export function loadDistribution(file: string, opts: DistributionOptions): GunDuelAcc {
  const hint = 'give a file written by koth replay gun-duel --tournaments N --json';
  const j = readJsonInput('--from', file, hint) as { tournaments?: unknown; parameters?: unknown } | null;
  if (!j || typeof j !== 'object' || Array.isArray(j) || !('tournaments' in j)) throw new UserError(`--from: ${file} has no "tournaments" list (${hint})`);
  const problems = tournamentsProblems(j.tournaments);
  if (!(j.tournaments as unknown[]).length) problems.push('it holds no tournament');
  if (problems.length) throw new UserError(`--from: ${file} is not a distribution koth wrote: ${problems.slice(0, 3).join('; ')}${problems.length > 3 ? `; and ${problems.length - 3} more` : ''} (${hint})`);
  const acc = { tournaments: j.tournaments } as GunDuelAcc;
  const libs = new Set(acc.tournaments.map((t) => t.lib ?? 'libstdc++'));
  const p = j.parameters as Partial<DistributionParameters> | undefined;
  if (p !== undefined) {
    const ok = p && typeof p === 'object' && positiveIntOk(p.repetition) && VARIANTS.includes(p.rules as GunDuelVariant) && CPP_LIBRARIES.includes(p.stdlib as CppLibrary) && libs.size === 1 && libs.has(p.stdlib!);
    if (!ok) throw new UserError(`--from: ${file} has "parameters" koth did not write (${JSON.stringify(p)}): fix or remove them (${hint})`);
    refuseOtherParameters(`--from ${file}`, p, opts, `give the same options (${flag({ repetition: p.repetition, rules: p.rules, stdlib: p.stdlib })}) to place the published scoreboard in it`);
  } else {
    // Written before the parameters were recorded: the library is known from the tournaments, the rest is not.
    if (libs.size > 1) throw new UserError(`--from: ${file} mixes tournaments of ${[...libs].join(' and ')}: a distribution is of one C++ library model`);
    refuseOtherParameters(`--from ${file}`, { stdlib: [...libs][0] as CppLibrary }, opts, `give --stdlib ${[...libs][0]}`);
    process.stderr.write(`koth: warning: ${file} does not record the --repetition and --rules it was played with (written by an older koth): taken as ${flag({ repetition: opts.repetition, rules: opts.rules })}\n`);
  }
  return acc;
}

const positiveIntOk = (v: unknown) => typeof v === 'number' && Number.isSafeInteger(v) && v >= 1;

/**
 * `koth ab`: the sequential part, on the coordinator. Pairs are played in stretches (each one
 * sharded run of the runner: --workers, --queue, --checkpoint), the SPRT is fed the pair outcomes
 * in pair order, and the run stops at the first pair where the LLR crosses a bound (or at
 * --max-pairs). Which pairs a stretch holds depends only on how many pairs came before, never on
 * workers; pair i's outcome depends only on (seed, i): so the verdict and the pair count are the
 * same for any --workers and any number of queue workers. The pairs are fed to the SPRT as the
 * stretch's batches merge in order (the runner's `enough`): at the verdict no batch starts and
 * those under way are abandoned, so at most about one batch per worker is played past the stop;
 * the rest of the stopping pair's batch is reported (`playedBeyond`), the same for any --workers.
 *
 * The statistics (LLR, bounds, paired summary, Elo, LOS) are engines/core/stats/sprt.ts's.
 */
import type { ReplayKit, ShardedRun } from '../kit-types.ts';
import type { Seed } from '../rng/rng.ts';
import { Sprt, summarizePairs, type SprtParams } from '../stats/sprt.ts';
import { mergeNotes, type AbAcc, type AbNotes, type AbOptions } from './pairs.ts';
import type { AbGame } from './types.ts';
import { trialsKey, trialsRef } from '../runner/trials-ref.ts';
import { confidencePercent } from '../stats/intervals.ts';

export type { AbGame } from './types.ts';

export interface AbRunInput {
  game: string;
  ab: AbGame;
  opts: Omit<AbOptions, 'first' | 'batch'>;
  seed: Seed;
  maxPairs: number;
  /** Pairs per shard, when not the game's `batch` (e.g. AbPython.batch). */
  batch?: number;
  sprt: SprtParams;
  confidence: number;
  workers: number;
  queue?: string | undefined;
  checkpoint?: string | undefined;
  /** Files whose content keys the checkpoint (the --bot-cmd programs': programFiles). */
  inputs?: readonly string[];
  /** Sandbox workers to run every batch in (A or B an original Python class: kit.originals' `sharded()`). */
  sharded?: { sandbox: NonNullable<ShardedRun<AbOptions, AbAcc>['sandbox']>; sandboxError: (e: unknown) => unknown };
  /** Live lines (stderr), one per stretch. */
  live?: (line: string) => void;
}

export type AbVerdict = 'H1' | 'H0' | 'inconclusive';

export interface AbTracePoint {
  pairs: number;
  llr: number;
  mean: number;
  low: number;
  high: number;
}

export interface AbResult {
  game: string;
  candidate: string;
  baseline: string;
  field: string[];
  rules?: string;
  seed: string;
  sprt: SprtParams;
  maxPairs: number;
  confidence: number;
  pairs: number;
  verdict: AbVerdict;
  llr: number;
  bounds: [number, number];
  /** The paired score x = (1 + a − b) / 2 minus ½: 0 = no difference; its interval at `confidence`. */
  score: { mean: number; low: number; high: number };
  /** Elo difference of the mean pair score, its interval's ends, and ± (half the interval). */
  elo: { diff: number; low: number; high: number; error: number };
  los: number;
  /** Pairs whose two games did not end alike (a ≠ b). */
  discordant: number;
  /** Mean result of the candidate's and the baseline's games. */
  candidateScore: number;
  baselineScore: number;
  /** The LLR and the difference over pairs (the report's plots). */
  trace: AbTracePoint[];
  /** Pairs played but not counted: the rest of the stopping pair's batch (batches other workers had under way are abandoned; a queue plays its stretch to the end). */
  playedBeyond: number;
  /** What the games noted about the players (a program's moves past its time limit, …), counted by text over every pair played; absent when nothing. */
  notes?: AbNotes;
  ranOn?: string;
}

/** Stretch k of an A/B run holds this many pairs (growing, then steady): depends on nothing but k and the batch. */
export function stretchPairs(k: number, batch: number): number {
  return batch * 4 * 2 ** Math.min(k, 4);
}

/** The pair outcome fed to the SPRT. */
export const pairOutcome = (a: number, b: number): number => (1 + a - b) / 2;

export async function runAb(kit: ReplayKit, i: AbRunInput): Promise<AbResult> {
  const sprt = new Sprt(i.sprt);
  const batch = i.batch ?? i.ab.batch;
  const traceEvery = Math.max(1, Math.floor(i.maxPairs / 400));
  const trace: AbTracePoint[] = [];
  let n = 0;
  let discordant = 0;
  let sumA = 0;
  let sumB = 0;
  let verdict: AbVerdict | null = null;
  let playedBeyond = 0;
  let ranOn: string | undefined;
  let notes: AbNotes | undefined;
  const summary = () => summarizePairs(sprt.hist(), i.confidence);
  const point = () => {
    const s = summary();
    trace.push({ pairs: n, llr: sprt.llr(), mean: s.mean - 0.5, low: s.low - 0.5, high: s.high - 0.5 });
  };
  for (let k = 0; verdict === null && n < i.maxPairs; k++) {
    const whole = stretchPairs(k, batch);
    const count = Math.min(whole, i.maxPairs - n);
    const first = n;
    const opts: AbOptions = { ...i.opts, first, batch };
    // The stretch's merged pairs are fed to the SPRT in pair order as its batches merge: at a verdict
    // the run needs no later batch (the runner starts none and abandons those under way).
    let seen = 0;
    const feed = (acc: AbAcc): boolean => {
      const { a, b } = acc;
      while (verdict === null && seen < a.length) {
        const j = seen++;
        sprt.push(pairOutcome(a[j]!, b[j]!));
        n++;
        sumA += a[j]!;
        sumB += b[j]!;
        if (a[j] !== b[j]) discordant++;
        const v = sprt.verdict();
        if (v || n % traceEvery === 0) point();
        if (v) {
          verdict = v;
          // The rest of the stopping pair's batch: played with it, not counted.
          playedBeyond = Math.min((Math.floor(j / batch) + 1) * batch, count) - j - 1;
        }
      }
      return verdict !== null;
    };
    const res = await kit.runSharded<AbOptions, AbAcc>({
      game: trialsKey(trialsRef(i.game, 'ab')),
      spec: i.ab.trials,
      opts,
      seed: i.seed,
      trials: count,
      shardSize: batch,
      workers: i.workers,
      queue: i.queue,
      checkpoint: i.checkpoint,
      ...(i.inputs?.length ? { inputs: i.inputs } : {}),
      // A stretch cut short by --max-pairs is a part of its own: the same run with a larger --max-pairs
      // resumes the whole stretches before it and plays this one whole (as a fresh run to that bound does).
      checkpointPart: count === whole ? `ab/${first}` : `ab/${first}+${count}`,
      label: `${i.game} A/B`,
      stretchOf: { before: first, most: i.maxPairs },
      ...(i.sharded ?? {}),
      unit: 'pairs',
      enough: feed,
    });
    if (res.ranOn) ranOn = res.ranOn;
    feed(res.acc);
    // Over the batches merged: through the stopping pair's (no later one is merged).
    notes = mergeNotes(notes, res.acc.notes);
    if (verdict === null && n >= i.maxPairs) verdict = 'inconclusive';
    i.live?.(liveLine(n, summary(), sprt, i.confidence, verdict));
  }
  verdict ??= 'inconclusive';
  if (!trace.length || trace[trace.length - 1]!.pairs !== n) point();
  const s = summary();
  const z = (x: number) => x + 0; // no -0 in the output (Elo of an even score)
  return {
    game: i.game,
    candidate: i.opts.candidate,
    baseline: i.opts.baseline,
    field: i.opts.field,
    ...(i.opts.rules !== undefined ? { rules: i.opts.rules } : {}),
    seed: String(i.seed),
    sprt: i.sprt,
    maxPairs: i.maxPairs,
    confidence: i.confidence,
    pairs: n,
    verdict,
    llr: sprt.llr(),
    bounds: sprt.bounds(),
    score: { mean: z(s.mean - 0.5), low: z(s.low - 0.5), high: z(s.high - 0.5) },
    elo: { diff: z(s.elo.diff), low: z(s.elo.low), high: z(s.elo.high), error: z(s.elo.error) },
    los: s.los,
    discordant,
    candidateScore: n ? sumA / n : 0,
    baselineScore: n ? sumB / n : 0,
    trace,
    playedBeyond,
    ...(notes ? { notes } : {}),
    ...(ranOn ? { ranOn } : {}),
  };
}

const signed = (x: number, d: number) => (x >= 0 ? '+' : '') + x.toFixed(d);

function liveLine(n: number, s: ReturnType<typeof summarizePairs>, sprt: Sprt, confidence: number, verdict: AbVerdict | null): string {
  const [lo, hi] = sprt.bounds();
  const pct = confidencePercent(confidence);
  return (
    `pairs ${n}  score ${signed(s.mean - 0.5, 4)} [${signed(s.low - 0.5, 4)}, ${signed(s.high - 0.5, 4)}] (${pct})  ` +
    `Elo ${signed(s.elo.diff, 1)} [${signed(s.elo.low, 1)}, ${signed(s.elo.high, 1)}]  LOS ${(s.los * 100).toFixed(1)}%  ` +
    `LLR ${sprt.llr().toFixed(2)} [${lo.toFixed(2)}, ${hi.toFixed(2)}]${verdict ? `  → ${verdictWords(verdict)}` : ''}`
  );
}

/** The run's notes as lines for stderr (empty when nothing was noted). */
export function notesLines(r: Pick<AbResult, 'notes'>): string[] {
  return Object.entries(r.notes ?? {}).map(([text, n]) => `noted: ${text}: ${n} time(s) in the pairs played`);
}

export function verdictWords(v: AbVerdict): string {
  return v === 'H1' ? 'H1 accepted: the candidate is better by at least elo1' : v === 'H0' ? 'H0 accepted: the candidate is not better than elo0' : 'inconclusive: --max-pairs reached before a bound';
}

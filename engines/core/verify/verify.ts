/**
 * `koth verify`: a port and its original (Python, in the sandbox) fed the same situations and
 * the same generator state, decision for decision. The games supply the situations (seeded
 * play of their engine, where both sides live in one seat in lockstep, plus edge cases); this
 * module holds what they report and the trace format `--record` writes.
 */
import { createHash } from 'node:crypto';

/** One disagreement, readable: where it happened, the situation, what each side did. */
export interface Disagreement {
  where: string;
  situation: string;
  port: string;
  original: string;
}

export interface VerifyResult {
  game: string;
  bot: string;
  source: { path: string; sha256: string };
  seed: string;
  games: number;
  opponents: string[];
  /** The rule variant the seeded games were played under (games whose verifier has several). */
  rules?: string;
  /** Decisions compared (moves, throws, constructions, edge cases). */
  compared: number;
  agreed: number;
  /** The first disagreements (at most 10), in play order. */
  disagreements: Disagreement[];
  disagreementCount: number;
  /** Why the original's decisions may vary between runs of the same situation (then disagreement is not a verdict), or null. */
  nondeterministic: string | null;
  /** The original's decisions in order (what --record writes). */
  decisions: unknown[];
}

export const TRACE_FORMAT = 'koth-verify-trace/1';

/** What `--record` writes: the original's decisions for the situations of (seed, games, opponents). */
export interface VerifyTrace extends Pick<VerifyResult, 'game' | 'bot' | 'source' | 'seed' | 'games' | 'opponents' | 'decisions' | 'rules'> {
  format: typeof TRACE_FORMAT;
  /** How to remake it. */
  command: string;
}

export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

export class Tally {
  compared = 0;
  agreed = 0;
  count = 0;
  readonly first: Disagreement[] = [];
  readonly decisions: unknown[] = [];

  check(same: boolean, d: () => Disagreement): boolean {
    this.compared++;
    if (same) this.agreed++;
    else {
      this.count++;
      if (this.first.length < 10) this.first.push(d());
    }
    return same;
  }
}

/**
 * Static signs that a Python original does not decide the same way twice on one situation:
 * an unseeded generator of its own, the clock, OS entropy. (A bot that draws only from the
 * generator it is handed is deterministic here: both sides get the same state.)
 */
export function nondeterminismOf(code: string): string | null {
  const signs: [RegExp, string][] = [
    [/\bRandom\(\s*\)/, 'creates an unseeded random.Random() (seeded by the OS)'],
    [/\bSystemRandom\b|\burandom\b|\bsecrets\b/, 'uses OS entropy'],
    [/\btime\.(time|perf_counter|clock|monotonic)\b|\bdatetime\.now\b/, 'reads the clock'],
  ];
  const hits = signs.filter(([re]) => re.test(code)).map(([, why]) => why);
  return hits.length ? hits.join('; ') : null;
}

/** The source cannot be verified (no such class, refused): a usage problem, not a disagreement. */
export class VerifyInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'VerifyInputError';
  }
}

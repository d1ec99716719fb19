/** The atomas game's shardable trials (one trial = one 20-game run), as worker threads import them. */
import { atomasTrials } from './tournament.ts';
import type { RuleOutcomes } from '../core/ab/rules.ts';
import type { AtomasRunOptions, AtomasRunStats } from './tournament.ts';
import { atomasBot } from './ports.ts';

export const trials = atomasTrials(atomasBot);

/** Rule A/B (--compare-rules, engines/core/ab/rules.ts): a run's mean score of its completed games (none: a run that crashed in its first game). */
export const ruleOutcomes: RuleOutcomes<AtomasRunOptions, AtomasRunStats> = (acc, opts) => ({ rows: acc.means.length ? { [opts.bot]: acc.means[0]! } : {} });

/** The atomas game's shardable trials (one trial = one 20-game run), as worker threads import them. */
import { atomasTrials } from './tournament.ts';
import { atomasBot } from '../../transpiled-bots/atomas/index.ts';

export const trials = atomasTrials(atomasBot);

/** The dice game's shardable trials (one trial = one game), as worker threads import them. */
import { diceTrials } from './tournament.ts';
import { diceClass } from '../../transpiled-bots/dice/index.ts';

export const trials = diceTrials(diceClass);

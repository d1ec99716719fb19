/** The camel-up shardable trials (one trial = one game), as worker threads import them. */
import { camelTrials } from './tournament.ts';
import { camelPlayer } from '../../transpiled-bots/camel-up/index.ts';

export const trials = camelTrials(camelPlayer);

/** What sandbox workers load for camel-up's hosted games on the queue (dist/trials/camel-up-host.js, the key `camel-up:host`): a batch's games played by `camelHostGames`, the game's ports handed. */
import './camel-up.ts';
import { hostTrials } from '../core/host/trials.ts';
import { camelHostGames } from '../camel-up/host.ts';

export const trials = hostTrials(camelHostGames);

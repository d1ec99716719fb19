/** What sandbox workers load for dice's hosted games on the queue (dist/trials/dice-host.js, the key `dice:host`): a batch's games played by `diceHostGames`, the game's ports handed. */
import './dice.ts';
import { hostTrials } from '../core/host/trials.ts';
import { diceHostGames } from '../dice/host.ts';

export const trials = hostTrials(diceHostGames);

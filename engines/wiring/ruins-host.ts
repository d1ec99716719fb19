/** What sandbox workers load for ruins's hosted games on the queue (dist/trials/ruins-host.js, the key `ruins:host`): a batch's games played by `ruinsHostGames`, the game's ports handed. */
import './ruins.ts';
import { hostTrials } from '../core/host/trials.ts';
import { ruinsHostGames } from '../ruins/host.ts';

export const trials = hostTrials(ruinsHostGames);

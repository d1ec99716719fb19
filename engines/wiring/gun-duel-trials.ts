/** What worker threads load for gun-duel's trials (dist/trials/gun-duel.js): engines/gun-duel/trials.ts and the hosted games' jobs (host.ts: a batch's games, one game for its watch page), the game's ports handed. */
import './gun-duel.ts';
export * from '../gun-duel/trials.ts';
export { gunDuelHostGames, gunDuelHostWatchGame } from '../gun-duel/host.ts';

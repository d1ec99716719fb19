/** What worker threads load for gun-duel's trials (dist/trials/gun-duel.js): engines/gun-duel/trials.ts and the hosted games' job (host.ts), the game's ports handed. */
import './gun-duel.ts';
export * from '../gun-duel/trials.ts';
export { gunDuelHostGames } from '../gun-duel/host.ts';

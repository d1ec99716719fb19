/** What worker threads load for gun-duel's A/B pairs (dist/trials/gun-duel-ab.js): engines/gun-duel/ab.ts, the game's ports handed. */
import './gun-duel.ts';
export * from '../gun-duel/ab.ts';

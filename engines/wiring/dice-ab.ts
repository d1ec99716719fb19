/** What worker threads load for dice's A/B pairs (dist/trials/dice-ab.js): engines/dice/ab.ts, the game's ports handed. */
import './dice.ts';
export * from '../dice/ab.ts';

/** What worker threads load for dice's trials (dist/trials/dice.js): engines/dice/trials.ts, the game's ports handed. */
import './dice.ts';
export * from '../dice/trials.ts';

/** What worker threads load for ruins's trials (dist/trials/ruins.js): engines/ruins/trials.ts, the game's ports handed. */
import './ruins.ts';
export * from '../ruins/trials.ts';

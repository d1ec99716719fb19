/** What worker threads load for atomas's trials (dist/trials/atomas.js): engines/atomas/trials.ts, the game's ports handed. */
import './atomas.ts';
export * from '../atomas/trials.ts';

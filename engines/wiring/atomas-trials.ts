/** What worker threads load for atomas's trials (dist/trials/atomas.js): engines/atomas/trials.ts, the game's ports handed. */
export * from '../atomas/trials.ts';

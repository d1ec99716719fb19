/** What worker threads load for atomas's A/B pairs (dist/trials/atomas-ab.js): engines/atomas/ab.ts, the game's ports handed. */
export * from '../atomas/ab.ts';

/** What worker threads load for atomas's A/B pairs (dist/trials/atomas-ab.js): engines/atomas/ab.ts, the game's ports handed. */
import './atomas.ts';
export * from '../atomas/ab.ts';

/** What worker threads load for ruins's A/B pairs (dist/trials/ruins-ab.js): engines/ruins/ab.ts, the game's ports handed. */
import './ruins.ts';
export * from '../ruins/ab.ts';

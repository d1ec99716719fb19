/** What worker threads load for camel-up's A/B pairs (dist/trials/camel-up-ab.js): engines/camel-up/ab.ts, the game's ports handed. */
import './camel-up.ts';
export * from '../camel-up/ab.ts';

/** What worker threads load for camel-up's A/B pairs (dist/trials/camel-up-ab.js): engines/camel-up/ab.ts, the game's ports handed. */
export * from '../camel-up/ab.ts';

/** What worker threads load for camel-up's trials (dist/trials/camel-up.js): engines/camel-up/trials.ts, the game's ports handed. */
import './camel-up.ts';
export * from '../camel-up/trials.ts';

/**
 * ruins's ports and pools. The ports are handed to the game by engines/wiring/ruins.ts (the game
 * imports none of them: engines/core/roster.ts); the pool is a fact of the driver, declared here.
 */
import type { BotPools } from '../core/game.ts';
import { rosterSlot } from '../core/roster.ts';
import type { AdventurerClass } from './adventurer.ts';

/** The ports: the driver's Drunkard, then its test bots in load order. */
export const ruinsPorts = rosterSlot<AdventurerClass>('ruins');

export const ruinsClass = (name: string): AdventurerClass | undefined => ruinsPorts.find(name);

/** The driver's Drunkard, which fills a game of too few bots. */
export const drunkard = (): AdventurerClass => ruinsClass('Drunkard')!;

/** The driver's test_bots module (ruins.py -d test_bots), in the driver's load order (module dict order): the `test-bots` pool. */
export const RUINS_TEST_BOTS: readonly string[] = [
  'EagerThief', 'EmoKid', 'Chad', 'Coward', 'GreedyBastard', 'MischievousKid',
  'EagerClone0', 'EagerClone1', 'EagerClone2', 'EagerClone3', 'EagerClone4', 'EagerClone5',
];

/** The test bots' classes, in the driver's load order. */
export const testBotClasses = (): AdventurerClass[] => RUINS_TEST_BOTS.map((n) => ruinsClass(n)!);

export const ruinsPools: BotPools = {
  names: ['test-bots'],
  default: 'test-bots',
  resolve: (name) => (name === 'test-bots' ? RUINS_TEST_BOTS : undefined),
  known: (name) => !!ruinsClass(name),
};

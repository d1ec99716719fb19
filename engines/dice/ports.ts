/**
 * dice's ports and pools. The ports are handed to the game by engines/wiring/dice.ts (the game
 * imports none of them: engines/core/roster.ts); the pools are facts of the tournament, declared
 * here: the official pool is the rows of the published final table.
 */
import type { BotPools } from '../core/game.ts';
import { rosterSlot } from '../core/roster.ts';
import type { DiceBotClass } from './bot.ts';
import { publishedTable } from './published.ts';

/** The ports, in the snapshot's class order (the order `Bot.__subclasses__()` gave the original controller). */
export const dicePorts = rosterSlot<DiceBotClass>('dice');

export const diceClass = (name: string): DiceBotClass | undefined => dicePorts.find(name);

/** Subclasses of another bot in Python: not in `Bot.__subclasses__()`, so not in the original's default pool. */
export const DICE_INDIRECT_SUBCLASSES: ReadonlySet<string> = new Set(['CooperativeThrowTwice', 'CooperativeSwarm_1234']);

const official = (): string[] => publishedTable('official-final').rows.map((r) => r.bot);

/** The pools a user can name instead of listing bots. */
const POOLS: Record<string, () => string[]> = {
  official,
  'rule-benders': () => [...official(), 'NeoBot', 'KwisatzHaderach', 'HarkonnenBot'],
  // Bot.__subclasses__(): direct subclasses only, in class order.
  all: () => dicePorts.names().filter((n) => !DICE_INDIRECT_SUBCLASSES.has(n)),
  ported: () => dicePorts.names(),
};

export const dicePools: BotPools = {
  names: Object.keys(POOLS),
  default: 'official',
  resolve: (name) => (Object.hasOwn(POOLS, name) ? POOLS[name]!() : undefined),
  known: (name) => !!diceClass(name),
};

/** The official pool: the 49 bots of the published final table, in its order. */
export const officialDicePool = (): string[] => official();

/**
 * camel-up's ports and pools. The ports are handed to the game by engines/wiring/camel-up.ts (the
 * game imports none of them: engines/core/roster.ts): the four players of question 167101
 * (camelup.py's player_pool order), then the 2026 Cup's house bots (group 'house'). The pools are
 * facts of the tournaments, declared here.
 */
import type { BotPools } from '../core/game.ts';
import { rosterSlot } from '../core/roster.ts';
import type { CamelPlayer } from './rules.ts';
import { CAMEL_TEST_BOTS } from './test-bots.ts';

export const camelUpPorts = rosterSlot<CamelPlayer>('camel-up');

/**
 * The port named. A port with module state (FabelFelix) comes as a new instance, its state fresh,
 * at each call: the engine resolves a pool once per run of games (an exact replay: all its games,
 * as the sandbox's one interpreter per run; a tournament: once per shard, so the figures do not
 * depend on --workers).
 */
export const camelPlayer = (name: string): CamelPlayer | undefined => camelUpPorts.find(name);

/** A port or one of our test players (engines/camel-up/test-bots.ts). */
export function camelBot(name: string): CamelPlayer | undefined {
  return camelPlayer(name) ?? CAMEL_TEST_BOTS.find((p) => p.name === name);
}

/** Is this port one of the 2026 house bots (written for camelup.py 2026's rules and player_view)? */
export const isHousePort = (name: string): boolean => camelUpPorts.entries.some((e) => e.name === name && e.group === 'house');

/** The ports of the players of question 167101 (the `all` pool), and of the 2026 house bots. */
export const questionPorts = (): string[] => camelUpPorts.entries.filter((e) => e.group !== 'house').map((e) => e.name);
export const housePorts = (): string[] => camelUpPorts.entries.filter((e) => e.group === 'house').map((e) => e.name);

/** The pools a user can name instead of listing players (a pool may name a player twice, as camelup.py's could). */
export const CAMEL_POOLS: Readonly<Record<string, readonly string[]>> = {
  // The players of question 167101, in camelup.py's player_pool order.
  all: ['Player0', 'Player1', 'Player2', 'Sir_Humpfree_Bogart'],
  // Four seats without the slow simulator: Player0 twice (camelup.py allows a class twice in its pool).
  dumb: ['Player0', 'Player1', 'Player2', 'Player0'],
  // Our own players that crash and answer what camelup.py 2026 refuses (engines/camel-up/test-bots.ts), beside two of its own.
  misbehaving: ['Player0', 'Player2', 'Crasher', 'Misfit', 'RoundBetter', 'Trapper'],
  // The 2026 house bots' ports, in bots/house/'s alphabetical order (play them with --rules 2026).
  house: ['ClaudeCamel', 'FabelFelix', 'GeminiGerry', 'HandcodedHenry', 'OpusOmul'],
};

export const camelUpPools: BotPools = {
  names: Object.keys(CAMEL_POOLS),
  default: 'all',
  resolve: (name) => (Object.hasOwn(CAMEL_POOLS, name) ? CAMEL_POOLS[name] : undefined),
  known: (name) => !!camelBot(name),
  instead: '--bots A,B,C,D',
};

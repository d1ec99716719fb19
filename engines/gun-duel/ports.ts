/**
 * gun-duel's ports and pool. The ports are handed to the game by engines/wiring/gun-duel.ts (the
 * game imports none of them: engines/core/roster.ts), in the final Tournament.cpp's registration
 * order, which decides who is player A, the identifier each gets and the order of every draw.
 */
import type { BotPools } from '../core/game.ts';
import { rosterSlot } from '../core/roster.ts';
import type { PlayerClass } from './player.ts';

/** The ports, in registration order; a name is found case aside. */
export const gunDuelPorts = rosterSlot<PlayerClass>('gun-duel');

export const findPlayer = (name: string): PlayerClass | undefined => gunDuelPorts.find(name);

/** The 17 players of the final tournament, in registration order (the default of --players). */
export const gunDuelPool = (): PlayerClass[] => gunDuelPorts.ports();

/** gun-duel takes no --pool: its one pool, `final`, is the final tournament's players (what --players defaults to). */
export const gunDuelPools: BotPools = {
  names: ['final'],
  default: 'final',
  resolve: (name) => (name === 'final' ? gunDuelPorts.names() : undefined),
  known: (name) => !!findPlayer(name),
};

/**
 * atomas's ports and pools. The ports are handed to the game by engines/wiring/atomas.ts (the
 * game imports none of them: engines/core/roster.ts); the pool is a fact of the question, declared here.
 */
import type { BotPools } from '../core/game.ts';
import { rosterSlot } from '../core/roster.ts';
import type { AtomasBot } from './rules.ts';

/** The ports, in the answers' order on the question page. */
export const atomasPorts = rosterSlot<AtomasBot>('atomas');

export const atomasBot = (name: string): AtomasBot | undefined => atomasPorts.find(name);

/** The three posted bots, in the answers' order on the question page (the `answers` pool; `koth play atomas` plays the first). */
export const ATOMAS_ANSWERS: readonly string[] = ['draftBot', 'RandomBot', 'BadPlayer'];

export const atomasPools: BotPools = {
  names: ['answers'],
  default: 'answers',
  resolve: (name) => (name === 'answers' ? ATOMAS_ANSWERS : undefined),
  known: (name) => !!atomasBot(name),
};

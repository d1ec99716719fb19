/** Hands dice its ports (engines/core/roster.ts): the registry, dice's worker entries and tests that run the engine import this first. */
import { diceRoster } from '../../transpiled-bots/dice/index.ts';
import { dicePorts } from '../dice/ports.ts';

dicePorts.hand(diceRoster);

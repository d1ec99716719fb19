/** Hands gun-duel its ports (engines/core/roster.ts): the registry, gun-duel's worker entries and tests that run the engine import this first. */
import { gunDuelRoster } from '../../transpiled-bots/gun-duel/index.ts';
import { gunDuelPorts } from '../gun-duel/ports.ts';

gunDuelPorts.hand(gunDuelRoster);

/** Hands ruins its ports (engines/core/roster.ts): the registry, ruins's worker entries and tests that run the engine import this first. */
import { ruinsRoster } from '../../transpiled-bots/ruins/index.ts';
import { ruinsPorts } from '../ruins/ports.ts';

ruinsPorts.hand(ruinsRoster);

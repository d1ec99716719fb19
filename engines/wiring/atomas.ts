/** Hands atomas its ports (engines/core/roster.ts): the registry, atomas's worker entries and tests that run the engine import this first. */
import { atomasRoster } from '../../transpiled-bots/atomas/index.ts';
import { atomasPorts } from '../atomas/ports.ts';

atomasPorts.hand(atomasRoster);

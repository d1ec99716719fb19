/** Hands camel-up its ports (engines/core/roster.ts): the registry, camel-up's worker entries and tests that run the engine import this first. */
import { camelUpRoster } from '../../transpiled-bots/camel-up/index.ts';
import { camelUpPorts } from '../camel-up/ports.ts';

camelUpPorts.hand(camelUpRoster);

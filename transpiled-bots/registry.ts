import type { KnownBot } from './provenance.ts';
import { knownBots as dice } from './dice/index.ts';
import { knownBots as ruins } from './ruins/index.ts';
import { knownBots as gunDuel } from './gun-duel/index.ts';

/**
 * Every bot the project knows of, per challenge, in original order. Each game's folder
 * (transpiled-bots/<game>/index.ts) exports `knownBots: KnownBot[]`; import it here.
 */
const perChallenge: Record<string, readonly KnownBot[]> = { dice, ruins, 'gun-duel': gunDuel };

export function knownBots(challenge?: string): KnownBot[] {
  const ids = challenge ? [challenge] : Object.keys(perChallenge);
  return ids.flatMap((id) => [...(perChallenge[id] ?? [])]);
}

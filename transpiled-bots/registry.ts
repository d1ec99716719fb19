import type { KnownBot } from './provenance.ts';

/**
 * Every bot the project knows of, per challenge, in original order. Each game's folder
 * (transpiled-bots/<game>/index.ts) exports its list; add it here.
 */
const perChallenge: Record<string, () => KnownBot[]> = {};

export function registerKnownBots(challenge: string, list: () => KnownBot[]): void {
  perChallenge[challenge] = list;
}

export function knownBots(challenge?: string): KnownBot[] {
  const ids = challenge ? [challenge] : Object.keys(perChallenge);
  return ids.flatMap((id) => perChallenge[id]?.() ?? []);
}

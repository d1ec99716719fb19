/** Where a port came from: the types live in the core (engines/core/provenance.ts); ports import them from here. */
export type { KnownBot, Provenance } from '../engines/core/provenance.ts';

/**
 * Where a port came from. Every port file (transpiled-bots/<game>/<Bot>.ts) exports one of these beside its class, and the
 * registry (`koth registry`) compares `sha256` with the scraped original to flag stale ports.
 */
export interface Provenance {
  /** Challenge id: dice, ruins, atomas, gun-duel, camel-up. */
  challenge: string;
  /** The bot's name as the original class/program was named. */
  bot: string;
  /** StackExchange question id. */
  questionId: number;
  /** StackExchange answer id, when known. */
  answerId?: number;
  /** Answer author's display name, as it stood in the source used. */
  author?: string;
  /** Where the ported code was read: a snapshot/repository path and its date or commit. */
  source: string;
  /** Snapshot or revision date of that source (ISO date). */
  sourceDate?: string;
  /**
   * sha256 (hex) of the original code block the port was written from, as extracted by the
   * scraper (UTF-8 bytes of the block's text with HTML entities decoded). Absent when the
   * original was not an answer code block (e.g. a driver's own test bot).
   */
  sha256?: string;
  /** Free text: deviations, limits of exactness, known bugs of the original kept on purpose. */
  notes?: string;
}

/** A bot the project knows of: ported, or known but not (yet) ported. */
export interface KnownBot {
  challenge: string;
  bot: string;
  ported: boolean;
  provenance: Provenance;
}

/** Bots known by name only (a published table's rows), not ported yet. */
export function unportedBots(challenge: string, questionId: number, names: readonly string[], source: string): KnownBot[] {
  return names.map((bot) => ({ challenge, bot, ported: false, provenance: { challenge, bot, questionId, source } }));
}

/**
 * A game's ports as its engine receives them. The ports (transpiled-bots/<game>/) import the
 * game's bot interface, so the game never imports its ports: the game declares where it holds
 * them (`rosterSlot`, in engines/<game>/ports.ts), the wiring (engines/wiring/<game>.ts) hands
 * it the roster (transpiled-bots/<game>/index.ts), and the engine reads it when it runs, never
 * when its modules load. The registry and every worker entry import the wiring first.
 */
import type { KnownBot, Provenance } from './provenance.ts';

/** One port: its bot's name, the port, where it came from. */
export interface RosterEntry<P> {
  /** The bot's name, as the original class or program was named. */
  name: string;
  provenance: Provenance;
  port: P;
  /** A port with state of its own (camel-up's FabelFelix: its generator) comes as a new instance at each `find` and `ports()`. */
  fresh?: () => P;
  /** The set it belongs to by origin, when a game's ports come from several (camel-up: 'house', the 2026 Cup's house bots). */
  group?: string;
}

/** Every port of a game, in the game's order (the original's class or registration order), and the bots known but not ported. */
export interface Roster<P> {
  readonly game: string;
  readonly entries: readonly RosterEntry<P>[];
  /** The ports' names, in order. */
  names(): string[];
  /** The ports, in order (new instances of ports with state of their own). */
  ports(): P[];
  /** The port named (a new instance of a port with state of its own), or undefined. */
  find(name: string): P | undefined;
  /** Every bot with its provenance: the ports, then the bots known but not ported. */
  knownBots(): KnownBot[];
}

/**
 * A roster of `entries`. `unported`: bots known with their provenance but not ported (gun-duel's
 * disqualified BlackHatPlayer). `ignoreCase`: names are found case aside (gun-duel's players).
 */
export function makeRoster<P>(game: string, entries: readonly RosterEntry<P>[], o: { unported?: readonly KnownBot[]; ignoreCase?: boolean } = {}): Roster<P> {
  const key = (n: string) => (o.ignoreCase ? n.toLowerCase() : n);
  const byName = new Map(entries.map((e) => [key(e.name), e]));
  const get = (e: RosterEntry<P>) => (e.fresh ? e.fresh() : e.port);
  return {
    game,
    entries,
    names: () => entries.map((e) => e.name),
    ports: () => entries.map(get),
    find: (name) => {
      const e = byName.get(key(name));
      return e && get(e);
    },
    knownBots: () => [...entries.map((e) => ({ challenge: game, bot: e.name, ported: true, provenance: e.provenance })), ...(o.unported ?? [])],
  };
}

/** Where a game holds the roster it is handed: a Roster that reads the one handed, and `hand`. */
export interface RosterSlot<P> extends Roster<P> {
  /** Hands the game its roster (the wiring does, once; the same roster again is a no-op). */
  hand(roster: Roster<P>): void;
}

/** The slot of `game`'s ports: reading it before the wiring handed them throws, saying which module hands them. */
export function rosterSlot<P>(game: string): RosterSlot<P> {
  let held: Roster<P> | undefined;
  const roster = (): Roster<P> => {
    if (!held) throw new Error(`${game}: the game's ports were not handed to it: import engines/wiring/${game}.ts first (the registry and the worker entries do)`);
    return held;
  };
  return {
    game,
    get entries() {
      return roster().entries;
    },
    names: () => roster().names(),
    ports: () => roster().ports(),
    find: (name) => roster().find(name),
    knownBots: () => roster().knownBots(),
    hand(r) {
      if (r.game !== game) throw new Error(`${game}: handed the roster of ${r.game}`);
      if (held && held !== r) throw new Error(`${game}: handed a second roster`);
      held = r;
    },
  };
}

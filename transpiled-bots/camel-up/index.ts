/**
 * The camel-up roster: the four players of question 167101 (camelup.py's player_pool order) and
 * the house bots of the 2026 Cup (bots/house/ at 2dbad1c; play them with --rules 2026), with
 * their provenance; engines/wiring/camel-up.ts hands it to the game.
 */
import type { CamelPlayer } from '../../engines/camel-up/rules.ts';
import { makeRoster, type Roster } from '../../engines/core/roster.ts';
import type { Provenance } from '../provenance.ts';
import * as Player0 from './Player0.ts';
import * as Player1 from './Player1.ts';
import * as Player2 from './Player2.ts';
import * as Sir_Humpfree_Bogart from './Sir_Humpfree_Bogart.ts';
import * as HandcodedHenry from './HandcodedHenry.ts';
import * as ClaudeCamel from './ClaudeCamel.ts';
import * as GeminiGerry from './GeminiGerry.ts';
import * as FabelFelix from './FabelFelix.ts';
import * as OpusOmul from './OpusOmul.ts';

/** `fresh`: a port with module state of its own (FabelFelix's generator) gives a new instance per resolution. */
type PortModule = { default: CamelPlayer; provenance: Provenance; fresh?: () => CamelPlayer };
const modules: PortModule[] = [Player0, Player1, Player2, Sir_Humpfree_Bogart];
/** The 2026 house bots, in bots/house/'s alphabetical order. */
const houseModules: PortModule[] = [ClaudeCamel, FabelFelix, GeminiGerry, HandcodedHenry, OpusOmul];

/** The players of question 167101 (the `all` pool). */
export const CAMEL_PLAYERS: readonly CamelPlayer[] = modules.map((m) => m.default);
/** The 2026 house bots' ports (the `house` pool). */
export const HOUSE_PLAYERS: readonly CamelPlayer[] = houseModules.map((m) => m.default);

/**
 * The port named. A port with module state (FabelFelix) comes as a new instance, its state fresh,
 * at each call: the engine resolves a pool once per run of games (an exact replay: all its games,
 * as the sandbox's one interpreter per run; a tournament: once per shard, so the figures do not
 * depend on --workers).
 */
export function camelPlayer(name: string): CamelPlayer | undefined {
  const house = houseModules.find((m) => m.default.name === name);
  if (house) return house.fresh ? house.fresh() : house.default;
  return CAMEL_PLAYERS.find((p) => p.name === name);
}

/** Is this port one of the 2026 house bots (written for camelup.py 2026's rules and player_view)? */
export const isHousePort = (name: string): boolean => HOUSE_PLAYERS.some((p) => p.name === name);

/** The roster the game is handed (engines/core/roster.ts): the house bots in group 'house'. */
export const camelUpRoster: Roster<CamelPlayer> = makeRoster('camel-up', [
  ...modules.map((m) => ({ name: m.default.name, provenance: m.provenance, port: m.default })),
  ...houseModules.map((m) => ({ name: m.default.name, provenance: m.provenance, port: m.default, group: 'house', ...(m.fresh ? { fresh: m.fresh } : {}) })),
]);

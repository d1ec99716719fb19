/** The camel-up ports (question 167101), in camelup.py's player_pool order. */
import type { CamelPlayer } from '../../engines/camel-up/rules.ts';
import type { KnownBot, Provenance } from '../provenance.ts';
import * as Player0 from './Player0.ts';
import * as Player1 from './Player1.ts';
import * as Player2 from './Player2.ts';
import * as Sir_Humpfree_Bogart from './Sir_Humpfree_Bogart.ts';

const modules: { default: CamelPlayer; provenance: Provenance }[] = [Player0, Player1, Player2, Sir_Humpfree_Bogart];

export const CAMEL_PLAYERS: readonly CamelPlayer[] = modules.map((m) => m.default);

export function camelPlayer(name: string): CamelPlayer | undefined {
  return CAMEL_PLAYERS.find((p) => p.name === name);
}

export const portedBots: KnownBot[] = modules.map((m) => ({ challenge: 'camel-up', bot: m.provenance.bot, ported: true, provenance: m.provenance }));

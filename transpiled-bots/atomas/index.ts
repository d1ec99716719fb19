/** The atomas roster: the ports of question 95889 with their provenance, in the answers' order on the question page. engines/wiring/atomas.ts hands it to the game. */
import type { AtomasBot } from '../../engines/atomas/rules.ts';
import { makeRoster, type Roster } from '../../engines/core/roster.ts';
import type { Provenance } from '../provenance.ts';
import * as draftBot from './draftBot.ts';
import * as RandomBot from './RandomBot.ts';
import * as BadPlayer from './BadPlayer.ts';

const modules: { default: AtomasBot; provenance: Provenance }[] = [draftBot, RandomBot, BadPlayer];

export const ATOMAS_BOTS: readonly AtomasBot[] = modules.map((m) => m.default);

export function atomasBot(name: string): AtomasBot | undefined {
  return ATOMAS_BOTS.find((b) => b.name === name);
}

/** The roster the game is handed (engines/core/roster.ts). */
export const atomasRoster: Roster<AtomasBot> = makeRoster(
  'atomas',
  modules.map((m) => ({ name: m.default.name, provenance: m.provenance, port: m.default })),
);

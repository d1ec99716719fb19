/** The atomas ports (question 95889), in the answers' order on the question page. */
import type { AtomasBot } from '../../engines/atomas/rules.ts';
import type { KnownBot, Provenance } from '../provenance.ts';
import * as draftBot from './draftBot.ts';
import * as RandomBot from './RandomBot.ts';
import * as BadPlayer from './BadPlayer.ts';

const modules: { default: AtomasBot; provenance: Provenance }[] = [draftBot, RandomBot, BadPlayer];

export const ATOMAS_BOTS: readonly AtomasBot[] = modules.map((m) => m.default);

export function atomasBot(name: string): AtomasBot | undefined {
  return ATOMAS_BOTS.find((b) => b.name === name);
}

export const portedBots: KnownBot[] = modules.map((m) => ({ challenge: 'atomas', bot: m.provenance.bot, ported: true, provenance: m.provenance }));

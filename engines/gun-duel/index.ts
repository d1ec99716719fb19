/**
 * The Futuristic Gun Duel (question 104896) as the core sees it. No engine yet: the scraper and the bot
 * registry already know the challenge; the engine, its ports and fixtures come with its issue.
 */
import { publishedTablesOf, type GameDescriptor } from '../core/game.ts';
import { unportedBots } from '../core/provenance.ts';
import { gunDuelExtractor } from './extract.ts';
import publishedJson from '../../fixtures/gun-duel/published/gun-duel.json' with { type: 'json' };

const published = publishedTablesOf(publishedJson);

export const gunDuelGame: GameDescriptor = {
  id: 'gun-duel',
  questionId: 104896,
  title: 'The Futuristic Gun Duel',
  botLanguage: 'C++',
  extractor: gunDuelExtractor,
  generator: 'seedrandom',
  knownBots: unportedBots('gun-duel', 104896, published[0]!.bots, 'C++ classes deriving Player; all 17 tournament players are in GitHub fzql/GunDuel (Tournament/, 2017-02-02)'),
  published,
};

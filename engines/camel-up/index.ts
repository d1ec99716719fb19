/**
 * Camel Up Cup 2k18 (question 167101) as the core sees it. No engine yet: the scraper and the bot
 * registry already know the challenge; the engine, its ports and fixtures come with its issue.
 */
import { publishedTablesOf, type GameDescriptor } from '../core/game.ts';
import { unportedBots } from '../core/provenance.ts';
import { camelUpExtractor } from './extract.ts';
import publishedJson from '../../fixtures/camel-up/published/camel-up.json' with { type: 'json' };

const published = publishedTablesOf(publishedJson);

export const camelUpGame: GameDescriptor = {
  id: 'camel-up',
  questionId: 167101,
  title: 'Camel Up Cup 2k18',
  botLanguage: 'Python 3',
  extractor: camelUpExtractor,
  generator: 'cpython3',
  knownBots: unportedBots('camel-up', 167101, published[0]!.bots, 'Python 3 classes with move(player, g); Player0/1/2 and Sir_Humpfree_Bogart are in GitHub trbarron/Camel_Up_Cup_2K18 (2018 commits)'),
  published,
};

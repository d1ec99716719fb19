/**
 * A game of atomic proportions (question 95889) as the core sees it. No engine yet: the scraper and the bot
 * registry already know the challenge; the engine, its ports and fixtures come with its issue.
 */
import { publishedTablesOf, type GameDescriptor } from '../core/game.ts';
import { unportedBots } from '../core/provenance.ts';
import { atomasExtractor } from './extract.ts';
import publishedJson from '../../fixtures/atomas/published/atomas.json' with { type: 'json' };

const published = publishedTablesOf(publishedJson);

export const atomasGame: GameDescriptor = {
  id: 'atomas',
  questionId: 95889,
  title: 'A game of atomic proportions',
  botLanguage: 'Python 2',
  extractor: atomasExtractor,
  generator: 'cpython2',
  knownBots: unportedBots('atomas', 95889, published[0]!.bots, 'Python 2 stdin/stdout programs (the posted controller spawned one per move); the controller and all three answers are on the question page'),
  published,
};

/** How a bot is found in an answer of this challenge (the scraper runs it on every answer). */
import * as cheerio from 'cheerio';
import { blocksOf, derivedClasses, noBots, textOf } from '../../scraper/extract.ts';
import type { AnswerExtractor, Extraction } from '../core/game.ts';

/**
 * ruins: the answer's first H1 names the bot and its first code block is the code (what
 * ruins.py's scraper reads); the bots are the block's classes deriving Adventurer.
 */
function ruins(html: string): Extraction {
  const $ = cheerio.load(html);
  const blocks = blocksOf($);
  const h1 = $('h1').first();
  if (!h1.length) return noBots(blocks, 'no H1 header: the ruins scraper names a bot by the answer\'s first H1 and skips answers without one');
  const title = textOf(h1.toArray()).trim();
  if (!blocks.length) return noBots(blocks, `no code block under "${title}"`);
  const first = blocks[0]!;
  const bots = derivedClasses([first], (base) => base === 'Adventurer');
  if (!bots.length) return noBots(blocks, `the first code block (the one the scraper uses) defines no class deriving Adventurer (H1: "${title}")`);
  return { blocks, bots: bots.map((b) => (b.name === title ? b : { ...b, title })) };
}

export const ruinsExtractor: AnswerExtractor = {
  recognises: 'first H1 = bot name; first code block = code, its `class X(Adventurer):`',
  extract: ruins,
};

/** How a bot is found in an answer of this challenge (the scraper runs it on every answer). */
import * as cheerio from 'cheerio';
import { blocksOf, noBots, textOf } from '../../scraper/extract.ts';
import type { AnswerExtractor, Extraction } from '../core/game.ts';

/** atomas: a "language, name, score" header names the program; the first code block is the program. */
function atomas(html: string): Extraction {
  const $ = cheerio.load(html);
  const blocks = blocksOf($);
  const heads = $('h1, h2, h3, h4, h5, h6')
    .toArray()
    .map((h) => textOf(h).trim());
  const firstLine = textOf($.root().toArray()).trim().split('\n')[0]?.trim() ?? '';
  const header = heads.find((h) => h.split(',').length >= 2) ?? (firstLine.split(',').length >= 3 ? firstLine : undefined);
  if (!header) return noBots(blocks, heads.length ? `header "${heads[0]}" is not "language, name, score"` : 'no "language, name, score" header');
  const name = header.split(',')[1]!.trim();
  if (!name || name.length > 60) return noBots(blocks, `header "${header}" is not "language, name, score"`);
  if (!blocks.length) return noBots(blocks, `no code block for ${name}`);
  return { blocks, bots: [{ name, block: 0, sha256: blocks[0]!.sha256, title: header }] };
}

export const atomasExtractor: AnswerExtractor = {
  recognises: '"language, name, score" header; the first code block is the program',
  extract: atomas,
};

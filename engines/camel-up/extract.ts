/** How a bot is found in an answer of this challenge (the scraper runs it on every answer). */
import { codeBlocks, noBots, pythonClasses } from '../../scraper/extract.ts';
import type { AnswerExtractor, ExtractedBot, Extraction } from '../core/game.ts';

/** camel-up: Python classes with a `move(player, g)` method. */
function camelUp(html: string): Extraction {
  const blocks = codeBlocks(html);
  if (!blocks.length) return noBots(blocks, 'no code block');
  const bots: ExtractedBot[] = [];
  for (const b of blocks) {
    for (const c of pythonClasses(b.text)) {
      if (/^[ \t]+def\s+move\s*\(\s*\w+\s*,\s*\w+\s*(?:,\s*\w+\s*)?\)\s*:/m.test(c.body)) bots.push({ name: c.name, block: b.index, sha256: b.sha256 });
    }
  }
  return bots.length ? { blocks, bots } : noBots(blocks, 'no class with a move(player, g) method');
}

export const camelUpExtractor: AnswerExtractor = {
  recognises: 'classes with a move(player, g) method',
  extract: camelUp,
};

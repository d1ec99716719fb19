/** How a bot is found in an answer of this challenge (the scraper runs it on every answer). */
import { codeBlocks, derivedClasses, noBots } from '../../scraper/extract.ts';
import type { AnswerExtractor, Extraction } from '../core/game.ts';

/**
 * dice: Python classes deriving a `...Bot` class (the controller's own test, `class X(\w*Bot):`),
 * or deriving another bot class of the same answer.
 */
function dice(html: string): Extraction {
  const blocks = codeBlocks(html);
  if (!blocks.length) return noBots(blocks, 'no code block');
  const bots = derivedClasses(blocks, (base) => /^\w*Bot$/.test(base));
  return bots.length ? { blocks, bots } : noBots(blocks, 'no code block defines a class deriving Bot (or another ...Bot)');
}

export const diceExtractor: AnswerExtractor = {
  recognises: 'classes `class X(...Bot):`, or deriving another bot of the answer',
  extract: dice,
};

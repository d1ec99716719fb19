/** How a bot is found in an answer of this challenge (the scraper runs it on every answer). */
import { codeBlocks, noBots } from '../../scraper/extract.ts';
import type { AnswerExtractor, ExtractedBot, Extraction } from '../core/game.ts';

/** gun-duel: C++ classes (or structs) deriving Player; an answer may hold several files. */
function gunDuel(html: string): Extraction {
  const blocks = codeBlocks(html);
  if (!blocks.length) return noBots(blocks, 'no code block');
  const bots: ExtractedBot[] = [];
  const seen = new Set<string>();
  const noComments = (s: string) => s.replace(/\/\*[\s\S]*?\*\//g, ' ').replace(/\/\/[^\n]*/g, ' ');
  for (const b of blocks) {
    for (const m of noComments(b.text).matchAll(/\b(?:class|struct)\s+([A-Za-z_]\w*)\s*(?:final\s*)?:\s*([^{;]*)\{/g)) {
      const bases = m[2]!.split(',').map((x) => x.replace(/\b(?:public|protected|private|virtual)\b/g, '').trim().replace(/^::/, ''));
      if (bases.includes('Player') && !seen.has(m[1]!)) {
        seen.add(m[1]!);
        bots.push({ name: m[1]!, block: b.index, sha256: b.sha256 });
      }
    }
  }
  return bots.length ? { blocks, bots } : noBots(blocks, 'no C++ class deriving Player');
}

export const gunDuelExtractor: AnswerExtractor = {
  recognises: 'C++ classes deriving Player (several files per answer possible)',
  extract: gunDuel,
};

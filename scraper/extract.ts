/**
 * Answer HTML → code blocks → bots, one extractor per challenge, configured in one table.
 *
 * A code block is the text of a `<pre><code>` element with HTML entities decoded (cheerio's
 * `.text()`; inline `<code>` is prose, not a block). Its sha256 is the hex digest of that
 * text's UTF-8 bytes — the same definition the ports' provenance uses.
 */
import { createHash } from 'node:crypto';
import * as cheerio from 'cheerio';

export interface CodeBlock {
  index: number;
  text: string;
  sha256: string;
}

export interface ExtractedBot {
  name: string;
  /** Index of the code block the bot was found in (several bots may share one). */
  block: number;
  sha256: string;
}

export interface Extraction {
  blocks: CodeBlock[];
  bots: ExtractedBot[];
  /** Why no bot was found, when none was. */
  reason?: string;
}

export interface ChallengeConfig {
  id: string;
  questionId: number;
  title: string;
  language: string;
  /** How a bot is recognised, in words (shown by --help). */
  recognises: string;
  extract(html: string): Extraction;
}

export function sha256(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

export function codeBlocks(html: string): CodeBlock[] {
  const $ = cheerio.load(html);
  return $('pre')
    .toArray()
    .map((pre, index) => {
      const code = $(pre).children('code');
      const text = (code.length ? code : $(pre)).text();
      return { index, text, sha256: sha256(text) };
    });
}

function classesIn(blocks: CodeBlock[], blockTest: RegExp, classRe: RegExp): ExtractedBot[] {
  const bots: ExtractedBot[] = [];
  for (const b of blocks) {
    if (!blockTest.test(b.text)) continue;
    for (const m of b.text.matchAll(classRe)) bots.push({ name: m[1]!, block: b.index, sha256: b.sha256 });
  }
  return bots;
}

function firstHeader(html: string, selector: string): string | undefined {
  const $ = cheerio.load(html);
  const h = $(selector).first();
  return h.length ? h.text().trim() : undefined;
}

const none = (blocks: CodeBlock[], reason: string): Extraction => ({ blocks, bots: [], reason });

/** Python classes deriving a `...Bot` class (the dice controller's own rule). */
function dice(html: string): Extraction {
  const blocks = codeBlocks(html);
  const bots = classesIn(blocks, /^class \w+\(\w*Bot\):.*$/m, /^class (\w+)\(\w*Bot\):/gm);
  return bots.length ? { blocks, bots } : none(blocks, 'no code block defines a class deriving a ...Bot class');
}

/** The answer's first H1 names the bot; its first code block is the code (`class X(Adventurer)`). */
function ruins(html: string): Extraction {
  const blocks = codeBlocks(html);
  const title = firstHeader(html, 'h1');
  if (!blocks.length) return none(blocks, 'no code block');
  const first = blocks[0]!;
  const cls = /^class (\w+)\(\s*\w*Adventurer\s*\):/m.exec(first.text);
  if (!cls) return none(blocks, `the first code block defines no class deriving Adventurer${title ? ` (H1: ${title})` : ''}`);
  return { blocks, bots: [{ name: cls[1]!, block: 0, sha256: first.sha256 }] };
}

/** "language, name, score" header; the program is the first code block. */
function atomas(html: string): Extraction {
  const blocks = codeBlocks(html);
  const header = firstHeader(html, 'h1, h2, h3');
  if (!header) return none(blocks, 'no "language, name, score" header');
  const parts = header.split(',').map((s) => s.trim());
  if (parts.length < 2 || !parts[1]) return none(blocks, `header "${header}" is not "language, name, score"`);
  if (!blocks.length) return none(blocks, 'no code block');
  return { blocks, bots: [{ name: parts[1], block: 0, sha256: blocks[0]!.sha256 }] };
}

/** C++ classes deriving Player (several blocks/files per answer possible). */
function gunDuel(html: string): Extraction {
  const blocks = codeBlocks(html);
  const re = /\bclass\s+(\w+)\s*(?:final\s*)?:\s*(?:public\s+|virtual\s+|private\s+|protected\s+)*Player\b/g;
  const bots = classesIn(blocks, /\bclass\s+\w+\s*(?:final\s*)?:\s*(?:public\s+)?Player\b/, re);
  return bots.length ? { blocks, bots } : none(blocks, 'no C++ class deriving Player');
}

/** Python classes with a `move(player, g)` method. */
function camelUp(html: string): Extraction {
  const blocks = codeBlocks(html);
  const bots = classesIn(blocks, /def\s+move\s*\(\s*(?:self\s*,\s*)?\w+\s*,\s*\w+\s*\)/, /^class (\w+)\s*(?:\([^)]*\))?\s*:/gm);
  return bots.length ? { blocks, bots } : none(blocks, 'no class with a move(player, g) method');
}

export const CHALLENGES: readonly ChallengeConfig[] = [
  { id: 'dice', questionId: 177765, title: 'A game of dice, but avoid number 6', language: 'Python 3', recognises: 'code blocks containing `class X(...Bot):`', extract: dice },
  { id: 'ruins', questionId: 183127, title: 'Adventurers in the ruins', language: 'Python 3', recognises: "the first code block's `class X(Adventurer):`", extract: ruins },
  { id: 'atomas', questionId: 95889, title: 'A game of atomic proportions', language: 'Python 2', recognises: 'a "language, name, score" header and the first code block', extract: atomas },
  { id: 'gun-duel', questionId: 104896, title: 'The Futuristic Gun Duel', language: 'C++', recognises: 'C++ classes deriving Player', extract: gunDuel },
  { id: 'camel-up', questionId: 167101, title: 'Camel Up Cup 2k18', language: 'Python 3', recognises: 'classes with a move(player, g) method', extract: camelUp },
];

export function challengeConfig(id: string): ChallengeConfig | undefined {
  return CHALLENGES.find((c) => c.id === id);
}

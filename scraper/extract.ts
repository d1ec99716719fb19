/**
 * Answer HTML → code blocks → bots, one extractor per challenge, configured in one table
 * (`CHALLENGES`: question id, language, how a bot is recognised).
 *
 * A code block is the text of a `<pre>` element's `<code>` (or of the `<pre>` itself when it
 * has no `<code>`), with HTML entities decoded: cheerio's `.text()`. Inline `<code>` is prose,
 * not a block. A block's sha256 is the hex digest of that text's UTF-8 bytes, exactly — the
 * same definition the ports' provenance uses (see README.md).
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
  /** sha256 of that block. */
  sha256: string;
  /** The answer's own title for it (ruins: the first H1; atomas: the header), when different from name. */
  title?: string;
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

/** Decodes HTML entities in a fragment of text (display names, titles). */
export function decodeEntities(s: string): string {
  return cheerio.load(`<p>${s}</p>`)('p').text();
}

function blocksOf($: cheerio.CheerioAPI): CodeBlock[] {
  return $('pre')
    .toArray()
    .map((pre, index) => {
      const code = $(pre).children('code').first();
      const text = (code.length ? code : $(pre)).text();
      return { index, text, sha256: sha256(text) };
    });
}

/** Every `<pre>` block of an answer, in order: text with entities decoded, and its sha256. */
export function codeBlocks(html: string): CodeBlock[] {
  return blocksOf(cheerio.load(html));
}

export interface PyClass {
  name: string;
  bases: string[];
  /** The class's indented body (lines after the `class` line). */
  body: string;
}

/** Top-level Python classes of a block: name, bases (as written, without keyword arguments), body. */
export function pythonClasses(code: string): PyClass[] {
  const lines = code.replace(/\r\n?/g, '\n').split('\n');
  const out: PyClass[] = [];
  for (let i = 0; i < lines.length; i++) {
    const m = /^class\s+([A-Za-z_]\w*)\s*(?:\(([^)]*)\))?\s*:/.exec(lines[i]!);
    if (!m) continue;
    const body: string[] = [];
    let j = i + 1;
    for (; j < lines.length; j++) {
      const l = lines[j]!;
      if (l.trim() === '' || /^[ \t]/.test(l)) body.push(l);
      else break;
    }
    const bases = (m[2] ?? '')
      .split(',')
      .map((b) => b.trim())
      .filter((b) => b && !b.includes('='));
    out.push({ name: m[1]!, bases, body: body.join('\n') });
  }
  return out;
}

/**
 * Classes deriving a root (by name) directly or through another class of the same answer
 * that does; `root` tests a base's name (the last dotted part).
 */
function derivedClasses(blocks: CodeBlock[], root: (base: string) => boolean): ExtractedBot[] {
  const found = new Set<string>();
  const bots: ExtractedBot[] = [];
  const all = blocks.flatMap((b) => pythonClasses(b.text).map((c) => ({ c, b })));
  for (let changed = true; changed; ) {
    changed = false;
    for (const { c, b } of all) {
      if (found.has(c.name)) continue;
      if (c.bases.some((base) => root(base.split('.').pop()!) || found.has(base))) {
        found.add(c.name);
        bots.push({ name: c.name, block: b.index, sha256: b.sha256 });
        changed = true;
      }
    }
  }
  const order = new Map(all.map(({ c, b }, i) => [`${b.index}:${c.name}`, i]));
  return bots.sort((x, y) => order.get(`${x.block}:${x.name}`)! - order.get(`${y.block}:${y.name}`)!);
}

const none = (blocks: CodeBlock[], reason: string): Extraction => ({ blocks, bots: [], reason });

/**
 * dice: Python classes deriving a `...Bot` class (the controller's own test, `class X(\w*Bot):`),
 * or deriving another bot class of the same answer.
 */
function dice(html: string): Extraction {
  const blocks = codeBlocks(html);
  if (!blocks.length) return none(blocks, 'no code block');
  const bots = derivedClasses(blocks, (base) => /^\w*Bot$/.test(base));
  return bots.length ? { blocks, bots } : none(blocks, 'no code block defines a class deriving Bot (or another ...Bot)');
}

/**
 * ruins: the answer's first H1 names the bot and its first code block is the code (what
 * ruins.py's scraper reads); the bots are the block's classes deriving Adventurer.
 */
function ruins(html: string): Extraction {
  const $ = cheerio.load(html);
  const blocks = blocksOf($);
  const h1 = $('h1').first();
  if (!h1.length) return none(blocks, 'no H1 header: the ruins scraper names a bot by the answer\'s first H1 and skips answers without one');
  const title = h1.text().trim();
  if (!blocks.length) return none(blocks, `no code block under "${title}"`);
  const first = blocks[0]!;
  const bots = derivedClasses([first], (base) => base === 'Adventurer');
  if (!bots.length) return none(blocks, `the first code block (the one the scraper uses) defines no class deriving Adventurer (H1: "${title}")`);
  return { blocks, bots: bots.map((b) => (b.name === title ? b : { ...b, title })) };
}

/** atomas: a "language, name, score" header names the program; the first code block is the program. */
function atomas(html: string): Extraction {
  const $ = cheerio.load(html);
  const blocks = blocksOf($);
  const heads = $('h1, h2, h3, h4, h5, h6')
    .toArray()
    .map((h) => $(h).text().trim());
  const firstLine = $.root().text().trim().split('\n')[0]?.trim() ?? '';
  const header = heads.find((h) => h.split(',').length >= 2) ?? (firstLine.split(',').length >= 3 ? firstLine : undefined);
  if (!header) return none(blocks, heads.length ? `header "${heads[0]}" is not "language, name, score"` : 'no "language, name, score" header');
  const name = header.split(',')[1]!.trim();
  if (!name || name.length > 60) return none(blocks, `header "${header}" is not "language, name, score"`);
  if (!blocks.length) return none(blocks, `no code block for ${name}`);
  return { blocks, bots: [{ name, block: 0, sha256: blocks[0]!.sha256, title: header }] };
}

/** gun-duel: C++ classes (or structs) deriving Player; an answer may hold several files. */
function gunDuel(html: string): Extraction {
  const blocks = codeBlocks(html);
  if (!blocks.length) return none(blocks, 'no code block');
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
  return bots.length ? { blocks, bots } : none(blocks, 'no C++ class deriving Player');
}

/** camel-up: Python classes with a `move(player, g)` method. */
function camelUp(html: string): Extraction {
  const blocks = codeBlocks(html);
  if (!blocks.length) return none(blocks, 'no code block');
  const bots: ExtractedBot[] = [];
  for (const b of blocks) {
    for (const c of pythonClasses(b.text)) {
      if (/^[ \t]+def\s+move\s*\(\s*\w+\s*,\s*\w+\s*(?:,\s*\w+\s*)?\)\s*:/m.test(c.body)) bots.push({ name: c.name, block: b.index, sha256: b.sha256 });
    }
  }
  return bots.length ? { blocks, bots } : none(blocks, 'no class with a move(player, g) method');
}

export const CHALLENGES: readonly ChallengeConfig[] = [
  { id: 'dice', questionId: 177765, title: 'A game of dice, but avoid number 6', language: 'Python 3', recognises: 'classes `class X(...Bot):`, or deriving another bot of the answer', extract: dice },
  { id: 'ruins', questionId: 183127, title: 'Adventurers in the ruins', language: 'Python 3', recognises: 'first H1 = bot name; first code block = code, its `class X(Adventurer):`', extract: ruins },
  { id: 'atomas', questionId: 95889, title: 'A game of atomic proportions', language: 'Python 2', recognises: '"language, name, score" header; the first code block is the program', extract: atomas },
  { id: 'gun-duel', questionId: 104896, title: 'The Futuristic Gun Duel', language: 'C++', recognises: 'C++ classes deriving Player (several files per answer possible)', extract: gunDuel },
  { id: 'camel-up', questionId: 167101, title: 'Camel Up Cup 2k18', language: 'Python 3', recognises: 'classes with a move(player, g) method', extract: camelUp },
];

export function challengeConfig(id: string): ChallengeConfig | undefined {
  return CHALLENGES.find((c) => c.id === id);
}

/**
 * Answer HTML → code blocks → bots: the generic helpers. Each game's own extractor (how a bot
 * is recognised in its answers) lives in its folder, engines/<id>/extract.ts, and is part of
 * its descriptor; the scraper's challenge table comes from engines/registry.ts.
 *
 * A code block is the text of a `<pre>` element's `<code>` (or of the `<pre>` itself when it
 * has no `<code>`), with HTML entities decoded, as cheerio's `.text()` gives it (textOf). Inline `<code>` is prose,
 * not a block. A block's sha256 is the hex digest of that text's UTF-8 bytes, exactly — the
 * same definition the ports' provenance uses (see README.md).
 */
import { createHash } from 'node:crypto';
import * as cheerio from 'cheerio';
import type { AnyNode, ParentNode, Text } from 'domhandler';

import type { CodeBlock, ExtractedBot, Extraction } from '../engines/core/game.ts';

export type { CodeBlock, ExtractedBot, Extraction };

/** A challenge as the scraper needs it; the table of them comes from the game registry (engines/registry.ts). */
export interface ChallengeConfig {
  id: string;
  questionId: number;
  /** The question's title, which the scraper checks before listing answers (scrape.ts checkQuestion). */
  title: string;
  language: string;
  /** How a bot is recognised, in words (shown by --help). */
  recognises: string;
  extract(html: string): Extraction;
}

/**
 * The text of a node and everything under it, as cheerio's `.text()` gives it, but walked
 * with an explicit stack: a hostile answer nesting thousands of elements cannot overflow the
 * call stack (cheerio's own `.text()` recurses once per level).
 */
export function textOf(node: AnyNode | AnyNode[]): string {
  const out: string[] = [];
  const stack: AnyNode[] = Array.isArray(node) ? [...node].reverse() : [node];
  while (stack.length) {
    const n = stack.pop()!;
    if (n.type === 'text') out.push((n as Text).data);
    else if (n.type === 'cdata' || n.type === 'tag' || n.type === 'script' || n.type === 'style' || n.type === 'root') {
      const kids = (n as ParentNode).children;
      for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i]!);
    }
  }
  return out.join('');
}

export function sha256(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/** Decodes HTML entities in a fragment of text (display names, titles). */
export function decodeEntities(s: string): string {
  return textOf(cheerio.load(`<p>${s}</p>`)('p').toArray());
}

/** The `<pre>` blocks of a loaded answer (for extractors that also read headers). */
export function blocksOf($: cheerio.CheerioAPI): CodeBlock[] {
  return $('pre')
    .toArray()
    .map((pre, index) => {
      const code = $(pre).children('code').first();
      const text = textOf((code.length ? code : $(pre)).toArray());
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
export function derivedClasses(blocks: CodeBlock[], root: (base: string) => boolean): ExtractedBot[] {
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

/** An extraction that found no bot, and why. */
export const noBots = (blocks: CodeBlock[], reason: string): Extraction => ({ blocks, bots: [], reason });

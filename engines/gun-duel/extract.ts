/**
 * How a Gun Duel bot is found in an answer (the scraper runs `extract` on every answer), and
 * how the scraped C++ answers become files the C++ sandbox compiles (`--cpp-players cache`).
 *
 * - C++ (the challenge's language): every class or struct deriving `Player`, directly or
 *   through another class of the same answer; an answer may hold several files (blocks).
 * - Any other language (the question's "Interface for non-C++ submissions"): the answer is named
 *   as one bot with its `language` and `interface` — `exit-code` (run once per turn, reads its
 *   command-line arguments, answers with its exit status) or `stdio` (runs once per tournament,
 *   reads I/F/P lines) — so the registry lists it and says how to play it (`--bot-cmd
 *   "Name=<program>" --interface …`). Its name is the answer's first heading, made an
 *   identifier. Such answers are never run from the cache: they are programs for the user to
 *   run by their own choice.
 */
import * as cheerio from 'cheerio';
import { blocksOf, noBots, sha256 } from '../../scraper/extract.ts';
import { AnswerCache, checkCacheRoot, type CachedAnswer } from '../../scraper/cache.ts';
import type { AnswerExtractor, CodeBlock, ExtractedBot, Extraction } from '../core/game.ts';

const noComments = (s: string) => s.replace(/\/\*[\s\S]*?\*\//g, ' ').replace(/\/\/[^\n]*/g, ' ');

/** `class|struct Name [final] [: bases] {` of a block (comments removed): the classes it defines, with their bases. */
function cppClasses(text: string): { name: string; bases: string[] }[] {
  return [...noComments(text).matchAll(/\b(?:class|struct)\s+([A-Za-z_]\w*)\s*(?:final\s*)?(?::\s*([^{;]*))?\{/g)].map((m) => ({
    name: m[1]!,
    bases: (m[2] ?? '')
      .split(',')
      .map((x) => x.replace(/\b(?:public|protected|private|virtual)\b/g, '').trim().replace(/^::/, ''))
      .filter(Boolean),
  }));
}

/** C++ classes deriving Player, directly or through a class of the same answer that does, in the order they are written. */
function cppPlayers(blocks: readonly CodeBlock[]): ExtractedBot[] {
  const all = blocks.flatMap((b) => cppClasses(b.text).map((c) => ({ ...c, b })));
  const derived = new Set<string>();
  for (let changed = true; changed; ) {
    changed = false;
    for (const c of all) {
      if (!derived.has(c.name) && c.bases.some((x) => x === 'Player' || derived.has(x))) {
        derived.add(c.name);
        changed = true;
      }
    }
  }
  const seen = new Set<string>();
  const bots: ExtractedBot[] = [];
  for (const c of all) {
    if (!derived.has(c.name) || seen.has(c.name)) continue;
    seen.add(c.name);
    bots.push({ name: c.name, block: c.b.index, sha256: c.b.sha256 });
  }
  return bots;
}

// ---- other languages ---------------------------------------------------------------------------

interface Language {
  name: string;
  /** Stack Exchange's syntax-highlighting hints (`lang-py`, `language-python`). */
  hints: RegExp;
  /** The words of a heading that name it. */
  heading: RegExp;
  code: RegExp;
}

const LANGUAGES: readonly Language[] = [
  { name: 'Python', hints: /^(?:py|python\d?)$/, heading: /\bpython\s*\d?(?:\.\d+)?\b/i, code: /^(?:import\s+\w|from\s+\w+\s+import\b|def\s+\w+\s*\(|if\s+__name__\s*==)/m },
  { name: 'Java', hints: /^java$/, heading: /\bjava\b(?!script)/i, code: /\bpublic\s+static\s+void\s+main\s*\(|\bSystem\.(?:exit|in|out)\b/ },
  { name: 'JavaScript', hints: /^(?:js|javascript|node)$/, heading: /\b(?:javascript|node(?:\.?js)?)\b/i, code: /\bprocess\.(?:argv|stdin|exit)\b|\bconsole\.log\s*\(/ },
  { name: 'C#', hints: /^(?:cs|csharp|c#)$/, heading: /(?:^|\s)c#(?:\s|$|,)/i, code: /\bstatic\s+(?:int|void)\s+Main\s*\(|\bConsole\.(?:ReadLine|WriteLine)\b|\bEnvironment\.Exit\b/ },
  { name: 'Ruby', hints: /^(?:rb|ruby)$/, heading: /\bruby\b/i, code: /\bARGV\b|\bgets\b|\bputs\b/ },
  { name: 'Lua', hints: /^lua$/, heading: /\blua\b/i, code: /\bio\.read\s*\(|\bos\.exit\s*\(/ },
  { name: 'shell', hints: /^(?:sh|bash|shell)$/, heading: /\b(?:bash|shell|sh)\b/i, code: /^#!.*\b(?:ba|da|z)?sh\b/ },
];

/** The question's two interfaces, as a program's code shows them. */
const EXIT_CODE = {
  args: /\bsys\.argv\b|\bargs\s*\[|\bprocess\.argv\b|\bARGV\b|\$[1-7]\b|\barg\s*\[|\bargv\s*\[/,
  exit: /\b(?:sys\.exit|exit|System\.exit|process\.exit|os\.exit|Environment\.Exit|quit)\s*\(|\bexit\s+\$?\w|\b(?:48|49|50|45|61)\b|\bord\s*\(/,
};
const STDIO = {
  reads: /\binput\s*\(|\bsys\.stdin\b|\breadline\b|\bScanner\s*\(\s*System\.in\b|\bBufferedReader\b|\bprocess\.stdin\b|\bConsole\.ReadLine\b|\bgets\b|\bio\.read\b|\bread\s+-r\b|\bwhile\s+read\b/,
  protocol: /['"][FIP]['"]|start[sS]with\s*\(\s*['"][FIP]|\bF\*\)/,
};

export type ProgramInterface = 'exit-code' | 'stdio';

/** Which of the question's interfaces a program follows, read from its code; undefined when it shows neither. */
export function interfaceOf(code: string): ProgramInterface | undefined {
  const exitCode = EXIT_CODE.args.test(code) && EXIT_CODE.exit.test(code);
  const stdio = STDIO.reads.test(code) && STDIO.protocol.test(code);
  if (stdio && !exitCode) return 'stdio';
  if (exitCode && !stdio) return 'exit-code';
  if (stdio && exitCode) return STDIO.protocol.test(code) ? 'stdio' : 'exit-code';
  return undefined;
}

const INTERFACE_WORDS: Record<ProgramInterface, string> = { 'exit-code': 'exit-code interface (run once per turn)', stdio: 'stdin/stdout interface (run once per tournament)' };

/** A heading made a player name: the words before " - ", ",", "(" or ":", letters, digits and _ only. */
function nameOfHeading(h: string): string | undefined {
  const words = h.split(/\s+[-–—]\s+|[,(:]/)[0]!.trim();
  const id = words.replace(/[^A-Za-z0-9_]+/g, '');
  if (!id) return undefined;
  return /^[0-9]/.test(id) ? `_${id}` : id;
}

function otherLanguage($: cheerio.CheerioAPI, blocks: readonly CodeBlock[]): Extraction {
  const heading = $('h1, h2, h3').first().text().trim();
  const hintsOf = (i: number) => {
    const pre = $('pre').eq(i);
    const cls = `${pre.attr('class') ?? ''} ${pre.children('code').attr('class') ?? ''}`;
    return [...cls.matchAll(/\b(?:lang|language)-([\w#+]+)/g)].map((m) => m[1]!.toLowerCase());
  };
  // The program: the first block whose language shows (hint, then code); the heading names the language otherwise.
  for (const b of blocks) {
    const lang =
      LANGUAGES.find((l) => hintsOf(b.index).some((h) => l.hints.test(h))) ??
      LANGUAGES.find((l) => l.code.test(b.text)) ??
      (b.index === 0 ? LANGUAGES.find((l) => l.heading.test(heading)) : undefined);
    if (!lang) continue;
    const iface = interfaceOf(b.text);
    const name = nameOfHeading(heading);
    const what = `a ${lang.name} answer${iface ? ` for the ${INTERFACE_WORDS[iface]}` : ' that follows neither of the question\'s interfaces recognisably'}`;
    if (!name) return { blocks: [...blocks], bots: [], reason: `${what}, with no heading naming it: play it with --bot-cmd "Name=<program>"${iface ? ` --interface ${iface}` : ''}` };
    return { blocks: [...blocks], bots: [{ name, block: b.index, sha256: b.sha256, language: lang.name, ...(iface ? { interface: iface } : {}), ...(name !== heading ? { title: heading } : {}) }] };
  }
  return noBots([...blocks], 'no C++ class deriving Player, and no program in another language');
}

function gunDuel(html: string): Extraction {
  const $ = cheerio.load(html);
  const blocks = blocksOf($);
  if (!blocks.length) return noBots(blocks, 'no code block');
  const bots = cppPlayers(blocks);
  if (bots.length) return { blocks, bots };
  return otherLanguage($, blocks);
}

export const gunDuelExtractor: AnswerExtractor = {
  recognises: 'C++ classes deriving Player (several files per answer possible); answers in other languages are named with their interface (exit-code or stdin/stdout)',
  extract: gunDuel,
  // A C++ player is its class's file (its bases' blocks included), as the C++ sandbox compiles it; a program in another language is its block.
  codeOf: (a, bot) => (bot.language === undefined ? cppPlayerFiles({ answer_id: 0, author: null, ...a }).find((f) => f.name === bot.name)?.text : undefined) ?? a.blocks[bot.block]!.text,
};

// ---- the scraped C++ answers as files ------------------------------------------------------------

/** One answer's class as a file for the C++ sandbox: `<Name>.hpp`, as in the original repository. */
export interface CppPlayerFile {
  /** The class name (the player's name on the scoreboard). */
  name: string;
  /** `<Name>.hpp`. */
  file: string;
  text: string;
  /** sha256 of `text` (UTF-8). */
  sha256: string;
  answerId: number;
  author: string | null;
  /** Where it came from, for messages: "answer N by AUTHOR". */
  origin: string;
}

/**
 * The C++ players of a cached answer, one file per class: the block that defines the class,
 * preceded by the answer's blocks that define its bases (in the answer's order), with
 * `#include "Player.hpp"` put first when none of them includes it (the repository's headers
 * all do). A block with two players gives both files the same text (each compiles on its own).
 */
export function cppPlayerFiles(a: Pick<CachedAnswer, 'answer_id' | 'author' | 'blocks' | 'bots'>): CppPlayerFile[] {
  const classesOf = new Map(a.blocks.map((b) => [b.index, cppClasses(b.text)]));
  const blockOf = (name: string) => a.blocks.find((b) => classesOf.get(b.index)!.some((c) => c.name === name));
  return a.bots
    .filter((bot) => bot.language === undefined)
    .map((bot) => {
      const need = new Set<number>();
      const visit = (name: string) => {
        const b = blockOf(name);
        if (!b || need.has(b.index)) return;
        need.add(b.index);
        for (const c of classesOf.get(b.index)!) for (const base of c.bases) if (base !== 'Player') visit(base);
      };
      visit(bot.name);
      if (!need.size) need.add(bot.block);
      const parts = a.blocks.filter((b) => need.has(b.index)).map((b) => (b.text.endsWith('\n') ? b.text : `${b.text}\n`));
      const body = parts.join('\n');
      const text = /#\s*include\s*"Player\.hpp"/.test(body) ? body : `#include "Player.hpp"\n\n${body}`;
      return { name: bot.name, file: `${bot.name}.hpp`, text, sha256: sha256(text), answerId: a.answer_id, author: a.author, origin: `answer ${a.answer_id}${a.author ? ` by ${a.author}` : ''}` };
    });
}

/** An answer in another language: its name, language and interface (how to play it with --bot-cmd). */
export interface OtherLanguageAnswer {
  name: string;
  language: string;
  interface: string | null;
  answerId: number;
  author: string | null;
}

export interface ScrapedField {
  /** The C++ players, oldest answer first; a later answer's class of the same name replaces the earlier one (in its place). */
  cpp: CppPlayerFile[];
  /** The answers in other languages (never run from the cache). */
  other: OtherLanguageAnswer[];
  /** Where they were read. */
  dir: string;
}

/**
 * The scraped Gun Duel field (`koth scrape gun-duel [--as-of DAY]` first): the C++ players as
 * files for the C++ sandbox, and the answers in other languages named with their interface.
 * undefined when there is no scrape (the caller says: run koth scrape gun-duel); a cache root
 * that cannot be read throws CacheUnusableError (exit 6).
 */
export function scrapedField(root: string, asOf: string | null = null): ScrapedField | undefined {
  checkCacheRoot(root, false);
  const cache = new AnswerCache(root, 'gun-duel', asOf);
  if (!cache.exists()) return undefined;
  const byName = new Map<string, CppPlayerFile>();
  const other: OtherLanguageAnswer[] = [];
  for (const a of cache.all()) {
    for (const f of cppPlayerFiles(a)) byName.set(f.name, f); // a later answer's class of the same name replaces the earlier, in its place
    for (const b of a.bots) if (b.language !== undefined) other.push({ name: b.name, language: b.language, interface: b.interface ?? null, answerId: a.answer_id, author: a.author });
  }
  return { cpp: [...byName.values()], other, dir: cache.dir };
}

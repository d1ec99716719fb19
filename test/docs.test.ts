/**
 * The documentation stays true where a test can tell: every relative link in README.md, docs/*.md
 * and engines/<game>/README.md resolves to an existing file (and to a heading of it, when the link
 * has an anchor, slugged as GitHub slugs headings); every repository path written in backticks
 * in README.md, docs/*.md and the READMEs under engines/, fixtures/ and transpiled-bots/ exists;
 * the golden counts the front page states are the counts the golden tests replay; docs/cli.md's
 * exit-code table lists exactly the codes of engines/core/cli/errors.ts, and its table of common
 * options exactly the options the core declares common.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import GithubSlugger from 'github-slugger';
import { marked, type Token, type Tokens } from 'marked';
import { describe, expect, it } from 'vitest';
import { EXIT } from '../engines/core/cli/errors.js';
import { commonParams } from '../engines/core/cli/params.ts';
import { fixtureFiles } from './fixtures.ts';

const ROOT = resolve(import.meta.dirname, '..');

/** The documentation pages the front page leads to. */
function docFiles(): string[] {
  const docs = readdirSync(join(ROOT, 'docs')).filter((f) => f.endsWith('.md')).map((f) => join(ROOT, 'docs', f));
  const games = readdirSync(join(ROOT, 'engines'))
    .map((d) => join(ROOT, 'engines', d, 'README.md'))
    .filter((f) => existsSync(f));
  return [join(ROOT, 'README.md'), join(ROOT, 'engines', 'README.md'), ...docs, ...games.filter((f) => f !== join(ROOT, 'engines', 'README.md'))];
}

/** A heading's text as GitHub renders it (code spans keep their text, inline HTML is dropped). */
function plainText(tokens: Token[] | undefined): string {
  let out = '';
  for (const t of tokens ?? []) {
    if (t.type === 'html') continue;
    if ('tokens' in t && t.tokens) out += plainText(t.tokens);
    else if ('text' in t && typeof t.text === 'string') out += t.text;
  }
  return out;
}

/** The anchors GitHub gives a Markdown file's headings (a repeated heading gets -1, -2, …). */
export function anchorsOf(markdown: string): Set<string> {
  const slugger = new GithubSlugger();
  const anchors = new Set<string>();
  marked.walkTokens(marked.lexer(markdown), (t) => {
    if (t.type === 'heading') anchors.add(slugger.slug(plainText((t as Tokens.Heading).tokens)));
  });
  return anchors;
}

/** Every link target of a Markdown text (inline links, images, reference definitions). */
function linksOf(markdown: string): string[] {
  const tokens = marked.lexer(markdown);
  const hrefs: string[] = [];
  marked.walkTokens(tokens, (t) => {
    if (t.type === 'link' || t.type === 'image') hrefs.push((t as Tokens.Link).href);
  });
  for (const def of Object.values(tokens.links ?? {})) hrefs.push(def.href);
  return hrefs;
}

/** The relative links of `file` (text `markdown`) that lead nowhere, each with the reason. */
export function brokenLinks(file: string, markdown: string): string[] {
  const broken: string[] = [];
  for (const href of linksOf(markdown)) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(href)) continue; // https:, mailto: …: not a file of the repository
    const [path, anchor] = href.split('#', 2) as [string, string | undefined];
    const target = path === '' ? file : resolve(dirname(file), decodeURIComponent(path));
    if (path !== '' && !existsSync(target)) {
      broken.push(`${href}: no such file (${relative(ROOT, target)})`);
      continue;
    }
    if (anchor === undefined) continue;
    if (path !== '' && (!statSync(target).isFile() || !target.endsWith('.md'))) {
      broken.push(`${href}: an anchor into something that is not a Markdown file`);
      continue;
    }
    const text = target === file ? markdown : readFileSync(target, 'utf8');
    if (!anchorsOf(text).has(decodeURIComponent(anchor))) broken.push(`${href}: ${relative(ROOT, target)} has no heading #${anchor}`);
  }
  return broken;
}

describe('documentation links', () => {
  it('the checker finds a missing file, a missing heading and an anchor into a folder, and passes good links', () => {
    const file = join(ROOT, 'docs', 'example.md');
    const md = [
      '# Title',
      '## `koth verify`: a port beside its original',
      '[ok](cli.md#exit-codes) [ok](#koth-verify-a-port-beside-its-original) [ok](../engines/dice/README.md) [web](https://example.org/x#y)',
      '[gone](nothere.md) [bad anchor](cli.md#no-such-heading) [folder](../engines#x)',
      '',
      '[ref]: ../README.md#no-such-heading-either',
    ].join('\n');
    expect(brokenLinks(file, md)).toEqual([
      'nothere.md: no such file (docs/nothere.md)',
      'cli.md#no-such-heading: docs/cli.md has no heading #no-such-heading',
      '../engines#x: an anchor into something that is not a Markdown file',
      '../README.md#no-such-heading-either: README.md has no heading #no-such-heading-either',
    ]);
  });

  it('anchors are slugged as GitHub slugs headings, repeats numbered', () => {
    expect([...anchorsOf('## Speed\n### Speed\n## MSVC mode (`--stdlib msvc`) and the published board\n## The second runtime: C++ compiled to WebAssembly')]).toEqual([
      'speed',
      'speed-1',
      'msvc-mode---stdlib-msvc-and-the-published-board',
      'the-second-runtime-c-compiled-to-webassembly',
    ]);
  });

  it('the front page, docs/ and every game README are there', () => {
    const names = docFiles().map((f) => relative(ROOT, f));
    for (const f of ['README.md', 'docs/cli.md', 'docs/determinism.md', 'docs/queue.md', 'docs/sandbox.md']) expect(names).toContain(f);
    for (const game of ['dice', 'ruins', 'atomas', 'camel-up', 'gun-duel']) expect(names).toContain(`engines/${game}/README.md`);
  });

  for (const file of docFiles()) {
    it(`every relative link of ${relative(ROOT, file)} resolves`, () => {
      expect(brokenLinks(file, readFileSync(file, 'utf8'))).toEqual([]);
    });
  }
});

describe('the exit-code table of docs/cli.md', () => {
  /** The first column of the table under the heading "Exit codes". */
  function documentedCodes(markdown: string): number[] {
    const tokens = marked.lexer(markdown);
    const at = tokens.findIndex((t) => t.type === 'heading' && (t as Tokens.Heading).text === 'Exit codes');
    expect(at, 'docs/cli.md has a heading "Exit codes"').toBeGreaterThanOrEqual(0);
    const table = tokens.slice(at + 1).find((t) => t.type === 'table' || t.type === 'heading');
    expect(table?.type, 'a table follows the heading "Exit codes"').toBe('table');
    return (table as Tokens.Table).rows.map((row) => Number(row[0]!.text));
  }

  it('lists exactly the codes of EXIT, each once', () => {
    const codes = documentedCodes(readFileSync(join(ROOT, 'docs', 'cli.md'), 'utf8'));
    expect([...codes].sort((a, b) => a - b)).toEqual(Object.values(EXIT).sort((a, b) => a - b));
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('the check sees a code missing from the table', () => {
    const md = '## Exit codes\n\n| code | meaning |\n| --- | --- |\n| 0 | done |\n| 1 | disagrees |\n';
    expect(documentedCodes(md)).toEqual([0, 1]);
    expect(documentedCodes(md)).not.toEqual(Object.values(EXIT).sort((a, b) => a - b));
  });

  it('the front page links to it', () => {
    expect(readFileSync(join(ROOT, 'README.md'), 'utf8')).toContain('](docs/cli.md#exit-codes)');
  });
});

/** README.md, docs/*.md and every README.md under engines/, fixtures/ and transpiled-bots/. */
function pathDocFiles(): string[] {
  const readmes = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true })
      .sort((a, b) => a.name.localeCompare(b.name))
      .flatMap((e) => (e.isDirectory() ? readmes(join(dir, e.name)) : e.name === 'README.md' ? [join(dir, e.name)] : []));
  const docs = readdirSync(join(ROOT, 'docs')).filter((f) => f.endsWith('.md')).sort().map((f) => join(ROOT, 'docs', f));
  return [join(ROOT, 'README.md'), ...docs, ...['engines', 'fixtures', 'transpiled-bots'].flatMap((d) => readmes(join(ROOT, d)))];
}

/**
 * Folders a command writes, git-ignored and absent from a fresh checkout: a path under one names
 * an output (`report/index.html`, `dist/koth.js`, `.koth-cache/dice`, `node_modules/.cache/…`),
 * so it is not checked.
 */
const OUTPUTS = new Set(['report', 'dist', '.koth-cache', 'node_modules']);

/** The text of every code span of a Markdown text (table cells included). */
function codeSpans(markdown: string): string[] {
  const spans: string[] = [];
  marked.walkTokens(marked.lexer(markdown), (t) => {
    if (t.type === 'codespan') spans.push((t as Tokens.Codespan).text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&'));
  });
  return spans;
}

/**
 * The repository path a code span of `file` names, or undefined when it names none: a span
 * without spaces, with a slash, not absolute, whose first segment is an entry of the repository's
 * root (the path is from the root) or of the file's own folder (the path is from there). Other
 * spans (commands, external repositories' paths, `a/b` alternatives of words) are not paths here.
 */
function repoPath(span: string, file: string): string | undefined {
  if (/\s/.test(span) || !span.includes('/') || span.startsWith('/')) return undefined;
  const first = span.split('/')[0]!;
  if (first === '' || first === '.' || first === '..') return undefined;
  if (OUTPUTS.has(first)) return undefined;
  if (existsSync(join(ROOT, first))) return span;
  const here = relative(ROOT, dirname(file));
  if (here !== '' && existsSync(join(dirname(file), first))) return join(here, span);
  return undefined;
}

/** `{a,b}` in a path: one path per alternative (nested braces are not used in the docs). */
function expandBraces(path: string): string[] {
  const m = /\{([^{}]*)\}/.exec(path);
  if (!m) return [path];
  return m[1]!.split(',').flatMap((alt) => expandBraces(path.slice(0, m.index) + alt + path.slice(m.index + m[0].length)));
}

/**
 * Whether something in the repository matches a path pattern: `*`, a `<placeholder>` and an
 * all-capitals word (DIR, FILE) match any part of one segment.
 */
function pathExists(pattern: string): boolean {
  const segments = pattern.replace(/\/$/, '').split('/');
  const walk = (dir: string, i: number): boolean => {
    if (i === segments.length) return true;
    const seg = segments[i]!;
    if (!/[*<]|\b[A-Z]{2,}\b/.test(seg)) return existsSync(join(dir, seg)) && (i === segments.length - 1 || statSync(join(dir, seg)).isDirectory()) && walk(join(dir, seg), i + 1);
    const re = new RegExp(`^${seg.split(/(\*|<[^>]*>|\b[A-Z]{2,}\b)/).map((part, k) => (k % 2 ? '.+' : part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))).join('')}$`);
    if (!existsSync(dir) || !statSync(dir).isDirectory()) return false;
    return readdirSync(dir).some((name) => re.test(name) && walk(join(dir, name), i + 1));
  };
  return walk(ROOT, 0);
}

/** The repository paths in backticks of `file` (text `markdown`) that match nothing. */
export function missingPaths(file: string, markdown: string): string[] {
  const missing: string[] = [];
  for (const span of codeSpans(markdown)) {
    const path = repoPath(span.replace(/[.,;:]$/, ''), file);
    if (path === undefined) continue;
    for (const p of expandBraces(path)) if (!pathExists(p)) missing.push(p === span ? span : `${span} (${p})`);
  }
  return missing;
}

describe('paths in backticks', () => {
  it('the checker finds a moved file, and passes paths that exist, patterns, outputs and non-paths', () => {
    const file = join(ROOT, 'fixtures', 'dice', 'goldens', 'README.md');
    const md = [
      '`engines/dice/goldens.test.ts` `fixtures/<game>/goldens/` `fixtures/dice/goldens/*-seed1.json` `fixtures/atomas/goldens/{draftBot,RandomBot}-seed1.json`',
      '`report/index.html` `.koth-cache/dice` `koth replay dice --exact` `forty-game/auto_bots.py` `/usr/bin/time` `original/fixed` `README.md`',
      '`test/dice-goldens.test.ts` `engines/<game>/nothere.ts` `fixtures/atomas/goldens/{draftBot,NoBot}-seed1.json`',
    ].join('\n');
    expect(missingPaths(file, md)).toEqual([
      'test/dice-goldens.test.ts',
      'engines/<game>/nothere.ts',
      'fixtures/atomas/goldens/{draftBot,NoBot}-seed1.json (fixtures/atomas/goldens/NoBot-seed1.json)',
    ]);
  });

  it('reads every README it should', () => {
    const names = pathDocFiles().map((f) => relative(ROOT, f));
    for (const f of ['README.md', 'docs/cli.md', 'engines/dice/README.md', 'fixtures/dice/goldens/README.md', 'transpiled-bots/dice/README.md']) expect(names).toContain(f);
  });

  for (const file of pathDocFiles()) {
    it(`every repository path in backticks in ${relative(ROOT, file)} exists`, () => {
      expect(missingPaths(file, readFileSync(file, 'utf8'))).toEqual([]);
    });
  }
});

describe('golden counts on the front page', () => {
  /**
   * The goldens each golden test replays, chosen as that test chooses them (keep in step):
   * engines/dice/goldens.test.ts, engines/atomas/goldens.test.ts, engines/camel-up/goldens.test.ts
   * (the top-level *.json of fixtures/<game>/goldens), engines/gun-duel/gun-duel.test.ts and
   * engines/gun-duel/cpp/cpp-originals.test.ts (seed-S.json).
   */
  const replayed: Record<string, string[]> = {
    dice: fixtureFiles('dice/goldens', /-seed\d+\.json$/),
    atomas: fixtureFiles('atomas/goldens', /-seed\d+\.json$/),
    'camel-up': fixtureFiles('camel-up/goldens', /\.json$/),
    'gun-duel': fixtureFiles('gun-duel/goldens', /^seed-\d+\.json$/),
  };

  /** The front page's games table: each game's "what is exact" cell. */
  function exactCells(markdown: string): Map<string, string> {
    const table = marked.lexer(markdown).find((t) => t.type === 'table' && (t as Tokens.Table).header.some((h) => h.text === 'what is exact')) as Tokens.Table | undefined;
    expect(table, 'README.md has the games table (a column "what is exact")').toBeDefined();
    const col = table!.header.findIndex((h) => h.text === 'what is exact');
    return new Map(table!.rows.map((row) => [row[0]!.text.replace(/`/g, ''), row[col]!.text]));
  }

  const cells = exactCells(readFileSync(join(ROOT, 'README.md'), 'utf8'));

  for (const game of ['dice', 'atomas', 'camel-up']) {
    it(`${game}: "N goldens" is the number its golden test replays`, () => {
      const stated = [...(cells.get(game) ?? '').matchAll(/(\d+) goldens/g)].map((m) => Number(m[1]));
      expect(stated, `README.md's ${game} row states one count`).toHaveLength(1);
      expect(stated[0]).toBe(replayed[game]!.length);
    });
  }

  it('gun-duel: "goldens for seeds A–B" are the seeds of its goldens', () => {
    const m = /goldens for seeds (\d+)–(\d+)/.exec(cells.get('gun-duel') ?? '');
    expect(m, "README.md's gun-duel row names its golden seeds").not.toBeNull();
    const seeds = replayed['gun-duel']!.map((f) => Number(/\d+/.exec(f)![0])).sort((a, b) => a - b);
    expect(seeds).toEqual(Array.from({ length: Number(m![2]) - Number(m![1]) + 1 }, (_, i) => Number(m![1]) + i));
  });

  it('the count check sees a wrong count', () => {
    const md = '| id | what is exact |\n| --- | --- |\n| `dice` | bit for bit (16 goldens) |\n';
    expect(exactCells(md).get('dice')).toBe('bit for bit (16 goldens)');
    expect(replayed.dice!.length).not.toBe(16);
  });
});

describe('the common options of docs/cli.md', () => {
  /** The options named in the first column of the table under "Options common to the games". */
  function documentedOptions(markdown: string): string[] {
    const tokens = marked.lexer(markdown);
    const at = tokens.findIndex((t) => t.type === 'heading' && (t as Tokens.Heading).text === 'Options common to the games');
    expect(at, 'docs/cli.md has a heading "Options common to the games"').toBeGreaterThanOrEqual(0);
    const table = tokens.slice(at + 1).find((t) => t.type === 'table' || t.type === 'heading');
    expect(table?.type, 'a table follows the heading').toBe('table');
    return (table as Tokens.Table).rows.flatMap((row) => [...row[0]!.text.matchAll(/--[a-z][a-z-]*/g)].map((m) => m[0]));
  }

  it('are exactly the options the core declares common (CommonOption, commonParams)', () => {
    const declared = new Set(Object.values(commonParams()).map((p) => p.flags.split(/[ ,]/)[0]!));
    const documented = documentedOptions(readFileSync(join(ROOT, 'docs', 'cli.md'), 'utf8'));
    expect(new Set(documented)).toEqual(declared);
    expect(documented).toHaveLength(new Set(documented).size);
  });
});

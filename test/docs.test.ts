/**
 * The documentation's links and its exit-code table: every relative link in README.md, docs/*.md
 * and engines/<game>/README.md resolves to an existing file (and to a heading of it, when the link
 * has an anchor, slugged as GitHub slugs headings), and docs/cli.md's exit-code table lists exactly
 * the codes of engines/core/cli/errors.ts.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import GithubSlugger from 'github-slugger';
import { marked, type Token, type Tokens } from 'marked';
import { describe, expect, it } from 'vitest';
import { EXIT } from '../engines/core/cli/errors.js';

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

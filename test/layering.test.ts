/**
 * The tree's import structure, read from the sources: engines/core/ imports nothing outside
 * itself (no data file either: build.mjs injects the package version), a game (engines/<game>/)
 * imports no port (the registry's wiring hands it its ports), games and the scraper import no
 * CLI and no test helper (test/), the host's orchestration (host/) is imported by none of them,
 * and no import cycle exists anywhere.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './helpers.ts';

const SKIP = new Set(['node_modules', 'dist', '.git', 'fixtures', '.koth-cache', 'report', 'tools']);

function sources(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    if (SKIP.has(name)) continue;
    const p = join(dir, name);
    if (statSync(p).isDirectory()) sources(p, out);
    else if (name.endsWith('.ts') && !name.endsWith('.d.ts')) out.push(p);
  }
  return out;
}

/** Relative imports of a file (static, type-only, for effect only and dynamic with a literal), as repo-relative paths. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specs = [...text.matchAll(/(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s+'([^']+)'|import\(\s*'([^']+)'\s*\)|(?:^|\n)\s*import\s+'([^']+)'/g)].map((m) => m[1] ?? m[2] ?? m[3]!);
  return specs.filter((s) => s.startsWith('.')).map((s) => relative(ROOT, resolve(dirname(file), s)));
}

const files = sources(ROOT).filter((f) => !/\.test\.ts$/.test(f));
/** Every relative import of every source file (.ts, and data such as package.json). */
const allImports = new Map(files.map((f) => [relative(ROOT, f), importsOf(f)]));
const graph = new Map([...allImports].map(([f, deps]) => [f, deps.filter((t) => t.endsWith('.ts'))]));

describe('layering', () => {
  it('reads a real graph', () => {
    expect(graph.size).toBeGreaterThan(100);
    expect(graph.get('engines/registry.ts')).toContain('engines/dice/index.ts');
    expect(graph.get('engines/registry.ts')).toContain('engines/wiring/dice.ts');
  });

  it('engines/core/ imports nothing outside itself (data files such as package.json included: build.mjs injects the version)', () => {
    const outside = [...allImports].flatMap(([f, deps]) => (f.startsWith('engines/core/') ? deps.filter((d) => !d.startsWith('engines/core/')).map((d) => `${f} → ${d}`) : []));
    expect(outside).toEqual([]);
  });

  it('no file under engines/<game>/ (outside tests) imports transpiled-bots/', () => {
    const game = (f: string) => /^engines\/(?!core\/|wiring\/)[^/]+\//.test(f);
    expect([...graph.keys()].filter(game).length).toBeGreaterThan(50);
    const bad = [...graph].flatMap(([f, deps]) => (game(f) ? deps.filter((d) => d.startsWith('transpiled-bots/')).map((d) => `${f} → ${d}`) : []));
    expect(bad).toEqual([]);
  });

  it('games, ports and the scraper import no CLI and no test helper', () => {
    const bad = [...graph].flatMap(([f, deps]) => (/^(engines|transpiled-bots|scraper)\//.test(f) ? deps.filter((d) => /^(cli|test)\//.test(d)).map((d) => `${f} → ${d}`) : []));
    expect(bad).toEqual([]);
  });

  it("the host's orchestration (host/) sits above games, scraper and core: nothing under engines/ or scraper/ imports it, and it imports no CLI", () => {
    const host = [...graph.keys()].filter((f) => f.startsWith('host/'));
    expect(host).toContain('host/ingest.ts');
    const below = [...graph].flatMap(([f, deps]) => (/^(engines|scraper|transpiled-bots)\//.test(f) ? deps.filter((d) => d.startsWith('host/')).map((d) => `${f} → ${d}`) : []));
    expect(below).toEqual([]);
    const up = host.flatMap((f) => (graph.get(f) ?? []).filter((d) => /^(cli|test)\//.test(d)).map((d) => `${f} → ${d}`));
    expect(up).toEqual([]);
  });

  it('test helpers live in test/, not beside the code they test', () => {
    // The local StackExchange drives the CLI: in scraper/ it made the scraper depend on cli/.
    expect(graph.has('test/test-server.ts')).toBe(true);
    expect(graph.get('test/test-server.ts')).toContain('cli/koth.ts');
    const helpers = [...graph.keys()].filter((f) => !f.startsWith('test/') && [...(graph.get(f) ?? [])].some((d) => d.startsWith('test/')));
    expect(helpers).toEqual([]);
  });

  it("the core's layers under its CLI kit (A/B, runner, stats, sandbox, rng, py, report) import nothing of engines/core/cli/", () => {
    const under = /^engines\/core\/(ab|runner|stats|sandbox|rng|py|report|io|process)\//;
    expect([...graph.keys()].filter((f) => under.test(f)).length).toBeGreaterThan(40);
    const bad = [...graph].flatMap(([f, deps]) => (under.test(f) ? deps.filter((d) => d.startsWith('engines/core/cli/')).map((d) => `${f} → ${d}`) : []));
    expect(bad).toEqual([]);
  });

  it("a sandbox runtime (sandbox/runtimes/) takes of the sandbox only its leaves, errors.ts and heartbeat.ts", () => {
    const runtimes = 'engines/core/sandbox/runtimes/';
    expect([...graph.keys()].filter((f) => f.startsWith(runtimes)).length).toBeGreaterThan(4);
    const leaves = new Set(['engines/core/sandbox/errors.ts', 'engines/core/sandbox/heartbeat.ts']);
    const bad = [...graph].flatMap(([f, deps]) => (f.startsWith(runtimes) ? deps.filter((d) => d.startsWith('engines/core/sandbox/') && !d.startsWith(runtimes) && !leaves.has(d)).map((d) => `${f} → ${d}`) : []));
    expect(bad).toEqual([]);
    // The leaves import nothing of the sandbox themselves.
    expect([...leaves].flatMap((f) => graph.get(f) ?? []).filter((d) => d.startsWith('engines/core/sandbox/'))).toEqual([]);
  });

  it("a game's cli.ts holds its declarations and renderers: no rule-A/B code (the core runs the declared ruleAb), and the five together stay small", () => {
    const clis = [...graph.keys()].filter((f) => /^engines\/(?!core\/|wiring\/)[^/]+\/cli\.ts$/.test(f));
    expect(clis.length).toBeGreaterThanOrEqual(5);
    // What runs, prints or reports a rule A/B lives in engines/core/ab/rules.ts and engines/core/cli/rule-ab-command.ts.
    const ruleAbCode = /\b(runRulePairs|ruleAbResult|ruleAbText|ruleAbForPage|runRuleAbCommand|pairedRow)\b/;
    expect(clis.filter((f) => ruleAbCode.test(readFileSync(join(ROOT, f), 'utf8')))).toEqual([]);
    // Issue 38: 2,258 lines of copy-and-adapt before the commands were declared; at most 1,400 since.
    const lines = clis.reduce((n, f) => n + readFileSync(join(ROOT, f), 'utf8').split('\n').length - 1, 0);
    expect(lines).toBeLessThanOrEqual(1_400);
  });

  it('no import cycle anywhere', () => {
    const state = new Map<string, 'open' | 'done'>();
    const cycles: string[] = [];
    const visit = (f: string, path: string[]) => {
      if (state.get(f) === 'done') return;
      if (state.get(f) === 'open') {
        cycles.push([...path.slice(path.indexOf(f)), f].join(' → '));
        return;
      }
      state.set(f, 'open');
      for (const d of graph.get(f) ?? []) visit(d, [...path, f]);
      state.set(f, 'done');
    };
    for (const f of graph.keys()) visit(f, []);
    expect(cycles).toEqual([]);
  });
});

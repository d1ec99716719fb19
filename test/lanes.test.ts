/**
 * The test lanes (vitest.config.ts) as vitest resolves them from vitest.config.ts: every test file
 * of the repository runs in exactly one lane, so `npm test` (all lanes) runs each once and none
 * is silently dropped; every file a lane lists exists; the lanes have the npm scripts the README
 * names.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createVitest } from 'vitest/node';
import { ROOT } from './helpers.ts';
import { LANES, LISTED } from '../vitest.config.ts';

const SKIP = new Set(['node_modules', 'dist', '.git']);

/** Every *.test.ts under the repository, relative, found without vitest. */
function testFiles(dir = ROOT, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    if (SKIP.has(name)) continue;
    const p = join(dir, name);
    if (statSync(p).isDirectory()) testFiles(p, out);
    else if (name.endsWith('.test.ts')) out.push(relative(ROOT, p));
  }
  return out;
}

/** file → the lanes vitest runs it in. */
async function resolvedLanes(): Promise<Map<string, string[]>> {
  const vitest = await createVitest('test', { root: ROOT, watch: false, config: join(ROOT, 'vitest.config.ts') }, {}, {});
  try {
    const specs = await vitest.globTestSpecifications();
    const lanes = new Map<string, string[]>();
    for (const s of specs) {
      const f = relative(ROOT, s.moduleId);
      lanes.set(f, [...(lanes.get(f) ?? []), s.project.name]);
    }
    return lanes;
  } finally {
    await vitest.close();
  }
}

describe('test lanes', () => {
  it('every test file runs in exactly one lane (vitest resolves vitest.config.ts)', async () => {
    const files = testFiles().sort();
    expect(files.length).toBeGreaterThan(100);
    const lanes = await resolvedLanes();
    expect([...lanes.keys()].sort()).toEqual(files);
    const notOnce = [...lanes].filter(([, l]) => l.length !== 1).map(([f, l]) => `${f}: ${l.join(', ') || 'none'}`);
    expect(notOnce).toEqual([]);
    expect(new Set([...lanes.values()].flat())).toEqual(new Set(LANES.map((l) => l.name)));
  }, 60_000);

  it('each listed file exists and is listed once', () => {
    const files = new Set(testFiles());
    expect(LISTED.filter((f) => !files.has(f))).toEqual([]);
    expect(LISTED.length).toBe(new Set(LISTED).size);
  });

  it('each lane has its npm script, and npm test runs every lane', () => {
    const scripts = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
    for (const l of LANES) expect(scripts[`test:${l.name}`], `test:${l.name}`).toBe(`vitest run --project ${l.name}`);
    expect(scripts.test).toBe('tsc --noEmit && vitest run');
  });

  it('the fast lane holds no file that starts Pyodide in its own thread (test/fast-lane.ts refuses the rest)', () => {
    const fast = testFiles().filter((f) => !LISTED.includes(f));
    expect(fast.filter((f) => /pyodide\/local\.ts/.test(readFileSync(join(ROOT, f), 'utf8')))).toEqual([]);
  });
});

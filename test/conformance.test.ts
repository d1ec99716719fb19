/**
 * Conformance tests over every registered game (OpenSpiel-style): a new game gets all of
 * them by its one registry line, without editing this file. A scratch coin-flip game, known
 * to no file of the project, is registered at runtime to prove it. Its sharded runs (worker
 * threads, whole samples of trials): conformance-shards.test.ts.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { challenges, games, registerGame, unregisterGame } from '../engines/registry.ts';
import { isVerifier, validateGame, type GameDescriptor } from '../engines/core/game.ts';
import { renderWatchPage } from '../engines/core/report/html/watch.ts';
import { runKoth } from './test-server.ts';
import { coinGame } from './scratch-game/index.ts';
import { ROOT } from './helpers.ts';

registerGame(coinGame);
afterAll(() => unregisterGame(coinGame.id));

const all = [...games];
const withEngine = all.filter((g) => g.engine);

describe('the registry', () => {
  it('holds the scratch game beside the real ones, each valid, ids and questions unique', () => {
    expect(all.map((g) => g.id)).toContain('coin');
    for (const g of all) expect(validateGame(g), g.id).toEqual([]);
    expect(new Set(all.map((g) => g.id)).size).toBe(all.length);
    expect(new Set(all.map((g) => g.questionId)).size).toBe(all.length);
  });

  it('a new game needs no CLI code: the scratch game declares its parameters and its statistical replay only (no registerCli; its --help and --json runs are checked below)', () => {
    expect(coinGame.engine!.registerCli).toBeUndefined();
    expect(coinGame.engine!.replay!.statistical).toBeDefined();
    expect(coinGame.engine!.replay!.modes ?? []).toEqual([]);
  });

  it('refuses an invalid or duplicate game, saying why', () => {
    expect(() => registerGame(coinGame)).toThrow(/already registered/);
    const bad = { ...coinGame, id: 'Bad Id', knownBots: [{ ...coinGame.knownBots[0]!, provenance: { ...coinGame.knownBots[0]!.provenance, questionId: 1 } }] } as GameDescriptor;
    expect(() => registerGame(bad)).toThrow(/id "Bad Id"[\s\S]*names question 1/);
  });

  it("derives the scraper's challenge table from the games", () => {
    expect(challenges().map((c) => [c.id, c.questionId, c.language])).toEqual(all.map((g) => [g.id, g.questionId, g.botLanguage]));
  });
});

describe.each(all.map((g) => [g.id, g] as const))('%s: ports', (id, g) => {
  const ported = g.knownBots.filter((k) => k.ported);
  it.runIf(ported.length > 0)('every port sits in transpiled-bots/<game>/<OriginalClass>.ts and exports its provenance, naming the question', async () => {
    for (const k of ported) {
      const file = join(ROOT, 'transpiled-bots', id, `${k.bot}.ts`);
      expect(existsSync(file), `${file} (port of ${k.bot})`).toBe(true);
      const mod = (await import(pathToFileURL(file).href)) as { provenance?: { bot: string; questionId: number; challenge: string } };
      expect(mod.provenance, `${k.bot} exports provenance`).toBeDefined();
      expect([mod.provenance!.bot, mod.provenance!.questionId, mod.provenance!.challenge]).toEqual([k.bot, g.questionId, id]);
    }
  });
});

describe.each(all.map((g) => [g.id, g] as const))('%s: koth verify', (id, g) => {
  it('has a verifier (ports, edge cases) or says why not and what proves its ports instead', () => {
    const v = g.verify;
    expect(v, `${id}: descriptor.verify is missing`).toBeDefined();
    if (isVerifier(v)) {
      expect(v.ports().length).toBeGreaterThan(0);
      const known = new Set(g.knownBots.map((k) => k.bot));
      for (const p of v.ports()) expect(known.has(p), `${id}: verifiable port ${p} is a known bot`).toBe(true);
      expect(v.edgeCases.length).toBeGreaterThan(10);
    } else {
      expect(v!.unavailable.length).toBeGreaterThan(20);
    }
  });

  it.runIf(!!g.verify && !isVerifier(g.verify))(`koth verify ${id} exits 2 with that reason`, async () => {
    const r = await runKoth(['verify', id]);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain((g.verify as { unavailable: string }).unavailable.slice(0, 40));
  });
});

describe.each(withEngine.map((g) => [g.id, g] as const))('%s: the CLI', (id, g) => {
  it(`koth replay ${id} --help explains options, examples and exit codes`, async () => {
    const r = await runKoth(['replay', id, '--help']);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/--json/);
    expect(r.stdout).toMatch(/Examples:/);
    expect(r.stdout).toMatch(/Exit codes:[\s\S]*130/);
    for (const v of Object.keys(g.engine!.variants ?? {})) expect(r.stdout).toContain(v);
  });

  it.runIf(!!g.engine!.conformance.replayArgs)(`koth replay ${id} … --json prints one JSON document`, async () => {
    const r = await runKoth(['replay', id, ...g.engine!.conformance.replayArgs!, '--json']);
    expect([0, 1]).toContain(r.status);
    expect(() => r.json()).not.toThrow();
    expect(typeof r.json()).toBe('object');
  });

  it('an unknown option is a usage error (exit 2) that says what to do', async () => {
    const r = await runKoth(['replay', id, '--no-such-option']);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/unknown option[\s\S]*--help/);
  });

  it.runIf(Object.keys(g.engine!.variants ?? {}).length > 0)('an unknown rule variant is a usage error naming the variants', async () => {
    const r = await runKoth(['replay', id, '--rules', 'no-such-variant']);
    expect(r.status).toBe(2);
    for (const v of Object.keys(g.engine!.variants ?? {})) expect(r.stderr).toContain(v);
  });
});

const watching = withEngine.filter((g) => g.engine!.watchSamples);

describe.each(watching.map((g) => [g.id, g] as const))('%s: watch pages (koth play --report, the replay report’s samples)', (id, g) => {
  it('sample games: steps with a picture and text each, the same pages every time, nothing loaded from outside', () => {
    const pages = g.engine!.watchSamples!();
    expect(pages.length, `${id}: at least one sample game`).toBeGreaterThan(0);
    for (const p of pages) {
      expect(p.game).toBe(id);
      expect(p.steps.length, p.title).toBeGreaterThan(1);
      for (const s of p.steps) {
        expect(s.svg, `${p.title}: ${s.label}`).toMatch(/^<svg[\s\S]*<\/svg>$/);
        expect(s.label.length).toBeGreaterThan(0);
      }
      // Consecutive steps do not all draw the same picture: the game moves.
      expect(new Set(p.steps.map((s) => s.svg)).size, p.title).toBeGreaterThan(1);
      const html = renderWatchPage(p);
      expect(html).not.toMatch(/\s(src|href)=["']?(https?:)?\/\//);
    }
    // Deterministic: the samples come from seeds, not from the clock.
    expect(g.engine!.watchSamples!().map(renderWatchPage)).toEqual(pages.map(renderWatchPage));
  });
});

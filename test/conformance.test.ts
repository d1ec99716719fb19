/**
 * Conformance tests over every registered game (OpenSpiel-style): a new game gets all of
 * them by its one registry line, without editing this file. A scratch coin-flip game, known
 * to no file of the project, is registered at runtime to prove it.
 */
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { challenges, games, registerGame, trialsModuleOf, unregisterGame } from '../engines/registry.ts';
import { isVerifier, validateGame, type GameDescriptor } from '../engines/core/game.ts';
import { runTrials } from '../engines/core/runner/runner.ts';
import { renderWatchPage } from '../engines/core/report/html/watch.ts';
import { runKoth } from './test-server.ts';
import { coinGame } from './scratch-game/index.ts';
import { ROOT } from './helpers.ts';

registerGame(coinGame);
afterAll(() => unregisterGame(coinGame.id));

const all = [...games];
const withEngine = all.filter((g) => g.engine);
const sharded = withEngine.filter((g) => g.engine!.trials && g.engine!.conformance.trials);

describe('the registry', () => {
  it('holds the scratch game beside the real ones, each valid, ids and questions unique', () => {
    expect(all.map((g) => g.id)).toContain('coin');
    for (const g of all) expect(validateGame(g), g.id).toEqual([]);
    expect(new Set(all.map((g) => g.id)).size).toBe(all.length);
    expect(new Set(all.map((g) => g.questionId)).size).toBe(all.length);
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

describe.each(sharded.map((g) => [g.id, g] as const))('%s: sharded runs', (id, g) => {
  const spec = g.engine!.trials!;
  const sample = g.engine!.conformance.trials!;
  const base = { game: id, spec, trialsModule: trialsModuleOf(id), opts: sample.opts, seed: 'conformance', trials: sample.trials, shardSize: sample.shardSize };

  it('workers load the same trials from its module', async () => {
    const mod = (await import(trialsModuleOf(id))) as { trials?: typeof spec };
    expect(mod.trials?.generator).toBe(spec.generator);
  });

  it('same seed → same result; another seed → another result', async () => {
    const a = await runTrials({ ...base, workers: 1 });
    const b = await runTrials({ ...base, workers: 1 });
    const c = await runTrials({ ...base, workers: 1, seed: 'conformance-other' });
    expect(b.acc).toEqual(a.acc);
    expect(c.acc).not.toEqual(a.acc);
  });

  it('1 worker and 2 workers give identical results', async () => {
    const one = await runTrials({ ...base, workers: 1 });
    const two = await runTrials({ ...base, workers: 2 });
    expect(two.workers).toBe(2);
    expect(two.acc).toEqual(one.acc);
  });

  it('an interrupted run resumes from its checkpoint to the uninterrupted result', async () => {
    const path = join(mkdtempSync(join(tmpdir(), `koth-${id}-`)), 'run.checkpoint.json');
    const full = await runTrials({ ...base, workers: 1 });
    const stop = new AbortController();
    const half = Math.max(1, Math.floor(sample.trials / sample.shardSize / 2));
    const first = await runTrials({ ...base, workers: 2, checkpoint: path, signal: stop.signal, onShard: (done) => done >= half && stop.abort() });
    expect(first.interrupted).toBe(true);
    const resumed = await runTrials({ ...base, workers: 2, checkpoint: path });
    expect(resumed.interrupted).toBe(false);
    expect(resumed.resumedShards).toBeGreaterThanOrEqual(half);
    expect(resumed.acc).toEqual(full.acc);
  });

  it('count() is the number of trials an accumulator holds; a checkpoint that claims more is refused when loaded', async () => {
    const path = join(mkdtempSync(join(tmpdir(), `koth-${id}-`)), 'run.checkpoint.json');
    const full = await runTrials({ ...base, workers: 1, checkpoint: path });
    expect(spec.count(full.acc)).toBe(sample.trials);
    expect(spec.count(spec.empty(sample.opts))).toBe(0);
    // The whole run's results, recorded as if they were those of its first shard only.
    const file = JSON.parse(readFileSync(path, 'utf8'));
    const merger = file.parts.main.merger;
    Object.assign(merger, { next: 1, pending: {} });
    file.parts.main.complete = false;
    writeFileSync(path, JSON.stringify(file));
    await expect(runTrials({ ...base, workers: 1, checkpoint: path })).rejects.toThrow(new RegExp(`matches this run but cannot be used: its results hold ${sample.trials} trials, but its 1 finished shards hold ${sample.shardSize}`));
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

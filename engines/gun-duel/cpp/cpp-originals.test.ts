/**
 * The posted answers themselves (fzql/GunDuel a6e74c9, Tournament/<Name>.hpp), compiled and run
 * in the sandbox: equal to the goldens of the g++ build (seeds 1–3), to the ports under the MSVC
 * model, and each port in lockstep with its compiled original (koth verify gun-duel).
 * The originals are never in the repository: they are read from KOTH_GUN_DUEL_ORIGINALS (the
 * folder holding the .hpp files) (opt-in); without them every test
 * here is skipped, saying so.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { koth } from '../../../test/helpers.ts';
import { BEAT } from '../../core/sandbox/heartbeat.ts';
import { POOL } from '../../../transpiled-bots/gun-duel/index.ts';
import { exactSeeds, runTournament } from '../tournament.ts';
import '../../wiring/gun-duel.ts';
import { verifyGunDuel } from '../verify.ts';
import { compileAnswers } from './answers.ts';

const DIR = process.env.KOTH_GUN_DUEL_ORIGINALS || '';
const have = POOL.every((p) => existsSync(join(DIR, `${p.botName}.hpp`)));
if (!have) console.warn(`cpp-originals.test.ts: skipped — the 17 answers (<Name>.hpp of fzql/GunDuel a6e74c9) are not in ${DIR}; set KOTH_GUN_DUEL_ORIGINALS to their folder`);
const files = POOL.map((p) => join(DIR, `${p.botName}.hpp`)).join(',');
const golden = (s: number) => JSON.parse(readFileSync(new URL(`../../../fixtures/gun-duel/goldens/seed-${s}.json`, import.meta.url), 'utf8'));

describe.skipIf(!have)('the 17 posted answers, compiled', () => {
  for (const s of [1, 2, 3]) {
    it(`--exact --seed ${s} --cpp-players <the 17 files> equals the g++ golden bit for bit`, () => {
      const r = koth(['replay', 'gun-duel', '--exact', '--seed', String(s), '--cpp-players', files, '--json'], {}, 1_800_000);
      expect(r.status, r.stderr).toBe(0);
      const g = golden(s);
      const j = r.json();
      expect(j.identifiers).toEqual(g.identifiers);
      expect(j.rows).toEqual(g.rows);
      expect(j.round1Pairs).toEqual(g.round1Pairs);
    }, 1_800_000);
  }
  it('--stdlib msvc: equal to the ports under the MSVC model', () => {
    const r = koth(['replay', 'gun-duel', '--exact', '--seed', '11', '--repetition', '10', '--stdlib', 'msvc', '--cpp-players', files, '--json'], {}, 1_800_000);
    expect(r.status, r.stderr).toBe(0);
    expect(r.json()).toEqual(JSON.parse(JSON.stringify(runTournament({ players: POOL, seeds: exactSeeds(11n), repetition: 10, lib: 'msvc' }))));
  }, 1_800_000);
  it('koth verify: every port agrees with its compiled original, decision for decision (both engine models, edge cases)', async () => {
    const { answers } = await compileAnswers(POOL.map((p) => ({ name: p.botName, file: join(DIR, `${p.botName}.hpp`), code: readFileSync(join(DIR, `${p.botName}.hpp`), 'utf8') })));
    const sandbox = { runtime: 'wasm' as const, cells: new Int32Array(new SharedArrayBuffer(BEAT.size * 4)), label: () => 0 };
    for (const a of answers) {
      const r = verifyGunDuel(a.name, a, { seed: '1', games: 1, sandbox });
      expect(r.disagreements, a.name).toEqual([]);
      expect(r.compared, a.name).toBeGreaterThan(100);
      expect(r.agreed).toBe(r.compared);
    }
  }, 1_800_000);
  it('koth verify gun-duel CBetaPlayer --source <the file> (CLI): agrees, exit 0', () => {
    const r = koth(['verify', 'gun-duel', 'CBetaPlayer', '--source', join(DIR, 'CBetaPlayer.hpp'), '--json'], {}, 600_000);
    expect(r.status, r.stderr).toBe(0);
    const j = r.json().results[0];
    expect(j.disagreementCount).toBe(0);
    expect(j.compared).toBeGreaterThan(100);
  }, 600_000);
  it('koth bench gun-duel --original <checkout>: compile time cold and cached, and a tournament of the compiled answers beside the ports', () => {
    const checkout = join(DIR, '..');
    const r = koth(['bench', 'gun-duel', '--quick', '--json', '--original', existsSync(join(checkout, 'Tournament')) ? checkout : DIR], {}, 1_800_000);
    expect(r.status, r.stderr).toBe(0);
    const figs = r.json() as { name: string; value: number; reference?: { source: string } }[];
    const cold = figs.find((f) => /compiled to WebAssembly, cold/.test(f.name))!;
    const warm = figs.find((f) => /compiled, cached/.test(f.name))!;
    const run = figs.find((f) => /exact tournament of the compiled answers .* CPU/.test(f.name))!;
    expect(cold.value).toBeGreaterThan(warm.value);
    expect(run.value).toBeGreaterThan(0);
    expect(run.reference!.source).toMatch(/the ports, this run/);
  }, 1_800_000);
});

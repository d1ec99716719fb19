/**
 * The 2026 house bots' ports against the house bots as posted, run in the sandbox (opt-in: a
 * checkout of trbarron/Camel_Up_Cup_2K18 at 2dbad1c named by KOTH_CAMEL_2026). Always on
 * instead: transpiled-bots/camel-up/traces.test.ts (recorded calls of the originals in CPython).
 * - lockstep: `koth verify camel-up <Bot> --source CHECKOUT/bots/house/<Bot>.py --rules 2026`;
 * - a 2026 replay with the ports equals the same replay with the originals in the sandbox.
 * Slow: each house bot takes seconds a move in Pyodide. The originals lane (vitest.config.ts).
 * Always on: whole games of camelup.py 2026 with each house bot (recorded natively,
 * fixtures/camel-up/traces/2026/games-*.json) replayed with its port, the `house` pool:
 * house-games.test.ts.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runKoth } from '../../test/test-server.ts';
import { HOUSE_PLAYERS } from '../../transpiled-bots/camel-up/index.ts';
import { camelUpRoster } from '../../transpiled-bots/camel-up/index.ts';

const CHECKOUT = process.env.KOTH_CAMEL_2026 ?? '';
const HOUSE = join(CHECKOUT, 'bots/house');
const haveCheckout = CHECKOUT !== '' && existsSync(join(HOUSE, 'HandcodedHenry.py')) && existsSync(join(CHECKOUT, 'camelup.py'));
if (!haveCheckout) console.warn('SKIP the house-port lockstep and replay tests: set KOTH_CAMEL_2026 to a checkout of trbarron/Camel_Up_Cup_2K18 at 2dbad1c');

/** The house ports with exactness claims (FabelFelix reads the clock: left out). */
const EXACT = HOUSE_PLAYERS.map((p) => p.name).filter((n) => n !== 'FabelFelix');

describe.skipIf(!haveCheckout)('house ports against the house bots as posted (sandbox)', () => {
  it("each port's provenance names the file it was written from (sha256 of bots/house/<Bot>.py at 2dbad1c)", () => {
    for (const bot of HOUSE_PLAYERS.map((p) => p.name)) {
      const prov = camelUpRoster.knownBots().find((k) => k.bot === bot)!.provenance!;
      expect(prov.source).toMatch(new RegExp(`bots/house/${bot}\\.py @ 2dbad1c`));
      expect(prov.sha256, bot).toBe(createHash('sha256').update(readFileSync(join(HOUSE, `${bot}.py`))).digest('hex'));
    }
  });

  for (const bot of EXACT) {
    it(`koth verify camel-up ${bot} --rules 2026: every decision and every draw agree in a seeded game and the edge cases`, async () => {
      const r = await runKoth(['verify', 'camel-up', bot, '--source', join(HOUSE, `${bot}.py`), '--rules', '2026', '--games', '1', '--json']);
      expect(r.status, r.stdout + r.stderr).toBe(0);
      const res = r.json().results[0];
      expect(res.rules).toBe('2026');
      // A game's worth of the bot's moves plus the nine edge cases.
      expect(res.compared).toBeGreaterThan(15);
      expect(res.agreed).toBe(res.compared);
      expect(res.disagreementCount).toBe(0);
    }, 1_800_000);
  }

  it('koth replay camel-up --exact --rules 2026 with the ports equals the same replay with the originals in the sandbox', async () => {
    const seats = [...EXACT, 'Player0'].slice(0, Math.max(4, EXACT.length));
    const args = ['replay', 'camel-up', '--exact', '--rules', '2026', '--seed', '5', '--games', '1', '--bots', seats.join(','), '--json'];
    const ports = await runKoth(args);
    expect(ports.status, ports.stderr).toBe(0);
    const files = [...EXACT.map((b) => join(HOUSE, `${b}.py`)), 'tools/oracle/camel-up/bots/port_twins.py'].join(',');
    const originals = await runKoth([...args, '--python-bots', files]);
    expect(originals.status, originals.stderr).toBe(0);
    expect(ports.json().games).toHaveLength(1);
    expect(ports.json().games).toEqual(originals.json().games);
  }, 1_800_000);
});

/**
 * FabelFelix budgets its search by time.perf_counter, which our sandbox freezes (docs/sandbox.md):
 * the sandboxed original as posted runs its full search every move, as the port does by default.
 * The sandbox is Python 3.14, so the port's default compensated sum() applies.
 */
describe.skipIf(!haveCheckout)('FabelFelix against the sandboxed original as posted (the sandbox clock is frozen)', () => {
  const frozen = (): string => join(HOUSE, 'FabelFelix.py');

  it('koth verify camel-up FabelFelix --rules 2026: every decision agrees (one seeded game and the edge cases)', async () => {
    const r = await runKoth(['verify', 'camel-up', 'FabelFelix', '--source', frozen(), '--rules', '2026', '--games', '1', '--json']);
    expect(r.status, r.stdout + r.stderr).toBe(0);
    const res = r.json().results[0];
    expect(res.compared).toBeGreaterThan(15);
    expect(res.agreed).toBe(res.compared);
    expect(res.disagreementCount).toBe(0);
  }, 1_800_000);

  it('koth replay camel-up --exact --rules 2026 with FabelFelix and OpusOmul ported equals the same replay with the originals in the sandbox', async () => {
    const args = ['replay', 'camel-up', '--exact', '--rules', '2026', '--seed', '5', '--games', '1', '--bots', 'FabelFelix,OpusOmul,Player0,Player2', '--json'];
    const ports = await runKoth(args);
    expect(ports.status, ports.stderr).toBe(0);
    const originals = await runKoth([...args, '--python-bots', [frozen(), join(HOUSE, 'OpusOmul.py'), 'tools/oracle/camel-up/bots/port_twins.py'].join(',')]);
    expect(originals.status, originals.stderr).toBe(0);
    expect(ports.json().games).toHaveLength(1);
    expect(ports.json().games[0].order).toContain('FabelFelix');
    expect(ports.json().games).toEqual(originals.json().games);
  }, 1_800_000);
});

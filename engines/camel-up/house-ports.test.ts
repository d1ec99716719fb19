/**
 * The 2026 house bots' ports against the house bots as posted, run in the sandbox (opt-in: a
 * checkout of trbarron/Camel_Up_Cup_2K18 at 2dbad1c named by KOTH_CAMEL_2026). Always on
 * instead: transpiled-bots/camel-up/traces.test.ts (recorded calls of the originals in CPython).
 * - lockstep: `koth verify camel-up <Bot> --source CHECKOUT/bots/house/<Bot>.py --rules 2026`;
 * - a 2026 replay with the ports equals the same replay with the originals in the sandbox.
 * Slow: each house bot takes seconds a move in Pyodide.
 * Always on: whole games of camelup.py 2026 with each house bot (recorded natively,
 * fixtures/camel-up/traces/2026/games-*.json) replayed with its port; the `house` pool.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runKoth } from '../../test/test-server.ts';
import { camelPlayer, camelUpRoster, HOUSE_PLAYERS } from '../../transpiled-bots/camel-up/index.ts';
import { CAMEL_POOLS } from './ports.ts';
import { fixture, fixtureFiles } from '../../test/fixtures.ts';
import { runExact, type CamelGameRecord } from './tournament.ts';
import { emptyState } from './rules.ts';
import { PyRandom } from '../core/rng/python-random.ts';

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

describe('house ports in whole 2026 games (always on)', () => {
  const files = fixtureFiles('camel-up/traces/2026', /^games-.*\.json$/);
  it('each exact house port has recorded games of camelup.py 2026', () => {
    expect([...new Set(files.map((f) => /^games-(\w+)-seed/.exec(f)![1]))].sort()).toEqual([...EXACT].sort());
  });
  for (const f of files) {
    it(`${f}: the port seated with Player0, Player2, Player0 plays camelup.py 2026's games (order, winners, money)`, () => {
      const [, bot, seed] = /^games-(\w+)-seed(\d+)\.json$/.exec(f)!;
      const golden = fixture<{ games: CamelGameRecord[] }>(`camel-up/traces/2026/${f}`);
      expect(golden.games.length).toBeGreaterThan(0);
      expect(runExact([bot!, 'Player0', 'Player2', 'Player0'], camelPlayer, seed!, '2026', golden.games.length).games).toEqual(golden.games);
    }, 300_000);
  }

  it('GeminiGerry: where the original never returns (every camel past 18, none on 16-18), the port raises instead', () => {
    const g = emptyState();
    g.camel_track[20]!.push(0, 1, 2, 3, 4);
    expect(() => camelPlayer('GeminiGerry')!.move(0, g, { random: new PyRandom(1) })).toThrow(/never ends/);
  });

  it('koth replay camel-up --pool house --rules 2026 seats the house ports', async () => {
    const r = await runKoth(['replay', 'camel-up', '--exact', '--rules', '2026', '--pool', 'house', '--seed', '3', '--games', '2', '--json']);
    expect(r.status, r.stderr).toBe(0);
    const games = r.json().games as CamelGameRecord[];
    for (const bot of EXACT) expect(games.some((g) => g.order.includes(bot)), bot).toBe(true);
    expect(games).toEqual(runExact([...CAMEL_POOLS.house!], camelPlayer, '3', '2026', 2).games);
  }, 300_000);
});

describe('koth verify --rules', () => {
  it('an unknown rule set, or --rules for a game whose verifier knows one: exit 2 with the names to use', async () => {
    const bad = await runKoth(['verify', 'camel-up', 'HandcodedHenry', '--source', 'tools/oracle/camel-up/bots/port_twins.py', '--rules', '1999']);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/unknown rules "1999" for camel-up: use original, 2026/);
    const one = await runKoth(['verify', 'dice', 'GoToTenBot', '--source', 'tools/oracle/camel-up/bots/port_twins.py', '--rules', '2026']);
    expect(one.status).toBe(2);
    expect(one.stderr).toMatch(/koth verify dice knows one rule set only/);
  });
});

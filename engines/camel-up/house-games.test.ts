/**
 * The 2026 house bots' ports in whole games, always on: the games of camelup.py 2026 with each
 * house bot (recorded natively, fixtures/camel-up/traces/2026/games-*.json) replayed with its
 * port; the `house` pool; `koth verify --rules`. Against the house bots as posted, in the sandbox
 * (opt-in, KOTH_CAMEL_2026): house-ports.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { runKoth } from '../../test/test-server.ts';
import { camelPlayer, HOUSE_PLAYERS } from '../../transpiled-bots/camel-up/index.ts';
import { CAMEL_POOLS } from './ports.ts';
import { fixture, fixtureFiles } from '../../test/fixtures.ts';
import { runExact, type CamelGameRecord } from './tournament.ts';
import { emptyState } from './rules.ts';
import { PyRandom } from '../core/rng/python-random.ts';

/** The house ports with exactness claims (FabelFelix reads the clock: left out). */
const EXACT = HOUSE_PLAYERS.map((p) => p.name).filter((n) => n !== 'FabelFelix');

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

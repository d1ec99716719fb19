/** The camel-up engine and ports against camelup.py itself (fixtures/camel-up/goldens/README.md). */
import { describe, expect, it } from 'vitest';
import { fixture, fixtureFiles } from '../../test/fixtures.ts';
import { runExact, type CamelGameRecord } from './tournament.ts';
import '../wiring/camel-up.ts';
import { camelBot } from './ports.ts';

const RULES: Record<string, string> = { '46f6797': 'original', '2ec4082': 'pre-0620', '2dbad1c': '2026' };
const POOLS: Record<string, string[]> = {
  dumb: ['Player0', 'Player1', 'Player2', 'Player0'],
  all: ['Player0', 'Player1', 'Player2', 'Sir_Humpfree_Bogart'],
  misbehaving: ['Player0', 'Player2', 'Crasher', 'Misfit', 'RoundBetter', 'Trapper'],
};
const goldens = fixtureFiles('camel-up/goldens', /\.json$/);

describe('camel-up exact replay equals camelup.py, game for game', () => {
  it('has goldens of both 2018-06-20 controllers, with and without Sir_Humpfree_Bogart, and of the 2026 one with our misbehaving players', () => {
    for (const p of ['46f6797-dumb', '46f6797-all', '2ec4082-dumb', '2ec4082-all', '2dbad1c-misbehaving']) expect(goldens.some((f) => f.startsWith(p))).toBe(true);
  });
  for (const f of goldens) {
    it(f, () => {
      const [, commit, pool, seed] = /^(\w+)-(\w+)-seed(\d+)\.json$/.exec(f)!;
      const g = fixture<{ games: CamelGameRecord[] }>(`camel-up/goldens/${f}`);
      const ours = runExact(POOLS[pool!]!, camelBot, BigInt(seed!), RULES[commit!]!, g.games.length);
      for (let i = 0; i < g.games.length; i++) expect(ours.games[i], `game ${i + 1}`).toEqual(g.games[i]);
    }, 120_000);
  }
});

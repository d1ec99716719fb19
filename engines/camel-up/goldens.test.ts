/** The camel-up engine and ports against camelup.py itself (fixtures/camel-up/goldens/README.md). */
import { describe, expect, it } from 'vitest';
import { fixture, fixtureFiles } from '../../test/fixtures.ts';
import { runExact, type CamelGameRecord } from './tournament.ts';
import { camelPlayer } from '../../transpiled-bots/camel-up/index.ts';

const RULES: Record<string, string> = { '46f6797': 'original', '2ec4082': 'pre-0620' };
const POOLS: Record<string, string[]> = {
  dumb: ['Player0', 'Player1', 'Player2', 'Player0'],
  all: ['Player0', 'Player1', 'Player2', 'Sir_Humpfree_Bogart'],
};
const goldens = fixtureFiles('camel-up/goldens', /\.json$/);

describe('camel-up exact replay equals camelup.py, game for game', () => {
  it('has goldens of both 2018-06-20 controllers, with and without Sir_Humpfree_Bogart', () => {
    for (const p of ['46f6797-dumb', '46f6797-all', '2ec4082-dumb', '2ec4082-all']) expect(goldens.some((f) => f.startsWith(p))).toBe(true);
  });
  for (const f of goldens) {
    it(f, () => {
      const [, commit, pool, seed] = /^(\w+)-(\w+)-seed(\d+)\.json$/.exec(f)!;
      const g = fixture<{ games: CamelGameRecord[] }>(`camel-up/goldens/${f}`);
      const ours = runExact(POOLS[pool!]!, camelPlayer, BigInt(seed!), RULES[commit!]!, g.games.length);
      for (let i = 0; i < g.games.length; i++) expect(ours.games[i], `game ${i + 1}`).toEqual(g.games[i]);
    }, 120_000);
  }
});

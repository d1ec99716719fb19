/** The engine and the ports against the posted controller run with the original bots (fixtures/atomas/goldens/README.md). */
import { describe, expect, it } from 'vitest';
import { fixture, fixtureFiles } from '../../test/fixtures.ts';
import { runExact } from './tournament.ts';
import { atomasBot } from '../../transpiled-bots/atomas/index.ts';

const goldens = fixtureFiles('atomas/goldens', /-seed\d+\.json$/);

describe('atomas exact replay equals the posted controller, game for game', () => {
  it('has goldens for the three answers', () => {
    for (const b of ['draftBot', 'RandomBot', 'BadPlayer']) expect(goldens.filter((f) => f.startsWith(`${b}-`)).length).toBeGreaterThanOrEqual(3);
  });
  for (const f of goldens) {
    it(f, () => {
      const [, bot, seed] = /^(\w+)-seed(\d+)\.json$/.exec(f)!;
      const g = fixture(`atomas/goldens/${f}`);
      const ours = runExact(atomasBot(bot!)!, BigInt(seed!), 'original');
      for (let i = 0; i < Math.max(ours.games.length, g.games.length); i++) expect(ours.games[i], `game ${i + 1}`).toEqual(g.games[i]);
    });
  }
});

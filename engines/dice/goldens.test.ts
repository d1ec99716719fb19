import { describe, expect, it } from 'vitest';
import { runExact, type DiceExactResult } from './tournament.ts';
import { diceClass } from '../../transpiled-bots/dice/index.ts';
import { runKoth } from '../../test/test-server.ts';
import { fixture, fixtureFiles } from '../../test/fixtures.ts';

// Goldens: the original controller run here with random.seed(S) (fixtures/dice/goldens/README.md).
const goldens = fixtureFiles('dice/goldens', /-seed\d+\.json$/);
const load = (f: string) => fixture<DiceExactResult>(`dice/goldens/${f}`);

describe('dice exact replay equals the original controller to the last digit', () => {
  it('there are goldens for both controller versions and several pools', () => {
    const all = goldens.map((f) => load(f));
    expect(new Set(all.map((g) => g.rules))).toEqual(new Set(['fixed', 'original']));
    expect(new Set(all.map((g) => g.bots.length)).size).toBeGreaterThanOrEqual(3);
    expect(new Set(all.map((g) => g.seed)).size).toBeGreaterThanOrEqual(3);
  });

  for (const file of goldens) {
    it(file, () => {
      const golden = load(file);
      const ours = runExact(BigInt(golden.seed), golden.games, { bots: golden.bots, rules: golden.rules }, diceClass);
      expect({ ...ours, seed: golden.seed }).toEqual(golden);
    });
  }

  it('`koth replay dice --exact --json` prints the golden', async () => {
    const file = goldens.find((f) => f.startsWith('small-fixed')) ?? goldens[0]!;
    const golden = load(file);
    // main() in this process (the bundle prints an exact dice replay in test/cli-edges.test.ts).
    const r = await runKoth(['replay', 'dice', '--exact', '--seed', String(golden.seed), '--games', String(golden.games), '--bots', golden.bots.join(','), '--rules', golden.rules, '--json']);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.json()).toEqual(golden);
  });
});

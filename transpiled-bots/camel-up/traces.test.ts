/**
 * Every camel-up port against its original's recorded calls (fixtures/camel-up/traces/README.md):
 * the same state and generator seed in, the same answer out, and the shared generator left in
 * the same state (Sir_Humpfree_Bogart draws ~2 numbers per simulated move of its 10,000 futures).
 */
import { describe, expect, it } from 'vitest';
import { fixture, fixtureFiles } from '../../test/fixtures.ts';
import { PyRandom } from '../../engines/core/rng/python-random.ts';
import { CAMELS, HiddenBet, type CamelGameState, type Trap } from '../../engines/camel-up/rules.ts';
import { camelPlayer } from './index.ts';

interface Call {
  player: number;
  state: Omit<CamelGameState, 'game_winner_bets' | 'game_loser_bets' | 'player_game_bets' | 'active_game' | 'game_winner' | 'camels'> & {
    game_winner_bets: [string, number][];
    game_loser_bets: [string, number][];
    player_game_bets: string[][];
  };
  rngSeed: number;
  answer: unknown[];
  rngAfter: number;
}

/** The recorded state as a bot sees it (each recorded hidden bet becomes a HiddenBet again). */
function stateOf(s: Call['state']): CamelGameState {
  const bets = new Map<string, HiddenBet>();
  return {
    ...s,
    trap_track: s.trap_track as Trap[],
    game_winner_bets: s.game_winner_bets.map(([c, p]) => [new HiddenBet(c), p]),
    game_loser_bets: s.game_loser_bets.map(([c, p]) => [new HiddenBet(c), p]),
    player_game_bets: s.player_game_bets.map((r) => r.map((c) => bets.get(c) ?? new HiddenBet(c))),
    active_game: true,
    game_winner: [],
    camels: CAMELS,
  };
}

const files = fixtureFiles('camel-up/traces', /\.json\.gz$/);

describe('camel-up ports agree with their originals call for call', () => {
  it('has a trace per player', () => {
    expect(files.map((f) => f.replace('.json.gz', '')).sort()).toEqual(['Player0', 'Player1', 'Player2', 'Sir_Humpfree_Bogart']);
  });
  for (const f of files) {
    const name = f.replace('.json.gz', '');
    it(name, () => {
      const t = fixture<{ calls: Call[] }>(`camel-up/traces/${f}`);
      const port = camelPlayer(name)!;
      expect(t.calls.length).toBeGreaterThanOrEqual(name === 'Sir_Humpfree_Bogart' ? 300 : 2000);
      const bad: string[] = [];
      for (const c of t.calls) {
        const random = new PyRandom(c.rngSeed);
        const answer = port.move(c.player, stateOf(c.state), { random });
        const after = Number(random.getrandbits(32));
        if (JSON.stringify(answer) !== JSON.stringify(c.answer) || after !== c.rngAfter) {
          bad.push(`seat ${c.player}, money ${JSON.stringify(c.state.player_money_values)}: original ${JSON.stringify(c.answer)} (rng ${c.rngAfter}), port ${JSON.stringify(answer)} (${after})`);
        }
      }
      expect(bad.length, bad.slice(0, 5).join('\n')).toBe(0);
    }, 300_000);
  }
});

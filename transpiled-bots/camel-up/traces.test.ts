/**
 * Every camel-up port against its original's recorded calls (fixtures/camel-up/traces/README.md,
 * and the 2026 house bots': fixtures/camel-up/traces/2026/README.md): the same state and
 * generator seed in, the same answer out, and the shared generator left in the same state
 * (Sir_Humpfree_Bogart draws ~2 numbers per simulated move of its 10,000 futures; the house
 * bots tens of thousands a call).
 */
import { describe, expect, it } from 'vitest';
import { fixture, fixtureFiles } from '../../test/fixtures.ts';
import { PyRandom } from '../../engines/core/rng/python-random.ts';
import { CAMELS, HiddenBet, type CamelGameState, type Trap } from '../../engines/camel-up/rules.ts';
import { camelPlayer, HOUSE_PLAYERS } from './index.ts';
import { makeFabelFelix } from './FabelFelix.ts';

interface Call {
  player: number;
  state: Omit<CamelGameState, 'game_winner_bets' | 'game_loser_bets' | 'player_game_bets' | 'active_game' | 'game_winner' | 'camels'> & {
    /** A bet the 2026 player_view redacted is null. */
    game_winner_bets: [string | null, number][];
    game_loser_bets: [string | null, number][];
    player_game_bets: (string | null)[][];
  };
  rngSeed: number;
  answer: unknown[];
  rngAfter: number;
  /** A bot's own module generator (FabelFelix's _rng), reseeded before the call; its next 32 bits after. */
  privateSeed?: number;
  privateAfter?: number;
}

/** The recorded state as a bot sees it (each recorded hidden bet becomes a HiddenBet again; a redacted one stays null). */
function stateOf(s: Call['state']): CamelGameState {
  const hide = (c: string | null) => (c === null ? null : new HiddenBet(c));
  return {
    ...s,
    trap_track: s.trap_track as Trap[],
    game_winner_bets: s.game_winner_bets.map(([c, p]) => [hide(c), p]),
    game_loser_bets: s.game_loser_bets.map(([c, p]) => [hide(c), p]),
    player_game_bets: s.player_game_bets.map((r) => r.map(hide)),
    active_game: true,
    game_winner: [],
    camels: CAMELS,
  };
}

const files = fixtureFiles('camel-up/traces', /\.json\.gz$/);

/**
 * Replays every recorded call through the port; the calls that disagree, described. A call with
 * a private generator (FabelFelix) gets a port instance whose module generator is seeded as the
 * original's was; its budget clock is the port's default, frozen, as the recorder froze
 * time.perf_counter; its sum() is the recording Python's (plain before 3.12).
 */
function replay(name: string, calls: Call[], python?: string): string[] {
  const shared = camelPlayer(name)!;
  const sum = python && /^3\.(\d|1[01])\./.test(python) ? 'plain' : 'compensated';
  const bad: string[] = [];
  for (const c of calls) {
    const random = new PyRandom(c.rngSeed);
    const own = c.privateSeed === undefined ? null : makeFabelFelix({ rng: new PyRandom(c.privateSeed), sum });
    const answer = (own ?? shared).move(c.player, stateOf(c.state), { random });
    const after = Number(random.getrandbits(32));
    const privateAfter = own ? Number(own.rng.getrandbits(32)) : undefined;
    if (JSON.stringify(answer) !== JSON.stringify(c.answer) || after !== c.rngAfter || privateAfter !== c.privateAfter) {
      bad.push(`seat ${c.player}, money ${JSON.stringify(c.state.player_money_values)}: original ${JSON.stringify(c.answer)} (rng ${c.rngAfter}, own ${c.privateAfter}), port ${JSON.stringify(answer)} (${after}, own ${privateAfter})`);
    }
  }
  return bad;
}

describe('camel-up ports agree with their originals call for call', () => {
  it('has a trace per player', () => {
    expect(files.map((f) => f.replace('.json.gz', '')).sort()).toEqual(['Player0', 'Player1', 'Player2', 'Sir_Humpfree_Bogart']);
  });
  for (const f of files) {
    const name = f.replace('.json.gz', '');
    it(name, () => {
      const t = fixture<{ calls: Call[] }>(`camel-up/traces/${f}`);
      expect(t.calls.length).toBeGreaterThanOrEqual(name === 'Sir_Humpfree_Bogart' ? 300 : 2000);
      const bad = replay(name, t.calls);
      expect(bad.length, bad.slice(0, 5).join('\n')).toBe(0);
    }, 300_000);
  }
});

const houseFiles = fixtureFiles('camel-up/traces/2026', /\.json\.gz$/);

describe('camel-up 2026 house ports agree with the house bots (2dbad1c) call for call', () => {
  it('has two traces per house port (test players; house bots), with every kind of answer among them', () => {
    const byBot = HOUSE_PLAYERS.map((p) => p.name).sort();
    expect([...new Set(houseFiles.map((f) => f.replace(/(-house)?\.json\.gz$/, '')))].sort()).toEqual(byBot);
    expect(houseFiles.length).toBe(2 * byBot.length);
    const kinds = new Set(houseFiles.flatMap((f) => fixture<{ calls: Call[] }>(`camel-up/traces/2026/${f}`).calls.map((c) => String(c.answer[0]))));
    // Rolls, traps (OpusOmul, FabelFelix), round bets, game winner and game loser bets.
    expect([...kinds].sort()).toEqual(['0', '1', '2', '3', '4']);
  });
  it("the traces hold redacted opponents' bets, the bot's own hidden ones and traps", () => {
    const states = houseFiles.flatMap((f) => fixture<{ calls: Call[] }>(`camel-up/traces/2026/${f}`).calls.map((c) => ({ seat: c.player, s: c.state })));
    expect(states.some(({ s }) => s.game_winner_bets.some(([b]) => b === null) || s.game_loser_bets.some(([b]) => b === null))).toBe(true);
    expect(states.some(({ seat, s }) => s.player_game_bets[seat]!.length > 0)).toBe(true);
    expect(states.some(({ s }) => s.trap_track.some((t) => t.length > 0))).toBe(true);
  });
  for (const f of houseFiles) {
    it(f.replace('.json.gz', ''), () => {
      const t = fixture<{ player: string; python?: string; calls: Call[] }>(`camel-up/traces/2026/${f}`);
      expect(t.calls.length).toBeGreaterThanOrEqual(f.includes('-house') ? 50 : 100);
      // FabelFelix's traces carry its own generator on every call (and the Python version: its sum()).
      if (t.player === 'FabelFelix') expect(t.python !== undefined && t.calls.every((c) => c.privateSeed !== undefined)).toBe(true);
      const bad = replay(t.player, t.calls, t.python);
      expect(bad.length, bad.slice(0, 5).join('\n')).toBe(0);
    }, 600_000);
  }
});

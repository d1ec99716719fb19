/** The 2026 rules (camelup.py@2dbad1c) as flags: each flag matters on the goldens, player_view, the CLI and its help. */
import { describe, expect, it } from 'vitest';
import { fixture } from '../../test/fixtures.ts';
import { runKoth } from '../../test/test-server.ts';
import { PyRandom } from '../core/rng/python-random.ts';
import { PythonError } from '../core/py/errors.ts';
import { CamelGame, HiddenBet, checkBet, emptyState, playerView, type CamelPlayer } from './rules.ts';
import { playGames, type CamelGameRecord } from './tournament.ts';
import { CAMEL_RULE_FLAGS, CAMEL_VARIANTS, type CamelFlags } from './variants.ts';
import { camelBot } from './test-bots.ts';

const POOL = ['Player0', 'Player2', 'Crasher', 'Misfit', 'RoundBetter', 'Trapper'];
const NEW_FLAGS = ['fourthLosingRoundBetFree', 'finishOnly16to18', 'fullStateCopy', 'crashEndsTournament', 'invalidActionsUnchecked'] as const;

/** The tournament loop with explicit flags (playGames takes a variant name: this registers a scratch one). */
function play(flags: CamelFlags, seed: number, games: number): CamelGameRecord[] | string {
  const name = `scratch-${JSON.stringify(flags)}`;
  (CAMEL_VARIANTS as Record<string, unknown>)[name] = { description: 'test', flags };
  try {
    return playGames(POOL, camelBot, new PyRandom(BigInt(seed)), name, games);
  } catch (e) {
    if (e instanceof PythonError) return `${e.pyType}: ${e.pyMessage}`;
    throw e;
  } finally {
    delete (CAMEL_VARIANTS as Record<string, unknown>)[name];
  }
}

describe('camel-up --rules 2026', () => {
  it('the preset: the four 2018 bug flags off, the five new behaviours on', () => {
    const f = CAMEL_VARIANTS['2026'].flags;
    expect([f.stackFromBottom, f.bottomStackPopsWrongCamels, f.settlementSkipsLastBet, f.loserBetsCheckWinner]).toEqual([false, false, false, false]);
    for (const k of NEW_FLAGS) expect(f[k], k).toBe(false);
    for (const v of ['original', 'pre-0620', 'fixed'] as const) for (const k of NEW_FLAGS) expect(CAMEL_VARIANTS[v].flags[k], `${v} ${k}`).toBe(true);
    for (const k of NEW_FLAGS) expect(CAMEL_RULE_FLAGS.find((x) => x.id === k)!.fixed).toMatch(/camelup\.py@2dbad1c lines? \d+/);
  });

  it('every new flag but fullStateCopy changes the recorded 2026 games when set back to 2018 (the goldens exercise it)', () => {
    const seeds = [1, 2, 3, 7];
    const goldens = seeds.map((s) => fixture<{ games: CamelGameRecord[] }>(`camel-up/goldens/2dbad1c-misbehaving-seed${s}.json`).games);
    expect(play(CAMEL_VARIANTS['2026'].flags, 1, goldens[0]!.length)).toEqual(goldens[0]);
    for (const k of NEW_FLAGS.filter((x) => x !== 'fullStateCopy')) {
      const differs = seeds.filter((s, i) => JSON.stringify(play({ ...CAMEL_VARIANTS['2026'].flags, [k]: true }, s, goldens[i]!.length)) !== JSON.stringify(goldens[i]));
      expect(differs.length, k).toBeGreaterThan(0);
    }
    const golden = goldens[0]!;
    // 2018: the crash ends the tournament.
    expect(play({ ...CAMEL_VARIANTS['2026'].flags, crashEndsTournament: true }, 1, golden.length)).toBe('ZeroDivisionError: division by zero');
  });

  it("player_view: opponents' game bets are [null, seat], their bet rows null per bet; the seat's own stay", () => {
    const g = emptyState();
    const a = new HiddenBet('3');
    const b = new HiddenBet('1');
    g.game_winner_bets = [[a, 0], [b, 2]];
    g.game_loser_bets = [[b, 2]];
    g.player_game_bets = [[a], [], [b, b], []];
    const v = playerView(g, 0);
    expect(v.game_winner_bets).toEqual([[a, 0], [null, 2]]);
    expect(v.game_loser_bets).toEqual([[null, 2]]);
    expect(v.player_game_bets).toEqual([[a], [], [null, null], []]);
    expect(checkBet(v.player_game_bets[0]![0]!, '3')).toBe(true);
    expect(() => checkBet(v.player_game_bets[2]![0]!, '1')).toThrow(/NoneType/);
    expect(g.game_winner_bets[1]![0]).toBe(b); // the game's own state is untouched
  });

  it('a player sees the redacted view under 2026 and the full copy under the 2018 rules', () => {
    const seen: (HiddenBet | null)[][] = [];
    const spy: CamelPlayer = { name: 'Spy', move: (_p, g) => (seen.push(g.game_winner_bets.map(([h]) => h)), [0]) };
    const bettor: CamelPlayer = { name: 'Bettor', move: (_p, g) => (g.player_game_bets[_p]!.length ? [0] : [3, 2]) };
    for (const [rules, redacted] of [['2026', true], ['fixed', false]] as const) {
      seen.length = 0;
      new CamelGame([bettor, spy, spy, spy], new PyRandom(5n), CAMEL_VARIANTS[rules].flags).play();
      const later = seen.filter((s) => s.length > 0);
      expect(later.length).toBeGreaterThan(0);
      expect(later.every((s) => s.every((h) => (h === null) === redacted))).toBe(true);
    }
  });

  it('koth replay camel-up --exact --rules 2026 --seed S --json equals camelup.py 2026 (seeds 2 and 7)', async () => {
    for (const seed of ['2', '7']) {
      const golden = fixture<{ games: CamelGameRecord[] }>(`camel-up/goldens/2dbad1c-misbehaving-seed${seed}.json`);
      const r = await runKoth(['replay', 'camel-up', '--exact', '--rules', '2026', '--seed', seed, '--pool', 'misbehaving', '--games', String(golden.games.length), '--json']);
      expect(r.status, r.stderr).toBe(0);
      expect(r.json()).toEqual(golden);
    }
  });

  it('--help lists the 2026 preset and each new flag with its source lines', async () => {
    const r = await runKoth(['replay', 'camel-up', '--help']);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/2026\s+camelup\.py at 2dbad1c/);
    for (const k of NEW_FLAGS) expect(r.stdout).toContain(`${k}:`);
    expect(r.stdout).toMatch(/camelup\.py@2dbad1c line 139/);
  });
});

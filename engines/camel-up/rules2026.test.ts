/** The 2026 rules (camelup.py@2dbad1c) as flags: each flag matters on the goldens, player_view, the CLI and its help. */
import { describe, expect, it } from 'vitest';
import { fixture } from '../../test/fixtures.ts';
import { runKoth } from '../../test/test-server.ts';
import { PyRandom } from '../core/rng/python-random.ts';
import { PythonError } from '../core/py/errors.ts';
import { CamelGame, HiddenBet, checkBet, emptyState, playerView, type CamelPlayer } from './rules.ts';
import { playGames, type CamelGameRecord } from './tournament.ts';
import { CAMEL_RULE_FLAGS, CAMEL_VARIANTS, type CamelFlags } from './variants.ts';
import '../wiring/camel-up.ts';
import { camelBot } from './ports.ts';

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

  it("a player's Exception rolls under 2026, a BaseException (SystemExit) still ends the run as except Exception let it", () => {
    const raising = (pyType: string): CamelPlayer => ({ name: pyType, move: () => { throw new PythonError(pyType, 'x'); } });
    const p0 = camelBot('Player0')!;
    const r = new CamelGame([raising('ValueError'), p0, p0, p0], new PyRandom(3n), CAMEL_VARIANTS['2026'].flags).play();
    expect(r.money.length).toBe(4);
    expect(() => new CamelGame([raising('SystemExit'), p0, p0, p0], new PyRandom(3n), CAMEL_VARIANTS['2026'].flags).play()).toThrow(/x/);
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

  it('the replay report of --rules 2026 lists the flags that differ from the published rules, with their source lines', async () => {
    const r = await runKoth(['replay', 'camel-up', '--rules', '2026', '--pool', 'dumb', '--games', '20', '--workers', '1', '--json']);
    expect([0, 1]).toContain(r.status);
    const summary = r.json().summary as string;
    expect(summary).toMatch(/Rules "2026" differ from "original" in 8 flag\(s\)/);
    for (const k of NEW_FLAGS) expect(summary).toMatch(new RegExp(`${k} off: 2026 \\(camelup\\.py@2dbad1c line`));
  });

  it('--help lists the 2026 preset and each new flag with its source lines', async () => {
    const r = await runKoth(['replay', 'camel-up', '--help']);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/2026\s+camelup\.py at 2dbad1c/);
    for (const k of NEW_FLAGS) expect(r.stdout).toContain(`${k}:`);
    expect(r.stdout).toMatch(/camelup\.py@2dbad1c line 139/);
  });
});

describe('camel-up 2026: --compare-rules per flag, and the watch page', () => {
  it('--compare-rules fixed,2026 and original,2026: per bot, and per flag on which the two differ', async () => {
    const r = await runKoth(['replay', 'camel-up', '--pool', 'dumb', '--games', '40', '--workers', '1', '--compare-rules', 'fixed,2026', '--json']);
    expect(r.status, r.stderr).toBe(0);
    const ab = r.json();
    expect(ab.compare).toEqual(['fixed', '2026']);
    expect(ab.bots.map((b: { key: string }) => b.key)).toEqual(['Player0', 'Player1', 'Player2']);
    // The per-flag breakdown (the core rule A/B's second table): a row per flag and bot.
    const rows = ab.breakdown.rows as { part: string; key: string }[];
    const flags = [...new Set(rows.map((x) => x.part))];
    expect(flags).toEqual(['endOfRoundTwice', ...NEW_FLAGS]);
    for (const f of flags) expect(rows.filter((x) => x.part === f).map((x) => x.key)).toEqual(['Player0', 'Player1', 'Player2']);
    const o = await runKoth(['replay', 'camel-up', '--pool', 'dumb', '--games', '40', '--workers', '1', '--compare-rules', 'original,2026']);
    expect(o.status, o.stderr).toBe(0);
    expect(o.stdout).toMatch(/Per flag: original with one flag set as in 2026/);
    for (const k of ['bottomStackPopsWrongCamels', 'settlementSkipsLastBet', 'loserBetsCheckWinner', ...NEW_FLAGS]) expect(o.stdout).toContain(k);
  }, 240_000);

  it('a per-flag variant is the base with that one flag toggled', async () => {
    const { camelFlags, differingFlags } = await import('./variants.ts');
    expect(camelFlags('fixed+fourthLosingRoundBetFree')).toEqual({ ...CAMEL_VARIANTS.fixed.flags, fourthLosingRoundBetFree: false });
    expect(differingFlags('2026', '2026')).toEqual([]);
    expect(() => camelFlags('fixed+nope')).toThrow(/unknown camel-up rule flag/);
  });

  it('koth play camel-up --rules 2026 --report: each step says which game bets the seat to move saw (its own, the others as None)', async () => {
    const { mkdtempSync, readFileSync, rmSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const dir = mkdtempSync(join(tmpdir(), 'koth-camel-watch26-'));
    try {
      const r = await runKoth(['play', 'camel-up', '--rules', '2026', '--seed', '1', '--pool', 'misbehaving', '--report', dir]);
      expect(r.status, r.stderr).toBe(0);
      const html = readFileSync(join(dir, 'index.html'), 'utf8');
      expect(html).toMatch(/player_view/);
      const seen = [...html.matchAll(/Seat (\d) saw \(player_view\): game_winner_bets \[(.*?)\], game_loser_bets \[(.*?)\]\./g)];
      expect(seen.length).toBeGreaterThan(0);
      // Own bets show their camel, the others' are None: never another seat's camel.
      for (const [, seat, win, lose] of seen) {
        for (const m of `${win}, ${lose}`.matchAll(/\[hash of &quot;\d&quot;, (\d)\]|\[hash of "\d", (\d)\]/g)) expect(m[1] ?? m[2]).toBe(seat);
        for (const m of `${win}, ${lose}`.matchAll(/\[None, (\d)\]/g)) expect(m[1]).not.toBe(seat);
      }
      expect(seen.some(([, , w, l]) => /None/.test(w! + l!))).toBe(true);
      const old = await runKoth(['play', 'camel-up', '--rules', 'fixed', '--seed', '1', '--pool', 'dumb', '--report', dir]);
      expect(old.status).toBe(0);
      expect(readFileSync(join(dir, 'index.html'), 'utf8')).not.toMatch(/saw \(player_view\)/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('camel-up 2026: a crash under 2018 rules in a statistical run', () => {
  it('--compare-rules original,2026 with our Crasher seated: exit 3 naming the exception (2018 ended the tournament), not an internal error', async () => {
    const r = await runKoth(['replay', 'camel-up', '--pool', 'misbehaving', '--games', '20', '--workers', '1', '--compare-rules', 'original,2026']);
    expect(r.status, r.stderr).toBe(3);
    expect(r.stderr).toMatch(/ZeroDivisionError/);
    expect(r.stderr).not.toMatch(/internal error/);
    // The same from worker threads (the error arrives cloned).
    const w = await runKoth(['replay', 'camel-up', '--pool', 'misbehaving', '--games', '20', '--workers', '2', '--compare-rules', 'original,2026']);
    expect(w.status, w.stderr).toBe(3);
    // Whichever shard fails first: Crasher's exception or Misfit's illegal trap (both ended camelup.py 2018).
    expect(w.stderr).toMatch(/camelup\.py itself raises here \(uncaught\): (ZeroDivisionError|ValueError)/);
  });
});

/** koth replay camel-up --format 2026: the 2026 tournament loop and its Elo (format2026.ts). */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runKoth } from '../../test/test-server.ts';
import { fixture, fixtureFiles } from '../../test/fixtures.ts';
import { tempDirs } from '../../test/helpers.ts';
import { PyRandom } from '../core/rng/python-random.ts';
import { emptyFormat26, playTournament2026, type Format26Game, type Format26Result } from './format2026.ts';
import { format2026Pool } from './format2026-cli.ts';
import '../wiring/camel-up.ts';
import { camelBot } from './ports.ts';
import { trials } from './trials.ts';

interface Golden {
  games: { order: string[]; money: number[]; winners: string[]; turns: number }[];
  stats: Record<string, { wins: number; games: number; coins_total: number }>;
  elo: Record<string, number>;
  eloUnrounded: Record<string, number>;
  crash?: { game: number; type: string; message: string };
}

// Recorded by tools/oracle/camel-up/tournament2026.py with tournament_core.run_game and _fit_elo of 2dbad1c (README beside them).
const DIR = 'camel-up/goldens/format2026';
const POOLS: Record<string, string> = {
  six: 'Player0,Player1,Player2,Crasher,RoundBetter,Trapper',
  four: 'Player0,Player1,Player2,RoundBetter',
  three: 'Player0,Crasher,Trapper',
  misfit: 'Player0,Player2,Misfit,RoundBetter,Trapper',
};
const SMALL = ['--bots', POOLS.six!, '--games', '60', '--shard-size', '10'];
const dirs = tempDirs('koth-format26-');

describe('koth replay camel-up --format 2026 --exact: tournament_core.run_game after random.seed(S)', () => {
  const files = fixtureFiles(DIR, /\.json$/);
  it('has the goldens the README lists', () => {
    expect(files).toEqual(['four-seed2.json', 'misfit-seed1.json', 'six-seed1.json', 'six-seed7.json', 'three-seed3.json']);
  });

  for (const file of files.filter((f) => !f.startsWith('misfit'))) {
    it(`${file}: every game, run_game's statistics and _fit_elo's Elo`, async () => {
      const g = fixture<Golden>(`${DIR}/${file}`);
      const [pool, seed] = /^(\w+)-seed(\d+)\.json$/.exec(file)!.slice(1) as [string, string];
      const r = await runKoth(['replay', 'camel-up', '--format', '2026', '--exact', '--seed', seed, '--bots', POOLS[pool]!, '--games', String(g.games.length), '--json']);
      expect(r.status, r.stderr).toBe(0);
      const out = r.json() as Format26Result;
      expect(out.gameLog).toEqual(g.games);
      expect(out.games).toBe(g.games.length);
      for (const [bot, s] of Object.entries(g.stats)) {
        const row = out.bots.find((b) => b.bot === bot)!;
        // Ties share the win: run_game adds 1/len(winners) per winning seat, in game order, as floats; so do we.
        expect({ wins: row.wins, games: row.games, coins: row.coins }).toEqual({ wins: s.wins, games: s.games, coins: s.coins_total });
        expect(Math.abs(row.elo! - g.eloUnrounded[bot]!) / g.eloUnrounded[bot]!).toBeLessThan(1e-9);
        expect(Math.round(row.elo! * 10) / 10).toBe(g.elo[bot]);
      }
    });
  }

  it('a bot answering [] ends the original tournament in run_game (IndexError at its statistics line): exit 3, at the same game', async () => {
    const g = fixture<Golden>(`${DIR}/misfit-seed1.json`);
    expect(g.crash).toMatchObject({ game: 2, type: 'IndexError' });
    const r = await runKoth(['replay', 'camel-up', '--format', '2026', '--exact', '--seed', '1', '--bots', POOLS.misfit!, '--games', '100', '--json']);
    expect(r.status).toBe(3);
    expect(r.stderr).toMatch(/run_game raises IndexError: list index out of range in game 2: seat \d \(Misfit\) answered \[\]/);
    // The games before it, as run_game played them.
    const before: Format26Game[] = [];
    expect(() => playTournament2026(POOLS.misfit!.split(','), camelBot, new PyRandom(1n), 100, (x) => before.push(x))).toThrow(/game 2/);
    expect(before.map((x) => ({ order: x.order, money: x.money, winners: x.winnerSeats.map((s) => x.order[s]), turns: x.turns }))).toEqual(g.games);
  });
});

describe("run_game's statistics line (ACTION_MAP.get(result[0], ...), outside its try)", () => {
  // Python: [[0]] -> TypeError unhashable type: 'list'; [{}] -> ... 'dict'; None -> 'NoneType' object is not subscriptable; [] -> IndexError; '0' -> "unknown" (no error).
  const answering = (answer: unknown) => (name: string) =>
    name === 'Odd' ? { name, move: () => answer as unknown[] } : camelBot(name);
  const run = (answer: unknown) => () => playTournament2026(['Odd', 'Player0', 'Player1', 'Player2'], answering(answer), new PyRandom(1n), 3, () => {});
  it('raises as Python would for answers it cannot read', () => {
    expect(run([[0]])).toThrow(/TypeError: unhashable type: 'list'/);
    expect(run([{}])).toThrow(/TypeError: unhashable type: 'dict'/);
    expect(run(null)).toThrow(/TypeError: 'NoneType' object is not subscriptable/);
    expect(run(3)).toThrow(/TypeError: 'int' object is not subscriptable/);
    expect(run([])).toThrow(/IndexError: list index out of range/);
    expect(run('')).toThrow(/IndexError: string index out of range/);
  });
  it('reads the others (an unknown action then rolls in camelup.py 2026)', () => {
    expect(run('0')).not.toThrow();
    expect(run([7])).not.toThrow();
    expect(run([0])).not.toThrow();
  });
});

describe('koth replay camel-up --format 2026 (sharded)', () => {
  it('table and bootstrap are the same for --workers 1 and 2, and for the same seed twice', async () => {
    const a = await runKoth(['replay', 'camel-up', '--format', '2026', ...SMALL, '--workers', '1', '--seed', '5', '--json']);
    const b = await runKoth(['replay', 'camel-up', '--format', '2026', ...SMALL, '--workers', '2', '--seed', '5', '--json']);
    const c = await runKoth(['replay', 'camel-up', '--format', '2026', ...SMALL, '--workers', '1', '--seed', '6', '--json']);
    expect(a.status, a.stderr).toBe(0);
    expect(b.status, b.stderr).toBe(0);
    expect(b.json()).toEqual(a.json());
    const out = a.json() as Format26Result;
    expect(c.json().bots).not.toEqual(out.bots);
    expect(out).toMatchObject({ format: '2026', rules: '2026', games: 60, exact: false, resamples: 1000, confidence: 0.99 });
    for (const row of out.bots) {
      expect(row.eloLow!).toBeLessThanOrEqual(row.elo!);
      expect(row.eloHigh!).toBeGreaterThanOrEqual(row.elo!);
    }
    // Ranked by Elo; every bot but the last says whether it is significantly above the next.
    expect(out.bots.map((x) => x.elo)).toEqual([...out.bots.map((x) => x.elo)].sort((x, y) => y! - x!));
    expect(out.bots.slice(0, -1).map((x) => x.aboveNext!.bot)).toEqual(out.bots.slice(1).map((x) => x.bot));
    for (const row of out.bots.slice(0, -1)) expect(row.aboveNext!.significant).toBe(row.aboveNext!.flipShare * 1000 < 5);
  });

  it('ties share the win: the win shares of every game add up to 1, seats and bots alike', async () => {
    const r = await runKoth(['replay', 'camel-up', '--format', '2026', '--bots', POOLS.three!, '--games', '60', '--workers', '1', '--json']);
    const out = r.json() as Format26Result;
    const sum = out.bots.reduce((t, x) => t + x.wins, 0);
    expect(sum).toBeCloseTo(60, 9);
    expect(out.seats.reduce((t, x) => t + x.wins, 0)).toBeCloseTo(60, 9);
    // Three bots: run_game draws the 4 seats with repeats, so seats played add up to 4 per game.
    expect(out.bots.reduce((t, x) => t + x.games, 0)).toBe(240);
    // Some game was tied (a share that is not whole).
    expect(out.bots.some((x) => !Number.isInteger(x.wins))).toBe(true);
  });

  it('prints the table with Elo intervals and the neighbour marks; --report DIR writes its section', async () => {
    const dir = dirs();
    const r = await runKoth(['replay', 'camel-up', '--format', '2026', ...SMALL, '--workers', '1', '--report', dir]);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/Camel Up Cup 2026 tournament/);
    expect(r.stdout).toMatch(/Elo \[low, high\]/);
    expect(r.stdout).toMatch(/\d{3,4}\.\d \[\d{3,4}\.\d, \d{3,4}\.\d\]/);
    expect(r.stdout).toMatch(/[>≈] \(flips \d+\.\d%\)/);
    const page = join(dir, 'index.html');
    expect(existsSync(page)).toBe(true);
    expect(readFileSync(page, 'utf8')).toMatch(/Camel Up Cup 2026 tournament \(--format 2026\)/);
  });

  it('--checkpoint: a rerun resumes from the saved shards and prints the same table', async () => {
    const file = join(dirs(), 'cp.json');
    const args = ['replay', 'camel-up', '--format', '2026', ...SMALL, '--workers', '1', '--checkpoint', file, '--json'];
    const a = await runKoth(args);
    expect(a.status, a.stderr).toBe(0);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toBeTruthy();
    expect(readFileSync(file, 'utf8')).toMatch(/format-2026/);
    const b = await runKoth(args);
    expect(b.status, b.stderr).toBe(0);
    expect(b.json()).toEqual(a.json());
    // What the rerun prints comes from the file: a changed (still well-formed) coin sum shows.
    const cp = JSON.parse(readFileSync(file, 'utf8'));
    cp.parts['format-2026'].merger.acc.coinsUp[0] += 60;
    writeFileSync(file, JSON.stringify(cp));
    const c = (await runKoth(args)).json() as Format26Result;
    const row = (r: Format26Result) => r.bots.find((x) => x.bot === 'Player0')!;
    expect(row(c).coins).toBe(row(a.json()).coins + 60);
  });

  it('a checkpoint holding an impossible game log is refused by the trials check', () => {
    const opts = { bots: POOLS.six!.split(','), rules: '2026', format: '2026' as const };
    const acc = emptyFormat26(opts);
    const spec = trials as unknown as { check(acc: unknown, o: unknown): string[] };
    expect(spec.check(acc, opts)).toEqual([]);
    expect(spec.check({ ...acc, games: 1, log: [[0, 1, 2, 9, 1]] }, opts)[0]).toMatch(/log\[0\]/);
    expect(spec.check({ ...acc, games: 2, log: [[0, 1, 2, 3, 1]] }, opts)[0]).toMatch(/1 games, not 2/);
  });
});

describe('the pool of --format 2026', () => {
  const known = () => true;
  const list = (t: string) => t.split(',');
  it('defaults to `house` once that pool is registered, else `all`; --pool and --bots override', () => {
    const base = { seed: '1', workers: 1, shardSize: 10, confidence: 0.99, rules: '2026' };
    expect(format2026Pool(base, { all: ['A', 'B', 'C', 'D'] }, known, list)).toEqual(['A', 'B', 'C', 'D']);
    expect(format2026Pool(base, { all: ['A', 'B', 'C', 'D'], house: ['H1', 'H2', 'H3', 'H4', 'H5'] }, known, list)).toEqual(['H1', 'H2', 'H3', 'H4', 'H5']);
    expect(format2026Pool({ ...base, pool: 'all' }, { all: ['A', 'B'], house: ['H1', 'H2'] }, known, list)).toEqual(['A', 'B']);
    expect(format2026Pool({ ...base, bots: 'X,Y' }, { all: ['A', 'B'] }, known, list)).toEqual(['X', 'Y']);
  });
});

describe('koth replay camel-up --format: bad input exits 2', () => {
  const bad: [string, string[], RegExp][] = [
    ['an unknown format', ['--format', '2018'], /unknown --format "2018": use 2026/],
    ['--games 0', ['--format', '2026', '--games', '0'], /positive whole number/],
    ['--games x', ['--format', '2026', '--games', 'x'], /positive whole number/],
    ['other rules', ['--format', '2026', '--rules', 'original'], /plays the 2026 rules/],
    ['--compare-rules', ['--format', '2026', '--compare-rules', 'fixed,2026'], /cannot be combined with --compare-rules/],
    ['a pool naming a bot twice', ['--format', '2026', '--pool', 'dumb'], /more than once/],
    ['one bot', ['--format', '2026', '--bots', 'Player0'], /at least 2 bots/],
    ['an unknown bot', ['--format', '2026', '--bots', 'Player0,Nobody'], /no port for Nobody/],
    ['--report with --exact', ['--format', '2026', '--exact', '--report', '/tmp/koth-format26-never'], /no comparison with a published table/],
  ];
  for (const [what, args, msg] of bad) {
    it(what, async () => {
      const r = await runKoth(['replay', 'camel-up', ...args]);
      expect(r.status).toBe(2);
      expect(r.stderr).toMatch(msg);
    });
  }
});

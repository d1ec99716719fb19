/**
 * Python dice bots in the Pyodide sandbox playing in our controller. Only our own Python here:
 * tools/oracle/dice/bots/port_twins.py (bots that behave like ports of the same name) and small
 * hostile bots written below. Every run starts its own sandbox workers (engine + Pyodide in one
 * thread, engines/core/sandbox/pool.ts).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runKoth } from '../../test/test-server.ts';
import { fixture, fixtureFiles } from '../../test/fixtures.ts';

const TWINS = 'tools/oracle/dice/bots/port_twins.py';
const RUNNABLE = 'ThrowTwiceBot,GoToTenBot,OneInFiveBot,BlessRNG,FlipCoinRollDice,BringMyOwn_dice,KwisatzHaderach,QuotaBot,GoTo20Bot,SlowStart,CooperativeSwarmBot';
const tmp = mkdtempSync(join(tmpdir(), 'koth-dice-py-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const hostileFile = (name: string, body: string) => {
  const f = join(tmp, `${name}.py`);
  const fillers = Array.from({ length: 7 }, (_, i) => `class Filler${i}(Bot):\n    pass\n`).join('\n');
  writeFileSync(f, `${fillers}\nclass ${name}(Bot):\n    def make_throw(self, scores, last_round):\n${body.split('\n').map((l) => '        ' + l).join('\n')}\n`);
  return f;
};

describe('koth replay|play dice --python-bots', () => {
  it('--exact with our Python twins equals the ports’ run, for both controllers and an indirect subclass named by --bots', async () => {
    for (const [seed, rules, bots, games] of [
      ['1', 'fixed', RUNNABLE, '200'],
      ['2019', 'original', RUNNABLE + ',CooperativeThrowTwice', '100'],
    ] as const) {
      const args = ['replay', 'dice', '--exact', '--seed', seed, '--games', games, '--rules', rules, '--bots', bots, '--json'];
      const py = await runKoth([...args, '--python-bots', TWINS]);
      expect(py.status, py.stderr).toBe(0);
      const ports = await runKoth(args);
      expect(ports.status, ports.stderr).toBe(0);
      expect(py.json()).toEqual(ports.json());
      expect(py.json().games).toBe(Number(games));
    }
  }, 120_000);

  it('koth play dice --json: the same turns, die for die', async () => {
    const args = ['play', 'dice', '--seed', '7', '--games', '2', '--bots', RUNNABLE, '--json'];
    const py = await runKoth([...args, '--python-bots', TWINS]);
    expect(py.status, py.stderr).toBe(0);
    expect(py.stdout).toBe((await runKoth(args)).stdout);
    expect(py.stdout.split('\n').length).toBeGreaterThan(20);
  });

  it('without --bots: Bot.__subclasses__() order; what cannot run offline is refused by name with the reason (exit 2), never dropped', async () => {
    const r = await runKoth(['replay', 'dice', '--exact', '--seed', '1', '--games', '10', '--python-bots', TWINS]);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/NumpyBot \(.*port_twins\.py\): it uses numpy\.mean, which koth's small numpy stand-in does not have/);
    expect(r.stderr).toMatch(/CumsumBot \(.*\): it uses numpy\.cumsum/);
    expect(r.stderr).not.toMatch(/NumpyHeir/); // an indirect subclass: not found by Bot.__subclasses__()
    // The suggestion lists the direct subclasses that can run, in discovery order (not the indirect CooperativeThrowTwice).
    expect(r.stderr).toContain(`--bots ${RUNNABLE}\n`);
    const named = await runKoth(['replay', 'dice', '--exact', '--seed', '1', '--games', '10', '--python-bots', TWINS, '--bots', `${RUNNABLE},NumpyHeir`]);
    expect(named.status).toBe(2);
    expect(named.stderr).toMatch(/NumpyHeir \(.*\): it derives from NumpyBot, which is refused/);
    expect(named.stderr).not.toMatch(/CumsumBot/);
  });

  it('statistical runs: sharded over sandbox workers, 1 worker = 2 workers = the ports (same shard seeds)', async () => {
    const args = ['replay', 'dice', '--seed', '3', '--games', '300', '--shard-size', '100', '--bots', RUNNABLE, '--json'];
    const one = await runKoth([...args, '--python-bots', TWINS, '--workers', '1']);
    expect(one.status, one.stderr).toBeLessThan(2);
    const two = await runKoth([...args, '--python-bots', TWINS, '--workers', '2']);
    const ports = await runKoth([...args, '--workers', '1']);
    const rows = (r: typeof one) => (r.json() as { rows: unknown[] }).rows;
    expect(rows(one)).toEqual(rows(two));
    expect(rows(one)).toEqual(rows(ports));
    expect((rows(one) as { reproduced?: number | null }[]).filter((r) => r.reproduced != null).length).toBeGreaterThan(5);
    // What ran, said as it was (defect 20): the originals, on sandbox workers; the ports' run says nothing of the kind.
    expect(one.json()).toMatchObject({ playedBy: 'the original Python bots (sandboxed in Pyodide)', ranOn: '1 sandbox worker(s) (the original Python bots in Pyodide)' });
    expect(two.json().summary).toContain('2 sandbox worker(s)');
    expect(ports.json().playedBy).toBeUndefined();
    // Bots the published table does not list (ThrowTwiceBot, GoToTenBot, … : one's own bots) have rows too, after the table's.
    const own = (rows(one) as { bot: string; published: number | null; reproduced: number | null; verdict: string; note?: string }[]).filter((r) => r.published == null);
    expect(own.map((r) => r.bot).sort()).toEqual(['GoToTenBot', 'KwisatzHaderach', 'ThrowTwiceBot']);
    for (const r of own) expect(r).toMatchObject({ verdict: 'n/a', note: 'not in the published table' });
    expect(own.every((r) => typeof r.reproduced === 'number')).toBe(true);
    // The printed recipe reruns the same thing: the Python files, not the ports.
    expect(one.json().command).toContain(`--python-bots ${TWINS} --bots ${RUNNABLE}`);
    expect(ports.json().command).not.toContain('--python-bots');
  }, 120_000);

  // Our own frame readers, live-scores changers and random-module swappers (tools/oracle/dice/bots/frame_readers.py)
  // against the ORIGINAL controllers' goldens (fixtures/dice/goldens-ours, made with tools/oracle/dice/golden.py).
  for (const file of fixtureFiles('dice/goldens-ours', /\.json$/)) {
    it(`as the original controller: ${file} (frames, the controller's wins, live scores changed, random.randint and random.sample replaced)`, async () => {
      const g = fixture<{ seed: number; games: number; rules: string; bots: string[] }>(`dice/goldens-ours/${file}`);
      const r = await runKoth(['replay', 'dice', '--exact', '--seed', String(g.seed), '--games', String(g.games), '--rules', g.rules, '--bots', g.bots.join(','), '--json', '--python-bots', 'tools/oracle/dice/bots/frame_readers.py']);
      expect(r.status, r.stderr).toBe(0);
      expect(r.json()).toEqual(g);
    }, 120_000);
  }

  it('a bot that changes builtins does not change later shards: --workers 1 and 2 give the same table', async () => {
    const f = join(tmp, 'saboteur.py');
    writeFileSync(
      f,
      'import builtins\n' +
        Array.from({ length: 8 }, (_, i) => `class Summer${i}(Bot):\n    def make_throw(self, scores, last_round):\n        while sum(self.current_throws) < ${8 + i}:\n            yield True\n        yield False\n`).join('\n') +
        '\nclass Saboteur(Bot):\n    def make_throw(self, scores, last_round):\n        builtins.sum = lambda xs, start=0: start\n        yield False\n',
    );
    const args = ['replay', 'dice', '--seed', '5', '--games', '400', '--shard-size', '100', '--json', '--python-bots', f];
    const one = await runKoth([...args, '--workers', '1']);
    expect(one.status, one.stderr).toBeLessThan(2);
    const two = await runKoth([...args, '--workers', '2']);
    expect(two.status, two.stderr).toBeLessThan(2);
    // gameRows: rounds per game, ties... of THIS pool (rows compare with the published table's bots).
    const table = (r: typeof one) => {
      const j = r.json() as { rows: unknown[]; gameRows: unknown[] };
      return { rows: j.rows, gameRows: j.gameRows };
    };
    expect(table(one)).toEqual(table(two));
  }, 180_000);

  it("the first controller's live scores list: a bot that shortens it crashes the controller as it did (exit 3); a non-int in it cannot be followed (exit 2)", async () => {
    const short = hostileFile('Shortener', 'if len(scores) > 7:\n    scores.pop()\nyield False');
    const r = await runKoth(['replay', 'dice', '--exact', '--seed', '1', '--games', '100', '--rules', 'original', '--python-bots', short]);
    expect(r.status, r.stderr).toBe(3);
    expect(r.stderr).toMatch(/the first controller raised IndexError: list index out of range in game 1 .*because Shortener shortened the live scores list/s);
    // The updated controller hands out a copy: nothing happens.
    expect((await runKoth(['replay', 'dice', '--exact', '--seed', '1', '--games', '100', '--python-bots', short, '--json'])).status).toBe(0);
    const str = hostileFile('Stringer', "scores[0] = 'x'\nyield False");
    const s = await runKoth(['replay', 'dice', '--exact', '--seed', '1', '--games', '100', '--rules', 'original', '--python-bots', str]);
    expect(s.status, s.stderr).toBe(2);
    expect(s.stderr).toMatch(/Stringer put 'x' \(str\) into the live scores list.*stops without results/s);
  }, 120_000);

  it('a replaced random.randint giving a die koth does not model is refused by name (exit 2)', async () => {
    const f = hostileFile('Floater', 'import random\nrandom.randint = lambda a, b: 2.5\nyield False');
    const r = await runKoth(['replay', 'dice', '--exact', '--seed', '1', '--games', '5', '--python-bots', f]);
    expect(r.status, r.stderr).toBe(2);
    expect(r.stderr).toMatch(/random\.randint was replaced \(by Floater\) and gave the die 2\.5 \(float\)/);
  }, 120_000);

  it('bad input: with --pool, an unknown bot, a folder, a file that does not load', async () => {
    expect((await runKoth(['replay', 'dice', '--exact', '--python-bots', tmp])).stderr).toMatch(/is a folder, not a file/);
    expect((await runKoth(['replay', 'dice', '--exact', '--python-bots', TWINS, '--pool', 'all'])).status).toBe(2);
    const unknown = await runKoth(['replay', 'dice', '--exact', '--python-bots', TWINS, '--bots', 'Nobody,GoToTenBot']);
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toMatch(/Nobody not among the Python classes/);
    const broken = join(tmp, 'broken.py');
    writeFileSync(broken, 'class Oops(Bot)\n    pass\n');
    const b = await runKoth(['replay', 'dice', '--exact', '--python-bots', broken]);
    expect(b.status).toBe(2);
    expect(b.stderr).toMatch(/broken\.py does not load: SyntaxError/);
  });

  it('a bot that raises ends the run as it ended the original controller (exit 3, bot named)', async () => {
    const f = hostileFile('Raiser', "raise KeyError('boom')\nyield True");
    const r = await runKoth(['replay', 'dice', '--exact', '--seed', '1', '--games', '5', '--python-bots', f]);
    expect(r.status).toBe(3);
    expect(r.stderr).toMatch(/Raiser raised KeyError: 'boom'.*The original controller catches no exception/s);
  });

  describe('sharded runs (statistical, over sandbox workers): a bot\'s exception or stop is exit 3 with the --exact message, never "internal error"', () => {
    const sharded = async (file: string, env: Record<string, string> = {}) => {
      const saved = { ...process.env };
      Object.assign(process.env, { KOTH_SANDBOX_TIMEOUT_MS: '1500', ...env });
      try {
        return await runKoth(['replay', 'dice', '--seed', '1', '--games', '200', '--shard-size', '100', '--workers', '2', '--python-bots', file]);
      } finally {
        process.env = saved;
      }
    };
    it('an exception: what the original controller did (it caught none)', async () => {
      const r = await sharded(hostileFile('ShardRaiser', "raise KeyError('boom')\nyield True"));
      expect(r.status, r.stderr).toBe(3);
      expect(r.stderr).toMatch(/ShardRaiser raised KeyError: 'boom' .*in game \d+\. The original controller catches no exception/);
      expect(r.stderr).not.toMatch(/internal error|BotCrash/);
    }, 120_000);
    it('a time-out: the sandbox stopped it; the original would have hung, it did not "stop here too"', async () => {
      const r = await sharded(hostileFile('ShardSpinner', 'while True:\n    pass\nyield True'));
      expect(r.status, r.stderr).toBe(3);
      expect(r.stderr).toMatch(/the Python sandbox stopped bot ShardSpinner \(timeout\) at game \d+.*no time or memory limit.*would have hung or died here/s);
      expect(r.stderr).not.toMatch(/stopped here too|internal error|BotCrash/);
    }, 120_000);
    it('a memory stop', async () => {
      const r = await sharded(hostileFile('ShardHoarder', 'a = []\nwhile True:\n    a.append(bytearray(10**7))\nyield True'), { KOTH_SANDBOX_MEMORY_MB: '300', KOTH_SANDBOX_TIMEOUT_MS: '30000' });
      expect(r.status, r.stderr).toBe(3);
      expect(r.stderr).toMatch(/the Python sandbox stopped bot ShardHoarder \(memory\)/);
      expect(r.stderr).not.toMatch(/stopped here too|internal error/);
    }, 120_000);
  });

  it('class names reach the terminal escaped (a class may be named anything: type("\\x1b[2J", ...))', async () => {
    const f = join(tmp, 'evil_names.py');
    writeFileSync(f, "Evil = type('Evil\\x1b[2J\\x07', (Bot,), {'make_throw': lambda self, scores, last_round: iter([False])})\n");
    const few = await runKoth(['replay', 'dice', '--exact', '--python-bots', f]);
    expect(few.status).toBe(2);
    expect(few.stderr).toContain('Evil\\x1b[2J\\x07');
    expect(few.stderr).not.toMatch(/[\x07\x1b]/);
    const unknown = await runKoth(['replay', 'dice', '--exact', '--python-bots', f, '--bots', 'Nobody']);
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain('Evil\\x1b[2J\\x07');
    expect(unknown.stderr).not.toMatch(/[\x07\x1b]/);
  }, 60_000);

  describe('hostile bots: stopped by the sandbox, the run ends with the bot named (exit 3); the next run works', () => {
    const stopped = async (name: string, body: string, reason: RegExp, env: Record<string, string> = {}) => {
      const saved = { ...process.env };
      Object.assign(process.env, { KOTH_SANDBOX_TIMEOUT_MS: '1500', ...env });
      try {
        const r = await runKoth(['replay', 'dice', '--exact', '--seed', '1', '--games', '5', '--python-bots', hostileFile(name, body)]);
        expect(r.status, r.stderr).toBe(3);
        expect(r.stderr).toMatch(new RegExp(`the Python sandbox stopped bot ${name} \\(${reason.source}\\).*no time or memory limit`, 's'));
      } finally {
        process.env = saved;
      }
    };
    it('an endless Python loop (interrupted)', () => stopped('Spinner', 'while True:\n    pass\nyield True', /timeout/), 60_000);
    it('a C-level endless loop (the worker is ended)', () => stopped('CLooper', 'sum(range(10**15))\nyield True', /timeout/), 60_000);
    it('a loop that catches BaseException (the worker is ended)', () => stopped('Stubborn', 'while True:\n    try:\n        while True:\n            pass\n    except BaseException:\n        pass\nyield True', /timeout/), 60_000);
    it('memory growth past the cap', () => stopped('Hoarder', 'a = []\nwhile True:\n    a.append(bytearray(10**7))\nyield True', /memory/, { KOTH_SANDBOX_MEMORY_MB: '300', KOTH_SANDBOX_TIMEOUT_MS: '30000' }), 60_000); // the cap, not the clock, on a busy machine
    it('a huge string, the host and its objects: Python errors the original would have raised too (exit 3)', async () => {
      for (const [name, body, msg] of [
        ['Huge', "s = 'x' * (2**31 - 1)\nyield True", /MemoryError|\(memory\)/],
        ['Escaper', 'import js\nyield True', /ImportError|blocked/],
        ['Escaper2', 'import pyodide_js\nyield True', /ImportError|blocked/],
        ['Escaper3', "import sys\nm = sys.modules.get('_pyodide_core') or __import__('_pyodide_core')\nyield True", /ImportError|blocked/],
      ] as const) {
        const r = await runKoth(['replay', 'dice', '--exact', '--seed', '1', '--games', '5', '--python-bots', hostileFile(name, body)]);
        expect(r.status, r.stderr).toBe(3);
        expect(r.stderr).toMatch(msg);
      }
    }, 60_000);
    it('afterwards a run works', async () => {
      const again = await runKoth(['play', 'dice', '--seed', '7', '--bots', RUNNABLE, '--json', '--python-bots', TWINS]);
      expect(again.status, again.stderr).toBe(0);
    }, 60_000);
  });
});

/**
 * Python adventurers playing in our engine. Only our own Python here: the weird test bots
 * (tools/oracle/ruins/bots/weird/weird.py, twins of test-adventurers.ts) and small hostile bots
 * written below. The adapter's own tests load Pyodide in this thread (LocalPython: no limits
 * needed for well-behaved bots); the hostile ones go through the CLI, so they meet the sandbox
 * workers as a user's run does (the locked-down thread, the supervisor's time and memory limits).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalPython } from '../core/sandbox/runtimes/python/local.ts';
import { ControllerCrash } from '../core/py/errors.ts';
import { runKoth } from '../../test/test-server.ts';
import { loadPythonRuinsBots } from './python-bots.ts';
import { Ruins, scoreRows } from './rules.ts';
import { WEIRD_BOTS } from './test-adventurers.ts';
import { moduleOfAnswer, sanitize } from './originals.ts';

let sb: LocalPython;
beforeAll(async () => {
  sb = await LocalPython.load();
}, 180_000);
const tmp = mkdtempSync(join(tmpdir(), 'koth-ruins-py-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
/** Hostile bots as files for --python-bots (module = file name). */
const files = (bots: Record<string, string>) =>
  Object.entries(bots)
    .map(([name, body]) => {
      const f = join(tmp, `h_${name.toLowerCase()}.py`);
      writeFileSync(f, hostile(name, body));
      return f;
    })
    .join(',');

const hostile = (name: string, body: string) => `from __main__ import Adventurer\nclass ${name}(Adventurer):\n    def get_action(self, state):\n${body
  .split('\n')
  .map((l) => '        ' + l)
  .join('\n')}\n`;

describe('ruins Python bots in the sandbox', () => {
  it('our weird bots play exactly as their TypeScript twins (same seed, same generator stream)', () => {
    const code = readFileSync('tools/oracle/ruins/bots/weird/weird.py', 'utf8');
    const py = loadPythonRuinsBots([{ module: 'weird', code, origin: 'weird.py' }], sb);
    expect(py.classes.map((c) => c.botName)).toEqual(WEIRD_BOTS.map((c) => c.botName));
    for (const seed of ['K48XMESC', '7']) {
      const a = new Ruins(py.classes, seed, { log: true });
      const b = new Ruins(WEIRD_BOTS, seed, { log: true });
      expect(scoreRows(a.runGame())).toEqual(scoreRows(b.runGame()));
      expect(a.log).toEqual(b.log);
    }
  });

  it('hostile bots in a sandbox worker are stopped by name; the game carries on as ruins.py did (it caught Exception: the adventurer dies)', async () => {
    const bots = {
      ReachProcess: "import js\nreturn str(js.process)",
      ReachLoader: "import pyodide_js\nreturn str(pyodide_js.loadPackage)",
      ReadPasswd: "return open('/etc/passwd').read()",
      Shell: "import os\nos.system('touch /tmp/koth-pwned')\nreturn 'next'",
      Socket: "import socket\nsocket.create_connection(('1.1.1.1', 80))\nreturn 'next'",
      // Climbs to Pyodide's to_js through the functions' globals, then from a JS object to Function('return process'): the worker's lockdown removed that road.
      Climber: "import gc\nto_js = [g['to_js'] for c in object.__subclasses__() for v in vars(c).values() for g in [getattr(v, '__globals__', {})] if 'to_js' in g][0]\nreturn str(to_js({}).constructor.constructor('return process')())",
      Recurse: "def f(n): return f(n + 1)\nreturn f(0)",
      Raiser: "raise ValueError('no')",
      // No real clock: every clock reads one instant, sleep returns at once (docs/sandbox.md).
      Clock: "import time, datetime\nt0 = time.perf_counter(); m0 = time.monotonic()\nsum(range(2 * 10**6)); time.sleep(0.05)\nraise ValueError('%r %r %r %r %r %s' % (time.perf_counter() - t0, time.monotonic() - m0, time.time(), time.time_ns(), time.process_time(), datetime.datetime.now().isoformat()))",
      Sleeper: "import time\ntime.sleep(-1)",
    };
    const r = await runKoth(['play', 'ruins', '--seed', 'hostile', '--python-bots', files(bots), '--json']);
    expect(r.status, r.stderr).toBe(0);
    expect((r.json().rows as { money: number | null }[]).every((row) => row.money === null)).toBe(true);
    const first = (name: string) => new RegExp(`python bot ${name}: \\d+ exception\\(s\\), first: ([^\\n]*)`).exec(r.stderr)?.[1] ?? '';
    expect(first('ReachProcess')).toMatch(/ImportError: import of 'js' is blocked/);
    expect(first('ReachLoader')).toMatch(/ImportError: import of 'pyodide_js' is blocked/);
    expect(first('ReadPasswd')).toMatch(/FileNotFoundError/);
    expect(first('Shell')).toMatch(/PermissionError: os.system is blocked/);
    expect(first('Socket')).toMatch(/ImportError: import of 'socket' is blocked/);
    expect(first('Climber')).toMatch(/TypeError|AttributeError|JsException/);
    expect(first('Recurse')).toMatch(/RecursionError/);
    expect(first('Raiser')).toBe('ValueError: no');
    expect(first('Clock')).toBe('ValueError: 0.0 0.0 0.0 0 0.0 1970-01-01T00:00:00');
    expect(first('Sleeper')).toBe('ValueError: sleep length must be non-negative');
  }, 120_000);

  it('SystemExit from a bot stops the run as it stopped ruins.py', () => {
    const py = loadPythonRuinsBots([{ module: 'quitter', code: hostile('Quitter', 'raise SystemExit(3)'), origin: 'quitter' }], sb);
    expect(() => new Ruins(py.classes, 's').runGame()).toThrow(ControllerCrash);
  });


  it("Python's float type survives the trip: a 1.0 index crashes the driver as in ruins.py, a nan bid is a Non-integer bid, 5.0 prints as 5.0", () => {
    const code = (name: string, ret: string) => hostile(name, `if state.treasures:\n    return ${ret}\nreturn 'next'`);
    const crash = loadPythonRuinsBots([{ module: 'f_index', code: code('FloatIndex', "'take', float(len(state.treasures) - 1), state.treasures[-1].weight"), origin: 'f' }], sb);
    // ruins.py: int(1.0) passes its checks, then self.rooms[..][1.0] raises TypeError, which it does not catch.
    expect(() => new Ruins(crash.classes, 'floats').runGame()).toThrow(ControllerCrash);
    try {
      new Ruins(crash.classes, 'floats').runGame();
    } catch (e) {
      expect((e as ControllerCrash).pythonLine).toBe('TypeError: list indices must be integers or slices, not float');
    }
    const ok = loadPythonRuinsBots(
      [
        { module: 'f_nan', code: code('NanBid', "'take', 0, float('nan')"), origin: 'n' },
        { module: 'f_whole', code: code('WholeBid', "'take', 0, float(state.treasures[0].weight)"), origin: 'w' },
      ],
      sb,
    );
    const game = new Ruins(ok.classes, 'floats', { log: true });
    game.runGame();
    const text = game.log.map((l) => l.text).join('\n');
    expect(text).toMatch(/\(Non-integer bid\)/);
    expect(text).toMatch(/Take\(treasure=0, bid=\d+\.0\)/);
  });

  it('the driver downloader layout: module names from user and title', () => {
    expect(sanitize('Greedy Bastard!! v2')).toBe('Greedy_Bastard');
    const m = moduleOfAnswer({ author: 'Some One', answer_id: 1, blocks: [], body: '<h1>My Bot</h1><pre><code>class MyBot(Adventurer):\n    pass\n</code></pre>' });
    expect(m?.module).toBe('some_one__my_bot');
    expect(m?.code).toContain('from __main__ import Adventurer');
    expect(moduleOfAnswer({ author: 'x', answer_id: 2, blocks: [], body: '<pre><code>x</code></pre>' })).toBeUndefined();
  });
});

describe('sandbox limits stop the run and name the bot (ruins.py had no limit and would hang: the run stops, exit 3)', () => {
  it('an endless loop, then a memory bomb', async () => {
    for (const [name, body, reason] of [
      ['Looper', 'while True: pass', 'timeout'],
      ['Bomb', 'a = []\nwhile True: a.append(bytearray(10**7))', 'memory'],
    ] as const) {
      const saved = { ...process.env };
      Object.assign(process.env, { KOTH_SANDBOX_TIMEOUT_MS: '2000', KOTH_SANDBOX_MEMORY_MB: '300' });
      try {
        const r = await runKoth(['play', 'ruins', '--seed', 's', '--python-bots', files({ [name]: body })]);
        expect(r.status, r.stderr).toBe(3);
        expect(r.stderr).toMatch(new RegExp(`the Python sandbox stopped bot ${name} \\(${reason}\\)`));
      } finally {
        process.env = saved;
      }
    }
  }, 240_000);
});

/**
 * Issue 31, defect 21: an int beyond 2**53 - 1 crosses the sandbox boundary exactly (a BigInt),
 * not as a rounded double or Infinity, so a ruins bid of 10**400 is what ruins.py saw: a bid too
 * high, not a crash of the driver. Only our own Python here.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { LocalPython } from '../core/sandbox/runtimes/python/local.ts';
import { PyFloat } from '../core/py/float.ts';
import { loadPythonRuinsBots } from './python-bots.ts';
import { Ruins } from './rules.ts';
import { writeFileSync } from 'node:fs';
import { koth, tempDirs } from '../../test/helpers.ts';

const tmp = tempDirs('koth-big-ints-');

let sb: LocalPython;
beforeAll(async () => {
  sb = await LocalPython.load();
}, 180_000);

describe('big ints across the sandbox boundary', () => {
  it('ints beyond 2**53 - 1 arrive exactly as BigInt; smaller ints and every float as before', () => {
    sb.loadModule('koth_big_ints', "import koth_sandbox\nkoth_sandbox.register('big_values', lambda: [10**400, -(2**53 + 1), 2**53 - 1, 2.0, 0.30000000000000004, 'x' * 3 + '1234567890123456', True, {'k': 10**20}])\nkoth_sandbox.register('huge', lambda: [10**5000, 2.0])\n");
    const v = sb.call('big_values', []) as unknown[];
    expect(v[0]).toBe(10n ** 400n);
    expect(v[1]).toBe(-(2n ** 53n + 1n));
    expect(v[2]).toBe(2 ** 53 - 1);
    // Floats keep the type they had before: an integral float in a value without nan/inf is a number.
    expect(v[3]).toBe(2);
    expect(v[4]).toBe(0.30000000000000004);
    expect(v[5]).toBe('xxx1234567890123456');
    expect(v[6]).toBe(true);
    expect(v[7]).toEqual({ k: 10n ** 20n });
    // Beyond str()'s 4300-digit limit too (json.dumps raises there: the tagged path).
    const [h, f] = sb.call('huge', []) as [bigint, PyFloat];
    expect(h).toBe(10n ** 5000n);
    expect(f).toBeInstanceOf(PyFloat);
  });

  it('a ruins bid of 10**400 is "Bid too high" (ruins.py compared the int), -10**400 "Bid too low"; the game goes on', () => {
    const bot = (name: string, bid: string) =>
      `from __main__ import Adventurer\nclass ${name}(Adventurer):\n    def get_action(self, state):\n        if state.treasures:\n            return 'take', 0, ${bid}\n        return 'next'\n`;
    const py = loadPythonRuinsBots(
      [
        { module: 'big_bid', code: bot('BigBid', '10**400'), origin: 'big' },
        { module: 'low_bid', code: bot('LowBid', '-10**400'), origin: 'low' },
        { module: 'near_bid', code: bot('NearBid', '2**53 + 1'), origin: 'near' },
      ],
      sb,
    );
    const game = new Ruins(py.classes, 'big ints', { log: true });
    game.runGame();
    const text = game.log.map((l) => l.text).join('\n');
    expect(text).toMatch(/\(BigBid\) went all out to take .*\(Bid too high\)/);
    expect(text).toMatch(/\(NearBid\) went all out to take .*\(Bid too high\)/);
    expect(text).toMatch(/\(LowBid\) tried to lift .*\(Bid too low\)/);
    expect(text).toContain(`bid=${10n ** 400n}`);
  });

  it('koth play ruins --python-bots with a bid of 10**400: exit 0, the bot dies of its bid (was exit 3, "ruins.py itself crashes")', () => {
    const file = `${tmp()}/big_bid.py`;
    writeFileSync(file, "from __main__ import Adventurer\nclass BigBid(Adventurer):\n    def get_action(self, state):\n        if state.treasures:\n            return 'take', 0, 10**400\n        return 'next'\n");
    const r = koth(['play', 'ruins', '--seed', '1', '--python-bots', file, '--log']);
    expect(r.stderr).not.toContain('crashes');
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/\(BigBid\) went all out to take .*\(Bid too high\)/);
  });
});

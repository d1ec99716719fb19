/**
 * `koth verify … --source FILE` gives the same exit codes as `--python-bots FILE` for the same
 * files: a file that does not load (a syntax error, null bytes) is bad input (2); a loop the
 * sandbox interrupts is "the original would have hung" (3). Never "failed inside koth" (70).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runKoth } from './test-server.ts';

const tmp = mkdtempSync(join(tmpdir(), 'koth-verify-codes-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const file = (name: string, text: string) => {
  const f = join(tmp, name);
  writeFileSync(f, text);
  return f;
};
const env = { KOTH_SANDBOX_TIMEOUT_MS: '1500' };

describe('koth verify --source: the exit codes of --python-bots for the same files', () => {
  for (const [what, name, text, code, message] of [
    ['a syntax error', 'syntax.py', 'class GoToTenBot(Bot)\n    pass\n', 2, /syntax\.py does not load: SyntaxError/],
    ['null bytes', 'nul.py', 'x = 1\0\nclass GoToTenBot(Bot):\n    pass\n', 2, /nul\.py does not load: SyntaxError: source code string cannot contain null bytes/],
    ['a loop at import, interrupted', 'loop.py', 'while True:\n    pass\n', 3, /the Python sandbox stopped .*\(timeout\)/],
  ] as const) {
    it(`${what}: exit ${code}`, async () => {
      const f = file(name, text);
      const v = await runKoth(['verify', 'dice', 'GoToTenBot', '--source', f, '--workers', '1'], env);
      expect(v.status, v.stderr).toBe(code);
      expect(v.stderr).toMatch(message);
      expect(v.stderr).not.toMatch(/inside koth|internal error/);
      const p = await runKoth(['replay', 'dice', '--exact', '--games', '5', '--python-bots', f], env);
      expect(p.status, p.stderr).toBe(code);
    }, 120_000);
  }

  it('a loop in the bot’s own method, interrupted: exit 3, the bot named once', async () => {
    const f = file('spin.py', 'class GoToTenBot(Bot):\n    def make_throw(self, scores, last_round):\n        while True:\n            pass\n');
    const v = await runKoth(['verify', 'dice', 'GoToTenBot', '--source', f, '--workers', '1'], env);
    expect(v.status, v.stderr).toBe(3);
    expect(v.stderr).toMatch(/the Python sandbox stopped GoToTenBot \(timeout\): (?!GoToTenBot:)/);
    expect(v.stderr).toMatch(/would have hung or died here/);
  }, 120_000);
});

/**
 * `koth ab dice --python-bots FILES`: original Python classes in the sandbox as A, B and the field.
 * Two classes with the same code are the self-test (0 difference, 0 discordant pairs: the same
 * seats, opponents and dice); a timid class against one that throws to 10 differs.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { koth, tempDirs } from './helpers.ts';

const tmp = tempDirs('koth-ab-py-');

function botsFile(): string {
  const f = join(tmp(), 'bots.py');
  const cls = (name: string, target: number) => `class ${name}(Bot):\n    def make_throw(self, scores, last_round):\n        while sum(self.current_throws) < ${target}:\n            yield True\n        yield False\n\n`;
  writeFileSync(f, cls('Filler0', 8) + cls('Filler1', 9) + cls('Filler2', 12) + cls('TenA', 10) + cls('TenB', 10) + 'class Timid(Bot):\n    def make_throw(self, scores, last_round):\n        yield False\n');
  return f;
}

describe('koth ab dice --python-bots', () => {
  it('twin classes: exactly no difference; Timid against TenA: a difference', () => {
    const f = botsFile();
    const twins = koth(['ab', 'dice', '--python-bots', f, '--candidate', 'TenA', '--baseline', 'TenB', '--max-pairs', '20', '--workers', '1', '--json']);
    expect(twins.status, twins.stderr).toBe(0);
    expect(twins.json()).toMatchObject({ pairs: 20, discordant: 0, score: { mean: 0, low: 0, high: 0 } });
    const timid = koth(['ab', 'dice', '--python-bots', f, '--candidate', 'Timid', '--baseline', 'TenA', '--max-pairs', '20', '--workers', '1', '--json']);
    expect(timid.status, timid.stderr).toBe(0);
    expect(timid.json().discordant).toBeGreaterThan(0);
    expect(timid.json().score.mean).toBeLessThan(0);
  }, 300_000);

  it('a name that is not a class of the files, and --queue, are exit 2', () => {
    const f = botsFile();
    const r = koth(['ab', 'dice', '--python-bots', f, '--candidate', 'OptFor2X', '--baseline', 'TenA']);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/"OptFor2X" is not a class of the --python-bots files/);
    const q = koth(['ab', 'dice', '--python-bots', f, '--candidate', 'TenA', '--baseline', 'TenB', '--queue', 'redis://127.0.0.1:1']);
    expect(q.status).toBe(2);
    expect(q.stderr).toMatch(/--python-bots cannot go with --queue/);
  }, 300_000);
});

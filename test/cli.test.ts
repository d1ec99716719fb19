import { describe, expect, it } from 'vitest';
import { koth } from './helpers.ts';
import { games } from '../engines/registry.ts';

describe('koth CLI', () => {
  it('--help names every command and the games', () => {
    const r = koth(['--help']);
    expect(r.status).toBe(0);
    for (const cmd of ['replay', 'play', 'scrape', 'registry', 'bench']) expect(r.stdout).toContain(cmd);
    expect(r.stdout).toMatch(/Games: .*dice/);
  });

  it('replay dice --help explains the options, variants and rule flags', () => {
    const r = koth(['replay', 'dice', '--help']);
    expect(r.status).toBe(0);
    for (const opt of ['--exact', '--seed', '--games', '--bots', '--rules', '--compare-rules', '--workers', '--checkpoint', '--json', 'lastRoundRetrigger', 'liveScores']) {
      expect(r.stdout).toContain(opt);
    }
  });

  it('bad input gets a clear message and a non-zero exit', () => {
    const unknown = koth(['replay', 'dice', '--exact', '--bots', 'NoSuchBot,Another', '--games', '5']);
    expect(unknown.status).not.toBe(0);
    expect(unknown.stderr).toMatch(/no port for NoSuchBot, Another.*koth registry dice/s);
    const zero = koth(['replay', 'dice', '--games', '0']);
    expect(zero.status).not.toBe(0);
    expect(zero.stderr).toMatch(/--games.*positive whole number/);
    const rules = koth(['replay', 'dice', '--rules', 'newest']);
    expect(rules.status).not.toBe(0);
    expect(rules.stderr).toMatch(/Allowed choices are original, fixed/);
    const cmd = koth(['replay', 'chess']);
    expect(cmd.status).not.toBe(0);
  });

  const engineless = games.filter((x) => !x.engine);
  it.runIf(engineless.length > 0)('a registered challenge without an engine says what works instead of "too many arguments"', () => {
    for (const g of engineless) {
      const r = koth(['replay', g.id, '--seed', '1']);
      expect(r.status, g.id).toBe(2);
      expect(r.stderr).toMatch(new RegExp(`${g.id} \\(question ${g.questionId}\\) has no engine yet[\\s\\S]*koth scrape ${g.id}`));
    }
  });
});

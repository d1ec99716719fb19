/**
 * `koth host init` and `koth host board` (issue 40; docs/host.md "Commands"): init makes a host
 * with checked settings and refuses bad input before making anything; board prints what
 * engines/core/host/board.ts computes from the store — the same JSON in-process and through the
 * CLI — and refuses what is not a host, unknown names and rules. dist/koth.js as a user runs it.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { koth, tempDirs } from './helpers.ts';
import { sampleHosts } from './host-fixture.ts';
import { computeBoard } from '../engines/core/host/board.ts';
import { getSettings, openStore } from '../engines/core/host/store.ts';

const tmp = tempDirs('koth-host-cli-');
const host = sampleHosts();

describe('koth host init', () => {
  it('makes a host whose settings are what was asked (the game default rules, the house ports)', () => {
    const dir = join(tmp(), 'hill');
    const r = koth(['host', 'init', dir, '--game', 'dice', '--source', 'dir:./bots', '--house', 'GoToTenBot,OptFor2X', '--seed', '7', '--elo1', '10']);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain(`made a dice host in ${dir}`);
    const store = openStore(dir);
    try {
      expect(getSettings(store)).toEqual({ game: 'dice', source: 'dir:./bots', rules: 'fixed', seed: '7', house: ['GoToTenBot', 'OptFor2X'], elo0: 0, elo1: 10, alpha: 0.05, beta: 0.05, allowPrograms: false });
    } finally {
      store.close();
    }
    const again = koth(['host', 'init', dir, '--game', 'dice', '--source', 'dir:./bots']);
    expect(again.status).toBe(2);
    expect(again.stderr).toContain('is already a host');
  });

  it('refuses bad input with exit 2 and makes nothing', () => {
    const cases: [string[], RegExp][] = [
      [['--game', 'chess', '--source', 'se:1'], /unknown game "chess": use one of dice/],
      [['--game', 'dice', '--source', 'foo'], /give se:QUESTION_ID .* or dir:PATH/],
      [['--game', 'dice', '--source', 'se:1', '--rules', 'zz'], /--rules "zz" is not a rule variant of dice/],
      [['--game', 'dice', '--source', 'se:1', '--house', 'NoSuchBot'], /--house: dice has no port named "NoSuchBot"/],
      [['--game', 'dice', '--source', 'se:1', '--elo0', '5', '--elo1', '5'], /--elo0 5 must be below --elo1 5/],
      [['--game', 'dice', '--source', 'se:1', '--alpha', '0.7'], /--alpha/],
      [['--source', 'se:1'], /--game/],
    ];
    for (const [args, message] of cases) {
      const dir = join(tmp(), 'hill');
      const r = koth(['host', 'init', dir, ...args]);
      expect(r.status, `${args.join(' ')}: ${r.stderr}`).toBe(2);
      expect(r.stderr).toMatch(message);
      expect(existsSync(join(dir, 'host.db')), args.join(' ')).toBe(false);
    }
  });
});

describe('koth host board', () => {
  it('--json is the board computed from the store; the table lists every entry', () => {
    const { store } = host();
    const expected = computeBoard(store, { resamples: 20 });
    const r = koth(['host', 'board', store.dir, '--json', '--resamples', '20']);
    expect(r.status, r.stderr).toBe(0);
    expect(r.json()).toEqual(JSON.parse(JSON.stringify(expected)));
    expect(expected.entries.map((e) => e.name)).toEqual(['A', 'B', 'C', 'D']);
    const without = koth(['host', 'board', store.dir, '--json', '--resamples', '20', '--without', 'D']);
    expect(without.json()).toEqual(JSON.parse(JSON.stringify(computeBoard(store, { resamples: 20, without: ['D'] }))));
    const text = koth(['host', 'board', store.dir, '--resamples', '20']);
    expect(text.status, text.stderr).toBe(0);
    for (const name of ['A', 'B', 'C', 'D']) expect(text.stdout).toMatch(new RegExp(`│ ${name} +│`));
    expect(text.stdout).toContain('(never won)');
  });

  it('refuses what is not a host, an unknown entry, unknown rules and a bad date: exit 2', () => {
    const { store } = host();
    const cases: [string[], RegExp][] = [
      [[tmp()], /is not a host: it has no host.db \(make one with `koth host init`\)/],
      [[store.dir, '--without', 'Nobody'], /--without: no entry named "Nobody"/],
      [[store.dir, '--rules', 'zz'], /--rules "zz" is not a rule variant of dice/],
      [[store.dir, '--as-of', 'notadate'], /--as-of "notadate" is not a date/],
    ];
    for (const [args, message] of cases) {
      const r = koth(['host', 'board', ...args]);
      expect(r.status, `${args.join(' ')}: ${r.stderr}`).toBe(2);
      expect(r.stderr).toMatch(message);
      expect(r.stdout).toBe('');
    }
  });
});

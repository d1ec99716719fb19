/**
 * Validation (host/validate.ts) on our own few-line dice bots in the Pyodide sandbox: a good bot
 * becomes active with its smoke games stored; a syntax error, an endless loop (the time limit), a
 * bot that raises and one whose move the controller cannot take are rejected with the reason.
 * A version in a language its game does not seat (HostGame.languages), and a program on a host
 * made without --allow-programs, are rejected with the reason before anything is played.
 * Sandbox lane (vitest.config.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findGame, replayKit } from '../engines/registry.ts';
import { addVersion, beginTick, createStore, getVersion, listEvents, listGames, upsertEntry, type HostSettings, type Store } from '../engines/core/host/store.ts';
import { sha256 } from '../scraper/extract.ts';
import { languageRefused, SMOKE_GAMES, validate } from './validate.ts';

const SETTINGS: HostSettings = { game: 'dice', source: 'dir:/tmp/bots', rules: 'fixed', seed: 'koth', house: ['GoToTenBot', 'ThrowTwiceBot'], elo0: 0, elo1: 5, alpha: 0.05, beta: 0.05, allowPrograms: false };

const bot = (name: string, body: string) => `class ${name}(Bot):\n    def make_throw(self, scores, last_round):\n${body}\n`;
const BOTS: Record<string, string> = {
  Steady: bot('Steady', '        while sum(self.current_throws) < 12:\n            yield True\n        yield False'),
  Broken: 'class Broken(Bot):\n    def make_throw(self, scores, last_round)\n        yield False\n',
  Looper: bot('Looper', '        while True:\n            pass\n        yield False'),
  // Past the memory cap: rejected, and the worker replaced (the next bot's error is its own, not "memory").
  Hog: bot('Hog', '        x = bytearray(1536 * 1024 * 1024)\n        yield False'),
  Thrower: bot('Thrower', '        yield 1 / 0'),
  // Prints 10 MB a call and plays: its output is bounded, it is no failure.
  Shouter: bot('Shouter', '        print("x" * 10_000_000)\n        while sum(self.current_throws) < 12:\n            yield True\n        yield False'),
  NoGen: bot('NoGen', '        return 5'),
};

let dir: string;
let store: Store;
const others: { dir: string; store: Store }[] = [];
afterAll(() => {
  store?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
  for (const o of others) {
    o.store.close();
    rmSync(o.dir, { recursive: true, force: true });
  }
});

/** A host of `game` holding versions of the given languages (code: the language's name), validated once; the versions' ids and the report. */
async function validateLanguages(game: string, allowPrograms: boolean, languages: string[]) {
  const d = mkdtempSync(join(tmpdir(), 'koth-validate-lang-'));
  const s = createStore(d, { ...SETTINGS, game, rules: 'original', house: [], allowPrograms });
  others.push({ dir: d, store: s });
  const ids = languages.map((language, i) => {
    const code = `code in ${language}`;
    const e = upsertEntry(s, { answer: `a${i}`, className: `Bot${i}`, author: '' });
    return addVersion(s, { entry: e.id, sha256: sha256(code), code, language, posted: null, edited: null }).version.id;
  });
  // No sandbox is asked for: nothing is played.
  const kit = { sandboxPool: () => { throw new Error('no sandbox: nothing is played'); } };
  const tick = beginTick(s);
  const report = await validate(s, findGame(game)!, { kit, tick: tick.tick });
  tick.finish();
  return { store: s, ids, report, reasons: ids.map((id) => getVersion(s, id)!.reason) };
}

describe('validate', () => {
  it('accepts a good bot with its smoke games, rejects a syntax error, an endless loop, a raise and an illegal move with the reason', async () => {
    dir = mkdtempSync(join(tmpdir(), 'koth-validate-'));
    store = createStore(dir, SETTINGS);
    const ids: Record<string, number> = {};
    for (const [name, code] of Object.entries(BOTS)) {
      const e = upsertEntry(store, { answer: `${name}.py`, className: name, author: '' });
      ids[name] = addVersion(store, { entry: e.id, sha256: sha256(code), code, language: 'python', posted: null, edited: null }).version.id;
    }
    const tick = beginTick(store);
    const report = await validate(store, findGame('dice')!, { kit: replayKit(), tick: tick.tick, timeLimitMs: 400 });
    expect(report.active).toEqual([ids.Steady, ids.Shouter]);
    const status = (n: string) => getVersion(store, ids[n]!)!;
    expect(status('Steady')).toMatchObject({ status: 'active', reason: null });
    expect(status('Broken')).toMatchObject({ status: 'rejected' });
    expect(status('Broken').reason).toMatch(/SyntaxError/);
    expect(status('Looper').reason).toMatch(/time limit of 400 ms/);
    expect(status('Hog').reason).toMatch(/passed the sandbox's memory cap/);
    expect(status('Thrower').reason).toMatch(/^smoke game 1 of 4: ZeroDivisionError: division by zero/);
    expect(status('NoGen').reason).toMatch(/TypeError/);
    expect(report.rejected.map((r) => r.version).sort()).toEqual([ids.Broken, ids.Looper, ids.Hog, ids.Thrower, ids.NoGen].sort());
    // The good bot's smoke games: seed keys 0…, kind smoke, against the house bots, rotated; results of three seats.
    const smoke = listGames(store).filter((g) => g.seats.includes(ids.Steady!));
    expect(smoke.map((g) => g.seedKey)).toEqual([...Array(SMOKE_GAMES).keys()]);
    expect(smoke.every((g) => g.kind === 'smoke' && /^s:\d+,\d+,\d+$/.test(g.result))).toBe(true);
    expect(smoke.map((g) => g.seats.indexOf(ids.Steady!))).toEqual([0, 1, 2, 0]);
    expect(listEvents(store).filter((e) => e.kind === 'version-rejected')).toHaveLength(5);
    // Nothing left to validate: a second run plays and stores nothing.
    const before = listGames(store).length;
    expect(await validate(store, findGame('dice')!, { kit: replayKit(), tick: tick.tick })).toEqual({ active: [], rejected: [], waiting: [] });
    expect(listGames(store)).toHaveLength(before);
    tick.finish();
  }, 120_000);
});

describe('validate: what the game seats, and programs', () => {
  it('rejects a version in a language its game does not seat, saying what it seats, before anything is played', async () => {
    const { report, reasons, ids, store: s } = await validateLanguages('dice', true, ['cpp', 'program:js', 'program']);
    expect(reasons).toEqual(['dice cannot seat an answer in C++: it seats Python', 'dice cannot seat an answer in js programs: it seats Python', 'dice cannot seat an answer in programs: it seats Python']);
    expect(report).toEqual({ active: [], rejected: ids.map((version, i) => ({ version, reason: reasons[i] })), waiting: [] });
    expect(listGames(s)).toEqual([]);
    expect(listEvents(s).filter((e) => e.kind === 'version-rejected')).toHaveLength(3);
  });

  it('rejects a program on a host made without --allow-programs, saying so (a game that seats programs: atomas)', async () => {
    const { reasons, report } = await validateLanguages('atomas', false, ['program', 'program:sh']);
    expect(reasons).toEqual([
      'a program in a language without a sandbox runs only on a host made with --allow-programs (unsandboxed)',
      'a program in sh runs only on a host made with --allow-programs (unsandboxed)',
    ]);
    expect(report.active).toEqual([]);
  });

  it('languageRefused: the game seats its languages (`program` any program), programs only with --allow-programs', () => {
    const atomas = findGame('atomas')!.engine!.host!;
    const gunDuel = findGame('gun-duel')!.engine!.host!;
    const dice = findGame('dice')!.engine!.host!;
    expect(languageRefused('dice', dice, 'python', false)).toBeUndefined();
    expect(languageRefused('gun-duel', gunDuel, 'cpp', false)).toBeUndefined();
    expect(languageRefused('gun-duel', gunDuel, 'python', true)).toBe('gun-duel cannot seat an answer in Python: it seats C++');
    expect(languageRefused('gun-duel', gunDuel, 'program:java', true)).toBe('gun-duel cannot seat an answer in java programs: it seats C++');
    expect(languageRefused('atomas', atomas, 'program', true)).toBeUndefined();
    expect(languageRefused('atomas', atomas, 'program:py', true)).toBeUndefined();
    expect(languageRefused('atomas', atomas, 'program:py', false)).toBe('a program in py runs only on a host made with --allow-programs (unsandboxed)');
    expect(languageRefused('atomas', atomas, 'python2', true)).toBe('atomas cannot seat an answer in Python 2: it seats programs');
  });
});

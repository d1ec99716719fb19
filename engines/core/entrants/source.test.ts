/**
 * The one resolution path of a user's bots: `entrantsOf` turns the options of every kind into
 * entrants (python and cpp sources in the order given, programs checked), an answer's code is an
 * entrant of its game's language, and every python or cpp source is read by one reader
 * (source.ts) with the messages of the option that named it. The declarations are written here,
 * so the core is tested without a game.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDirs } from '../../../test/helpers.ts';
import { UserError } from '../cli/errors.ts';
import type { GameEntrants } from '../kit-types.ts';
import { answerKind, entrantOfAnswer, entrantsOf } from './options.ts';
import { readEntrantSource, readEntrantSources, type SourceReading } from './source.ts';
import { DEFAULT_MOVE_TIMEOUT_MS } from './program.ts';
import type { ProgramEntrants } from './entrant.ts';

const tmp = tempDirs('koth-sources-');

const program: ProgramEntrants = {
  example: 'sh x.sh',
  timedOutMove: 'empty',
  oneInterface: 'stdin',
  words: { malformed: (t) => `malformed ${t}.`, badName: (t, n) => `bad ${n} in ${t}.`, twice: (n) => `${n} twice.`, alone: 'ports answer at once' },
};
const python = { help: 'py', controller: 'the controller', noun: 'bot', fromFile: () => undefined, fromCache: () => [], args: () => undefined, inspectJob: 'inspect' };
const all: GameEntrants = { python, cpp: { help: 'cpp' }, program };

describe('entrantsOf: the options of every kind, one path', () => {
  it('resolves python, cpp and program entrants, each source in the order given, a program with its time limit', () => {
    const e = entrantsOf(all, { pythonBots: ' a.py , b.py', cppPlayers: 'cache', asOf: '2020-01-01', botCmd: [`Mine=${process.execPath} mine.js`], moveTimeout: 250 });
    expect(e).toEqual([
      { kind: 'python', source: { from: 'file', path: 'a.py' } },
      { kind: 'python', source: { from: 'file', path: 'b.py' } },
      { kind: 'cpp', source: { from: 'cache', asOf: '2020-01-01' } },
      { kind: 'program', name: 'Mine', command: `${process.execPath} mine.js`, moveTimeoutMs: 250 },
    ]);
    expect(entrantsOf(all, { botCmd: [`P=${process.execPath}`] })[0]).toMatchObject({ kind: 'program', moveTimeoutMs: DEFAULT_MOVE_TIMEOUT_MS });
  });

  it('takes only the kinds the game declares; "cache" is a file name for a game whose python reads no cache; a list naming nothing is refused', () => {
    expect(entrantsOf({ program }, { pythonBots: 'a.py', cppPlayers: 'b.hpp' })).toEqual([]);
    const { fromCache: _none, ...filesOnly } = python;
    expect(entrantsOf({ python: filesOnly }, { pythonBots: 'cache' })).toEqual([{ kind: 'python', source: { from: 'file', path: 'cache' } }]);
    expect(() => entrantsOf(all, { pythonBots: ' , ' })).toThrow(new UserError('--python-bots: give .py files, comma-separated, or "cache"'));
    expect(() => entrantsOf({ python: filesOnly }, { pythonBots: ',' })).toThrow(new UserError('--python-bots: give .py files, comma-separated'));
  });

  it('an answer is an entrant of its game’s language (a port is the fourth kind: ours, named by class)', () => {
    expect(answerKind('Python 2')).toBe('python');
    expect(answerKind('Python 3')).toBe('python');
    expect(answerKind('C++')).toBe('cpp');
    expect(entrantOfAnswer('C++', 'answer 1 block 0', 'class P {};')).toEqual({ kind: 'cpp', source: { from: 'text', origin: 'answer 1 block 0', code: 'class P {};' } });
  });
});

describe('readEntrantSource: the one reader', () => {
  const reading = (cache?: string[]): SourceReading<string> => ({
    option: '--opt',
    hint: 'give a file',
    fromCode: (origin, code) => `${origin}:${code}`,
    ...(cache ? { fromCache: (asOf) => cache.map((c) => `${asOf ?? 'latest'}/${c}`) } : {}),
  });

  it('reads a file, takes code in hand as it is, and hands the cache to the game, in the order given', () => {
    const f = join(tmp(), 'a.py');
    writeFileSync(f, 'class A: pass\n');
    expect(readEntrantSource({ from: 'file', path: f }, reading())).toEqual([`${f}:class A: pass\n`]);
    expect(readEntrantSource({ from: 'text', origin: 'answer 7 block 1', code: 'x' }, reading())).toEqual(['answer 7 block 1:x']);
    expect(readEntrantSources([{ from: 'cache', asOf: '2021-02-03' }, { from: 'text', origin: 'o', code: 'c' }], reading(['p', 'q']))).toEqual(['2021-02-03/p', '2021-02-03/q', 'o:c']);
  });

  it('refuses a file that is not there, or a folder, with the option and the hint (exit 2)', () => {
    const d = tmp();
    expect(() => readEntrantSource({ from: 'file', path: join(d, 'nope.py') }, reading())).toThrow(new UserError(`--opt: no file ${join(d, 'nope.py')} (give a file)`));
    expect(() => readEntrantSource({ from: 'file', path: d }, reading())).toThrow(new UserError(`--opt: ${d} is a folder, not a file (give a file)`));
  });
});

/**
 * Program entrants (program.ts): `--bot-cmd "Name=<program>"` read with a game's declaration —
 * the interface per entry, the refusals in the game's words with "Nothing was run.", the
 * defaults — and a program run once per move, counted. The declaration and the programs are
 * written here (a scratch game), so the core is tested without a game.
 */
import { chmodSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDirs } from '../../../test/helpers.ts';
import { UserError } from '../cli/errors.ts';
import { DEFAULT_MOVE_TIMEOUT_MS, MoveProgram, namedPrograms } from './program.ts';
import type { ProgramEntrants } from './entrant.ts';

const tmp = tempDirs('koth-entrants-');

const words: ProgramEntrants['words'] = {
  malformed: (t) => `malformed ${t}.`,
  badName: (t, n) => `bad name ${n} in ${t}.`,
  twice: (n) => `${n} twice.`,
  alone: 'ports answer at once',
};
const one: ProgramEntrants = { example: 'sh x.sh', timedOutMove: 'empty', oneInterface: 'stdin', words };
const two: ProgramEntrants = {
  ...one,
  oneInterface: undefined,
  interfaces: { names: ['a', 'lines'], help: 'a or lines', missing: 'say --interface.', lines: { name: 'lines', newlines: { lf: '\n', crlf: '\r\n' }, default: 'crlf' } },
};

const refusal = (f: () => unknown): string => {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(UserError);
    return (e as Error).message;
  }
  throw new Error('not refused');
};

describe('namedPrograms', () => {
  it('reads Name=<program> entries with the defaults, an interface once for all or once per entry', () => {
    expect(namedPrograms(one, {})).toEqual([]);
    expect(namedPrograms(one, { botCmd: [' Mine = sh x.sh --fast '] })).toEqual([{ kind: 'program', name: 'Mine', command: 'sh x.sh --fast', moveTimeoutMs: DEFAULT_MOVE_TIMEOUT_MS }]);
    expect(namedPrograms(two, { botCmd: ['A=sh', 'B=sh'], interface: ['lines'], moveTimeout: 7 })).toEqual([
      { kind: 'program', name: 'A', command: 'sh', moveTimeoutMs: 7, interface: 'lines', newline: 'crlf' },
      { kind: 'program', name: 'B', command: 'sh', moveTimeoutMs: 7, interface: 'lines', newline: 'crlf' },
    ]);
    expect(namedPrograms(two, { botCmd: ['A=sh', 'B=sh'], interface: ['a', 'lines'], stdioNewline: 'lf' }).map((p) => [p.interface, p.newline])).toEqual([
      ['a', 'lf'],
      ['lines', 'lf'],
    ]);
  });

  it("refuses in the game's words, before any program starts", () => {
    expect(refusal(() => namedPrograms(two, { botCmd: ['A=sh'] }))).toBe('say --interface. Nothing was run.');
    expect(refusal(() => namedPrograms(two, { botCmd: ['A=sh', 'B=sh'], interface: ['a', 'a', 'a'] }))).toBe('2 --bot-cmd but 3 --interface: give --interface once (for all) or once per --bot-cmd, in the same order. Nothing was run.');
    expect(refusal(() => namedPrograms(one, { botCmd: ['sh x.sh'] }))).toBe('malformed sh x.sh. Nothing was run.');
    expect(refusal(() => namedPrograms(one, { botCmd: ['A='] }))).toBe('malformed A=. Nothing was run.');
    expect(refusal(() => namedPrograms(one, { botCmd: ['3x=sh'] }))).toBe('bad name 3x in 3x=sh. Nothing was run.');
    expect(refusal(() => namedPrograms(one, { botCmd: ['A=sh', 'A=sh'] }))).toBe('A twice. Nothing was run.');
    expect(refusal(() => namedPrograms(one, { botCmd: ['A=no_such_program_zz'] }))).toBe('cannot run "no_such_program_zz" (--bot-cmd "no_such_program_zz"): no such program. Give a command that runs on this machine. Nothing was run.');
  });
});

describe('MoveProgram', () => {
  it('runs the program once per move with its arguments and stdin, counting processes and time-outs', () => {
    const d = tmp();
    const p = join(d, 'move.sh');
    writeFileSync(p, '#!/bin/sh\nread -r line\n[ "$line" = slow ] && exec sleep 30\necho "$line $1"\n');
    chmodSync(p, 0o755);
    const m = new MoveProgram(p, 'sh x.sh', 300);
    expect(m.run({ input: 'hello\n', args: ['x'] })).toEqual({ kind: 'exited', status: 0, stdout: 'hello x\n' });
    expect(m.run({ input: 'slow\n' }).kind).toBe('timeout');
    expect(m.counts).toEqual({ processes: 2, timeouts: 1, overflows: 0 });
  });
});

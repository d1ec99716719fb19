/**
 * Issue 39 (third hostile audit), the items about `--bot-cmd` programs and the messages that
 * echo the command line: each tried as the audit's hostile user did, through dist/koth.js.
 * The programs are tiny shell scripts written to a temporary folder here.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { games } from '../engines/registry.ts';
import { longOf, resolveParams } from '../engines/core/cli/params.ts';
import { koth, processAlive, ROOT, tempDirs } from './helpers.ts';

const tmp = tempDirs('koth-bot-cmd-');

/** The longest timer Node keeps (2^31 − 1 ms, about 24.8 days): a longer one fires after 1 ms. */
const MAX_TIMEOUT_MS = 2 ** 31 - 1;

function script(dir: string, name: string, text: string): string {
  const p = join(dir, name);
  writeFileSync(p, text);
  chmodSync(p, 0o755);
  return p;
}

/** Every command that takes --move-timeout, with the unit of its value: each game's replay and play (from their declarations), and koth ab for each game whose pairs seat programs. */
function moveTimeoutCommands(): { args: string[]; unitMs: number }[] {
  const out: { args: string[]; unitMs: number }[] = [];
  for (const g of games) {
    for (const command of ['replay', 'play'] as const) {
      const spec = g.engine?.params?.[command];
      if (!spec) continue;
      const p = resolveParams(spec.params, g.engine).find((x) => longOf(x) === '--move-timeout');
      if (p) out.push({ args: [command, g.id], unitMs: /<s>/.test(p.flags) ? 1000 : 1 });
    }
    if (g.engine?.ab && g.engine.entrants?.program) out.push({ args: ['ab', g.id, '--candidate', 'A', '--baseline', 'B'], unitMs: 1 });
  }
  return out;
}

describe('audit #2: --move-timeout beyond what a timer can hold', () => {
  const commands = moveTimeoutCommands();
  it('is taken by replay, play and ab of several games (the list below is not empty)', () => {
    expect(commands.map((c) => c.args.slice(0, 2).join(' '))).toEqual(expect.arrayContaining(['replay atomas', 'replay gun-duel', 'ab atomas', 'ab gun-duel', 'replay camel-up']));
  });
  for (const { args, unitMs } of commands) {
    const over = String(Math.floor(MAX_TIMEOUT_MS / unitMs) + 1);
    it(`koth ${args.join(' ')} --move-timeout ${over}: refused (exit 2) with the most`, () => {
      const r = koth([...args, '--move-timeout', over]);
      expect(r.stderr).toMatch(new RegExp(`--move-timeout.*the most is ${Math.floor(MAX_TIMEOUT_MS / unitMs)}`, 's'));
      expect(r.stderr).not.toMatch(/TimeoutOverflowWarning/);
      expect(r.status).toBe(2);
    });
  }
});

/** The pids a program wrote to `file`, one a line. */
const pidsOf = (file: string) => (existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter(Boolean).map(Number) : []);

const alive = processAlive;

describe('audit #7: nothing a program started outlives the run', () => {
  /** Starts a `sleep` in the background (its output not ours) and records its pid, then goes on with `then`. */
  const spawner = (pids: string, then: string) => `#!/bin/sh\nsleep 30 >/dev/null 2>&1 &\necho $! >> ${pids}\n${then}\n`;

  it('koth replay gun-duel --interface stdio: the program\'s children end with it', () => {
    const d = tmp();
    const pids = join(d, 'pids');
    const p = script(d, 'duel.sh', spawner(pids, 'while read -r l; do case "$l" in F*) echo 0;; esac; done'));
    const r = koth(['replay', 'gun-duel', '--exact', '--seed', '1', '--bot-cmd', `Mine=${p}`, '--interface', 'stdio', '--players', 'Mine,PlasmaPlayer']);
    expect(r.status, r.stderr).toBeLessThan(2);
    expect(pidsOf(pids).length).toBeGreaterThan(0);
    expect(pidsOf(pids).filter(alive)).toEqual([]);
  });

  it('koth replay atomas --bot-cmd (a process per move): no move leaves a child behind', () => {
    const d = tmp();
    const pids = join(d, 'pids');
    const p = script(d, 'atomas.sh', spawner(pids, 'read -r l\necho 0'));
    const r = koth(['replay', 'atomas', '--exact', '--seed', '1', '--games', '1', '--bot-cmd', p]);
    expect(r.status, r.stderr).toBeLessThan(70);
    expect(pidsOf(pids).length).toBeGreaterThan(1);
    expect(pidsOf(pids).filter(alive)).toEqual([]);
  });
});

describe('audit #8: a move ends when the program exits', () => {
  it('koth replay atomas --bot-cmd: a program that answers and exits, leaving a child holding its stdout, is not past --move-timeout', () => {
    const d = tmp();
    const pids = join(d, 'pids');
    // The background sleep keeps the program's stdout open after it has exited.
    const p = script(d, 'leaves.sh', `#!/bin/sh\nread -r l\nsleep 30 &\necho $! >> ${pids}\necho 0\n`);
    const r = koth(['replay', 'atomas', '--exact', '--seed', '1', '--games', '1', '--bot-cmd', p, '--move-timeout', '400']);
    expect(r.stderr).not.toMatch(/ran past/);
    expect(r.status, r.stderr).toBeLessThan(70);
    expect(pidsOf(pids).length).toBeGreaterThan(0);
    expect(pidsOf(pids).filter(alive)).toEqual([]);
  });
});

describe('audit #23: a program killed for printing too much is said to be', () => {
  it('koth replay atomas --bot-cmd: moves killed for more than 1 MiB of stdout are counted as such, not as "exited non-zero"', () => {
    const d = tmp();
    const p = script(d, 'chatty.sh', '#!/bin/sh\nread -r l\nexec yes 0 2>/dev/null\n');
    const r = koth(['replay', 'atomas', '--exact', '--seed', '1', '--games', '1', '--bot-cmd', p, '--move-timeout', '10000']);
    expect(r.stderr).toMatch(/\d+ move\(s\) printed more than 1 MiB \(killed; its first line read\)/);
    expect(r.stderr).not.toMatch(/exited non-zero/);
  });
});

/** Runs dist/koth.js in `cwd` (a relative path on the command line is then the user's own text). */
function kothIn(cwd: string, args: string[]) {
  return spawnSync(process.execPath, [join(ROOT, 'dist/koth.js'), ...args], { cwd, encoding: 'utf8', timeout: 120_000, env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' } });
}

describe('audit #16: paths in messages are printed as given', () => {
  it('--checkpoint on a folder named "ckdir": the message says "ckdir", not "Ckdir"', () => {
    const d = tmp();
    mkdirSync(join(d, 'ckdir'));
    const r = kothIn(d, ['replay', 'dice', '--checkpoint', 'ckdir']);
    expect(r.stderr).toMatch(/ckdir is a folder/);
    expect(r.stderr).not.toMatch(/Ckdir/);
    expect(r.status).toBe(2);
  });

  it('--report on a file named "page": the message says "page", not "Page"', () => {
    const d = tmp();
    writeFileSync(join(d, 'page'), 'x');
    const r = kothIn(d, ['play', 'dice', '--report', 'page']);
    expect(r.stderr).toMatch(/page is a file, not a folder/);
    expect(r.stderr).not.toMatch(/Page/);
    expect(r.status).toBe(2);
  });
});

describe('audit #21: command-line text is printed with its control characters escaped', () => {
  /** ESC [2J: clears the screen when printed raw. */
  const ESC = '\u001b[2J';
  const raw = (r: { stdout: string; stderr: string }) => `${r.stdout}${r.stderr}`.includes('\u001b');

  const refusals: [string, string[]][] = [
    ['an unknown --candidate', ['ab', 'dice', '--candidate', `X${ESC}`, '--baseline', 'GoToTenBot']],
    ['a --bot-cmd program that does not exist', ['replay', 'atomas', '--exact', '--seed', '1', '--bot-cmd', `/nope${ESC}`]],
    ['an option where a seed should be (commander)', ['replay', 'dice', '--seed', `--x${ESC}`]],
    ['a --bots list with an unknown bot', ['replay', 'dice', '--bots', `A${ESC},B`]],
  ];
  for (const [what, args] of refusals) {
    it(`refused: ${what}`, () => {
      const r = koth(args);
      expect(r.status).toBe(2);
      expect(raw(r)).toBe(false);
      expect(r.stderr).toContain('\\x1b[2J');
    });
  }

  const headers: [string, string[]][] = [
    ['replay dice --exact', ['replay', 'dice', '--exact', '--games', '2', '--seed', `1${ESC}`]],
    ['replay camel-up --exact', ['replay', 'camel-up', '--exact', '--games', '1', '--seed', `1${ESC}`]],
    ['play ruins', ['play', 'ruins', '--seed', `1${ESC}`]],
  ];
  for (const [what, args] of headers) {
    it(`the seed in the header of ${what}`, () => {
      const r = koth(args);
      expect(r.status, r.stderr).toBeLessThan(2);
      expect(raw(r)).toBe(false);
      expect(r.stdout).toContain('\\x1b[2J');
    });
  }

  it('the --report folder named after koth play', () => {
    const d = join(tmp(), `page${ESC}`);
    const r = koth(['play', 'dice', '--seed', '1', '--report', d]);
    expect(r.status, r.stderr).toBe(0);
    expect(raw(r)).toBe(false);
    expect(r.stdout).toContain('page\\x1b[2J');
  });

  it('a --bot-cmd path in the header of replay atomas --exact', () => {
    const d = join(tmp(), `dir${ESC}`);
    mkdirSync(d);
    const p = script(d, 'bot.sh', '#!/bin/sh\nread -r l\necho 0\n');
    const r = koth(['replay', 'atomas', '--exact', '--seed', '1', '--games', '1', '--bot-cmd', p]);
    expect(raw(r)).toBe(false);
    expect(r.stdout).toContain(`dir\\x1b[2J/bot.sh`);
  });
});

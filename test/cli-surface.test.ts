/**
 * The CLI's surface, recorded (issue 38): for a fixed list of commands — every `--help`, a small
 * `--json` run of each mode of each game, a `koth play` of each game, and bad input that reaches
 * each cheap exit code — the exit code, stdout and stderr that dist/koth.js gives now equal the
 * ones recorded in fixtures/cli-surface/surface.json (recorded on main before the CLI refactor).
 * A `--json` output is compared parsed, so a changed shape or value fails whatever the layout.
 *
 * Only what legitimately varies between runs and machines is normalised (NORMALISERS below; the
 * fixture's README lists them too). Re-recording is deliberate: `KOTH_RECORD_SURFACE=1 npx vitest
 * run test/cli-surface.test.ts` runs every command twice, refuses to record an output that differs
 * between the two runs, and rewrites the fixture; the commit that does it says why the surface changed.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from './helpers.ts';
import { FIXTURES } from './fixtures.ts';
import pkg from '../package.json' with { type: 'json' };

const GAMES = ['dice', 'ruins', 'atomas', 'gun-duel', 'camel-up'] as const;

/** One recorded command: its arguments (`{TMP}` is a fresh temp folder), and extra environment. */
interface Command {
  args: string[];
  env?: Record<string, string>;
}

const cmd = (args: string[], env?: Record<string, string>): Command => (env ? { args, env } : { args });

/**
 * The fixed list. Sizes are the smallest that still run the mode (each command takes about half
 * a second, most of it Node starting the bundle); adding or removing one needs a re-record.
 */
const COMMANDS: Command[] = [
  // Help of every command `koth --help` lists (the test below checks that none is left out).
  cmd(['--help']),
  cmd([]),
  cmd(['--version']),
  ...['replay', 'play', 'ab', 'verify', 'bench', 'registry', 'scrape', 'worker', 'queue', 'host'].map((c) => cmd([c, '--help'])),
  cmd(['queue', 'status', '--help']),
  cmd(['queue', 'clean', '--help']),
  cmd(['host', 'init', '--help']),
  cmd(['host', 'board', '--help']),
  cmd(['host', 'watch', '--help']),
  cmd(['host', 'tick', '--help']),
  cmd(['host', 'run', '--help']),
  cmd(['host', 'verify', '--help']),
  ...GAMES.flatMap((g) => [cmd(['replay', g, '--help']), cmd(['play', g, '--help'])]),
  cmd(['ab', 'dice', '--help']), // koth ab has no help of its own per game: this is koth ab --help

  // dice: statistical (disagrees at 2,000 games: exit 1), exact, rule A/B, play; text and JSON.
  cmd(['replay', 'dice', '--games', '2000', '--workers', '1', '--json']),
  cmd(['replay', 'dice', '--games', '2000', '--workers', '1']),
  cmd(['replay', 'dice', '--exact', '--seed', '1', '--games', '20', '--json']),
  cmd(['replay', 'dice', '--exact', '--seed', '1', '--games', '5']),
  cmd(['replay', 'dice', '--compare-rules', 'original,fixed', '--games', '200', '--workers', '1', '--json']),
  cmd(['play', 'dice', '--seed', '7', '--json']),
  cmd(['play', 'dice', '--seed', '7']),
  cmd(['ab', 'dice', '--candidate', 'OptFor2X', '--baseline', 'GoToTenBot', '--max-pairs', '20', '--workers', '1', '--json']),
  // ruins: the published table (no --seed), a tournament as ruins.py -s runs it, rule A/B, play.
  cmd(['replay', 'ruins', '--json']),
  cmd(['replay', 'ruins']),
  cmd(['replay', 'ruins', '--seed', '1', '--bots', 'EagerThief,Chad,Coward,EmoKid,Drunkard', '--json']),
  cmd(['replay', 'ruins', '--compare-rules', 'original,fixed', '--tournaments', '1', '--bots', 'EagerThief,Chad,Coward,EmoKid', '--workers', '1', '--json']),
  cmd(['play', 'ruins', '--seed', 'K48XMESC', '--pool', 'test-bots', '--json']),
  cmd(['play', 'ruins', '--seed', 'K48XMESC', '--bots', 'EagerThief,Chad']),
  // atomas
  cmd(['replay', 'atomas', '--runs', '5', '--workers', '1', '--json']),
  cmd(['replay', 'atomas', '--exact', '--seed', '1', '--bots', 'draftBot', '--games', '2', '--json']),
  cmd(['replay', 'atomas', '--compare-rules', 'original,fixed', '--runs', '5', '--workers', '1', '--json']),
  cmd(['play', 'atomas', '--seed', '1', '--json']),
  // gun-duel: the published board vs the recorded distribution, exact, rule A/B, play.
  cmd(['replay', 'gun-duel', '--json']),
  cmd(['replay', 'gun-duel']),
  cmd(['replay', 'gun-duel', '--exact', '--seed', '7', '--repetition', '1', '--players', '0,1,2', '--json']),
  cmd(['replay', 'gun-duel', '--compare-rules', 'original,fixed', '--tournaments', '2', '--repetition', '1', '--players', '0,1,2,3', '--workers', '1', '--json']),
  cmd(['play', 'gun-duel', '--seed', '1', '--players', '0,1,2', '--json']),
  // camel-up (statistical with the dumb pool disagrees: exit 1)
  cmd(['replay', 'camel-up', '--pool', 'dumb', '--games', '20', '--workers', '1', '--json']),
  cmd(['replay', 'camel-up', '--exact', '--seed', '1', '--games', '2', '--pool', 'dumb', '--json']),
  cmd(['replay', 'camel-up', '--pool', 'dumb', '--games', '20', '--workers', '1', '--compare-rules', 'original,fixed', '--json']),
  cmd(['play', 'camel-up', '--seed', '1', '--json']),
  cmd(['ab', 'camel-up', '--candidate', 'Player2', '--baseline', 'Player0', '--max-pairs', '4', '--workers', '1', '--json']),
  // registry without a scrape cache (KOTH_CACHE is an empty folder for every command)
  cmd(['registry', 'dice', '--json']),

  // Bad input. Exit 2: nothing was run.
  cmd(['replay', 'dice', '--exact', '--bots', 'NoSuchBot,Another', '--games', '5']), // unknown bot
  cmd(['ab', 'dice', '--candidate', 'NoSuch', '--baseline', 'GoToTenBot']), // unknown bot (ab)
  cmd(['ab']), // a required option missing
  cmd(['play', 'atomas', '--seed', 'abc']), // bad seed
  cmd(['replay', 'gun-duel', '--exact', '--seed', 'x']), // bad seed
  cmd(['replay', 'dice', '--exact', '--compare-rules', 'original,fixed']), // conflicting options
  cmd(['replay', 'dcie']), // unknown game, with a suggestion
  cmd(['play', 'dcie']),
  cmd(['ab', 'chess', '--candidate', 'a', '--baseline', 'b']),
  cmd(['verify', 'dcie']),
  cmd(['registry', 'chess']),
  cmd(['bench', 'dcie']),
  cmd(['verify']),
  cmd(['verify', 'atomas']), // a game without a verifier
  cmd(['replay', 'dice', '--exact', '--report', '{TMP}/out']), // --report with a mode that refuses it
  cmd(['replay', 'dice', '--exact', '--queue', 'redis://127.0.0.1:1']), // --queue with --exact
  cmd(['replay', 'dice', '--games', '0']),
  cmd(['replay', 'dice', '--rules', 'newest']),
  cmd(['replay', 'dice', '--frobnicate']),
  cmd(['replay', 'dice', '--workers', '1000']),
  cmd(['play', 'ruins', '--seed', '1', '--debug']), // an option the command would ignore
  cmd(['replay', 'gun-duel', '--repetition', '2']),
  cmd(['replay', 'gun-duel', '--tournaments', '2', '--players', '0,1,2,3']),
  cmd(['replay', 'camel-up', '--exact', '--python-bots', '{TMP}/nope.py']), // a missing input file
  // Exit 3: the original controller would have crashed here.
  cmd(['replay', 'dice', '--rules', 'original', '--games', '50']),
  cmd(['replay', 'ruins', '--seed', '1', '--rules', 'original', '--bots', 'EagerThief,Chad']),
  cmd(['replay', 'camel-up', '--exact', '--rules', 'original', '--seed', '3', '--games', '3', '--pool', 'misbehaving']),
  // Exit 4: Redis unreachable (a closed port; the connect deadline shortened from 5 s).
  cmd(['queue', 'status', '--queue', 'redis://127.0.0.1:1'], { KOTH_QUEUE_CONNECT_MS: '300' }),
  // Exit 6: nothing cached for --offline.
  cmd(['scrape', 'dice', '--offline', '--cache', '{TMP}/cache']),
  // Exits 5 (API quota), 70 (a bug) and 130 (interrupted) need a server, a bug or a signal: not here.
];

/** A command's recorded result: stdout as parsed JSON when the command has --json, else as lines. */
interface Result {
  args: string[];
  env?: Record<string, string>;
  status: number | null;
  stdout?: string[];
  json?: unknown;
  stderr: string[];
}

/** The wall-clock time that ends a statistical run's header line ("…, 2 worker(s), 10.5 s"; dice prints one). */
const SECONDS = /(\d+ worker\(s\)), \d+(?:\.\d+)? s$/gm;

/**
 * The normalisers, each for something that differs between two runs of the same build or
 * between machines, and nothing else:
 * - a command's temp folder (`{TMP}` in its arguments) is written `<TMP>`;
 * - the repository's absolute path is written `<ROOT>`;
 * - `koth --version`'s package version and build hash (a hash of the bundled sources, so any
 *   source edit changes it) are written `<VERSION>` and `<BUILD>`;
 * - wall-clock seconds: the value of every JSON key "seconds" (normaliseJson), and the
 *   "…, 1 worker(s), 0.3 s" that ends a statistical run's header line (in text, and in JSON
 *   strings: dice's "summary"), are written `<seconds>`.
 * Not normalised but fixed by the environment of every run: the CPU count is pinned at 2 (a
 * preload replaces os.availableParallelism, which sets `--workers`' default and bound in help
 * texts), KOTH_* and CI variables are removed, KOTH_CACHE is a fresh empty folder, NO_COLOR=1,
 * and stdout/stderr are pipes (tables print at full width).
 */
function normaliseText(text: string, tmp: string): string {
  return text
    .split(tmp)
    .join('<TMP>')
    .split(ROOT.replace(/\/$/, ''))
    .join('<ROOT>')
    .replace(/^koth-replay (\S+) \(build ([0-9a-f]{12})\)$/m, (_m, v: string) => `koth-replay ${v === pkg.version ? '<VERSION>' : v} (build <BUILD>)`)
    .replace(SECONDS, '$1, <seconds> s');
}

/** A parsed JSON value with every "seconds" number replaced (the key stays: its absence fails), and the header's seconds in strings. */
function normaliseJson(value: unknown): unknown {
  if (typeof value === 'string') return value.replace(SECONDS, '$1, <seconds> s');
  if (Array.isArray(value)) return value.map(normaliseJson);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, k === 'seconds' && typeof v === 'number' ? '<seconds>' : normaliseJson(v)]));
  }
  return value;
}

/** stdout of a --json command: one JSON document, JSON lines (koth play --json), or undefined when it is neither. */
function parseJson(stdout: string): unknown {
  try {
    return JSON.parse(stdout);
  } catch {
    try {
      return stdout.split('\n').filter((l) => l !== '').map((l) => JSON.parse(l) as unknown);
    } catch {
      return undefined;
    }
  }
}

const lines = (text: string) => text.split('\n');

/** Pins os.availableParallelism() (and so --workers' default and bound) at 2, in the CLI and its threads. */
const PIN_CORES =
  'data:text/javascript,' +
  encodeURIComponent("import os from 'node:os'; import { syncBuiltinESMExports } from 'node:module'; os.availableParallelism = () => 2; syncBuiltinESMExports();");

const temps: string[] = [];
afterAll(() => {
  for (const d of temps.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** Runs one command as a user runs it (dist/koth.js, pipes), in the environment described above. */
function run(c: Command): Promise<Result> {
  const tmp = mkdtempSync(join(tmpdir(), 'koth-surface-'));
  temps.push(tmp);
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined && !/^(KOTH_|CI$|FORCE_COLOR$)/.test(k)) env[k] = v;
  Object.assign(env, { NO_COLOR: '1', KOTH_CACHE: join(tmp, 'no-cache') }, c.env);
  const args = c.args.map((a) => a.split('{TMP}').join(tmp));
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', PIN_CORES, 'dist/koth.js', ...args], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('error', reject);
    child.on('close', (status) => {
      const out = normaliseText(stdout, tmp);
      const result: Result = { args: c.args, ...(c.env ? { env: c.env } : {}), status, stderr: lines(normaliseText(stderr, tmp)) };
      const json = c.args.includes('--json') && out.trim() !== '' ? parseJson(out) : undefined;
      if (json !== undefined) result.json = normaliseJson(json);
      else result.stdout = lines(out);
      resolve(result);
    });
  });
}

const key = (c: { args: string[] }) => (c.args.length ? `koth ${c.args.map((a) => (a === '' || /\s/.test(a) ? JSON.stringify(a) : a)).join(' ')}` : 'koth');
const FIXTURE = join(FIXTURES, 'cli-surface', 'surface.json');
const RECORD = process.env.KOTH_RECORD_SURFACE === '1';

interface Surface {
  about: string;
  commands: Result[];
}

describe('the CLI surface equals the recorded one', () => {
  /** Command i's result: started when its test (or the test before it) asks, so two run at a time and a -t filter runs only what it selects. */
  const started = new Map<number, Promise<Result>>();
  const result = (i: number): Promise<Result> => {
    for (const j of [i, i + 1]) {
      if (j >= COMMANDS.length || started.has(j)) continue;
      const c = COMMANDS[j]!;
      const p = (async () => {
        const first = await run(c);
        if (RECORD) expect(await run(c), `${key(c)}: two runs differ; find out why before recording`).toEqual(first);
        return first;
      })();
      p.catch(() => {}); // a prefetched command whose test is filtered out
      started.set(j, p);
    }
    return started.get(i)!;
  };

  const recorded: Surface = RECORD ? { about: 'see README.md', commands: [] } : (JSON.parse(readFileSync(FIXTURE, 'utf8')) as Surface);

  it('the fixture records exactly this list of commands, in order', () => {
    if (RECORD) return;
    expect(recorded.commands.map(key)).toEqual(COMMANDS.map(key));
  });

  it('every command `koth --help` lists has its --help recorded', () => {
    const help = (RECORD ? [] : recorded.commands).find((r) => key(r) === 'koth --help');
    const listed = (help?.stdout ?? []).join('\n').split('Commands:\n')[1]?.split('\n\n')[0] ?? '';
    const names = [...listed.matchAll(/^ {2}(\S+)/gm)].map((m) => m[1]!).filter((n) => n !== 'help');
    if (!RECORD) expect(names.length).toBeGreaterThanOrEqual(9);
    for (const n of names) expect(COMMANDS.map(key), n).toContain(`koth ${n} --help`);
  });

  COMMANDS.forEach((c, i) => {
    it(key(c), async () => {
      const got = await result(i);
      if (RECORD) {
        recorded.commands[i] = got;
        return;
      }
      const want = recorded.commands.find((r) => key(r) === key(c));
      expect(want, `${key(c)} is not in the fixture: re-record (see fixtures/cli-surface/README.md)`).toBeDefined();
      expect(got).toEqual(want);
    });
  });

  afterAll(() => {
    // Written only when every command was recorded (and ran the same twice).
    if (!RECORD || recorded.commands.filter(Boolean).length !== COMMANDS.length) return;
    recorded.about = 'koth CLI surface recorded by test/cli-surface.test.ts: see README.md beside this file (what, how, and how to re-record).';
    writeFileSync(FIXTURE, `${JSON.stringify(recorded, null, 1)}\n`);
  });
});

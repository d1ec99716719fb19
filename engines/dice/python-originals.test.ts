/**
 * The ORIGINAL dice answers as posted, in the Pyodide sandbox, equal the original controller run
 * natively (the goldens of fixtures/dice/goldens and goldens-2019-02-18, made with
 * tools/oracle/dice/golden.py), the frame readers (HarkonnenBot, TleilaxuBot, CopyBot, NeoBot,
 * CloneBot) and BrainBot's numpy included.
 *
 * The answers are never in this repository: the test reads the two snapshots from outside it —
 * KOTH_DICE_SNAPSHOT_2019_01_07 (maxbergmark/nanopi-cloud forty-game/auto_bots.py @ e7f8d68, or
 * misc-scripts codegolf/forty-game/auto_bots.py @ 2c0589f: the same bytes) and
 * KOTH_DICE_SNAPSHOT_2019_02_18 (nanopi-cloud forty-game/auto_bots.py @ 5384447), by default the
 * checkouts named by KOTH_DICE_SNAPSHOT_2019_01_07 / _2019_02_18 (opt-in) — checks their sha256, and is skipped with a message
 * when they are not there. Their code runs only in the sandbox.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixture, fixtureFiles } from '../../test/fixtures.ts';
import { koth } from '../../test/helpers.ts';
import { LocalPython } from '../core/sandbox/runtimes/python/local.ts';
import { PyRandom } from '../core/rng/python-random.ts';
import { loadPythonDiceBots } from './python-bots.ts';
import { runExact, type DiceExactResult } from './tournament.ts';

const SNAPSHOTS = {
  '2019-01-07': {
    path: process.env.KOTH_DICE_SNAPSHOT_2019_01_07 || '',
    sha256: '46f8a20a3af7bedab2a3d3e16122e0c578b73c0d3d07f8d3ac24c0ac2276ef90',
    env: 'KOTH_DICE_SNAPSHOT_2019_01_07',
  },
  '2019-02-18': {
    path: process.env.KOTH_DICE_SNAPSHOT_2019_02_18 || '',
    sha256: 'c6a93b6cc5b9f18408dfaf628e5b940c578809c329d613a744be178eeeb82dbf',
    env: 'KOTH_DICE_SNAPSHOT_2019_02_18',
  },
};

function snapshot(day: keyof typeof SNAPSHOTS): { code: string; path: string } | string {
  const s = SNAPSHOTS[day];
  if (!existsSync(s.path)) return `no ${day} snapshot at ${s.path} (set ${s.env})`;
  const code = readFileSync(s.path, 'utf8');
  const sha = createHash('sha256').update(code, 'utf8').digest('hex');
  if (sha !== s.sha256) return `${s.path} is not the ${day} snapshot (sha256 ${sha}, expected ${s.sha256})`;
  return { code, path: s.path };
}

const jan = snapshot('2019-01-07');
const feb = snapshot('2019-02-18');
const why = [jan, feb].filter((s): s is string => typeof s === 'string');

/** The golden's run with the sandboxed originals, in this thread (one Pyodide for all). */
async function sandboxed(py: LocalPython, file: { code: string; path: string }, golden: DiceExactResult): Promise<DiceExactResult> {
  const loaded = loadPythonDiceBots([{ path: 'auto_bots.py', code: file.code }], py);
  const byName = new Map(loaded.classes.map((c) => [c.name, c]));
  for (const b of golden.bots) expect(byName.get(b)?.refused ?? null, b).toBeNull();
  let random: PyRandom | undefined;
  const r = runExact(BigInt(golden.seed), golden.games, { bots: golden.bots, rules: golden.rules }, (n) => byName.get(n)?.cls, undefined, undefined, (g) => (random = g));
  loaded.link.check(random!, 'at the end of the run');
  return { ...r, seed: golden.seed };
}

describe.skipIf(why.length > 0)(`the original answers as posted equal the original controller${why.length ? ` (skipped: ${why.join('; ')})` : ''}`, () => {
  let py: LocalPython;
  const python = async () => (py ??= await LocalPython.load());

  // Every class of both snapshots runs: 57 of 2019-01-07 (NeoBot, HarkonnenBot, TleilaxuBot, CopyBot, BrainBot
  // included), 54 of 2019-02-18 (52 direct subclasses of Bot and CooperativeSwarmBot's two; CloneBot included;
  // HarkonnenBot, KwisatzHaderach, TleilaxuBot and NeoBot are commented out there). None is refused.
  it('no class of either snapshot is refused', async () => {
    for (const [file, count] of [
      [jan, 57],
      [feb, 54],
    ] as const) {
      const classes = loadPythonDiceBots([{ path: 'auto_bots.py', code: (file as { code: string }).code }], await python()).classes;
      expect(classes.length).toBe(count);
      expect(classes.filter((c) => c.refused).map((c) => `${c.name}: ${c.refused}`)).toEqual([]);
      // In a lockstep verify (ports in the other seats) the frame readers cannot run.
      expect(classes.filter((c) => c.lockstepRefused).map((c) => c.name)).toEqual(
        count === 57 ? ['NeoBot', 'HarkonnenBot', 'TleilaxuBot', 'CopyBot'] : ['CloneBot', 'CopyBot'],
      );
    }
  }, 120_000);

  // A sample of the goldens (all 26 and all 8 were checked by hand the same way; this machine is slow).
  const janGoldens = ['official49-fixed-seed1', 'inspect-original-seed2', 'official49+neo+harkonnen-fixed-seed11', 'tleilaxu-copies-harkonnen-original-seed6'];
  for (const name of janGoldens) {
    it(`2019-01-07: ${name}`, async () => {
      const golden = fixture<DiceExactResult>(`dice/goldens/${name}.json`);
      expect(await sandboxed(await python(), jan as { code: string; path: string }, golden)).toEqual(golden);
    }, 300_000);
  }

  for (const file of fixtureFiles('dice/goldens-2019-02-18', /^(feb-all-fixed-seed1|feb-all-original-seed2|feb-clone-fixed-seed1|feb-clone-original-seed2)\.json$/)) {
    it(`2019-02-18: ${file}`, async () => {
      const golden = fixture<DiceExactResult>(`dice/goldens-2019-02-18/${file}`);
      expect(golden.bots).toContain('CloneBot');
      expect(await sandboxed(await python(), feb as { code: string; path: string }, golden)).toEqual(golden);
    }, 300_000);
  }

  it('the CLI: koth replay dice --exact --python-bots <the 2019-01-07 snapshot> prints the golden of the 49 official bots', () => {
    const golden = fixture<DiceExactResult>('dice/goldens/official49-fixed-seed2.json');
    const r = koth(['replay', 'dice', '--exact', '--seed', String(golden.seed), '--games', String(golden.games), '--bots', golden.bots.join(','), '--rules', golden.rules, '--json', '--python-bots', (jan as { path: string }).path]);
    expect(r.status, r.stderr).toBe(0);
    expect(r.json()).toEqual(golden);
  }, 300_000);

  it('KwisatzHaderach and TleilaxuBot together stay unreproducible and say so by name', () => {
    const pool = 'ThrowTwiceBot,GoToTenBot,KwisatzHaderach,TleilaxuBot,Rebel,Hesitate,StopBot,Alpha,Crush';
    const r = koth(['replay', 'dice', '--exact', '--seed', '1', '--games', '20', '--bots', pool, '--json', '--python-bots', (jan as { path: string }).path]);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/warning: this pool holds both KwisatzHaderach and TleilaxuBot\..*no original run of this pool is reproducible.*seed it from the operating system too/s);
  }, 300_000);
});

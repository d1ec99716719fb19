/**
 * Issue 22 (hardening from a hostile audit), the file and option items, end to end through
 * the CLI in process: outputs checked before any work (exit 2; the scrape cache exit 6),
 * checkpoints of --compare-rules and atomas in the one file named, impossible checkpoint
 * content refused, damaged cache entries skipped or fetched again, folders and garbage where a
 * file is expected, options that would be ignored refused. The failures that need a full disk
 * mid-run (injected) are in test/disk-full.test.ts.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FakeStackExchange, fixture, runKoth as koth } from './test-server.ts';
import { RECORDED_DISTRIBUTION, RECORDED_MSVC_DISTRIBUTION } from '../engines/gun-duel/data.ts';

const tmp = () => mkdtempSync(join(tmpdir(), 'koth-hardening-'));

/** A folder holding a regular file `file`, a folder `r` whose index.html is a folder, and a folder `d`. */
function traps() {
  const dir = tmp();
  writeFileSync(join(dir, 'file'), 'x');
  mkdirSync(join(dir, 'r', 'index.html'), { recursive: true });
  mkdirSync(join(dir, 'd'));
  return { dir, file: join(dir, 'file'), indexIsFolder: join(dir, 'r'), folder: join(dir, 'd') };
}

describe('2. outputs are checked before any game is played', () => {
  it('--report to a file, to a path through a file, to a folder whose index.html is a folder, or "": exit 2, nothing run', async () => {
    const t = traps();
    const cases: [string[], RegExp][] = [
      [['replay', 'dice', '--games', '1000', '--workers', '1', '--report', t.file], /--report <dir>.*is invalid\. .*file is a file, not a folder\. Nothing was run: give a folder where index\.html can be written/],
      [['replay', 'dice', '--games', '1000', '--workers', '1', '--report', join(t.file, 'out')], /file is a file, not a folder\. Nothing was run/],
      [['replay', 'dice', '--games', '1000', '--workers', '1', '--report', t.indexIsFolder], /index\.html is a folder, so index\.html cannot be written there \(remove that folder\)\. Nothing was run/],
      [['replay', 'dice', '--report', ''], /The value is empty: give a folder for the report, or leave the option out/],
      [['replay', '--report', t.file], /file is a file, not a folder/],
      [['replay', 'ruins', 'gun-duel', '--report', t.indexIsFolder], /index\.html is a folder/],
    ];
    for (const [args, message] of cases) {
      const r = await koth(args);
      expect(r.status, args.join(' ')).toBe(2);
      expect(r.stderr, args.join(' ')).toMatch(message);
      expect(r.stdout, args.join(' ')).toBe(''); // no table: nothing was played
    }
  });

  it('--checkpoint on a folder, a device, a path through a file, or "": exit 2 before the run (gun-duel and verify --record too)', async () => {
    const t = traps();
    const cases: [string[], RegExp][] = [
      [['replay', 'dice', '--games', '1000', '--checkpoint', t.folder], /--checkpoint <file>.*is invalid\. .*d is a folder: give a file name .*Nothing was run: give a file that can be written/],
      [['replay', 'dice', '--games', '1000', '--checkpoint', '/dev/full'], /\/dev\/full is not a regular file/],
      [['replay', 'camel-up', '--games', '10', '--checkpoint', join(t.file, 'ck.json')], /file is a file, not a folder/],
      [['replay', 'atomas', '--checkpoint', ''], /The value is empty: give a checkpoint file name/],
      [['replay', 'gun-duel', '--tournaments', '1', '--checkpoint', t.folder], /is a folder: give a file name/],
      [['verify', 'dice', 'GoToTenBot', '--record', t.folder], /--record \[file\].*is a folder/],
    ];
    for (const [args, message] of cases) {
      const r = await koth(args);
      expect(r.status, args.join(' ')).toBe(2);
      expect(r.stderr, args.join(' ')).toMatch(message);
      expect(r.stdout, args.join(' ')).toBe('');
    }
  });

  it('a scrape cache that is a file (or lies under one): exit 6 naming the path and what to do, online, offline and for registry', async () => {
    const t = traps();
    for (const [args, cache] of [
      [['scrape', 'dice', '--api-base', 'http://127.0.0.1:9/2.3'], t.file],
      [['scrape', 'dice', '--offline'], t.file],
      [['scrape', 'dice', '--api-base', 'http://127.0.0.1:9/2.3'], join(t.file, 'cache')],
      [['registry', 'dice'], t.file],
      [['verify', 'dice', 'GoToTenBot'], t.file],
    ] as [string[], string][]) {
      const r = await koth([...args, '--cache', cache]);
      expect(r.status, args.join(' ')).toBe(6);
      expect(r.stderr, args.join(' ')).toMatch(new RegExp(`the scrape cache ${cache} cannot be used: .*file is a file, not a folder\\. Nothing was run: point --cache \\(or KOTH_CACHE\\) at a folder koth can write`));
    }
  });
});

describe('3. checkpoints: --compare-rules and atomas keep every sub-run in the file named; impossible content is refused', () => {
  it('camel-up --compare-rules with --checkpoint resumes (it was always refused as "another run")', async () => {
    const ck = join(tmp(), 'camel.json');
    const args = ['replay', 'camel-up', '--compare-rules', 'original,fixed', '--pool', 'dumb', '--games', '20', '--shard-size', '10', '--workers', '1', '--json'];
    const first = await koth([...args, '--checkpoint', ck]);
    expect(first.status, first.stderr).toBe(0);
    const file = JSON.parse(readFileSync(ck, 'utf8'));
    expect(file.format).toBe('koth-checkpoint/2');
    expect(Object.fromEntries(Object.entries(file.parts).map(([k, p]) => [k, (p as { complete: boolean }).complete]))).toEqual({
      // the paired rule A/B (engines/core/ab/rules.ts): one part for A,B ...
      'rules/original,fixed': true,
      // ... and one per flag that differs (A with that flag set as in B: which flag moves which bot)
      'rules/original,original+bottomStackPopsWrongCamels': true,
      'rules/original,original+endOfRoundTwice': true,
      'rules/original,original+loserBetsCheckWinner': true,
      'rules/original,original+settlementSkipsLastBet': true,
    });
    const again = await koth([...args, '--checkpoint', ck]);
    expect(again.status, again.stderr).toBe(0);
    const noTime = (j: Record<string, unknown>) => ({ ...j, seconds: 0 });
    expect(noTime(again.json())).toEqual(noTime(first.json()));
    expect(noTime(again.json())).toEqual(noTime((await koth(args)).json()));
  });

  it('atomas writes and reads the file the user named, one part per bot and variant', async () => {
    const dir = tmp();
    const ck = join(dir, 'atomas.json');
    const args = ['replay', 'atomas', '--runs', '4', '--shard-size', '2', '--workers', '1', '--json'];
    const first = await koth([...args, '--checkpoint', ck]);
    expect(first.status, first.stderr).toBeLessThan(2);
    expect(readdirSync(dir)).toEqual(['atomas.json']);
    expect(Object.keys(JSON.parse(readFileSync(ck, 'utf8')).parts).sort()).toEqual(['BadPlayer/original', 'RandomBot/original', 'draftBot/original']);
    const again = await koth([...args, '--checkpoint', ck]);
    expect(again.json()).toEqual(first.json());
  });

  it('a checkpoint of this run with impossible content (negative counts, more games than the run has, wrong shapes): exit 2 naming the file and the problem', async () => {
    const ck = join(tmp(), 'dice.json');
    const args = ['replay', 'dice', '--games', '2000', '--shard-size', '1000', '--workers', '1', '--json'];
    expect((await koth([...args, '--checkpoint', ck])).status).toBeLessThan(2);
    const good = readFileSync(ck, 'utf8');
    const tamper = async (f: (acc: any) => void) => {
      const j = JSON.parse(good);
      f(j.parts.fixed.merger.acc);
      writeFileSync(ck, JSON.stringify(j));
      const r = await koth([...args, '--checkpoint', ck]);
      expect(r.status).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toContain(`checkpoint ${ck} matches this run but cannot be used: `);
      expect(r.stderr).toContain(`delete ${ck} to start the run over`);
      return r.stderr;
    };
    expect(await tamper((acc) => (acc.rows[3].wins = -7))).toMatch(/results\.rows\[3\]\.wins is -7, not a count/);
    expect(await tamper((acc) => (acc.games = 9000))).toMatch(/its results hold 9000 trials, but its 2 finished shards hold 2000 \(more than the run has done\)/);
    expect(await tamper((acc) => (acc.rows = null))).toMatch(/results\.rows is null, not a list/);
    expect(await tamper((acc) => (acc.bots[0] = 'SomeoneElse'))).toMatch(/results: its bots are not this run's \(49 bots in pool order\)/);
  });
});

describe('4. cache entries of the wrong shape or with invalid UTF-8', () => {
  let server: FakeStackExchange | undefined;
  afterEach(async () => {
    await server?.stop();
    server = undefined;
  });

  it('are warned about on stderr: skipped offline and by registry, fetched again (and repaired) online', async () => {
    server = await new FakeStackExchange({ answers: fixture('dice'), revisions: fixture('dice-revisions') }).start();
    const cache = tmp();
    const online = ['scrape', 'dice', '--api-base', server.base, '--cache', cache, '--json'];
    expect((await koth(online)).status).toBe(0);
    const file = (id: number) => join(cache, 'dice', 'answers', `${id}.json`);
    const edit = (id: number, f: (a: any) => void) => {
      const a = JSON.parse(readFileSync(file(id), 'utf8'));
      f(a);
      writeFileSync(file(id), JSON.stringify(a));
    };
    edit(1007, (a) => (a.author = 5));
    edit(1001, (a) => (a.bots = null));
    // Bytes that are not UTF-8 inside the body of 1002.
    const raw = readFileSync(file(1002));
    const at = raw.indexOf('"body"') + 10;
    writeFileSync(file(1002), Buffer.concat([raw.subarray(0, at), Buffer.from([0xff, 0xfe]), raw.subarray(at)]));

    const off = await koth(['scrape', 'dice', '--offline', '--cache', cache, '--json']);
    expect(off.status).toBe(0);
    expect(off.json().answers).toBe(5); // 7 cached, the two of the wrong shape skipped, the damaged one used
    expect(off.stderr).toContain(`cache file ${file(1007)} skipped: not a cached answer: "author" is 5, not a string or null (a scrape without --offline fetches it again)`);
    expect(off.stderr).toContain(`cache file ${file(1001)} skipped: not a cached answer: "bots" is null, not a list of {name, block, sha256}`);
    expect(off.stderr).toMatch(new RegExp(`cache file ${file(1002).replace(/[.]/g, '\\.')} used: invalid UTF-8 at byte \\d+`));

    const reg = await koth(['registry', 'dice', '--cache', cache, '--json']);
    expect(reg.status).toBe(0);
    expect(reg.stderr).toContain(`koth: warning: cache file ${file(1007)} ignored: not a cached answer: "author" is 5`);
    const text = await koth(['registry', 'dice', '--cache', cache]);
    expect(text.status).toBe(0);
    expect(text.stderr).toContain(`cache file ${file(1001)} ignored`);

    const again = await koth(online);
    expect(again.status).toBe(0);
    expect(again.stderr).toContain(`cache file ${file(1007)} is fetched again`);
    expect(again.json().answers).toBe(7);
    expect(again.json().warnings.filter((w: { reason: string }) => /cache file/.test(w.reason))).toEqual([]);
    expect(JSON.parse(readFileSync(file(1007), 'utf8')).author).toBeTypeOf('string');
    expect(Array.isArray(JSON.parse(readFileSync(file(1001), 'utf8')).bots)).toBe(true);
    expect(readFileSync(file(1002)).includes(Buffer.from([0xff, 0xfe]))).toBe(false);
    const clean = await koth(['scrape', 'dice', '--offline', '--cache', cache, '--json']);
    expect(clean.stderr).toBe('');
  });
});

describe('5. a folder where a file is expected, or a corrupt file: exit 2 with a clear message', () => {
  it('--python-bots DIR, verify --source DIR, gun-duel --from DIR or garbage', async () => {
    const t = traps();
    writeFileSync(join(t.dir, 'garbage.json'), '\u0000\u0001 this is not json');
    writeFileSync(join(t.dir, 'wrong.json'), JSON.stringify({ tournaments: [{ seeds: { shuffle: 1, int: 2, real: 3 }, rows: [{ player: 'Nobody', points: -1, survival: 0, rounds: [] }] }] }));
    const cases: [string[], RegExp][] = [
      [['replay', 'dice', '--exact', '--games', '10', '--python-bots', t.folder], /--python-bots: .*d is a folder, not a file \(give \.py files, comma-separated\)/],
      [['play', 'ruins', '--seed', '1', '--python-bots', t.folder], /--python-bots: .*d is a folder, not a file \(give \.py files, comma-separated, or "cache"\)/],
      [['verify', 'dice', 'GoToTenBot', '--source', t.folder], /--source: .*d is a folder, not a file \(give the original's Python file\)/],
      [['replay', 'gun-duel', '--from', t.folder], /--from: .*d is a folder, not a file \(give a file written by koth replay gun-duel --tournaments N --json\)/],
      [['replay', 'gun-duel', '--from', join(t.dir, 'garbage.json')], /--from: .*garbage\.json is not JSON \(.*\) \(give a file written by/],
      [['replay', 'gun-duel', '--from', join(t.dir, 'wrong.json')], /--from: .*wrong\.json is not a distribution koth wrote: tournament 1, row 1: player "Nobody" is not one of the tournament's players; tournament 1, row 1: points and survival must be whole numbers >= 0/],
      [['replay', 'gun-duel', '--from', t.file], /--from: .*file is not JSON/],
    ];
    for (const [args, message] of cases) {
      const r = await koth(args);
      expect(r.status, args.join(' ')).toBe(2);
      expect(r.stderr, args.join(' ')).toMatch(message);
    }
  });
});

describe('6. options that would be ignored are refused, saying which goes with which', () => {
  it('--exact with --compare-rules, --python-bots "", ruins --as-of without --python-bots cache, play ruins --debug without --log, ...', async () => {
    const cases: [string[], RegExp][] = [
      [['replay', 'dice', '--exact', '--compare-rules', 'original,fixed'], /--exact cannot be combined with --compare-rules \(--exact replays one controller version/],
      [['replay', 'camel-up', '--exact', '--compare-rules', 'original,fixed'], /--exact cannot be combined with --compare-rules/],
      [['replay', 'atomas', '--exact', '--compare-rules', 'original,fixed'], /--exact cannot be combined with --compare-rules/],
      [['replay', 'dice', '--exact', '--checkpoint', 'x.json'], /--checkpoint cannot be combined with --exact/],
      [['replay', 'atomas', '--games', '3'], /--games goes with --exact \(a statistical run is --runs of 20 games each\): add --exact, or leave --games out/],
      [['replay', 'dice', '--exact', '--python-bots', ''], /--python-bots <files>.*The value is empty: give Python files/],
      [['replay', 'ruins', '--seed', '1', '--python-bots', ''], /The value is empty/],
      [['replay', 'ruins', '--seed', '1', '--as-of', '2019-05-04'], /--as-of goes with --python-bots cache \(it picks the as-of scrape the cached answers come from\): add --python-bots cache, or leave --as-of out\. Nothing was run/],
      [['replay', 'ruins', '--seed', '1', '--python-bots', 'x.py', '--as-of', '2019-05-04'], /--as-of goes with --python-bots cache/],
      [['play', 'ruins', '--seed', '1', '--debug'], /--debug goes with --log \(the debug lines are lines of the game log\): add --log, or leave --debug out/],
      [['replay', 'gun-duel', '--repetition', '5'], /the recorded libstdc\+\+ distribution was made with --repetition 100, but this command says --repetition 5 .*add --tournaments N/],
      [['replay', 'gun-duel', '--rules', 'fixed'], /was made with --rules original, but this command says --rules fixed/],
      [['replay', 'gun-duel', '--checkpoint', 'x.json'], /--checkpoint goes with --tournaments/],
      [['replay', 'gun-duel', '--players', '1,2'], /--players goes with --exact or --compare-rules .*: add one of them/],
      [['replay', 'gun-duel', '--compare-stdlib', '--stdlib', 'msvc'], /--compare-stdlib cannot be combined with --stdlib \(it shows recorded tournaments only\)/],
    ];
    for (const [args, message] of cases) {
      const r = await koth(args);
      expect(r.status, args.join(' ')).toBe(2);
      expect(r.stderr, args.join(' ')).toMatch(message);
      expect(r.stdout, args.join(' ')).toBe('');
    }
    expect(existsSync('x.json')).toBe(false);
  });

  it('gun-duel --stdlib msvc without --tournaments is honoured: the recorded MSVC-model distribution, not the default one', async () => {
    const def = await koth(['replay', 'gun-duel', '--json']);
    const msvc = await koth(['replay', 'gun-duel', '--stdlib', 'msvc', '--json']);
    expect(msvc.status, msvc.stderr).toBeLessThan(2);
    expect([def.json().tournaments, def.json().stdlib]).toEqual([RECORDED_DISTRIBUTION.tournaments.length, 'libstdc++']);
    expect([msvc.json().tournaments, msvc.json().stdlib]).toEqual([RECORDED_MSVC_DISTRIBUTION.tournaments.length, 'msvc']);
    expect(msvc.json().rows).not.toEqual(def.json().rows);
  });

  it('gun-duel --tournaments --json records its --repetition/--rules/--stdlib; --from refuses a mismatch, saying which differ', async () => {
    const dir = tmp();
    const made = await koth(['replay', 'gun-duel', '--tournaments', '1', '--repetition', '1', '--workers', '1', '--seed', 'h2', '--json']);
    expect(made.status, made.stderr).toBe(0);
    expect(made.json().parameters).toEqual({ repetition: 1, rules: 'original', stdlib: 'libstdc++' });
    const d = join(dir, 'd.json');
    writeFileSync(d, made.stdout);
    const mismatch = await koth(['replay', 'gun-duel', '--from', d]);
    expect(mismatch.status).toBe(2);
    expect(mismatch.stderr).toContain(`--from ${d} was made with --repetition 1, but this command says --repetition 100 (given or default): give the same options (--repetition 1 --rules original --stdlib libstdc++)`);
    const two = await koth(['replay', 'gun-duel', '--from', d, '--stdlib', 'msvc', '--rules', 'fixed']);
    expect(two.stderr).toMatch(/was made with --repetition 1 --rules original --stdlib libstdc\+\+, but this command says --repetition 100 --rules fixed --stdlib msvc/);
    const same = await koth(['replay', 'gun-duel', '--from', d, '--repetition', '1', '--json']);
    expect(same.status, same.stderr).toBeLessThan(2);
    expect(same.json().tournaments).toBe(1);
    // A file written before the parameters were recorded: its library is read from its tournaments.
    const old = join(dir, 'old.json');
    writeFileSync(old, JSON.stringify({ tournaments: RECORDED_MSVC_DISTRIBUTION.tournaments.slice(0, 2) }));
    const lib = await koth(['replay', 'gun-duel', '--from', old]);
    expect(lib.status).toBe(2);
    expect(lib.stderr).toMatch(/was made with --stdlib msvc, but this command says --stdlib libstdc\+\+ .*give --stdlib msvc/);
    const ok = await koth(['replay', 'gun-duel', '--from', old, '--stdlib', 'msvc', '--json']);
    expect(ok.status, ok.stderr).toBeLessThan(2);
    expect(ok.stderr).toMatch(/does not record the --repetition and --rules it was played with/);
  });
});

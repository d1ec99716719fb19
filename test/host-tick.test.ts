/**
 * `koth host tick`, `run` and `verify` as a user runs them (dist/koth.js; issue 40, docs/host.md):
 * a dice KotH from a folder of our own few-line bots over several ticks — new, rejected (a syntax
 * error), edited (the SPRT of the edit against its previous version), deleted — with the board
 * JSON, verify passing and then catching a tampered result and a tampered leaderboard; two hosts
 * given the same folder in the same ticks publishing byte-identical leaderboard.json and
 * manifest.json with 1 and 2 workers, one of them SIGKILLed mid-tick and finished by the next
 * tick; a second tick at once refused (exit 6) naming the holder; `run` ending at SIGINT with exit 0.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import Database from 'libsql';
import { koth, kothAsync, kothStarter, ROOT, tempDirs } from './helpers.ts';
import { openStore } from '../engines/core/host/store.ts';
import { findGame, replayKit } from '../engines/registry.ts';
import { boardUnderRules } from '../host/rules-board.ts';

const tmp = tempDirs('koth-host-tick-');
const start = kothStarter();

const bot = (name: string, limit: number) => `class ${name}(Bot):\n    def make_throw(self, scores, last_round):\n        while sum(self.current_throws) < ${limit}:\n            yield True\n        yield False\n`;
const BROKEN = 'class Broken(Bot):\n    def make_throw(self, scores, last_round)\n        yield False\n';
const HOUSE = 'GoToTenBot,OptFor2X,ThrowTwiceBot';
/** Small ticks: the test is about what a tick does, not about statistics. */
const SMALL = ['--games', '30', '--test-pairs', '10', '--resamples', '50'];

function folder(files: Record<string, string>): string {
  const dir = join(tmp(), 'bots');
  mkdirSync(dir, { recursive: true });
  for (const [f, text] of Object.entries(files)) writeFileSync(join(dir, f), text);
  return dir;
}

function init(bots: string, extra: string[] = []): string {
  const dir = join(tmp(), 'hill');
  const r = koth(['host', 'init', dir, '--game', 'dice', '--source', `dir:${bots}`, '--house', HOUSE, '--seed', 'tick-test', ...extra]);
  expect(r.status, r.stderr).toBe(0);
  return dir;
}

function tick(dir: string, extra: string[] = []) {
  const r = koth(['host', 'tick', dir, ...SMALL, '--json', ...extra]);
  expect(r.status, r.stderr).toBe(0);
  return r.json();
}

const board = (dir: string) => {
  const r = koth(['host', 'board', dir, '--json', '--resamples', '50']);
  expect(r.status, r.stderr).toBe(0);
  return r.json();
};
const row = (b: any, name: string) => b.entries.find((e: any) => e.name === name);

describe('koth host tick over several ticks', () => {
  it('new, rejected, edited (its SPRT against the previous version), deleted; verify holds and catches tampering', () => {
    const bots = folder({ 'steady.py': bot('Steady', 12), 'bold.py': bot('Bold', 20), 'broken.py': BROKEN });
    // A house bot given as a file (a posted original's code; here our own): validated in the first tick, never tested or retired.
    const original = join(tmp(), 'careful.py');
    writeFileSync(original, bot('Careful', 8));
    const dir = join(tmp(), 'hill');
    const made = koth(['host', 'init', dir, '--game', 'dice', '--source', `dir:${bots}`, '--house', `${HOUSE},${original}`, '--seed', 'tick-test']);
    expect(made.status, made.stderr).toBe(0);
    expect(made.stdout).toContain('house GoToTenBot, OptFor2X, ThrowTwiceBot, Careful (posted original)');
    const noBot = join(tmp(), 'notes.txt');
    writeFileSync(noBot, 'no bot here');
    const refused = koth(['host', 'init', join(tmp(), 'other'), '--game', 'dice', '--source', `dir:${bots}`, '--house', noBot]);
    expect(refused.status).toBe(2);
    expect(refused.stderr).toContain(`--house: ${noBot} has no bot`);

    const t1 = tick(dir);
    expect(t1.tick).toBe(1);
    expect(t1.ingest).toMatchObject({ new: 3 });
    expect(t1.validate.active).toHaveLength(3);
    expect(t1.played.field).toBeGreaterThan(0);
    // Where the tick's time went (koth bench host): every step, the games' play apart from the tick's own work.
    expect(Object.keys(t1.ms).sort()).toEqual(['ingest', 'play', 'publish', 'rate', 'schedule', 'store', 'test', 'total', 'validate']);
    expect(t1.ms.play).toBeGreaterThan(0);
    expect(t1.ms.total).toBeGreaterThanOrEqual(t1.ms.play);
    let b = board(dir);
    expect(row(b, 'Broken')).toMatchObject({ status: 'rejected', version: 1 });
    expect(row(b, 'Broken').reason).toMatch(/SyntaxError/);
    for (const n of ['Steady', 'Bold', 'GoToTenBot', 'Careful']) expect(row(b, n)).toMatchObject({ status: 'active', version: 1 });
    expect(row(b, 'Careful').answer).toBe('house');
    // The site: each active entry's latest field game has a watch page, one seating answers played again in the sandbox.
    const steady = JSON.parse(readFileSync(join(dir, 'site', 'entries', `${row(b, 'Steady').id}.json`), 'utf8'));
    expect(steady.watch).toEqual({ game: steady.latestGame, page: `watch/${steady.latestGame}.html` });
    expect(readFileSync(join(dir, 'site', steady.watch.page), 'utf8')).toMatch(/as stored: the game played again from its seed gives it/);
    expect(row(b, 'Steady').games).toBeGreaterThan(0);

    // Tick 2: nothing new; the new entries' tests against the leader open and play before the field.
    const t2 = tick(dir);
    expect(t2.played.test).toBe(2 * 10 * 2);
    expect(t2.tests.map((t: any) => t.candidate).sort()).toEqual(['Bold v1', 'Steady v1']);

    // Tick 3: Bold edited: version 2, validated, its test against version 1.
    writeFileSync(join(bots, 'bold.py'), bot('Bold', 18));
    const t3 = tick(dir);
    expect(t3.ingest).toMatchObject({ edited: 1 });
    const edit = t3.tests.find((t: any) => t.candidate === 'Bold v2');
    expect(edit).toMatchObject({ baseline: 'Bold v1', pairs: 10 });
    b = board(dir);
    expect(row(b, 'Bold')).toMatchObject({ version: 2, status: 'active' });
    expect(b.tests.find((t: any) => t.candidate === 'Bold' && t.candidateVersion === 2)).toMatchObject({ baseline: 'Bold', baselineVersion: 1, verdict: 'running', pairs: 10 });

    // Tick 4: Steady deleted: retired with the reason, its test ended.
    rmSync(join(bots, 'steady.py'));
    const t4 = tick(dir);
    expect(t4.ingest).toMatchObject({ retired: 1 });
    expect(t4.tests.find((t: any) => t.candidate === 'Steady v1').verdict).toBe('inconclusive');
    b = board(dir);
    expect(row(b, 'Steady')).toMatchObject({ status: 'retired', reason: 'its file was removed from the folder' });
    const site = JSON.parse(readFileSync(join(dir, 'site', 'leaderboard.json'), 'utf8'));
    expect(site.entries.map((e: any) => e.name)).not.toContain('Steady');

    // Verify: everything holds; then a tampered result, then a tampered leaderboard.
    const ok = koth(['host', 'verify', dir, '--json']);
    expect(ok.status, ok.stderr).toBe(0);
    expect(ok.json()).toMatchObject({ ok: true, checked: { leaderboard: true, manifest: true } });
    expect(ok.json().replayed).toBe(ok.json().stored);

    const db = new Database(join(dir, 'host.db'));
    const g = db.prepare("SELECT number, result FROM games WHERE kind = 'field' ORDER BY number LIMIT 1 OFFSET 5").get() as { number: number; result: string };
    const forged = g.result.replace(/\d+/, (d) => String(Number(d) + 1));
    db.prepare('UPDATE games SET result = ? WHERE number = ?').run(forged, g.number);
    const bad = koth(['host', 'verify', dir]);
    expect(bad.status).toBe(1);
    expect(bad.stdout).toContain(`game ${g.number} (field`);
    expect(bad.stdout).toContain(`stored ${forged}, replayed ${g.result}`);
    db.prepare('UPDATE games SET result = ? WHERE number = ?').run(g.result, g.number);
    db.close();
    expect(koth(['host', 'verify', dir, '--sample', '20', '--sample-seed', 'x']).status).toBe(0);

    const lb = join(dir, 'site', 'leaderboard.json');
    const text = readFileSync(lb, 'utf8');
    const forgedBoard = JSON.parse(text);
    forgedBoard.entries[0].elo += 10;
    writeFileSync(lb, JSON.stringify(forgedBoard, null, 2) + '\n');
    const badBoard = koth(['host', 'verify', dir, '--sample', '1']);
    expect(badBoard.status).toBe(1);
    expect(badBoard.stdout).toMatch(/leaderboard\.json differs .*entries\[0\]\.elo: published [\d.]+, recomputed [\d.]+/);
  }, 300_000);
});

describe('two hosts, workers, SIGKILL and the tick lock', () => {
  it('publish byte-identical leaderboard.json and manifest.json with 1 and 2 workers, one SIGKILLed mid-tick and resumed; a second tick at once is refused', async () => {
    const files = { 'steady.py': bot('Steady', 12), 'bold.py': bot('Bold', 20), 'careful.py': bot('Careful', 8) };
    const botsA = folder(files);
    const botsB = join(tmp(), 'bots-b');
    mkdirSync(botsB);
    for (const f of Object.keys(files)) copyFileSync(join(botsA, f), join(botsB, f));
    const a = init(botsA);
    const bdir = join(tmp(), 'hill-b');
    expect(koth(['host', 'init', bdir, '--game', 'dice', '--source', `dir:${botsB}`, '--house', HOUSE, '--seed', 'tick-test']).status).toBe(0);

    const many = ['--games', '200', '--test-pairs', '10', '--resamples', '50'];
    // Host A: two ticks, one worker, never interrupted.
    for (let i = 0; i < 2; i++) expect(koth(['host', 'tick', a, ...many, '--workers', '1']).status).toBe(0);

    // Host B: tick 1 with two workers, SIGKILLed once its field games are under way.
    const killed = start(['host', 'tick', bdir, ...many, '--workers', '2']);
    // Killed once some of its field games are stored and before all are: the resumed tick must plan
    // nothing again (its tests' leader would be rated from the games stored before the kill).
    const storedField = () => {
      const d = new Database(join(bdir, 'host.db'), { readonly: true });
      try {
        return Number((d.prepare("SELECT count(*) AS n FROM games WHERE kind = 'field'").get() as { n: number }).n);
      } finally {
        d.close();
      }
    };
    await new Promise<void>((resolve, reject) => {
      killed.closed.then(() => reject(new Error(`the tick ended before it was killed: ${killed.out.stderr}`)));
      let busyChecked = false;
      const t = setInterval(() => {
        if (!/field: \d+ games/.test(killed.out.stderr)) return;
        if (!busyChecked) {
          busyChecked = true;
          // Meanwhile a second tick is refused at once, naming the holder.
          const busy = koth(['host', 'tick', bdir, ...many]);
          expect(busy.status).toBe(6);
          expect(busy.stderr).toMatch(new RegExp(`is busy: another tick holds its lock \\(tick 1 by pid ${killed.child.pid}`));
        }
        if (storedField() > 0) {
          clearInterval(t);
          killed.child.kill('SIGKILL');
          resolve();
        }
      }, 10);
    });
    await killed.closed;
    const db = new Database(join(bdir, 'host.db'));
    const stored = Number((db.prepare("SELECT count(*) AS n FROM games WHERE kind = 'field'").get() as { n: number }).n);
    const planned = Number((db.prepare("SELECT count(*) AS n FROM plan WHERE kind = 'field'").get() as { n: number }).n);
    db.close();
    expect(stored).toBeGreaterThan(0);
    expect(stored).toBeLessThan(planned); // killed mid-play

    const resumed = koth(['host', 'tick', bdir, ...many, '--workers', '2', '--json']);
    expect(resumed.status, resumed.stderr).toBe(0);
    expect(resumed.json()).toMatchObject({ tick: 1, resumed: true });
    expect(resumed.json().played.field).toBe(planned - stored);
    expect(koth(['host', 'tick', bdir, ...many, '--workers', '2']).status).toBe(0);

    for (const f of ['leaderboard.json', 'manifest.json']) expect(readFileSync(join(bdir, 'site', f), 'utf8'), f).toBe(readFileSync(join(a, 'site', f), 'utf8'));
    const events = JSON.parse(readFileSync(join(bdir, 'site', 'events.json'), 'utf8'));
    expect(events.some((e: any) => e.kind === 'tick-resumed' && e.tick === 1)).toBe(true);
    expect(koth(['host', 'verify', bdir]).status).toBe(0);
  }, 300_000);

  it('run ticks on a schedule and ends at SIGINT with exit 0; --ticks bounds it', async () => {
    const dir = init(folder({ 'steady.py': bot('Steady', 12) }));
    const r = await kothAsync(['host', 'run', dir, '--every', '1s', '--ticks', '2', ...SMALL]);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout.trim().split('\n').map((l) => /tick (\d+)/.exec(l)?.[1])).toEqual(['1', '2']);
    const run = start(['host', 'run', dir, '--every', '1h', ...SMALL]);
    await new Promise<void>((resolve) => {
      const t = setInterval(() => {
        if (/tick 3/.test(run.out.stdout)) {
          clearInterval(t);
          run.child.kill('SIGINT');
          resolve();
        }
      }, 20);
    });
    expect(await run.closed).toBe(0);
    expect(koth(['host', 'run', dir, '--every', '10x']).status).toBe(2);
  }, 120_000);

  it('a disk that refuses a write mid-tick: exit 130 saying what to do, nothing stored lost; the rerun finishes the tick as an uninterrupted host; --rules replays the stored seeds under other rules', async () => {
    // House ports only (no sandbox): fast games, so the file size limit is reached while playing.
    const house = 'GoToTenBot,OptFor2X,ThrowTwiceBot,AdaptiveRoller,StepBot';
    const empty = folder({});
    const make = (name: string) => {
      const dir = join(tmp(), name);
      expect(koth(['host', 'init', dir, '--game', 'dice', '--source', `dir:${empty}`, '--house', house]).status).toBe(0);
      return dir;
    };
    const whole = make('whole');
    const full = make('full');
    const args = ['host', 'tick', '--games', '4000', '--resamples', '20'];
    expect(koth([...args.slice(0, 2), whole, ...args.slice(2)]).status).toBe(0);
    // bash's ulimit -f: files of this process may not grow past 450 KiB (the kernel answers EFBIG, as a full disk answers ENOSPC).
    const r = spawnSync('bash', ['-c', `ulimit -f 450; exec "${process.execPath}" dist/koth.js ${[...args.slice(0, 2), full, ...args.slice(2)].join(' ')}`], { cwd: ROOT, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
    expect(r.status, r.stderr).toBe(130);
    expect(r.stderr).toMatch(/the disk refused a write .*Free space, then rerun `koth host tick .*full` to finish the tick/);
    const db = new Database(join(full, 'host.db'));
    const stored = Number((db.prepare('SELECT count(*) AS n FROM games').get() as { n: number }).n);
    expect(Number((db.prepare("SELECT count(*) AS n FROM ticks WHERE finished IS NULL").get() as { n: number }).n)).toBe(1);
    db.close();
    expect(stored).toBeGreaterThan(0);
    expect(stored).toBeLessThan(4000);
    const again = koth([...args.slice(0, 2), full, ...args.slice(2), '--json']);
    expect(again.status, again.stderr).toBe(0);
    expect(again.json()).toMatchObject({ tick: 1, resumed: true, played: { field: 4000 - stored } });
    for (const f of ['leaderboard.json', 'manifest.json']) expect(readFileSync(join(full, 'site', f), 'utf8'), f).toBe(readFileSync(join(whole, 'site', f), 'utf8'));

    // A rule change: the stored games replayed from their seeds under the other rules, the host untouched.
    const before = readFileSync(join(whole, 'host.db'));
    const same = openStore(whole);
    try {
      const { change } = await boardUnderRules(same, findGame('dice')!, 'fixed', { kit: replayKit(), resamples: 20 });
      expect(change.games).toBe(4000);
      expect(change.failed).toBe(0);
      // Under its own rules the replay is the stored games: every Elo as it is.
      for (const r of change.rows) expect(r.delta, r.name).toBe(0);
    } finally {
      same.close();
    }
    const other = koth(['host', 'board', whole, '--rules', 'original', '--json', '--resamples', '20']);
    expect(other.status, other.stderr).toBe(0);
    const rc = other.json().ruleChange;
    expect(rc).toMatchObject({ from: 'fixed', to: 'original', games: 4000, failed: 0 });
    expect(rc.rows.map((r: any) => r.name).sort()).toEqual(house.split(',').sort());
    expect(rc.rows.some((r: any) => r.delta !== 0)).toBe(true);
    expect(other.json().rules).toBe('original');
    expect(readFileSync(join(whole, 'host.db')).equals(before)).toBe(true);
  }, 120_000);

  it('camel-up: a house port that fails a game under the host\'s rules is rejected, not the tick; the 2026 rule change of the worked example', () => {
    const dir = join(tmp(), 'cup');
    expect(koth(['host', 'init', dir, '--game', 'camel-up', '--rules', 'fixed', '--source', `dir:${folder({})}`, '--house', 'Player0,Player1,Player2,RoundBetter,Trapper']).status).toBe(0);
    // Trapper (a test bot of ours) lays a trap camelup.py raises on under the 2018 rules.
    const t1 = koth(['host', 'tick', dir, '--games', '200', '--resamples', '20', '--json']);
    expect(t1.status, t1.stderr).toBe(0);
    expect(t1.json().rejectedInPlay).toHaveLength(1);
    expect(t1.json().rejectedInPlay[0].reason).toMatch(/^field game \d+: camelup\.py raised on its answer: IndexError/);
    const t2 = koth(['host', 'tick', dir, '--games', '200', '--resamples', '20', '--json']);
    expect(t2.status, t2.stderr).toBe(0);
    expect(t2.json().played.field).toBe(200);
    const b = koth(['host', 'board', dir, '--json', '--resamples', '20']).json();
    expect(b.entries.find((e: any) => e.name === 'Trapper')).toMatchObject({ status: 'rejected' });
    expect(b.entries.filter((e: any) => e.status === 'active').map((e: any) => e.name).sort()).toEqual(['Player0', 'Player1', 'Player2', 'RoundBetter']);
    const change = koth(['host', 'board', dir, '--rules', '2026', '--json', '--resamples', '20']);
    expect(change.status, change.stderr).toBe(0);
    const rc = change.json().ruleChange;
    expect(rc).toMatchObject({ from: 'fixed', to: '2026', failed: 0 });
    const db = new Database(join(dir, 'host.db'));
    expect(rc.games).toBe(Number((db.prepare("SELECT count(*) AS n FROM games WHERE kind = 'field' AND rules = 'fixed'").get() as { n: number }).n));
    db.close();
    expect(rc.rows.map((r: any) => r.name).sort()).toEqual(['Player0', 'Player1', 'Player2', 'RoundBetter']);
    expect(rc.rows.every((r: any) => typeof r.delta === 'number')).toBe(true);
    expect(koth(['host', 'verify', dir]).status).toBe(0);
  }, 120_000);
});

/**
 * `koth ab` runs over several stretches (issue 39, items 11, 12, 17): what an interrupted run
 * says it did, extending an inconclusive run with a larger --max-pairs on its checkpoint, and a
 * --bot-cmd program changed between a run and its resume. Real processes (dist/koth.js, SIGINT).
 */
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { readFileSync, writeFileSync } from 'node:fs';
import { kothStarter, ROOT, tempDirs } from './helpers.ts';

const tmp = tempDirs('koth-ab-runs-');
const start = kothStarter();


/** The command run to its end (in `cwd`): its exit code, stdout, stderr, stdout as JSON. */
async function finish(args: string[], cwd = ROOT) {
  const run = start(args, cwd);
  const status = await run.closed;
  return { status, stdout: run.out.stdout, stderr: run.out.stderr, json: () => JSON.parse(run.out.stdout) };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The self-test between ±5 Elo never crosses a bound (every pair is even): it runs to --max-pairs. */
const EVEN = ['ab', 'dice', '--candidate', 'OptFor2X', '--baseline', 'OptFor2X', '--elo0', '-5', '--elo1', '5', '--workers', '1'];

describe('koth ab interrupted after some stretches', () => {
  for (const checkpoint of [false, true]) {
    it(`says how many pairs of the whole run were played${checkpoint ? ' (with --checkpoint)' : ''}, not those of its last stretch`, async () => {
      const extra = checkpoint ? ['--checkpoint', join(tmp(), 'ab.ckpt')] : [];
      const run = start([...EVEN, '--max-pairs', '150000', ...extra]);
      // The live line of the second stretch: 2400 pairs are done, the third stretch is under way.
      for (let t = 0; t < 60_000 && !/^pairs 2400 /m.test(run.out.stderr); t += 25) await sleep(25);
      run.child.kill('SIGINT');
      expect(await run.closed).toBe(130);
      const said = /interrupted after (\d+) (?:of at most 150000 )?pairs/.exec(run.out.stderr);
      expect(said, run.out.stderr).not.toBeNull();
      expect(Number(said![1])).toBeGreaterThanOrEqual(2400);
      expect(run.out.stderr).toMatch(checkpoint ? /interrupted after \d+ pairs; progress is saved in / : /interrupted after \d+ of at most 150000 pairs; rerun with --checkpoint FILE/);
    }, 90_000);
  }
});

describe('koth ab on the checkpoint of an earlier run', () => {
  it('an inconclusive run extended with a larger --max-pairs continues from its checkpoint to the result of a fresh run to that bound', async () => {
    const ck = join(tmp(), 'ab.ckpt');
    const first = await finish([...EVEN, '--max-pairs', '1000', '--checkpoint', ck, '--json']);
    expect(first.status, first.stderr).toBe(0);
    expect(first.json()).toMatchObject({ verdict: 'inconclusive', pairs: 1000 });
    const extended = await finish([...EVEN, '--max-pairs', '3000', '--checkpoint', ck, '--json']);
    expect(extended.status, extended.stderr).toBe(0);
    const fresh = await finish([...EVEN, '--max-pairs', '3000', '--json']);
    expect(fresh.status, fresh.stderr).toBe(0);
    expect(extended.json()).toEqual(fresh.json());
    expect(extended.json()).toMatchObject({ verdict: 'inconclusive', pairs: 3000 });
  }, 120_000);

  it('a --bot-cmd program whose file changed since the checkpoint was written is refused, naming the file; unchanged, the run resumes', async () => {
    const dir = tmp();
    const ck = join(dir, 'ab.ckpt');
    const program = join(dir, 'mine.sh');
    writeFileSync(program, '#!/bin/sh\nexit 48\n', { mode: 0o755 });
    const args = ['ab', 'gun-duel', '--bot-cmd', 'Mine=./mine.sh', '--interface', 'exit-code', '--candidate', 'Mine', '--baseline', 'PlasmaPlayer', '--field', 'GunClubPlayer,OpportunistPlayer,TurtlePlayer', '--max-pairs', '2', '--workers', '1', '--checkpoint', ck, '--json'];
    const first = await finish(args, dir);
    expect(first.status, first.stderr).toBe(0);
    const again = await finish(args, dir);
    expect(again.status, again.stderr).toBe(0);
    expect(again.json()).toEqual(first.json());
    writeFileSync(program, '#!/bin/sh\nexit 49\n', { mode: 0o755 });
    const changed = await finish(args, dir);
    expect(changed.status, changed.stderr).toBe(2);
    expect(changed.stderr).toMatch(/mine\.sh changed since checkpoint .*ab\.ckpt was written/);
    expect(changed.stdout).toBe('');
  }, 120_000);
});

describe('koth ab resumes a checkpoint whose pairs noted something', () => {
  it('a program whose moves are noted (no action\'s code): the rerun resumes to the same result and notes', async () => {
    const dir = tmp();
    writeFileSync(join(dir, 'bad.sh'), '#!/bin/sh\nexit 7\n', { mode: 0o755 });
    const args = ['ab', 'gun-duel', '--bot-cmd', 'Bad=./bad.sh', '--interface', 'exit-code', '--candidate', 'Bad', '--baseline', 'PlasmaPlayer', '--field', 'GunClubPlayer,OpportunistPlayer,TurtlePlayer', '--max-pairs', '2', '--workers', '1', '--checkpoint', join(dir, 'ab.ckpt'), '--json'];
    const first = await finish(args, dir);
    expect(first.status, first.stderr).toBe(0);
    expect(Object.keys(first.json().notes ?? {})).not.toEqual([]);
    const again = await finish(args, dir);
    expect(again.status, again.stderr).toBe(0);
    expect(again.json()).toEqual(first.json());
  }, 120_000);
});

describe('koth ab stops playing at the verdict', () => {
  /** Crosses H1 in the middle of a long stretch (at pair 16269; the stretch holds pairs 12000–24799). */
  const BETTER = ['ab', 'dice', '--candidate', 'OptFor2X', '--baseline', 'GoToTenBot', '--elo0', '0', '--elo1', '0.1', '--max-pairs', '150000', '--json'];
  /** Pairs the checkpoint holds: every part's merged pairs and its finished pending batches (those past a verdict are not kept). */
  const played = (file: string) => {
    const parts = Object.values(JSON.parse(readFileSync(file, 'utf8')).parts) as { merger: { acc: { a: number[] }; pending: Record<string, { a: number[] }> } }[];
    return parts.reduce((n, p) => n + p.merger.acc.a.length + Object.values(p.merger.pending).reduce((m, x) => m + x.a.length, 0), 0);
  };

  it('past the stopping pair, the rest of its batch is played (and about one batch per other worker), not the rest of its stretch; the result is the same for 1 and 2 workers', async () => {
    const results = [];
    let ck = '';
    for (const workers of [1, 2]) {
      ck = join(tmp(), 'ab.ckpt');
      const r = await finish([...BETTER, '--workers', String(workers), '--checkpoint', ck]);
      expect(r.status, r.stderr).toBe(0);
      const res = r.json();
      expect(res.verdict).toBe('H1');
      expect(res.playedBeyond).toBeLessThan(200); // dice's batch
      // One worker plays through the stopping batch; more start a batch only within workers + 1 of the first not merged.
      if (workers === 1) expect(played(ck)).toBe(res.pairs + res.playedBeyond);
      else expect(played(ck)).toBeLessThanOrEqual(res.pairs + res.playedBeyond + workers * 200);
      results.push(res);
    }
    expect(results[1]).toEqual(results[0]);
    // Rerun on its checkpoint: the verdict is in what it resumes, and nothing more is played.
    const before = played(ck);
    const again = await finish([...BETTER, '--workers', '1', '--checkpoint', ck]);
    expect(again.status, again.stderr).toBe(0);
    expect(again.json()).toEqual(results[0]);
    expect(played(ck)).toBe(before);
  }, 120_000);
});

/**
 * `koth ab` runs over several stretches (issue 39, items 11, 12, 17): what an interrupted run
 * says it did, extending an inconclusive run with a larger --max-pairs on its checkpoint, and a
 * --bot-cmd program changed between a run and its resume. Real processes (dist/koth.js, SIGINT).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { ROOT, tempDirs } from './helpers.ts';

const tmp = tempDirs('koth-ab-runs-');
const started: ChildProcess[] = [];
afterEach(() => {
  for (const c of started.splice(0)) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
});

function start(args: string[], cwd = ROOT) {
  const child = spawn(process.execPath, [join(ROOT, 'dist/koth.js'), ...args], { cwd, env: { ...process.env, NO_COLOR: '1' } });
  started.push(child);
  const out = { stderr: '', stdout: '' };
  child.stderr!.on('data', (d) => (out.stderr += d));
  child.stdout!.on('data', (d) => (out.stdout += d));
  const closed = new Promise<number | null>((r) => child.once('close', r));
  return { child, out, closed };
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

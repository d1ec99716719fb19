/**
 * Ctrl-C during a sharded run (issue 39, item 4): the first stops handing out shards and says so;
 * a second one, or INTERRUPT_GRACE_MS after the first, stops the shards under way at once — exit
 * 130, the checkpoint holding the shards that finished, which resumes to the uninterrupted result.
 * A real SIGINT to a spawned dist/koth.js; camel-up's 2026 format with only Player1 and Player2 is
 * a game that never ends (docs: engines/camel-up/README.md), so a shard of it is always under way.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { kothAsync, kothStarter, tempDirs, withoutTimes } from './helpers.ts';
import { INTERRUPT_GRACE_MS } from '../engines/core/cli/kit.ts';

const tmp = tempDirs('koth-interrupt-');
const start = kothStarter();


const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** The exit code, or 'running' if the process has not ended within `ms`. */
const within = (closed: Promise<number | null>, ms: number) => Promise.race([closed, sleep(ms).then(() => 'running' as const)]);
async function until(cond: () => boolean, ms: number): Promise<void> {
  for (let t = 0; t < ms && !cond(); t += 25) await sleep(25);
}

const NEVER_ENDS = ['replay', 'camel-up', '--format', '2026', '--games', '5', '--bots', 'Player1,Player2'];

describe('Ctrl-C during a sharded run', () => {
  it('the first says that no new shard starts; the second ends a run whose shard never ends at once, exit 130', async () => {
    const file = join(tmp(), 'camel.ckpt');
    const run = start([...NEVER_ENDS, '--workers', '1', '--checkpoint', file]);
    await sleep(1500); // the run is under way (its one shard never ends)
    run.child.kill('SIGINT');
    await until(() => run.out.stderr.includes('Ctrl-C'), 3000);
    expect(run.out.stderr).toMatch(/Ctrl-C: no new shard starts; the games under way may finish for \d+ s \(Ctrl-C again stops them at once\)/);
    run.child.kill('SIGINT');
    expect(await within(run.closed, 3000)).toBe(130);
    expect(run.out.stderr).toMatch(/interrupted after 0 of 5 games: none finished/);
  }, 30_000);

  it('without a second Ctrl-C the shards under way are stopped after the grace period', async () => {
    const run = start([...NEVER_ENDS, '--workers', '1']);
    await sleep(1500);
    run.child.kill('SIGINT');
    expect(await within(run.closed, INTERRUPT_GRACE_MS + 3000)).toBe(130);
    expect(run.out.stderr).toMatch(/Ctrl-C: no new shard starts/);
  }, 30_000);

  it('a run stopped at once resumes from its checkpoint to the uninterrupted result', async () => {
    const file = join(tmp(), 'dice.ckpt');
    const args = ['replay', 'dice', '--games', '60000', '--shard-size', '10000', '--workers', '2', '--seed', 'forced', '--json'];
    const run = start([...args, '--checkpoint', file]);
    await until(() => existsSync(file), 60_000); // the first shard is saved: others are under way
    run.child.kill('SIGINT');
    await sleep(30);
    run.child.kill('SIGINT');
    expect(await within(run.closed, 10_000)).toBe(130);
    const done = Number(/interrupted after (\d+) games; progress is saved in/.exec(run.out.stderr)?.[1]);
    expect(done).toBeGreaterThan(0);
    expect(done).toBeLessThan(60_000);
    const resumed = await kothAsync([...args, '--checkpoint', file]);
    expect(resumed.status).toBe(0);
    const straight = await kothAsync(args);
    expect(withoutTimes(resumed.stdout)).toEqual(withoutTimes(straight.stdout));
  }, 180_000);
});

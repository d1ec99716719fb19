import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { kothAsync, ROOT, withoutTimes } from '../../test/helpers.ts';

describe('a long replay interrupted with Ctrl-C resumes from its checkpoint', () => {
  it('SIGINT saves the finished shards; the same command then completes with the uninterrupted result', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'koth-ck-')), 'dice.checkpoint.json');
    const args = ['replay', 'dice', '--games', '120000', '--shard-size', '4000', '--workers', '1', '--seed', 'resume', '--json'];
    const child = spawn(process.execPath, ['dist/koth.js', ...args, '--checkpoint', file], { cwd: ROOT, env: { ...process.env, NO_COLOR: '1' } });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    for (let i = 0; i < 1200 && !existsSync(file); i++) await new Promise((r) => setTimeout(r, 25));
    child.kill('SIGINT');
    const code = await new Promise<number | null>((r) => child.once('close', r));
    expect(code).toBe(130);
    expect(stderr).toMatch(/interrupted after \d+ games; progress is saved in .*rerun the same command to resume/);
    const resumed = await kothAsync([...args, '--checkpoint', file]);
    expect(resumed.status).toBe(0);
    const straight = await kothAsync(args);
    expect(withoutTimes(resumed.stdout)).toEqual(withoutTimes(straight.stdout));
  }, 180_000);
});

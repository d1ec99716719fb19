/**
 * Kill mid-scrape, then resume: the CLI runs as a child process against a local
 * StackExchange whose third page never answers; it is killed (SIGKILL) while waiting. The
 * cache must hold only whole JSON files, and the rerun must finish without asking again for
 * what it already had.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ROOT } from './helpers.ts';
import { FakeStackExchange, fixture, runKoth as koth } from './test-server.ts';

let server: FakeStackExchange | undefined;
let child: ChildProcess | undefined;
afterEach(async () => {
  if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  child = undefined;
  await server?.stop();
  server = undefined;
});

describe('kill mid-scrape, then resume', () => {
  it('the cache stays whole JSON; the rerun resumes after the last cached answer and rewrites nothing it had', async () => {
    const answers = fixture('dice');
    server = await new FakeStackExchange({ answers }, { maxPageSize: 2 }).start();
    let stall = true;
    const listing = () => server!.calls('/answers');
    server.fault = () => (stall && listing().length >= 3 ? { stall: true } : undefined);
    const cache = mkdtempSync(join(tmpdir(), 'koth-resume-'));
    child = spawn(process.execPath, ['dist/koth.js', 'scrape', 'dice', '--api-base', server.base, '--cache', cache], {
      cwd: ROOT,
      env: { ...process.env, KOTH_SE_DELAY_SCALE: '0', NO_COLOR: '1' },
      stdio: 'ignore',
    });
    const proc = child;
    const exited = new Promise<number | null>((r) => proc.once('exit', (code) => r(code)));
    const progressFile = join(cache, 'dice', 'progress.json');
    // Wait (polling, no time limit asserted) until the child is stuck on the third page.
    while (!(listing().length >= 3 && existsSync(progressFile) && JSON.parse(readFileSync(progressFile, 'utf8')).resume.min === 1545500000)) {
      if (proc.exitCode !== null) throw new Error(`the scrape ended before it was killed (exit ${proc.exitCode})`);
      await new Promise((r) => setTimeout(r, 25));
    }
    proc.kill('SIGKILL');
    await exited;

    const dir = join(cache, 'dice');
    const files = readdirSync(join(dir, 'answers')).sort();
    expect(files).toEqual(['1001.json', '1002.json', '1003.json']); // pages 1001-1002, 1002-1003
    for (const f of files) expect(JSON.parse(readFileSync(join(dir, 'answers', f), 'utf8')).format).toBe('koth-answer/2');
    const progress = JSON.parse(readFileSync(progressFile, 'utf8'));
    expect(progress).toMatchObject({ complete: false, resume: { min: 1545500000, page: 1 } });
    expect(readFileSync(join(dir, '.lock'), 'utf8')).toBe(String(proc.pid)); // left by the killed process
    const before = Object.fromEntries(files.map((f) => [f, readFileSync(join(dir, 'answers', f), 'utf8')]));

    stall = false;
    const n = server.requests.length;
    const r = await koth(['scrape', 'dice', '--api-base', server.base, '--cache', cache, '--json']);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.json().answers).toBe(7);
    expect(server.requests[n]!.path).toBe('/questions/177765'); // the question checked first
    const resumed = server.requests.slice(n).filter((x) => x.path.endsWith('/answers')).map((x) => x.query.get('min'));
    expect(resumed[0]).toBe('1545500000'); // after what it had: not the first page again
    expect(resumed).not.toContain(null);
    for (const [f, text] of Object.entries(before)) expect(readFileSync(join(dir, 'answers', f), 'utf8')).toBe(text);
    expect(readdirSync(dir).sort()).toEqual(['answers', 'progress.json']); // the dead process's lock taken over and released
    expect(JSON.parse(readFileSync(progressFile, 'utf8')).complete).toBe(true);
  });
});

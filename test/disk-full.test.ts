/**
 * Issue 22: a disk that fills up (or a write that fails) during a run, injected: `node:fs`'s
 * writeFileSync is wrapped so that chosen writes fail with ENOSPC (this works as root too,
 * where permission bits block nothing). The CLI runs in process. Also here, because it needs
 * a hook at the first checkpoint write: Ctrl-C during --compare-rules, then the resume.
 */
import { existsSync, mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';

const fsHooks: { fail?: (path: string) => boolean; onWrite?: (path: string) => void } = {};
vi.mock('node:fs', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:fs')>();
  return {
    ...real,
    writeFileSync: (...args: Parameters<typeof real.writeFileSync>) => {
      const path = String(args[0]);
      fsHooks.onWrite?.(path);
      if (fsHooks.fail?.(path)) throw Object.assign(new Error(`ENOSPC: no space left on device, write '${path}'`), { code: 'ENOSPC', errno: -28, syscall: 'write' });
      return real.writeFileSync(...args);
    },
  };
});
const { FakeStackExchange, fixture, runKoth: koth } = await import('./test-server.ts');

const tmp = () => mkdtempSync(join(tmpdir(), 'koth-full-'));

/** Makes every checkpoint record a write (the checkpoint writes at most once a second of performance.now()). */
function fastClock() {
  let t = 1e6;
  return vi.spyOn(performance, 'now').mockImplementation(() => (t += 5000));
}

/** The dice report without its wall-clock figures. */
function strip(stdout: string) {
  const r = JSON.parse(stdout);
  delete r.seconds;
  if (typeof r.summary === 'string') r.summary = r.summary.replace(/[\d.]+ s\n/, '');
  return r;
}

let server: InstanceType<typeof FakeStackExchange> | undefined;
afterEach(async () => {
  delete fsHooks.fail;
  delete fsHooks.onWrite;
  vi.restoreAllMocks();
  await server?.stop();
  server = undefined;
});

describe('2. a disk that fills up during the run', () => {
  it('--checkpoint: the run stops with a clear message (exit 130), the last good checkpoint is kept, and the rerun resumes to the uninterrupted result', async () => {
    const ck = join(tmp(), 'ck.json');
    const args = ['replay', 'dice', '--games', '8000', '--shard-size', '1000', '--workers', '1', '--seed', 'full', '--json'];
    fastClock();
    let writes = 0;
    fsHooks.fail = (p) => p.startsWith(`${ck}.`) && ++writes > 2; // the temp files of ck.json: two writes succeed, then the disk is full
    const r = await koth([...args, '--checkpoint', ck]);
    vi.restoreAllMocks();
    delete fsHooks.fail;
    expect(r.status).toBe(130);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(
      `koth: could not write the checkpoint ${ck}: no space left on the device (ENOSPC), so the run stopped after 3000 of 8000 games. ` +
        `The last checkpoint written is kept in ${ck} (2000 of 8000 games of fixed): free space (or fix the folder) and rerun the same command to resume from it.`,
    );
    expect(r.stderr).not.toMatch(/internal error|    at /);
    expect(JSON.parse(readFileSync(ck, 'utf8')).parts.fixed.merger.next).toBe(2);
    expect(readdirSync(join(ck, '..'))).toEqual(['ck.json']); // no temp file left behind
    const resumed = await koth([...args, '--checkpoint', ck]);
    expect(resumed.status, resumed.stderr).toBe(0);
    const straight = await koth(args);
    expect(strip(resumed.stdout)).toEqual(strip(straight.stdout));
  });

  it('--checkpoint whose last write fails after the last game: the results are whole and printed, with a warning', async () => {
    const ck = join(tmp(), 'ck.json');
    const args = ['replay', 'dice', '--games', '2000', '--shard-size', '1000', '--workers', '1', '--seed', 'full', '--json'];
    vi.spyOn(performance, 'now').mockReturnValue(1e6); // a clock that stands still: the first shard's write, then only the last one
    fsHooks.fail = (p) => p.startsWith(`${ck}.`) && readdirSync(join(ck, '..')).includes('ck.json'); // the first write succeeds, later ones fail
    const r = await koth([...args, '--checkpoint', ck]);
    expect(r.status).toBe(0);
    expect(strip(r.stdout)).toEqual(strip((await koth(args)).stdout));
    expect(r.stderr).toMatch(/warning: could not write the checkpoint .*ck\.json: no space left on the device \(ENOSPC\) at the end of the run\. Every game was played and the results below are whole/);
  });

  it('--checkpoint up front: a full disk is found before the run (exit 2)', async () => {
    const dir = tmp();
    fsHooks.fail = (p) => p.startsWith(dir);
    const r = await koth(['replay', 'dice', '--games', '1000', '--checkpoint', join(dir, 'ck.json')]);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain(`Nothing can be written in ${dir}: no space left on the device (ENOSPC). Nothing was run: give a file that can be written.`);
    expect(r.stdout).toBe('');
  });

  it('--report: checked before the run; if the disk fills up meanwhile, the page is saved elsewhere and the message says where (exit 2)', async () => {
    const base = tmp();
    const dir = join(base, 'report');
    fsHooks.fail = (p) => p.startsWith(base);
    const early = await koth(['replay', 'ruins', '--report', dir]);
    expect(early.status).toBe(2);
    expect(early.stderr).toMatch(/Nothing can be written in .*: no space left on the device \(ENOSPC\)\. Nothing was run/);
    expect(early.stdout).toBe('');
    // Writable when the run starts, full when the page is written.
    fsHooks.fail = (p) => p.startsWith(base) && !p.includes('.koth-write-probe-');
    const late = await koth(['replay', 'ruins', '--report', dir]);
    expect(late.status).toBe(2);
    const saved = /The page was saved to (\S+index\.html) instead/.exec(late.stderr)?.[1];
    expect(late.stderr).toContain(`the replay finished, but its report could not be written to ${join(dir, 'index.html')}: no space left on the device (ENOSPC)`);
    expect(saved && existsSync(saved)).toBe(true);
    expect(readFileSync(saved!, 'utf8')).toMatch(/<html/);
  });

  it('the scrape cache: a full disk is found before the API is asked (exit 6); one that fills up mid-scrape stops it (exit 6), and the rerun completes', async () => {
    server = await new FakeStackExchange({ answers: fixture('dice'), revisions: fixture('dice-revisions') }, { maxPageSize: 3 }).start();
    const cache = tmp();
    const args = ['scrape', 'dice', '--api-base', server.base, '--cache', cache, '--json'];
    fsHooks.fail = (p) => p.startsWith(cache);
    const early = await koth(args);
    expect(early.status).toBe(6);
    expect(early.stderr).toContain(`the scrape cache ${cache} cannot be used: nothing can be written in ${cache}: no space left on the device (ENOSPC). Nothing was run: point --cache (or KOTH_CACHE) at a folder koth can write`);
    expect(server.requests).toHaveLength(0);
    let answers = 0;
    fsHooks.fail = (p) => /answers\/\d+\.json\./.test(p) && ++answers > 4;
    const mid = await koth(args);
    expect(mid.status).toBe(6);
    expect(mid.stderr).toMatch(/could not write the scrape cache \(.*answers\/\d+\.json\): no space left on the device \(ENOSPC\)\. What was cached so far is whole \(every write is atomic\): .* rerun the same command; the scrape resumes after the last answer it cached/);
    expect(mid.stderr).not.toMatch(/internal error|    at /);
    delete fsHooks.fail;
    for (const f of readdirSync(join(cache, 'dice', 'answers'))) expect(() => JSON.parse(readFileSync(join(cache, 'dice', 'answers', f), 'utf8'))).not.toThrow();
    const again = await koth(args);
    expect(again.status, again.stderr).toBe(0);
    expect(again.json().answers).toBe(7);
  });
});

describe('3. --compare-rules with --checkpoint: Ctrl-C keeps the progress of the pairs in the one file', () => {
  it('dice: interrupted after the first shard of pairs, the rerun resumes it; same result as without a checkpoint', async () => {
    const ck = join(tmp(), 'ab.json');
    const args = ['replay', 'dice', '--compare-rules', 'original,fixed', '--games', '4000', '--shard-size', '1000', '--workers', '1', '--seed', 'ab', '--json'];
    fastClock();
    let pressed = false;
    fsHooks.onWrite = (p) => {
      // Ctrl-C as the first checkpoint is written: the kit's own SIGINT listener, called directly.
      if (!pressed && p.startsWith(`${ck}.`)) {
        pressed = true;
        (process.listeners('SIGINT').at(-1) as () => void)();
      }
    };
    const r = await koth([...args, '--checkpoint', ck]);
    delete fsHooks.onWrite;
    expect(r.status).toBe(130);
    // One part: the pairs (each game under both controllers) of the paired rule A/B.
    expect(r.stderr).toContain(`interrupted after 1000 pairs; progress is saved in ${ck}: rerun the same command to resume`);
    expect(Object.keys(JSON.parse(readFileSync(ck, 'utf8')).parts)).toEqual(['rules']);
    const resumed = await koth([...args, '--checkpoint', ck]);
    expect(resumed.status, resumed.stderr).toBe(0);
    const file = JSON.parse(readFileSync(ck, 'utf8'));
    expect(Object.keys(file.parts)).toEqual(['rules']);
    expect(file.parts.rules.complete).toBe(true);
    const straight = await koth(args);
    const noTime = (s: string) => ({ ...JSON.parse(s), seconds: 0 });
    expect(noTime(resumed.stdout)).toEqual(noTime(straight.stdout));
  });
});

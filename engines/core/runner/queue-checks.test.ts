/**
 * The queue's checks without a Redis (issue 31, defects 3, 4, 8, 13): URLs and their passwords,
 * job data that is not koth's (a shard result checked before it is merged:
 * engines/dice/queue-result.test.ts). The same paths
 * against a real redis-server: test/queue.test.ts and test/queue-defects.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { commandLine } from '../cli/kit.ts';
import { checkQueueUrl, queueDb, redact, redactWord } from './queue/connection.ts';
import { contentKeyOf, jobDataProblem, MAX_SANDBOX_TIMEOUT_MS, rebuildStopped, shardSandboxOf } from './queue/protocol.ts';
import { SandboxKilled, SandboxTaskError } from '../sandbox/errors.ts';
import { SandboxPool } from '../sandbox/pool.ts';
import { createReplayKit } from '../cli/kit.ts';
import { UserError } from '../cli/errors.ts';

describe('URLs: the password never shown', () => {
  it('redact hides the user information of every URL in a text, up to the last "@"', () => {
    expect(redact('lost Redis at redis://:s3cret@host:6379/2: gone')).toBe('lost Redis at redis://***@host:6379/2: gone');
    expect(redact('redis://user:p@ss@host:1 and rediss://:x@h')).toBe('redis://***@host:1 and rediss://***@h');
    expect(redact('redis://127.0.0.1:6379 has no password')).toBe('redis://127.0.0.1:6379 has no password');
  });
  it('the command line on reports and watch pages hides it, in any form of the option', () => {
    const line = commandLine(['replay', 'dice', '--queue', 'redis://:s3cret@h:1', '--queue=redis://u:two words@h', '--report', 'out']);
    expect(line).not.toMatch(/s3cret|two words/);
    expect(line).toContain("'redis://***@h:1'");
    expect(line).toContain("'--queue=redis://***@h'");
    expect(redactWord('redis://:a@b@host')).toBe('redis://***@host');
  });
  it('a bad URL is refused without its password', () => {
    const why = checkQueueUrl('http://:s3cret@host')!;
    expect(why).toMatch(/redis:\/\//);
    expect(why).not.toContain('s3cret');
  });
});

describe('URLs: the database number', () => {
  it('a path that is not a database number is refused (was an uncaught ReplyError, exit 1)', () => {
    expect(checkQueueUrl('redis://127.0.0.1:6379/abc')).toMatch(/database, a number.*"abc"/);
    expect(checkQueueUrl('redis://127.0.0.1:6379/1/2')).toMatch(/database/);
    expect(checkQueueUrl('redis://127.0.0.1:6379/-1')).toMatch(/database/);
    expect(checkQueueUrl('redis://127.0.0.1:6379?db=abc')).toMatch(/db= names the database, a number, not "abc"/);
  });
  it('a number, "/" or nothing is accepted; the number is the database used', () => {
    for (const [u, db] of [['redis://h:1', 0], ['redis://h:1/', 0], ['redis://h:1/0', 0], ['redis://h:1/15', 15], ['redis://h:1/99', 99], ['redis://h:1?db=7', 7]] as const) {
      expect(checkQueueUrl(u), u).toBeUndefined();
      expect(queueDb(u), u).toBe(db);
    }
  });
});

describe('job data that is not a koth shard job (forged, evicted, damaged)', () => {
  const good = { version: '1+x', run: 'r', game: 'dice', opts: {}, seed: 1, index: 0, count: 10, label: 'dice' };
  it('a koth job passes', () => expect(jobDataProblem(good)).toBeUndefined());
  it('missing or wrongly typed fields are named', () => {
    expect(jobDataProblem(undefined)).toMatch(/no data/);
    expect(jobDataProblem({})).toMatch(/version, run, game, label, index, count are missing/);
    expect(jobDataProblem({ ...good, label: 5 })).toMatch(/label is missing/);
    expect(jobDataProblem({ ...good, index: -1 })).toMatch(/index/);
    expect(jobDataProblem({ ...good, count: 1.5 })).toMatch(/count/);
  });
});

describe('a queued shard that runs in a sandbox (issue 28): what a job declares and what a failed one hands back are checked', () => {
  it('the sandbox declaration: wasm or python with a time limit a job cannot switch off', () => {
    expect(shardSandboxOf(undefined)).toBeUndefined();
    expect(shardSandboxOf({ runtime: 'wasm', timeoutMs: 10_000 })).toEqual({ runtime: 'wasm', timeoutMs: 10_000 });
    expect(shardSandboxOf({ runtime: 'native', timeoutMs: 10 })).toMatch(/runtime/);
    expect(shardSandboxOf({ runtime: 'wasm' })).toMatch(/time limit/);
    expect(shardSandboxOf({ runtime: 'wasm', timeoutMs: MAX_SANDBOX_TIMEOUT_MS + 1 })).toMatch(/time limit/);
    expect(shardSandboxOf({ runtime: 'wasm', timeoutMs: 0 })).toMatch(/time limit/);
    expect(shardSandboxOf(null)).toMatch(/runtime/);
  });
  it('a job with a sandbox declaration not of koth shape is not a koth shard job at the worker', () => {
    const job = { version: 'v', run: 'r', game: 'gun-duel', label: 'l', index: 0, count: 1 };
    expect(jobDataProblem({ ...job, sandbox: { runtime: 'wasm', timeoutMs: 5 } })).toBeUndefined();
    expect(jobDataProblem(job)).toBeUndefined();
    expect(jobDataProblem({ ...job, sandbox: { runtime: 'wasm', timeoutMs: 10 ** 9 } })).toMatch(/time limit/);
    expect(jobDataProblem({ ...job, sandbox: 'wasm' })).toMatch(/runtime/);
  });
  it('the stopped answer comes back as the local error (time-out, trap), escaped, saying where it ran', () => {
    const killed = rebuildStopped({ sandboxError: { name: 'SandboxKilled', message: 'X: late', fields: { reason: 'timeout', detail: 'no answer within 10 ms', bot: 'Loop\u001b[2JPlayer' } } }, 'shard 3, on worker "w"');
    expect(killed).toBeInstanceOf(SandboxKilled);
    expect((killed as SandboxKilled).reason).toBe('timeout');
    expect(killed!.message).toMatch(/^Loop.*Player: no answer within 10 ms \(shard 3, on worker "w"\)$/);
    expect(killed!.message).not.toContain('\u001b');
    const trap = rebuildStopped({ sandboxError: { name: 'CppAnswerStopped', message: 'ThrowerPlayer threw', fields: { player: 'ThrowerPlayer', reason: 'a C++ exception', other: { no: 1 } } } }, 'shard 0, on worker "w"');
    expect(trap).toBeInstanceOf(SandboxTaskError);
    expect((trap as SandboxTaskError).data).toEqual({ name: 'CppAnswerStopped', message: 'ThrowerPlayer threw (shard 0, on worker "w")', fields: { player: 'ThrowerPlayer', reason: 'a C++ exception' } });
    for (const bad of [undefined, {}, { sandboxError: 'x' }, { sandboxError: { name: 'SandboxKilled', message: 'm', fields: { reason: 'bored' } } }, { refusedBy: 'v' }]) expect(rebuildStopped(bad, 'w')).toBeUndefined();
  });
});

describe('a sandbox run on the queue (issues 28, 30)', () => {
  it('Python sandbox runs (--python-bots) are no longer refused: they go to the queue (here nothing answers at port 1: exit 4)', async () => {
    const kit = createReplayKit(() => '/nowhere/trials.ts');
    const spec = { generator: 'seedrandom' as const, run: () => 0, merge: (a: number, b: number) => a + b, empty: () => 0, count: (n: number) => n };
    const pool = new SandboxPool({ workers: 1, modules: ['/nowhere/trials.ts'], runtime: 'python' });
    const before = process.env.KOTH_QUEUE_CONNECT_MS;
    process.env.KOTH_QUEUE_CONNECT_MS = '300';
    try {
      const run = kit.runSharded({ game: 'dice', spec, opts: {}, seed: 1, trials: 2, shardSize: 1, workers: 1, queue: 'redis://127.0.0.1:1', sandbox: pool });
      await expect(run).rejects.toMatchObject({ exitCode: 4, message: expect.stringMatching(/cannot reach Redis at redis:\/\/127\.0\.0\.1:1/) });
    } finally {
      if (before === undefined) delete process.env.KOTH_QUEUE_CONNECT_MS;
      else process.env.KOTH_QUEUE_CONNECT_MS = before;
      await pool.destroy();
    }
  });

  it('a job naming where its Python sources are stored: contentRef is a run id (text) or absent', () => {
    const job = { version: 'v', run: 'r', game: 'dice', label: 'l', index: 0, count: 1, sandbox: { runtime: 'python', timeoutMs: 10_000 } };
    expect(jobDataProblem({ ...job, contentRef: 'r' })).toBeUndefined();
    expect(jobDataProblem({ ...job, contentRef: 7 })).toMatch(/contentRef/);
    expect(contentKeyOf('abc')).toBe('koth:content:abc');
  });

  it('a failed shard\'s error comes back with its cause (a dice BotCrash caused by the sandbox\'s stop), escaped, the cause saying where it ran', () => {
    const e = rebuildStopped(
      {
        sandboxError: {
          name: 'BotCrash',
          message: 'Looper raised SandboxStop in game 1',
          fields: { game: 1 },
          cause: { name: 'DiceSandboxStop', message: 'Loop\u001b[2Jer.make_throw: stopped', fields: { bot: 'Loop\u001b[2Jer', reason: 'timeout', detail: 'stopped by the sandbox', junk: { a: 1 } } },
        },
      },
      'shard 2, on worker "w"',
    );
    expect(e).toBeInstanceOf(SandboxTaskError);
    const d = (e as SandboxTaskError).data;
    expect(d.message).toBe('Looper raised SandboxStop in game 1 (shard 2, on worker "w")');
    expect(d.cause).toMatchObject({ name: 'DiceSandboxStop', fields: { reason: 'timeout', detail: 'stopped by the sandbox (shard 2, on worker "w")' } });
    expect(JSON.stringify(d)).not.toContain('\u001b');
    expect(d.cause!.fields).not.toHaveProperty('junk');
    // A cause not of koth's shape is left out, not passed on.
    const bare = rebuildStopped({ sandboxError: { name: 'BotCrash', message: 'm', fields: {}, cause: { name: 5 } } }, 'w') as SandboxTaskError;
    expect(bare.data.cause).toBeUndefined();
  });
});

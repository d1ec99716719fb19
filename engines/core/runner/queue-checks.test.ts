/**
 * The queue's checks without a Redis (issue 31, defects 3, 4, 8, 13): URLs and their passwords,
 * job data that is not koth's (a shard result checked before it is merged:
 * engines/dice/queue-result.test.ts). The same paths
 * against a real redis-server: test/queue.test.ts and test/queue-defects.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { commandLine } from '../cli/kit.ts';
import { checkQueueUrl, jobDataProblem, queueDb, redact, redactWord } from './queue.ts';

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

/**
 * Python sources by content (runner/content.ts): what a queued run's jobs carry instead of the
 * files' texts, and how a worker gets them back — each text checked against its sha256.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CONTENT_MARK, ContentProblem, contentRefsOf, isContentRef, pythonSourcesFromJob, pythonSourcesToJob, sha256Hex } from './content.ts';

// Our own two tiny "bot files" (no original code).
const A = 'class StopBot(Bot):\n    def make_throw(self, scores, last_round):\n        yield False\n';
const B = '# é, a non-ASCII byte count\nclass Other(Bot):\n    pass\n';
const sha = (t: string) => createHash('sha256').update(Buffer.from(t, 'utf8')).digest('hex');

describe('pythonSourcesToJob / pythonSourcesFromJob', () => {
  const dice = { bots: ['StopBot', 'Other'], rules: 'fixed', python: { files: [{ path: '/home/me/a.py', code: A }, { path: 'b.py', code: B }, { path: 'again.py', code: A }] } };

  it('every source text becomes its sha256 and length; the texts once each; nothing else changes, the input untouched', () => {
    const before = JSON.stringify(dice);
    const { opts, contents } = pythonSourcesToJob(dice);
    expect(JSON.stringify(dice)).toBe(before);
    expect(contents).toEqual({ [sha(A)]: A, [sha(B)]: B });
    const files = (opts as typeof dice & { python: { files: { path: string; code: unknown }[] } }).python.files;
    expect(files.map((f) => f.path)).toEqual(['/home/me/a.py', 'b.py', 'again.py']);
    expect(files[0]!.code).toEqual({ [CONTENT_MARK]: sha(A), bytes: Buffer.byteLength(A) });
    expect(files[1]!.code).toEqual({ [CONTENT_MARK]: sha(B), bytes: Buffer.byteLength(B, 'utf8') });
    expect(Buffer.byteLength(B, 'utf8')).toBeGreaterThan(B.length);
    expect(JSON.stringify(opts)).not.toContain('make_throw');
    expect((opts as { bots: string[] }).bots).toEqual(dice.bots);
    expect(contentRefsOf(opts)).toEqual([sha(A), sha(B)]);
    expect(isContentRef(files[0]!.code)).toBe(true);
    expect(sha256Hex(A)).toBe(sha(A));
  });

  it('and back: the same options, given the texts (a record or a map)', () => {
    const { opts, contents } = pythonSourcesToJob(dice);
    expect(pythonSourcesFromJob(JSON.parse(JSON.stringify(opts)), contents)).toEqual(dice);
    expect(pythonSourcesFromJob(opts, new Map(Object.entries(contents)))).toEqual(dice);
  });

  it('the other games\' source shapes too (ruins { module, code, origin }, camel-up { path, module, code, pasted })', () => {
    const ruins = { sources: [{ module: 'm', code: A, origin: 'answer 1 (m.py)' }], bots: ['X'] };
    const camel = { sources: [{ path: 'p.py', module: 'p', code: B, pasted: true }], rules: 'original' };
    for (const o of [ruins, camel]) {
      const j = pythonSourcesToJob(o);
      expect(Object.keys(j.contents)).toHaveLength(1);
      expect(pythonSourcesFromJob(j.opts, j.contents)).toEqual(o);
    }
    // Options without sources (a run of ports) are unchanged and name nothing.
    const ports = { bots: ['A'], rules: 'fixed' };
    expect(pythonSourcesToJob(ports)).toEqual({ opts: ports, contents: {} });
    expect(contentRefsOf(ports)).toEqual([]);
  });

  it('a text that is missing, or is not the one its sha256 names (one byte changed), is refused naming the sha256: nothing comes back half-filled', () => {
    const { opts, contents } = pythonSourcesToJob(dice);
    expect(() => pythonSourcesFromJob(opts, { [sha(A)]: A })).toThrow(ContentProblem);
    expect(() => pythonSourcesFromJob(opts, { [sha(A)]: A })).toThrow(new RegExp(`sha256 ${sha(B)} .* is not there`));
    const forged = { ...contents, [sha(A)]: A.replace('False', 'True ') };
    expect(() => pythonSourcesFromJob(opts, forged)).toThrow(/has sha256 [0-9a-f]{64} .*: it is not the file the run was started with/);
    // An entry of the object's prototype is not a text.
    const refOnly = { code: { [CONTENT_MARK]: sha('x'), bytes: 1 } };
    expect(() => pythonSourcesFromJob({ ...refOnly, code: { [CONTENT_MARK]: 'constructor', bytes: 1 } }, {})).toThrow(/not of koth's shape/);
    expect(() => pythonSourcesFromJob(refOnly, {})).toThrow(/is not there/);
    expect(() => contentRefsOf({ code: { [CONTENT_MARK]: 'abc', bytes: 1 } })).toThrow(ContentProblem);
    expect(() => contentRefsOf({ code: { [CONTENT_MARK]: sha('x'), bytes: -1 } })).toThrow(ContentProblem);
  });
});

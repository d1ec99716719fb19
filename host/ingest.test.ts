/**
 * Ingest over several ticks, against the test StackExchange API server (test/test-server.ts, on
 * 127.0.0.1: no internet) and a folder: new answers, edits, deletions, an answer without a bot,
 * two answers with one class name, ten edits within a tick, an API failing mid-ingest; the same
 * for `dir:`. The bots are our own few lines of Python, written here.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { applyAnswers, botsOf, fileLanguage, ingest, parseSource, readFolder, type ClassesOf } from './ingest.ts';
import { beginTick, createStore, entriesOfAnswer, getCode, listEntries, listEvents, versionsOf, type HostSettings, type Store } from '../engines/core/host/store.ts';
import { StackExchangeClient } from '../scraper/api.ts';
import { sha256 } from '../scraper/extract.ts';
import { findGame } from '../engines/registry.ts';
import { apiError, FakeStackExchange, type SimAnswer } from '../test/test-server.ts';
import { tempDirs } from '../test/helpers.ts';

const tmp = tempDirs('koth-ingest-');
const DICE_Q = 177765;
const dice = findGame('dice')!;
const settings = (source: string): HostSettings => ({ game: 'dice', source, rules: 'original', seed: 'test', house: [], elo0: 0, elo1: 5, alpha: 0.05, beta: 0.05, allowPrograms: false });
let server: FakeStackExchange | undefined;
const stores: Store[] = [];
afterEach(async () => {
  await server?.stop();
  server = undefined;
  for (const s of stores.splice(0)) s.close();
});

/** A tiny dice bot of our own: stops after `n` throws. */
const bot = (name: string, n: number) => `class ${name}(Bot):\n    def make_throw(self, scores, last_round):\n        while len(self.current_throws) < ${n}:\n            yield True\n        yield False\n`;
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const html = (...blocks: string[]) => `<p>My entry.</p>\n${blocks.map((b) => `<pre><code>${esc(b)}</code></pre>\n`).join('')}`;

/** The host's clock for tick k (unix seconds): ten minutes apart. */
const T0 = 1_800_000_000;
const at = (k: number) => T0 + 600 * k;

function answer(id: number, author: string, body: string, posted: number): SimAnswer {
  return { answer_id: id, question_id: DICE_Q, score: 1, creation_date: posted, last_activity_date: posted, body, owner: { display_name: author, user_id: id, user_type: 'registered' } };
}

/** Edits an answer at `when` (its body, dates; one revision recorded). */
function edit(s: FakeStackExchange, id: number, body: string, when: number): void {
  const a = s.answers.find((x) => x.answer_id === id)!;
  Object.assign(a, { body, last_edit_date: when, last_activity_date: when });
  s.revisions.push({ post_id: id, revision_type: 'single_user', creation_date: when, body });
}

async function seHost() {
  const dir = tmp();
  const store = createStore(dir, settings(`se:${DICE_Q}`), { clock: () => new Date('2026-11-28T08:00:00Z') });
  stores.push(store);
  server = await new FakeStackExchange({ answers: [], revisions: [] }).start();
  const s = server;
  const client = new StackExchangeClient({ base: s.base, delayScale: 0, maxRetries: 1 });
  let k = 0;
  /** One tick's ingest, the host's clock at tick k. */
  const tick = (n: number, classesOf?: ClassesOf) => {
    k = n;
    return ingest(store, `se:${DICE_Q}`, { tick: null, client, cacheRoot: join(dir, 'cache'), now: () => at(k) * 1000, ...(classesOf ? { classesOf } : {}) });
  };
  return { store, s, tick };
}

const versions = (store: Store, answer: string, cls: string) => {
  const e = entriesOfAnswer(store, answer).find((x) => x.className === cls)!;
  return versionsOf(store, e.id).map((v) => ({ number: v.number, status: v.status, reason: v.reason }));
};

describe('ingest se:QUESTION_ID (the test API server)', () => {
  it('new, unchanged, edited, ten edits in a tick, deleted, back again, a class gone, an answer without a bot, one class name in two answers', async () => {
    const { store, s, tick } = await seHost();
    s.answers.push(
      answer(101, 'alice', html(bot('Alpha', 2)), at(0) + 1),
      answer(102, 'bob', html(bot('Beta', 3), bot('Gamma', 4)), at(0) + 2),
      answer(103, 'carol', html('print("just a comment on the rules")'), at(0) + 3),
      answer(104, 'dave', html(bot('Alpha', 5)), at(0) + 4),
    );

    // Tick 1: four bots in three answers; 103 has none; Alpha twice, told apart by answer.
    const r1 = await tick(1);
    expect(r1.summary).toEqual({ new: 4, edited: 0, retired: 0, ignored: 1 });
    expect(listEntries(store).map((e) => [e.answer, e.className, e.author])).toEqual([
      ['101', 'Alpha', 'alice'],
      ['102', 'Beta', 'bob'],
      ['102', 'Gamma', 'bob'],
      ['104', 'Alpha', 'dave'],
    ]);
    expect(r1.events.filter((e) => e.kind === 'entry-same-class').map((e) => e.data)).toEqual([{ class: 'Alpha', answer: '104', others: ['101'], note: expect.any(String) }]);
    expect(r1.events.filter((e) => e.kind === 'answer-no-bot').map((e) => e.data)).toEqual([{ answer: '103', author: 'carol', reason: expect.stringMatching(/no code block defines a class deriving Bot/), sha256: expect.any(String) }]);
    // Every version keeps answer, author, dates and the sha256 of its code (the block it was found in).
    const alpha = entriesOfAnswer(store, '101')[0]!;
    const [v1] = versionsOf(store, alpha.id);
    expect(v1).toMatchObject({ number: 1, status: 'validating', language: 'python', author: 'alice', posted: new Date((at(0) + 1) * 1000).toISOString(), edited: null, sha256: sha256(bot('Alpha', 2)) });
    expect(getCode(store, v1!.sha256)).toBe(bot('Alpha', 2));
    // The events are stored too.
    expect(listEvents(store).map((e) => e.kind)).toEqual(r1.events.map((e) => e.kind));

    // Tick 2: nothing changed: nothing new, the answer without a bot is not said again.
    const r2 = await tick(2);
    expect(r2.summary).toEqual({ new: 0, edited: 0, retired: 0, ignored: 1 });
    expect(r2.events).toEqual([]);

    // Tick 3: 101 edited once; 102's second block edited ten times (Beta's block untouched); 104 deleted.
    edit(s, 101, html(bot('Alpha', 1)), at(2) + 30);
    for (let i = 0; i < 10; i++) edit(s, 102, html(bot('Beta', 3), bot('Gamma', 10 + i)), at(2) + 40 + i);
    s.answers.find((a) => a.answer_id === 102)!.owner.display_name = 'Bob B.';
    s.answers = s.answers.filter((a) => a.answer_id !== 104);
    const before = s.requests.length;
    const r3 = await tick(3);
    expect(r3.summary).toEqual({ new: 0, edited: 2, retired: 1, ignored: 1 });
    // The deletion was found by asking for every known answer by id (a refresh of "active since" cannot see it).
    const byId = s.requests.slice(before).filter((r) => /^\/answers\/[\d;]+$/.test(r.path));
    expect(byId.map((r) => r.path)).toEqual(['/answers/101;102;103;104']);
    expect(versions(store, '101', 'Alpha')).toEqual([
      { number: 1, status: 'retired', reason: 'replaced by version 2' },
      { number: 2, status: 'validating', reason: null },
    ]);
    expect(versions(store, '102', 'Beta')).toEqual([{ number: 1, status: 'validating', reason: null }]);
    expect(versions(store, '102', 'Gamma').map((v) => v.number)).toEqual([1, 2]);
    expect(getCode(store, versionsOf(store, entriesOfAnswer(store, '102')[1]!.id)[1]!.sha256)).toBe(bot('Gamma', 19));
    // The author renamed: the entry has the new name, each version the name it was posted under.
    expect(entriesOfAnswer(store, '102').map((e) => e.author)).toEqual(['Bob B.', 'Bob B.']);
    expect(versionsOf(store, entriesOfAnswer(store, '102')[1]!.id).map((v) => v.author)).toEqual(['bob', 'Bob B.']);
    expect(r3.events.filter((e) => e.kind === 'answer-edits-collapsed').map((e) => e.data)).toEqual([{ answer: '102', edits: 10, note: expect.stringContaining('only the newest') }]);
    expect(versions(store, '104', 'Alpha')).toEqual([{ number: 1, status: 'retired', reason: expect.stringMatching(/deleted/) }]);
    expect(r3.events.find((e) => e.kind === 'entry-retired')!.data).toMatchObject({ answer: '104', class: 'Alpha', version: 1 });
    const edited = versionsOf(store, alpha.id)[1]!;
    expect(edited.edited).toBe(new Date((at(2) + 30) * 1000).toISOString());

    // Tick 4: 104 is back (undeleted), 102 drops Gamma, 103 now holds a bot.
    s.answers.push(answer(104, 'dave', html(bot('Alpha', 5)), at(0) + 4));
    edit(s, 102, html(bot('Beta', 3)), at(3) + 10);
    edit(s, 103, html(bot('Delta', 2)), at(3) + 20);
    const r4 = await tick(4);
    expect(r4.summary).toEqual({ new: 2, edited: 0, retired: 1, ignored: 0 });
    expect(versions(store, '104', 'Alpha')).toEqual([
      { number: 1, status: 'retired', reason: expect.stringMatching(/deleted/) },
      { number: 2, status: 'validating', reason: null },
    ]);
    expect(r4.events.find((e) => e.kind === 'entry-restored')!.data).toMatchObject({ answer: '104', version: 2 });
    expect(versions(store, '102', 'Gamma').at(-1)).toEqual({ number: 2, status: 'retired', reason: 'class Gamma is no longer in answer 102' });
    expect(entriesOfAnswer(store, '103').map((e) => e.className)).toEqual(['Delta']);

    // Tick 5: 103 loses its bot again: its entry retires, and the answer is said to have none.
    edit(s, 103, html('# nothing here any more'), at(4) + 5);
    const r5 = await tick(5);
    expect(r5.summary).toEqual({ new: 0, edited: 0, retired: 1, ignored: 1 });
    expect(versions(store, '103', 'Delta').at(-1)).toMatchObject({ status: 'retired', reason: 'answer 103 has no bot any more' });
  });

  it('an API that fails mid-ingest (after the scrape, asking for the known ids) writes nothing; another question under the id is refused first', async () => {
    const { store, s, tick } = await seHost();
    s.answers.push(answer(201, 'erin', html(bot('Epsilon', 2)), at(0) + 1));
    await tick(1);
    const events = listEvents(store).length;
    s.answers = [];
    s.fault = (r) => (/^\/answers\/[\d;]+$/.test(r.path) ? apiError(500, 500, 'internal_error', 'down') : undefined);
    await expect(tick(2)).rejects.toThrow(/kept failing|internal_error|down/);
    expect(versions(store, '201', 'Epsilon')).toEqual([{ number: 1, status: 'validating', reason: null }]);
    expect(listEvents(store)).toHaveLength(events);
    // The scraper's title check holds too: another question under the id stops the ingest before any answer is read.
    s.fault = undefined;
    s.questions = [{ question_id: DICE_Q, title: 'Some other question' }];
    const asked = s.requests.length;
    await expect(tick(3)).rejects.toThrow(/is "Some other question", not/);
    expect(s.requests.slice(asked).map((r) => r.path)).toEqual([`/questions/${DICE_Q}`]);
    expect(versions(store, '201', 'Epsilon')).toEqual([{ number: 1, status: 'validating', reason: null }]);
  });

  it('an API that returns an answer in the listing and not by id is contradicting itself: nothing is retired', async () => {
    const { store, s, tick } = await seHost();
    s.answers.push(answer(401, 'hal', html(bot('Theta', 2)), at(0) + 1));
    await tick(1);
    edit(s, 401, html(bot('Theta', 3)), at(1) + 5);
    s.fault = (r) => (/^\/answers\/[\d;]+$/.test(r.path) ? { reply: { status: 200, body: { items: [], has_more: false, quota_max: 300, quota_remaining: 200 } } } : undefined);
    await expect(tick(2)).rejects.toThrow(/listed answer 401 during this scrape but does not return it by id/);
    expect(versions(store, '401', 'Theta')).toEqual([{ number: 1, status: 'validating', reason: null }]);
  });

  it('an answer the scraper skips (an answer_id that is no number) is said in an event, the others ingested', async () => {
    const { store, s, tick } = await seHost();
    s.answers.push(answer(501, 'ida', html(bot('Iota', 2)), at(0) + 1), { ...answer(502, 'jo', html(bot('Kappa', 2)), at(0) + 2), answer_id: 'x502' as unknown as number });
    const r = await tick(1);
    expect(r.summary.new).toBe(1);
    expect(listEntries(store).map((e) => e.className)).toEqual(['Iota']);
    expect(r.events.filter((e) => e.kind === 'answer-skipped').map((e) => e.data)).toEqual([{ answer: '"x502"', author: null, reason: expect.stringContaining('not a positive integer') }]);
  });

  it('takes the classes from classesOf when given (the sandbox), the extractor\'s when it cannot tell', async () => {
    const { store, s, tick } = await seHost();
    s.answers.push(answer(301, 'fay', html(bot('Zeta', 2)), at(0) + 1), answer(302, 'gus', html(bot('Eta', 2)), at(0) + 2));
    const asked: string[] = [];
    const classesOf: ClassesOf = (language, code) => {
      asked.push(language);
      return code.includes('Zeta') ? ['Zeta', 'ZetaTwin'] : undefined;
    };
    const r = await tick(1, classesOf);
    expect(r.summary.new).toBe(3);
    expect(asked).toEqual(['python', 'python']);
    expect(listEntries(store).map((e) => `${e.answer}:${e.className}`)).toEqual(['301:Zeta', '301:ZetaTwin', '302:Eta']);
    // The next tick asks nothing about code already stored; only a new text is asked about.
    expect((await tick(2, classesOf)).summary).toEqual({ new: 0, edited: 0, retired: 0, ignored: 0 });
    expect(asked).toHaveLength(2);
    edit(s, 302, html(bot('Eta', 3)), at(2) + 1);
    expect((await tick(3, classesOf)).summary.edited).toBe(1);
    expect(asked).toHaveLength(3);
  });

  it('refuses a source that is neither se:ID nor dir:PATH', () => {
    expect(() => parseSource('https://codegolf.stackexchange.com/q/1')).toThrow(/se:QUESTION_ID .* dir:PATH/);
    expect(parseSource('se:42')).toEqual({ kind: 'se', questionId: 42 });
    expect(parseSource('dir:/tmp/bots')).toEqual({ kind: 'dir', path: '/tmp/bots' });
  });
});

describe('ingest dir:PATH', () => {
  it('one bot per class, name and content as identity; edits, ten rewrites in a tick, removals, a file without a bot, a program', async () => {
    const dir = tmp();
    const bots = join(dir, 'bots');
    const store = createStore(join(dir, 'host'), settings(`dir:${bots}`));
    stores.push(store);
    const write = (f: string, text: string) => writeFileSync(join(bots, f), text);
    // Each ingest inside a tick of the host (its lock held), its events under that tick's number.
    const tick = async () => {
      const lock = beginTick(store);
      try {
        return await ingest(store, `dir:${bots}`, { tick: lock.tick });
      } finally {
        lock.finish();
      }
    };
    await expect(tick()).rejects.toThrow(/not a folder/);
    mkdirSync(bots);
    write('a.py', bot('Alpha', 2));
    write('b.py', bot('Beta', 3) + '\n' + bot('Gamma', 4));
    write('README.md', '# our bots\n');
    write('notes.py', 'x = 1\n');
    write('run.sh', '#!/bin/sh\necho 1\n');
    write('.hidden.py', bot('Hidden', 1));

    const r1 = await tick();
    expect(r1.summary).toEqual({ new: 4, edited: 0, retired: 0, ignored: 2 });
    expect(listEntries(store).map((e) => `${e.answer}:${e.className}`)).toEqual(['a.py:Alpha', 'b.py:Beta', 'b.py:Gamma', 'run.sh:run']);
    const [run] = entriesOfAnswer(store, 'run.sh');
    expect(versionsOf(store, run!.id)[0]).toMatchObject({ language: 'program:sh', posted: null, edited: null });
    // Beta and Gamma share their file's text and hash (stored once).
    const [beta, gamma] = entriesOfAnswer(store, 'b.py');
    expect(versionsOf(store, beta!.id)[0]!.sha256).toBe(versionsOf(store, gamma!.id)[0]!.sha256);

    // Unchanged: nothing; a file rewritten ten times: one version, the last text.
    expect((await tick()).summary).toEqual({ new: 0, edited: 0, retired: 0, ignored: 2 });
    for (let i = 0; i < 10; i++) write('a.py', bot('Alpha', 10 + i));
    rmSync(join(bots, 'b.py'));
    write('c.py', bot('Alpha', 7));
    const r3 = await tick();
    expect(r3.summary).toEqual({ new: 1, edited: 1, retired: 2, ignored: 2 });
    expect(versions(store, 'a.py', 'Alpha')).toEqual([
      { number: 1, status: 'retired', reason: 'replaced by version 2' },
      { number: 2, status: 'validating', reason: null },
    ]);
    expect(getCode(store, versionsOf(store, entriesOfAnswer(store, 'a.py')[0]!.id)[1]!.sha256)).toBe(bot('Alpha', 19));
    expect(versions(store, 'b.py', 'Gamma')).toEqual([{ number: 1, status: 'retired', reason: 'its file was removed from the folder' }]);
    expect(r3.events.find((e) => e.kind === 'entry-same-class')!.data).toMatchObject({ class: 'Alpha', answer: 'c.py', others: ['a.py'] });
    // Tick 1 refused the missing folder; this was tick 4: its events are stored under it, between its start and end.
    expect(listEvents(store, 4).map((e) => e.kind)).toEqual(['tick-started', ...r3.events.map((e) => e.kind), 'tick-finished']);

    // The old text again is a new version (version 3), not the revival of version 1.
    write('a.py', bot('Alpha', 2));
    expect((await tick()).summary.edited).toBe(1);
    expect(versions(store, 'a.py', 'Alpha').map((v) => v.number)).toEqual([1, 2, 3]);
  });

  it('readFolder asks classesOf for Python files and falls back to the extractor', async () => {
    const dir = tmp();
    writeFileSync(join(dir, 'x.py'), bot('Xi', 1));
    writeFileSync(join(dir, 'y.py'), bot('Upsilon', 2) + 'syntax error here(\n');
    writeFileSync(join(dir, 'z.py'), 'class Helper:\n    pass\n');
    // x: the sandbox's classes; y: it cannot tell (the file does not load), the extractor reads Upsilon; z: no bot class.
    const seen = await readFolder(dice, dir, (_lang, code) => (code.includes('Xi') ? ['Xi'] : code.includes('Upsilon') ? undefined : []));
    expect(seen.map((a) => [a.answer, a.bots.map((b) => b.className), a.noBot ?? null])).toEqual([
      ['x.py', ['Xi'], null],
      ['y.py', ['Upsilon'], null],
      ['z.py', [], 'the sandbox finds no bot class in it'],
    ]);
  });
});

describe('botsOf and applyAnswers', () => {
  it("gun-duel: a C++ player's code is its class's file, its base's block included", async () => {
    const gd = findGame('gun-duel')!;
    const base = 'class Careful : public Player {\npublic:\n  Careful(size_t opponent = -1) : Player(opponent) {}\n  Action fight() { return load(); }\n};\n';
    const derived = '#include "Careful.hpp"\nclass Bolder final : public Careful {\npublic:\n  Action fight() { return bullet(); }\n};\n';
    const ex = gd.extractor.extract(html(base, derived));
    const bots = await botsOf(gd, ex);
    expect(bots.map((b) => [b.className, b.language])).toEqual([
      ['Careful', 'cpp'],
      ['Bolder', 'cpp'],
    ]);
    expect(bots[1]!.code).toContain('class Careful');
    expect(bots[1]!.code).toContain('class Bolder');
  });

  it('the language says which sandbox validates a version: python, cpp, or a program where the game has no sandbox for it', async () => {
    const [gd, atomas, ruins] = ['gun-duel', 'atomas', 'ruins'].map((id) => findGame(id)!);
    expect(['a.py', 'b.hpp', 'c.js', 'README.md'].map((f) => fileLanguage(dice, f))).toEqual(['python', 'program:hpp', 'program:js', undefined]);
    expect(['a.py', 'b.hpp', 'c.cpp'].map((f) => fileLanguage(gd!, f))).toEqual(['program:py', 'cpp', 'cpp']);
    expect(fileLanguage(atomas!, 'a.py')).toBe('program:py');
    expect(fileLanguage(ruins!, 'a.py')).toBe('python');
    // atomas: programs in any language (its header names it; the extractor does not): a program.
    const ex = atomas!.extractor.extract('<h2>Python 2, Steady, 100</h2><pre><code>print 1\n</code></pre>');
    expect((await botsOf(atomas!, ex)).map((b) => [b.className, b.language])).toEqual([['Steady', 'program']]);
  });

  it('writes in one transaction: a failure inside leaves nothing', () => {
    const dir = tmp();
    const store = createStore(dir, settings('dir:/nowhere'));
    stores.push(store);
    const bad = { answer: 'z.py', author: '', posted: null, edited: null, sha256: 'x', bots: [{ className: 'Z', language: 'python', code: 'class Z: pass', sha256: sha256('class Z: pass') }] };
    // The entry and version are written, then the event fails: tick 999 does not exist (the events' foreign key).
    expect(() => applyAnswers(store, 999, [bad])).toThrow(/FOREIGN KEY/);
    expect(listEntries(store)).toEqual([]);
    expect(listEvents(store)).toEqual([]);
  });
});

/**
 * koth scrape end to end, in process (main(argv) with stdout/stderr captured), against a
 * local StackExchange on 127.0.0.1 serving fixtures/scraper/. The kill-and-resume test,
 * which needs a real process, is in scrape-resume.test.ts; registry tests with toy ports
 * in scrape-registry.test.ts.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildProgram } from '../cli/koth.ts';
import { progressBar } from '../cli/commands/scrape.ts';
import { knownBots } from '../engines/registry.ts';
import { allFixtures, apiError, FakeStackExchange, fixture, runKoth as koth, throttle, type SimOptions } from './test-server.ts';
import { tempDirs } from './helpers.ts';

/** Temporary folders, removed when the file's tests are done. */
const tmp = tempDirs('koth-scrape-cli-');
const plain = (s: string) => s.replace(/\x1b\[[0-9;]*m/g, '');

/** A command's --help, as printed (options, then the text added after them). */
function helpOf(name: string): string {
  let text = '';
  const cmd = buildProgram().commands.find((c) => c.name() === name)!;
  cmd.configureOutput({ writeOut: (s) => (text += s), writeErr: () => {} });
  cmd.exitOverride();
  try {
    cmd.outputHelp();
  } catch {
    /* exitOverride */
  }
  return text;
}

let server: FakeStackExchange | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
});
async function serve(o: SimOptions = {}, answers = fixture('dice')) {
  server = await new FakeStackExchange({ answers, revisions: fixture('dice-revisions') }, o).start();
  return server;
}

/** Every file under a directory and its bytes. */
function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string) => {
    for (const f of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, f.name);
      if (f.isDirectory()) walk(p);
      else out[p] = readFileSync(p, 'utf8');
    }
  };
  if (existsSync(dir)) walk(dir);
  return out;
}

describe('koth scrape against a local StackExchange', () => {
  it('--json prints the summary: bots with answer id, author (entities decoded; null for a deleted owner) and sha256, and answers without a bot as warnings', async () => {
    const s = await serve();
    const cache = tmp();
    const r = await koth(['scrape', 'dice', '--api-base', s.base, '--cache', cache, '--json']);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const sum = r.json();
    expect(Object.keys(sum)).toEqual(['challenge', 'answers', 'bots', 'warnings']);
    expect(sum.challenge).toBe('dice');
    expect(sum.answers).toBe(7);
    expect(sum.bots.map((b: { name: string }) => b.name)).toEqual(['ThrowTwiceBot', 'GoToTenBot', 'StopBot', 'TwinA', 'TwinB', 'PatientBot', 'LateBot']);
    const stop = sum.bots.find((b: { name: string }) => b.name === 'StopBot');
    expect(Object.keys(stop)).toEqual(['name', 'answerId', 'author', 'sha256']);
    const file = JSON.parse(readFileSync(join(cache, 'dice', 'answers', '1002.json'), 'utf8'));
    expect(stop).toEqual({ name: 'StopBot', answerId: 1002, author: 'Renée & Co', sha256: file.blocks[0].sha256 });
    expect(sum.bots.find((b: { name: string }) => b.name === 'TwinA').author).toBeNull();
    expect(sum.warnings).toEqual([
      { answerId: 1004, author: 'Commenter', reason: 'no code block' },
      { answerId: 1005, author: 'Inline Ian', reason: 'no code block' },
    ]);
    expect(s.requests.map((x) => x.path)).toEqual(['/questions/177765', '/questions/177765/answers']); // the question's title checked, then its answers
    expect(s.requests.every((x) => x.query.get('site') === 'codegolf')).toBe(true);
    expect(s.calls('/answers').every((x) => x.query.get('pagesize') === '100' && x.query.get('filter') === 'withbody')).toBe(true);
    expect(Object.keys(file)).toEqual(expect.arrayContaining(['body', 'blocks', 'fetched_at', 'revision', 'bots', 'author', 'answer_id']));
  });

  it('prints a readable table, the warnings and where the cache is', async () => {
    const s = await serve();
    const cache = tmp();
    const r = await koth(['scrape', 'dice', '--api-base', s.base, '--cache', cache]);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/dice: 7 answers, 7 bots \(7 written, 0 unchanged, 2 API requests\)/);
    expect(r.stdout).toMatch(/StopBot\s.*1002\s.*Renée & Co/);
    expect(r.stdout).toMatch(/TwinA\s.*1003\s.*\(deleted user\)/);
    expect(r.stdout).toContain('! answer 1004 by Commenter: no code block');
    expect(r.stdout).toContain(`cache: ${join(cache, 'dice')}`);
  });

  it('scrape all: one summary per challenge, each extractor at work', async () => {
    server = await new FakeStackExchange({ answers: allFixtures() }).start();
    const r = await koth(['scrape', 'all', '--api-base', server.base, '--cache', tmp(), '--json']);
    expect(r.status).toBe(0);
    const got = Object.fromEntries((r.json() as { challenge: string; bots: { name: string }[]; warnings: { answerId: number }[] }[]).map((s) => [s.challenge, [s.bots.map((b) => b.name), s.warnings.map((w) => w.answerId)]]));
    expect(got).toEqual({
      dice: [['ThrowTwiceBot', 'GoToTenBot', 'StopBot', 'TwinA', 'TwinB', 'PatientBot', 'LateBot'], [1004, 1005]],
      ruins: [['SneakyPete', 'Elder', 'Younger'], [2003, 2004]],
      atomas: [['toyBot', 'LeftmostBot'], [3003]],
      'gun-duel': [['CopyCatPlayer', 'ShieldPlayer', 'LoaderPlayer'], [4003]],
      'camel-up': [['SirToy', 'Coin'], [5003]],
    });
    expect(new Set(server.calls('/answers').map((x) => x.path))).toEqual(new Set(['/questions/177765/answers', '/questions/183101/answers', '/questions/95889/answers', '/questions/104896/answers', '/questions/167101/answers']));
  });

  it('a question id whose question has another title is refused: exit 4, both titles said, nothing cached', async () => {
    // ruins once had 183127, another question: its answers were listed as ruins' without a word.
    server = await new FakeStackExchange({ answers: allFixtures(), questions: [{ question_id: 183101, title: 'Some &quot;other&quot; challenge' }] }).start();
    const cache = tmp();
    const r = await koth(['scrape', 'ruins', '--api-base', server.base, '--cache', cache]);
    expect(r.stderr).toBe(
      'koth: ruins: question 183101 on codegolf is "Some "other" challenge", not "Adventurers in the Ruins (treasure-raiding KotH)": the question id of ruins (183101, in its descriptor engines/ruins/index.ts) is wrong; nothing was scraped\n',
    );
    expect(r.status).toBe(4);
    expect(server.calls('/answers')).toEqual([]);
    expect(snapshot(cache)).toEqual({});
    // The right question: the same command scrapes (and --offline needs no check: it asks nothing).
    server.questions = [{ question_id: 183101, title: 'Adventurers in the Ruins' }];
    const ok = await koth(['scrape', 'ruins', '--api-base', server.base, '--cache', cache, '--json']);
    expect(ok.status).toBe(0);
    expect(ok.json().bots.map((b: { name: string }) => b.name)).toEqual(['SneakyPete', 'Elder', 'Younger']);
    const n = server.requests.length;
    const offline = await koth(['scrape', 'ruins', '--offline', '--api-base', server.base, '--cache', cache, '--json']);
    expect(offline.status).toBe(0);
    expect(server.requests.length).toBe(n);
  });

  it('a 502 throttle_violation, then success: the scrape completes', async () => {
    const s = await serve();
    s.fault = (x) => (x.n === 2 ? throttle() : undefined); // the first page of answers (1 is the question)
    const r = await koth(['scrape', 'dice', '--api-base', s.base, '--cache', tmp(), '--json']);
    expect(r.status).toBe(0);
    expect(r.json().answers).toBe(7);
    expect(s.requests).toHaveLength(3);
  });

  it('a storm of 500s ends in a clear failure, exit 4, nothing half-written', async () => {
    const s = await serve();
    s.fault = (x) => (x.path.endsWith('/answers') ? apiError(500, 500, 'internal_error', 'An unexpected error occurred') : undefined);
    const cache = tmp();
    const r = await koth(['scrape', 'dice', '--api-base', s.base, '--cache', cache]);
    expect(r.status).toBe(4);
    expect(r.stderr).toMatch(/^koth: dice: \/questions\/\{ids\}\/answers kept failing \(internal_error: An unexpected error occurred\) \(6 tries\); try again later/);
    expect(s.calls('/answers')).toHaveLength(6);
    expect(snapshot(cache)).toEqual({});
  });

  it('quota exhaustion stops with exit 5 and the reset time; the next run resumes and completes', async () => {
    const s = await serve({ quota: 2, maxPageSize: 3 }); // the question and one page
    const cache = tmp();
    const r = await koth(['scrape', 'dice', '--api-base', s.base, '--cache', cache]);
    expect(r.status).toBe(5);
    expect(r.stderr).toMatch(/koth: dice: the StackExchange API quota is used up \(quota_remaining 0\); it resets at \d{4}-.*Z \(in \d+ h \d+ min\)\. Set KOTH_SE_KEY/);
    expect(readdirSync(join(cache, 'dice', 'answers'))).toHaveLength(3);
    s.quota = 300;
    const again = await koth(['scrape', 'dice', '--api-base', s.base, '--cache', cache, '--json']);
    expect(again.status).toBe(0);
    expect(again.json().answers).toBe(7);
  });

  it('truncated JSON is an error (exit 4) and nothing is written', async () => {
    const s = await serve();
    s.fault = () => ({ truncateJson: true });
    const cache = tmp();
    const r = await koth(['scrape', 'dice', '--api-base', s.base, '--cache', cache]);
    expect(r.status).toBe(4);
    expect(r.stderr).toMatch(/JSON cut short .* nothing was written/);
    expect(snapshot(cache)).toEqual({});
  });

  it('with no network it says so and what to do, exits non-zero and leaves the cache exactly as it was', async () => {
    const s = await serve();
    const cache = tmp();
    expect((await koth(['scrape', 'dice', '--api-base', s.base, '--cache', cache])).status).toBe(0);
    const base = s.base;
    await s.stop();
    server = undefined;
    const before = snapshot(cache);
    const down = await koth(['scrape', 'dice', '--api-base', base, '--cache', cache]);
    expect(down.status).toBe(4);
    expect(down.stderr).toContain(`koth: no network: cannot reach ${base} (ECONNREFUSED). Rerun with --offline to use the cache at ${join(cache, 'dice')} (7 answers of dice)`);
    expect(snapshot(cache)).toEqual(before);
    const fresh = tmp();
    const none = await koth(['scrape', 'ruins', '--api-base', base, '--cache', fresh]);
    expect(none.status).toBe(4);
    expect(none.stderr).toMatch(/no network: .* There is no cache for ruins at .* yet: connect and rerun/);
    expect(readdirSync(fresh)).toEqual([]);
  });

  it('--offline reads only the cache; without one it says how to make one', async () => {
    const s = await serve();
    const cache = tmp();
    expect((await koth(['scrape', 'dice', '--api-base', s.base, '--cache', cache])).status).toBe(0);
    const n = s.requests.length;
    const off = await koth(['scrape', 'dice', '--offline', '--cache', cache, '--json'], { KOTH_SE_API: s.base });
    expect(off.status).toBe(0);
    expect(off.json().answers).toBe(7);
    expect(s.requests).toHaveLength(n);
    const text = await koth(['scrape', 'dice', '--offline', '--cache', cache]);
    expect(text.stdout).toMatch(/dice: 7 answers, 7 bots \(offline: from the cache\)/);
    const none = await koth(['scrape', 'ruins', '--offline', '--cache', cache]);
    expect(none.status).toBe(6);
    expect(none.stderr).toMatch(/no cache for ruins at .*: run "koth scrape ruins" online first/);
  });

  it('KOTH_SE_API and KOTH_CACHE stand in for --api-base and --cache; the options win', async () => {
    const s = await serve();
    const cache = tmp();
    const r = await koth(['scrape', 'dice', '--json'], { KOTH_SE_API: s.base, KOTH_CACHE: cache });
    expect(r.status).toBe(0);
    expect(existsSync(join(cache, 'dice', 'progress.json'))).toBe(true);
    const other = tmp();
    const r2 = await koth(['scrape', 'dice', '--api-base', s.base, '--cache', other], { KOTH_SE_API: 'http://127.0.0.1:9/2.3', KOTH_CACHE: cache });
    expect(r2.status).toBe(0);
    expect(existsSync(join(other, 'dice', 'progress.json'))).toBe(true);
  });

  it('--as-of: the answers as they stood, cached apart; a bad date is refused', async () => {
    const s = await serve();
    const cache = tmp();
    const r = await koth(['scrape', 'dice', '--api-base', s.base, '--cache', cache, '--as-of', '2019-01-07', '--json']);
    expect(r.stderr).toBe('');
    const sum = r.json();
    expect(sum.asOf).toBe('2019-01-07');
    expect(sum.bots.map((b: { name: string }) => b.name)).toEqual(['ThrowTwiceBot', 'GoToTenBot', 'OldStopBot', 'TwinA', 'TwinB', 'PatientBot']);
    expect(existsSync(join(cache, 'dice@2019-01-07', 'answers', '1002.json'))).toBe(true);
    const off = await koth(['scrape', 'dice', '--offline', '--as-of', '2019-01-07', '--cache', cache, '--json']);
    expect(off.json().bots.map((b: { name: string }) => b.name)).toContain('OldStopBot');
    const bad = await koth(['scrape', 'dice', '--as-of', 'yesterday-ish', '--cache', cache]);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/--as-of "yesterday-ish" is not a date/);
  });

  it('an unknown challenge or a bad --api-base is a usage error', async () => {
    const r = await koth(['scrape', 'chess', '--cache', tmp()]);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/unknown challenge "chess": use one of dice, ruins, atomas, gun-duel, camel-up, or all/);
    const b = await koth(['scrape', 'dice', '--api-base', 'localhost:8080', '--cache', tmp()]);
    expect(b.stderr).toMatch(/must be an http\(s\) URL/);
  });

  it('--help explains every option, the environment and the challenges', () => {
    const help = (name: string) => plain(helpOf(name));
    const scrape = help('scrape');
    for (const opt of ['--cache <dir>', '--offline', '--as-of <date>', '--api-base <url>', '--json']) expect(scrape).toMatch(new RegExp(`${opt.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s+\\S`));
    for (const v of ['KOTH_SE_KEY', 'KOTH_SE_API', 'KOTH_CACHE', 'KOTH_SE_DELAY_SCALE', 'KOTH_SE_TIMEOUT_MS']) expect(scrape).toContain(v);
    for (const q of ['177765', '183101', '95889', '104896', '167101']) expect(scrape).toContain(`Q${q}`);
    const reg = help('registry');
    for (const opt of ['--cache <dir>', '--as-of <date>', '--json']) expect(reg).toMatch(new RegExp(`${opt}\\s+\\S`));
    for (const st of ['ported', 'stale', 'missing', 'not-a-bot']) expect(reg).toContain(`  ${st} `);
  });

  it('koth registry without a cache lists knownBots() as ported or missing and says the cache is empty', async () => {
    const cache = tmp();
    const r = await koth(['registry', 'dice', '--cache', cache, '--json']);
    expect(r.status).toBe(0);
    const rows = r.json() as { challenge: string; bot: string; status: string }[];
    expect(rows.map((x) => x.bot)).toEqual(knownBots('dice').map((k) => k.bot));
    expect(rows.map((x) => x.status)).toEqual(knownBots('dice').map((k) => (k.ported ? 'ported' : 'missing')));
    expect(r.stderr).toMatch(/the cache is empty for dice/);
    const text = await koth(['registry', 'ruins', '--cache', cache]);
    expect(text.stdout).toMatch(/note: the cache is empty for ruins .* Run "koth scrape ruins"/);
  });
});

describe('progress on stderr', () => {
  it('draws a bar with the answers so far when stderr is a terminal, nothing otherwise', () => {
    let drawn = '';
    const tty = { isTTY: true, columns: 120, write: (s: string) => ((drawn += s), true), on: () => tty, removeListener: () => tty } as unknown as NodeJS.WriteStream;
    const bar = progressBar('dice', tty);
    bar.update({ mode: 'list', answers: 100, written: 100, hasMore: true });
    bar.status('waiting 2.0 s: backoff');
    bar.update({ mode: 'list', answers: 230, written: 230, hasMore: false });
    bar.stop();
    expect(plain(drawn)).toMatch(/dice .* 100\/200 answers\+/);
    expect(plain(drawn)).toMatch(/waiting 2\.0 s: backoff/);
    let piped = '';
    const pipe = { isTTY: false, write: (s: string) => ((piped += s), true) } as unknown as NodeJS.WriteStream;
    const quiet = progressBar('dice', pipe);
    quiet.update({ mode: 'list', answers: 100, written: 100, hasMore: true });
    quiet.stop();
    expect(piped).toBe('');
  });
});

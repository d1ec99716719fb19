/**
 * `koth verify camel-up` and the registry-driven `koth verify`: ports against Python originals
 * in the sandbox. Only our own Python: tools/oracle/camel-up/bots/port_twins.py (twins of the
 * ports), a deliberately different Player1 written below, and the cache answers made from the
 * twins (fixtures/camel-up/python-answers/).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeStackExchange, runKoth, type SimAnswer } from '../../test/test-server.ts';
import { fixture } from '../../test/fixtures.ts';
import { sha256, type VerifyTrace } from '../core/verify/verify.ts';
import '../wiring/camel-up.ts';
import { camelTraceDecisions } from './verify.ts';
import { HOUSE_PLAYERS } from '../../transpiled-bots/camel-up/index.ts';

const TWINS = 'tools/oracle/camel-up/bots/port_twins.py';
const tmp = mkdtempSync(join(tmpdir(), 'koth-verify-camel-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

// Player1 with traps on squares 1-11 instead of 1-10.
const OTHER = join(tmp, 'other.py');
writeFileSync(OTHER, readFileSync(TWINS, 'utf8').replace('return [1, trap, random.randint(1, 10)]', 'return [1, trap, random.randint(1, 11)]'));

let cache: string;
beforeAll(async () => {
  cache = join(tmp, 'cache');
  const server = await new FakeStackExchange({ answers: fixture<{ items: SimAnswer[] }>('camel-up/python-answers/answers.json').items }).start();
  try {
    expect((await runKoth(['scrape', 'camel-up', '--api-base', server.base, '--cache', cache])).status).toBe(0);
  } finally {
    await server.stop();
  }
});

describe('koth verify camel-up', () => {
  it('twins of Player0/1/2 agree on every answer and every draw, in seeded games and the edge cases: exit 0', async () => {
    for (const bot of ['Player0', 'Player1', 'Player2']) {
      const r = await runKoth(['verify', 'camel-up', bot, '--source', TWINS, '--games', '3', '--json']);
      expect(r.status, r.stderr).toBe(0);
      const res = r.json().results[0];
      expect(res.compared).toBeGreaterThan(30);
      expect(res.agreed).toBe(res.compared);
      expect(res.opponents).toHaveLength(3);
      expect(res.source.sha256).toBe(sha256(readFileSync(TWINS, 'utf8')));
    }
  }, 180_000);

  it('a different Player1 disagrees: exit 1, the situation and both answers printed; --record keeps the original’s answers, which the port replays only for the twin', async () => {
    const trace = join(tmp, 'other.json');
    const r = await runKoth(['verify', 'camel-up', 'Player1', '--source', OTHER, '--games', '4', '--record', trace]);
    expect(r.status).toBe(1);
    expect(r.stdout).toMatch(/first disagreements/);
    expect(r.stdout).toMatch(/seat \d, money \[[-\d,]+\], camels \d+:\[/);
    expect(r.stdout).toMatch(/trap -?1 on square \d+/);
    const t = JSON.parse(readFileSync(trace, 'utf8')) as VerifyTrace;
    expect(t.source.sha256).toBe(sha256(readFileSync(OTHER, 'utf8')));
    expect(camelTraceDecisions(t)).not.toEqual(t.decisions);
    const twin = join(tmp, 'twin.json');
    expect((await runKoth(['verify', 'camel-up', 'Player1', '--source', TWINS, '--games', '4', '--record', twin])).status).toBe(0);
    const tt = JSON.parse(readFileSync(twin, 'utf8')) as VerifyTrace;
    expect(tt.decisions.length).toBeGreaterThan(20);
    expect(camelTraceDecisions(tt)).toEqual(tt.decisions);
  }, 180_000);

  it('--all from the scrape cache, on 1 and on 2 worker threads: the same JSON, in the same order', async () => {
    const args = ['verify', 'camel-up', '--all', '--cache', cache, '--games', '2', '--json'];
    const one = await runKoth([...args, '--workers', '1']);
    expect(one.status, one.stderr).toBe(0);
    const two = await runKoth([...args, '--workers', '2']);
    expect(two.status, two.stderr).toBe(0);
    expect(two.stdout).toBe(one.stdout);
    const j = one.json();
    expect(j.results.map((x: { bot: string }) => x.bot)).toEqual(['Player0', 'Player1', 'Player2']);
    expect(j.results.every((x: { agreed: number; compared: number }) => x.agreed === x.compared)).toBe(true);
    // The 2026 house bots were never answers: never in the scrape cache (check them with --source).
    expect(j.notInCache).toEqual(['Sir_Humpfree_Bogart', ...HOUSE_PLAYERS.map((p) => p.name)]);
  }, 240_000);
});

describe('koth verify from the registry', () => {
  it('--all without a game covers every game with a verifier and names the others', async () => {
    const r = await runKoth(['verify', '--all', '--cache', cache, '--games', '1', '--workers', '1', '--json']);
    expect(r.status, r.stderr).toBe(0);
    const j = r.json();
    expect(j.results.map((x: { game: string; bot: string }) => `${x.game}:${x.bot}`)).toEqual(['camel-up:Player0', 'camel-up:Player1', 'camel-up:Player2']);
    expect(j.notInCache).toEqual(expect.arrayContaining(['dice:GoToTenBot', 'ruins:Drunkard', 'camel-up:Sir_Humpfree_Bogart', 'gun-duel:GunClubPlayer']));
    expect(Object.keys(j.unavailable).sort()).toEqual(['atomas']);
  }, 180_000);

  it('atomas says why not and what proves its ports (exit 2); gun-duel checks its ports against compiled originals; bad input is exit 2, an empty cache exit 6', async () => {
    const a = await runKoth(['verify', 'atomas']);
    expect(a.status).toBe(2);
    expect(a.stderr).toMatch(/Python 2 programs.*stdin.*fixtures\/atomas\/traces\/.*fixtures\/atomas\/goldens/s);
    const g = await runKoth(['verify', 'gun-duel', 'Anything']);
    expect(g.status).toBe(2);
    expect(g.stderr).toMatch(/no gun-duel port named Anything/);
    expect((await runKoth(['verify'])).status).toBe(2);
    expect((await runKoth(['verify', 'no-such-game', 'X'])).stderr).toMatch(/no game "no-such-game"/);
    expect((await runKoth(['verify', 'camel-up', 'Nobody', '--source', TWINS])).status).toBe(2);
    expect((await runKoth(['verify', 'camel-up', 'Player0', '--source', OTHER.replace('other', 'missing')])).stderr).toMatch(/--source: no file/);
    const none = await runKoth(['verify', 'camel-up', '--all', '--cache', join(tmp, 'empty-cache')]);
    expect(none.status).toBe(6);
    const help = await runKoth(['verify', '--help']);
    expect(help.stdout).toMatch(/camel-up \(4 games by default; edge cases: the first move of a game/);
    expect(help.stdout).toMatch(/Not verifiable here.*atomas/);
    expect(help.stdout).not.toMatch(/Not verifiable here.*gun-duel/);
  }, 120_000);
});

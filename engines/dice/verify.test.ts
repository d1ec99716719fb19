/**
 * `koth verify dice`: ports against Python originals in the sandbox. Only our own Python:
 * tools/oracle/dice/bots/port_twins.py (behaves like the ports), a deliberately different
 * GoToTenBot written below, and the scraper's fixture answers (the question's examples).
 * One Pyodide for the file (the process's shared sandbox).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FakeStackExchange, fixture, runKoth } from '../../test/test-server.ts';
import { sha256, type VerifyTrace } from '../core/verify/verify.ts';
import '../wiring/dice.ts';
import { diceTraceDecisions } from './verify.ts';

const TWINS = 'tools/oracle/dice/bots/port_twins.py';
const tmp = mkdtempSync(join(tmpdir(), 'koth-verify-dice-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const OTHER = join(tmp, 'other.py');
writeFileSync(OTHER, 'class GoToTenBot(Bot):\n    def make_throw(self, scores, last_round):\n        while sum(self.current_throws) < 12:\n            yield True\n        yield False\n');

describe('koth verify dice', () => {
  it('a twin of the port agrees on every decision (games and edge cases): exit 0', async () => {
    for (const bot of ['GoToTenBot', 'KwisatzHaderach', 'FlipCoinRollDice']) {
      const r = await runKoth(['verify', 'dice', bot, '--source', TWINS, '--games', '8', '--json']);
      expect(r.status, r.stderr).toBe(0);
      const res = r.json().results[0];
      expect(res.compared).toBeGreaterThan(30);
      expect(res.agreed).toBe(res.compared);
      expect(res.source.sha256).toBe(sha256(readFileSync(TWINS, 'utf8')));
    }
  });

  it('a different original disagrees: exit 1, the first disagreements as readable situations', async () => {
    const r = await runKoth(['verify', 'dice', 'GoToTenBot', '--source', OTHER, '--games', '8']);
    expect(r.status).toBe(1);
    expect(r.stdout).toMatch(/first disagreements/);
    // e.g. the turn worth 10 or 11: the port stops, this original throws again.
    expect(r.stdout).toMatch(/throws so far \[[\d, ]+\], scores \[[\d, ]+\]/);
    expect(r.stdout).toMatch(/stop\s*│\s*throw again/);
  });

  it('--record writes the original’s decisions with the source sha256; the port replays them exactly (and not the other one’s)', async () => {
    const twin = join(tmp, 'twin.json');
    const other = join(tmp, 'other.json');
    expect((await runKoth(['verify', 'dice', 'GoToTenBot', '--source', TWINS, '--games', '5', '--record', twin])).status).toBe(0);
    expect((await runKoth(['verify', 'dice', 'GoToTenBot', '--source', OTHER, '--games', '5', '--record', other])).status).toBe(1);
    const t = JSON.parse(readFileSync(twin, 'utf8')) as VerifyTrace;
    expect(t.format).toBe('koth-verify-trace/1');
    expect(t.source.sha256).toBe(sha256(readFileSync(TWINS, 'utf8')));
    expect(t.decisions.length).toBeGreaterThan(20);
    expect(diceTraceDecisions(t)).toEqual(t.decisions);
    const o = JSON.parse(readFileSync(other, 'utf8')) as VerifyTrace;
    expect(diceTraceDecisions(o)).not.toEqual(o.decisions);
  });

  it('--all checks every port whose original is in the scrape cache; bad input is refused', async () => {
    const server = await new FakeStackExchange({ answers: fixture('dice') }).start();
    const cache = join(tmp, 'cache');
    try {
      expect((await runKoth(['scrape', 'dice', '--api-base', server.base, '--cache', cache])).status).toBe(0);
    } finally {
      await server.stop();
    }
    const r = await runKoth(['verify', 'dice', '--all', '--cache', cache, '--games', '3', '--json']);
    expect(r.status, r.stderr).toBe(0);
    const j = r.json();
    // The fixture answers hold the question's two examples and a StopBot that also stops at once.
    expect(j.results.map((x: { bot: string }) => x.bot).sort()).toEqual(['GoToTenBot', 'StopBot', 'ThrowTwiceBot']);
    expect(j.results.every((x: { agreed: number; compared: number }) => x.agreed === x.compared)).toBe(true);
    expect(j.notInCache).toContain('OptFor2X');
    expect((await runKoth(['verify', 'dice', 'Nobody', '--source', TWINS])).status).toBe(2);
    expect((await runKoth(['verify', 'dice', 'OptFor2X', '--cache', cache])).stderr).toMatch(/no original of OptFor2X in the scrape cache/);
    expect((await runKoth(['verify', 'dice', 'NeoBot', '--source', TWINS])).stderr).toMatch(/defines no Bot subclass named NeoBot/);
    expect((await runKoth(['verify', 'atomas', 'X'])).status).toBe(2);
  });
});

/** koth replay camel-up end to end (in-process). */
import { describe, expect, it } from 'vitest';
import { runKoth } from '../../test/test-server.ts';
import { fixture } from '../../test/fixtures.ts';

describe('koth replay camel-up', () => {
  it('--exact --json prints what camelup.py printed for the same seed', async () => {
    const golden = fixture('camel-up/goldens/46f6797-dumb-seed2.json');
    const r = await runKoth(['replay', 'camel-up', '--exact', '--seed', '2', '--pool', 'dumb', '--games', String(golden.games.length), '--json']);
    expect(r.status).toBe(0);
    expect(r.json()).toEqual(golden);
    const pre = await runKoth(['replay', 'camel-up', '--exact', '--seed', '2', '--pool', 'dumb', '--games', '300', '--rules', 'pre-0620', '--json']);
    expect(pre.json()).toEqual(fixture('camel-up/goldens/2ec4082-dumb-seed2.json'));
  });

  it('compares with the published points and names the pool when it is not the published one', async () => {
    const r = await runKoth(['replay', 'camel-up', '--pool', 'dumb', '--games', '40', '--workers', '1', '--json']);
    expect([0, 1]).toContain(r.status);
    const rep = r.json();
    expect(rep.challenge).toBe('camel-up');
    expect(rep.rows.map((x: { bot: string }) => x.bot)).toEqual(['Sir_Humpfree_Bogart', 'Player0', 'Player2', 'Player1']);
    expect(rep.rows[0].verdict).toBe('n/a');
    expect(rep.summary).toMatch(/not the published one/);
  });

  it('the rule A/B runs both controllers on the same seeds (pairs), with the per-flag breakdown', async () => {
    const r = await runKoth(['replay', 'camel-up', '--pool', 'dumb', '--games', '60', '--workers', '1', '--compare-rules', 'original,fixed', '--json']);
    expect(r.status).toBe(0);
    const ab = r.json();
    expect(ab.compare).toEqual(['original', 'fixed']);
    expect(ab.bots.map((b: { key: string }) => b.key)).toEqual(['Player0', 'Player1', 'Player2']);
    expect(ab.bots.every((b: { pairs: number }) => b.pairs === 60)).toBe(true);
    expect(new Set(ab.breakdown.rows.map((r: { part: string }) => r.part))).toEqual(new Set(['bottomStackPopsWrongCamels', 'endOfRoundTwice', 'loserBetsCheckWinner', 'settlementSkipsLastBet']));
  });

  it('fewer than four players is refused as camelup.py would fail', async () => {
    const r = await runKoth(['replay', 'camel-up', '--exact', '--bots', 'Player0,Player1,Player2']);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/seats 4 players/);
  });
});

/**
 * Each port against its original, decision by decision: the states the original bots were
 * given in real ruins.py games and what they returned (recorded by wrapping get_action;
 * fixtures/ruins/goldens/statelog-*.json.gz) are fed to the ports directly — no engine
 * turn logic in between — with each bot's generator seeded as the driver seeds it.
 */
import { readdirSync } from 'node:fs';
import { fixture, fixtureFiles } from '../../test/fixtures.ts';
import { describe, expect, it } from 'vitest';
import { RoomState, treasure, type AdventurerClass } from '../../engines/ruins/adventurer.ts';
import { renamed } from '../../test/ruins-oracle-adventurers.ts';
import { Ruins } from '../../engines/ruins/rules.ts';
import { Drunkard, ruinsClass, TEST_BOTS } from './index.ts';
import '../../engines/wiring/ruins.ts';
import { ruinsGame } from '../../engines/ruins/index.ts';

const knownBots = ruinsGame.knownBots;

const logs = fixtureFiles('ruins/goldens', /^statelog-/);

interface Rec {
  turn: number;
  player: string;
  bot: string;
  room: number;
  stamina: number;
  treasures: [string, number, number][];
  others: string[];
  inventory: [string, number, number][];
  action?: unknown;
  exception?: string;
}

const classOf = (n: string): AdventurerClass => ruinsClass(n) ?? (/^Drunk\d$/.test(n) ? renamed(Drunkard, n) : undefined)!;
// Frozen, as the goldens freeze them: the engine shares a state's lists, so a port must not change them.
const ts = (xs: [string, number, number][]) => Object.freeze(xs.map(([n, v, w]) => treasure(n, v, w)));

describe('ruins ports decide as the originals did', () => {
  it('has recorded games for the test bots and the Drunkard', () => {
    expect(logs.some((f) => f.includes('test-bots'))).toBe(true);
    expect(logs.some((f) => f.includes('drunk'))).toBe(true);
  });

  for (const f of logs) {
    it(f, () => {
      const g = fixture<{ seed: string; bots: string[]; turns: Rec[] }>(`ruins/goldens/${f}`);
      // The constructor seeds every bot as the driver does: Random(getrandbits(744)) each, in load order.
      const game = new Ruins(g.bots.map(classOf), g.seed);
      for (const p of game.players.values()) p.bot.enterRuins();
      const perBot = new Map<string, number>();
      for (const [i, r] of g.turns.entries()) {
        const p = game.players.get(r.player)!;
        expect(p.botName, `record ${i}`).toBe(r.bot);
        const state = new RoomState(r.room, ts(r.treasures), Object.freeze([...r.others]), ts(r.inventory), r.stamina);
        let got: unknown;
        try {
          got = p.bot.getAction(state);
        } catch (e) {
          got = { exception: (e as Error).message };
        }
        expect(got, `record ${i}: turn ${r.turn}, ${r.player} (${r.bot})`).toEqual(r.exception ? { exception: expect.any(String) } : r.action);
        perBot.set(r.bot, (perBot.get(r.bot) ?? 0) + 1);
      }
      expect(perBot.size).toBeGreaterThan(1);
    });
  }

  it('the registry: ported test bots in load order, the Drunkard, and the ten leaderboard bots as known but not ported', () => {
    expect(TEST_BOTS.map((b) => b.botName)).toEqual([
      'EagerThief', 'EmoKid', 'Chad', 'Coward', 'GreedyBastard', 'MischievousKid',
      'EagerClone0', 'EagerClone1', 'EagerClone2', 'EagerClone3', 'EagerClone4', 'EagerClone5',
    ]);
    const ported = knownBots.filter((k) => k.ported).map((k) => k.bot);
    expect(ported).toEqual(['Drunkard', ...TEST_BOTS.map((b) => b.botName)]);
    for (const k of knownBots.filter((b) => b.ported)) {
      expect(k.provenance.source).toMatch(/Beefster09\/pcg-general.* at f83740b30628f26ce39d34ef1224e51fb6f7a877/);
      expect(k.provenance.sourceDate).toBe('2019-04-22');
    }
    const unported = knownBots.filter((k) => !k.ported);
    expect(unported.map((k) => k.bot)).toEqual(['BountyHunter', 'Scoundrel', 'Accountant', 'Ponderer', 'Artyventurer', 'PlanAhead', 'Sprinter', 'Accomodator', 'Memorizer', 'Backwards']);
    for (const k of unported) expect(k.provenance.questionId).toBe(183101);
  });

  it('one file per bot, named as the class', () => {
    const here = readdirSync(new URL('./', import.meta.url)).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && f !== 'index.ts');
    expect(here.map((f) => f.replace(/\.ts$/, '')).sort()).toEqual(knownBots.filter((k) => k.ported).map((k) => k.bot).sort());
  });
});

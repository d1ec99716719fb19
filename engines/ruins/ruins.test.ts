import { readFileSync, readdirSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { Ruins, scoreRows } from './rules.ts';
import { runTournament } from './tournament.ts';
import { RUINS_VARIANTS } from './variants.ts';
import { Drunkard, ruinsClass, TEST_BOTS } from '../../transpiled-bots/ruins/index.ts';
import type { AdventurerClass } from './adventurer.ts';
import { ControllerCrash } from '../core/py/errors.ts';
import { StringIndexer, WEIRD_BOTS } from './test-adventurers.ts';

// Goldens from the original ruins.py (fixtures/ruins/goldens/README.md).
const dir = new URL('../../fixtures/ruins/goldens/', import.meta.url);
const files = readdirSync(dir).filter((f) => f.endsWith('.json'));
const load = (f: string) => JSON.parse(readFileSync(new URL(f, dir), 'utf8'));
const testOnly = new Map<string, AdventurerClass>([...WEIRD_BOTS, StringIndexer].map((c) => [c.botName, c]));
const classes = (names: string[]): AdventurerClass[] => names.map((n) => ruinsClass(n) ?? testOnly.get(n)!);

describe('ruins engine equals ruins.py', () => {
  it('the test bots load in the driver order', () => {
    expect(TEST_BOTS.map((b) => b.botName)).toEqual(load('single-test-bots-K48XMESC.json').bots);
  });

  for (const f of files.filter((x) => x.startsWith('single-'))) {
    it(`single game ${f}`, () => {
      const g = load(f);
      expect(scoreRows(new Ruins(classes(g.bots), g.seed).runGame())).toEqual(g.rows);
    });
  }

  for (const f of files.filter((x) => x.startsWith('tournament-'))) {
    it(`tournament ${f}`, () => {
      const g = load(f);
      const r = runTournament(classes(g.bots), g.seed, { flags: RUINS_VARIANTS.fixed.flags, drunkard: Drunkard });
      expect(r.rows).toEqual(g.rows);
      if (g.poolRows) expect(r.poolRows).toEqual(g.poolRows);
    });
  }

  for (const f of files.filter((x) => x.startsWith('crash-'))) {
    it(`the driver's own crash: ${f}`, () => {
      const g = load(f);
      const run = () =>
        g.mode === 'single'
          ? new Ruins(classes(g.bots), g.seed).runGame()
          : runTournament(classes(g.bots), g.seed, { flags: RUINS_VARIANTS.fixed.flags, drunkard: Drunkard });
      let err: unknown;
      try {
        run();
      } catch (e) {
        err = e;
      }
      expect(err).toBeInstanceOf(ControllerCrash);
      expect((err as ControllerCrash).pyType).toBe(g.crash.type);
      expect((err as ControllerCrash).message).toContain(g.crash.message);
    });
  }

  it('every player action of a whole game matches the driver log', () => {
    const g = JSON.parse(gunzipSync(readFileSync(new URL('log-single-test-bots-K48XMESC.json.gz', dir))).toString());
    const seen: unknown[] = [];
    const wrapped = classes(g.bots).map((cls) => {
      const W = class extends cls {
        override getAction(state: Parameters<InstanceType<AdventurerClass>['getAction']>[0]): unknown {
          const action = super.getAction(state);
          seen.push({
            player: this.name,
            room: state.room,
            stamina: state.stamina,
            treasures: state.treasures.map((t) => [t.name, t.value, t.weight]),
            others: [...state.players],
            inventory: state.inventory.map((t) => [t.name, t.value, t.weight]),
            action,
          });
          return action;
        }
      };
      Object.defineProperty(W, 'botName', { value: cls.botName });
      return W as unknown as AdventurerClass;
    });
    new Ruins(wrapped, g.seed).runGame();
    const expected = g.turns.map(({ turn: _t, ...rest }: { turn: number }) => rest);
    expect(seen.length).toBe(expected.length);
    for (let i = 0; i < expected.length; i++) expect(seen[i], `action ${i}`).toEqual(expected[i]);
  });
});

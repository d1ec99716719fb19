/**
 * Unit checks of the ruins engine against ruins.py. The score tables, tournaments, logs and
 * crashes of every golden are compared in driver-goldens.test.ts; here, the driver's load
 * order and every player's state and action through one whole game.
 */
import { describe, expect, it } from 'vitest';
import { fixture } from '../../test/fixtures.ts';
import { Ruins } from './rules.ts';
import { ruinsClass, TEST_BOTS } from '../../transpiled-bots/ruins/index.ts';
import { Adventurer, treasure, type AdventurerClass, type RoomState } from './adventurer.ts';

const classes = (names: string[]): AdventurerClass[] => names.map((n) => ruinsClass(n)!);

describe('ruins engine equals ruins.py', () => {
  it('the test bots load in the driver order', () => {
    expect(TEST_BOTS.map((b) => b.botName)).toEqual(fixture('ruins/goldens/single-test-bots-K48XMESC.json').bots);
  });

  it('every player action of a whole game matches the driver log', () => {
    const g = fixture('ruins/goldens/statelog-test-bots-K48XMESC.json.gz');
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
    const expected = g.turns.map(({ turn: _t, bot: _b, ...rest }: { turn: number; bot: string }) => rest);
    expect(seen.length).toBe(expected.length);
    for (let i = 0; i < expected.length; i++) expect(seen[i], `action ${i}`).toEqual(expected[i]);
  });

  it('states are read-only: frozen lists under freezeStates, getters on the state and treasures', () => {
    const events: string[] = [];
    class Sorter extends Adventurer {
      static readonly botName = 'Sorter';
      override getAction(state: RoomState): unknown {
        (state.treasures as unknown as unknown[]).reverse(); // what the port must not do
        events.push('sorted');
        return 'previous';
      }
    }
    const frozen = new Ruins([Sorter], 'ro', { log: true, freezeStates: true });
    frozen.runGame();
    // The TypeError is the port's exception: caught, then a trap, as the driver did.
    expect(events).toEqual([]);
    expect(frozen.logText()).toMatch(/Exception from .* \(Sorter\): Cannot assign to read only property/);
    const t = treasure('Treasure #001', 10, 2);
    expect(() => ((t as unknown as { weight: number }).weight = 1)).toThrow(TypeError);
    expect(JSON.parse(JSON.stringify(t))).toEqual({ name: 'Treasure #001', value: 10, weight: 2 });
  });
});

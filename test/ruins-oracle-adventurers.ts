/**
 * Our own adventurers for the driver goldens in fixtures/ruins/goldens/ (not answers,
 * not from the driver): their Python twins (tools/oracle/ruins/bots/) were run in the original
 * ruins.py (outside the repository; fixtures/ruins/goldens/README.md describes them). Each draws from its own
 * generator exactly as its twin does, so a game's whole log must match the driver's.
 *
 * - Chaos, Chaos0–4: now and then (a personal risk of up to 4% a turn) one of WEIRD — shapes
 *   the driver rejects (killing the adventurer) or an exception; otherwise every accepted loose
 *   shape: string and float bids, negative and boolean indices, string and float drop indices.
 * - Fragile: GreedyBastard that fails enter_ruins 30% of the time (dead on arrival).
 * - Brittle: EagerThief that raises KeyError(room) 4% of the time (caught by the driver).
 * - Drunk0–8, ExtraThief0–4: renamed Drunkards and EagerThiefs (Python `type(name, (Base,), {})`).
 * - Crasher, Crasher2: actions the driver does not catch (its own crashes), by mode.
 */
import Drunkard from '../transpiled-bots/ruins/Drunkard.ts';
import EagerThief from '../transpiled-bots/ruins/EagerThief.ts';
import GreedyBastard from '../transpiled-bots/ruins/GreedyBastard.ts';
import { Adventurer, type AdventurerClass, type RoomState } from '../engines/ruins/adventurer.ts';

/** Python `type(name, (Base,), {})`: the same behaviour under another class name. */
export function renamed(base: AdventurerClass, name: string): AdventurerClass {
  const cls = class extends (base as unknown as typeof Adventurer) {};
  Object.defineProperty(cls, 'botName', { value: name });
  Object.defineProperty(cls, 'name', { value: name });
  return cls as unknown as AdventurerClass;
}

export const WEIRD: readonly unknown[] = [
  null, 42, 'sideways', 'take', ['take', 0], ['drop'], ['next'],
  ['take', 'abc', 5], ['take', 0, '1.5'], ['take', 99, 5], ['take', 0, 0],
  ['take', 0, 10 ** 9], ['drop', 99], ['drop', 'x'], ['drop', null],
  ['take', null, 5], ['take', NaN, 5], ['take', 0, NaN],
  ['take', 0, 'seven'], 'RAISE', ['take', 0, true], ['take', -99, 3],
];

export class Chaos extends Adventurer {
  static readonly botName: string = 'Chaos';
  private greed = 0;
  private risk = 0;

  override enterRuins(): void {
    this.greed = this.random.randint(20, 55) as number;
    this.risk = this.random.random() * 0.04;
  }

  override getAction(state: RoomState): unknown {
    const r = this.random;
    if (r.random() < this.risk) {
      const w = WEIRD[r.randrange(WEIRD.length) as number];
      if (w === 'RAISE') throw new Error('chaos!');
      return w;
    }
    const cost = 10 + Math.ceil(state.carryWeight / 5);
    if (Math.floor(state.stamina / cost) <= state.room + 1) return 'previous';
    if (state.inventory.length && r.random() < 0.05) {
      const n = state.inventory.length;
      const k = r.randrange(n) as number;
      const form = r.randrange(4) as number;
      return ['drop', [k, k - n, String(k), k + 0.5][form]];
    }
    const fits: number[] = [];
    state.treasures.forEach((t, i) => {
      if (t.weight + state.carryWeight <= this.greed) fits.push(i);
    });
    if (fits.length && r.random() < 0.7) {
      const i = r.choice(fits);
      const t = state.treasures[i]!;
      const bid = t.weight + (r.randrange(state.players.length + 1) as number);
      const form = r.randrange(6) as number;
      if (form === 1) return ['take', i, String(bid)];
      if (form === 2) return ['take', i, bid + 0.75];
      if (form === 3) return ['take', i, ` ${bid} `];
      if (form === 4 && !state.players.length) return ['take', i - state.treasures.length, bid];
      if (form === 5 && i === 1) return ['take', true, bid];
      return ['take', i, bid];
    }
    if (r.random() < 0.8 || state.room === 1) return 'next';
    return 'previous';
  }
}

export class Fragile extends GreedyBastard {
  static override readonly botName: string = 'Fragile';
  override enterRuins(): void {
    if (this.random.random() < 0.3) throw new Error('too fragile');
  }
}

export class Brittle extends EagerThief {
  static override readonly botName: string = 'Brittle';
  override getAction(state: RoomState): unknown {
    if (this.random.random() < 0.04) throw new Error(String(state.room)); // str(KeyError(room))
    return super.getAction(state);
  }
}

export const CRASH_MODES: Record<string, unknown> = {
  str_index: ['take', '0', 20],
  float_index: ['take', 0.5, 20],
  none_bid: ['take', 0, null],
  list_bid: ['take', 0, [20]],
  empty: [],
  empty_str: '',
  inf_bid: ['take', 0, Infinity],
  inf_index: ['take', Infinity, 20],
  inf_drop: ['drop', -Infinity],
};

/** The crash bot directory under $CRASH=mode: Crasher does the uncaught thing, Crasher2 leaves (or aliases). */
export function crashers(mode: string): AdventurerClass[] {
  class Crasher extends Adventurer {
    static readonly botName: string = 'Crasher';
    override getAction(state: RoomState): unknown {
      if (mode === 'alias') return state.inventory.length ? 'previous' : ['take', -1, 20];
      return CRASH_MODES[mode];
    }
  }
  class Crasher2 extends Adventurer {
    static readonly botName: string = 'Crasher2';
    override getAction(state: RoomState): unknown {
      if (mode === 'alias') return state.inventory.length ? 'previous' : ['take', state.treasures.length - 1, 20];
      return 'previous';
    }
  }
  return [Crasher, Crasher2];
}

const range = (n: number) => Array.from({ length: n }, (_, i) => i);

/** Every class the driver goldens name, by Python class name (crash bots aside). */
export const ORACLE_CLASSES: ReadonlyMap<string, AdventurerClass> = new Map(
  [
    Chaos,
    ...range(5).map((i) => renamed(Chaos, `Chaos${i}`)),
    Fragile,
    Brittle,
    ...range(9).map((i) => renamed(Drunkard, `Drunk${i}`)),
    ...range(5).map((i) => renamed(EagerThief, `ExtraThief${i}`)),
  ].map((c) => [c.botName, c]),
);

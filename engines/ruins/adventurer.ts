/**
 * What an adventurer sees and returns, exactly as ruins.py gave it (question 183101).
 *
 * Python:                                   TypeScript port:
 *   class X(Adventurer):                      export default class X extends Adventurer {
 *     def get_action(self, state):              getAction(state: RoomState): unknown {
 *       return 'take', 0, 5                       return ['take', 0, 5];
 *   self.random (a random.Random)             this.random (a PyRandom with the same stream)
 *   state.room / treasures / players /        state.room / treasures / players /
 *   inventory / stamina, carry_weight,        inventory / stamina, carryWeight, totalValue
 *   total_value
 *
 * A port may return the same loose shapes Python allowed ('next', 'previous', a sequence
 * ['take', index, bid] or ['drop', index], with numbers, numeric strings, floats...):
 * engines/ruins/actions.ts interprets them exactly as the driver did.
 */
import { PyRandom, type PySeed } from '../core/rng/python-random.ts';

/**
 * A treasure (Python namedtuple: immutable). The fields are getters, so assigning one throws a
 * TypeError as Python's AttributeError did; Object.freeze of every treasure (a few thousand a
 * game) cost a tenth of a tournament. The data sits in own properties, so copies
 * (pyDeepCopy) keep it; JSON gives `{name, value, weight}`.
 */
export class Treasure {
  private readonly _name: string;
  private readonly _value: number;
  private readonly _weight: number;

  constructor(name: string, value: number, weight: number) {
    this._name = name;
    this._value = value;
    this._weight = weight;
  }

  get name(): string {
    return this._name;
  }

  get value(): number {
    return this._value;
  }

  get weight(): number {
    return this._weight;
  }

  toJSON(): { name: string; value: number; weight: number } {
    return { name: this._name, value: this._value, weight: this._weight };
  }
}

export function treasure(name: string, value: number, weight: number): Treasure {
  return new Treasure(name, value, weight);
}

/**
 * The state an adventurer receives each turn (Python's RoomState namedtuple, copies of the
 * lists). `players` are the names of everyone else in the room, the dead included.
 *
 * Immutable as the namedtuple: the fields are getters (assigning one throws a TypeError). The
 * lists are read-only (`readonly` types): the engine hands one copy of a room's treasures (and
 * of an inventory) to every state until it changes, where Python made a copy per state. They
 * are not frozen (V8 reads frozen arrays five times slower); the goldens run with them frozen
 * (RuinsOptions.freezeStates), which proves no port changes them. Do not change them in a port:
 * copy first (`[...state.treasures].sort(...)`).
 */
export class RoomState {
  readonly #room: number;
  readonly #treasures: readonly Treasure[];
  readonly #players: readonly string[];
  readonly #inventory: readonly Treasure[];
  readonly #stamina: number;
  #carryWeight: number | undefined;

  constructor(room: number, treasures: readonly Treasure[], players: readonly string[], inventory: readonly Treasure[], stamina: number) {
    this.#room = room;
    this.#treasures = treasures;
    this.#players = players;
    this.#inventory = inventory;
    this.#stamina = stamina;
  }

  get room(): number {
    return this.#room;
  }

  get treasures(): readonly Treasure[] {
    return this.#treasures;
  }

  get players(): readonly string[] {
    return this.#players;
  }

  get inventory(): readonly Treasure[] {
    return this.#inventory;
  }

  get stamina(): number {
    return this.#stamina;
  }

  /** Python `state.carry_weight`. */
  get carryWeight(): number {
    return (this.#carryWeight ??= sumOf(this.#inventory, 'weight', typeError));
  }

  /** Python `state.total_value`. */
  get totalValue(): number {
    return sumOf(this.#inventory, 'value', typeError);
  }
}

const typeError = (m: string) => new TypeError(m);

/**
 * `sum(t.<field> for t in treasures)`. A treasure slot can hold None only after the driver's
 * aliasing bug (two bids on one treasure through a negative and a positive index): Python then
 * raised AttributeError, which `fail` turns into the caller's kind of error.
 */
export function sumOf(treasures: readonly (Treasure | null)[], field: 'weight' | 'value', fail: (message: string) => Error): number {
  // Two loops with constant property names: a load keyed by `field` was a tenth of a tournament.
  let s = 0;
  if (field === 'weight') {
    for (let i = 0; i < treasures.length; i++) {
      const t = treasures[i]!;
      if (t === null) throw fail("'NoneType' object has no attribute 'weight'");
      s += t.weight;
    }
  } else {
    for (let i = 0; i < treasures.length; i++) {
      const t = treasures[i]!;
      if (t === null) throw fail("'NoneType' object has no attribute 'value'");
      s += t.value;
    }
  }
  return s;
}

/**
 * The seed of an adventurer's generator, drawn by the game (`Random(rand.getrandbits(744))`) in
 * the driver's order; the generator is seeded from it when the adventurer first uses
 * `this.random` (most never do, and seeding the Mersenne Twister was a tenth of a tournament).
 */
export class SeedLater {
  constructor(readonly seed: PySeed) {}
}

export class Adventurer {
  readonly name: string;
  #random: PyRandom | undefined;
  #seed: PySeed | undefined;

  constructor(name: string, random: PyRandom | SeedLater) {
    this.name = name;
    if (random instanceof SeedLater) this.#seed = random.seed;
    else this.#random = random;
  }

  /** Python `self.random`: this adventurer's own `random.Random` (seeded on first use: the same stream). */
  get random(): PyRandom {
    return (this.#random ??= new PyRandom(this.#seed!));
  }

  /** Python `get_action(state)`; the base class raises NotImplementedError. */
  getAction(_state: RoomState): unknown {
    throw new Error('NotImplementedError');
  }

  /** Python `enter_ruins()`: called once before a game. */
  enterRuins(): void {}
}

export interface AdventurerClass {
  new (name: string, random: PyRandom | SeedLater): Adventurer;
  /** The Python class name (scores are kept by class name). */
  readonly botName: string;
}

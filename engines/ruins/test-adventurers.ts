/**
 * Adversarial adventurers for the tests (our own, not answers): each returns a loose action
 * shape that ruins.py accepts, rejects or chokes on. Their Python twins are in
 * tools/oracle/ruins/bots/weird/ and weirdcrash/; goldens made with them are in fixtures/ruins/goldens/.
 */
import { Adventurer, type AdventurerClass, type RoomState } from './adventurer.ts';

const tired = (s: RoomState) => Math.floor(s.stamina / (10 + Math.ceil(s.carryWeight / 5))) <= s.room + 1;

function named(name: string, getAction: (this: Adventurer, s: RoomState) => unknown): AdventurerClass {
  const cls = class extends Adventurer {
    static readonly botName = name;
    override getAction(s: RoomState): unknown {
      return getAction.call(this, s);
    }
  };
  return cls;
}

export const FloatBidder = named('FloatBidder', function (s) {
  if (tired(s)) return 'previous';
  if (s.treasures.length && s.carryWeight + s.treasures[0]!.weight <= 50) return ['take', 0, s.treasures[0]!.weight + 0.7];
  return 'next';
});

export const StringIndexer = named('StringIndexer', function (s) {
  if (tired(s)) return 'previous';
  const last = s.treasures[s.treasures.length - 1];
  if (last && s.carryWeight + last.weight <= 50) return ['take', String(s.treasures.length - 1), String(last.weight + 1)];
  return 'next';
});

export const NegativeIndexer = named('NegativeIndexer', function (s) {
  if (tired(s)) return 'previous';
  const last = s.treasures[s.treasures.length - 1];
  if (last && s.carryWeight + last.weight <= 50) return ['take', -1, last.weight + this.random.randrange(3)];
  return 'next';
});

export const Juggler = named('Juggler', function (s) {
  if (tired(s)) return 'previous';
  if (s.inventory.length && s.room % 3 === 0) return ['drop', -1];
  if (s.treasures.length && s.carryWeight + s.treasures[0]!.weight <= 50) return ['take', 0, s.treasures[0]!.weight];
  return 'next';
});

export const WrongArity = named('WrongArity', () => ['take', 0]);
export const ListNext = named('ListNext', () => ['next']);
export const Thrower = named('Thrower', (s) => {
  if (s.room > 2) throw new Error('oops');
  return 'next';
});
export const HighBidder = named('HighBidder', (s) => (s.treasures.length ? ['take', 0, 5000] : 'next'));

/** The bot directory weird/ (load order of weird.py). */
export const WEIRD_BOTS = [FloatBidder, NegativeIndexer, Juggler, WrongArity, ListNext, Thrower, HighBidder];

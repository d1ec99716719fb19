/**
 * How ruins.py read an adventurer's return value (Player.get_action) and the numbers in it
 * (Python's int()), with Python's exceptions: those the driver caught become a dead
 * adventurer; those it did not catch stopped the whole driver (ControllerCrash), and we stop too.
 *
 * JavaScript has one number type: an integer-valued number stands for a Python int, any
 * other number for a Python float (a port cannot return the float 2.0 as distinct from 2).
 * Arrays stand for tuples at the top level of an action (`return 'take', 0, 5` in Python)
 * and for lists inside it.
 */
import { ControllerCrash } from '../core/py/errors.ts';
import { Treasure } from './adventurer.ts';
import { pyRepr as corePyRepr, pyStr as corePyStr, type ObjectRepr } from '../core/py/repr.ts';

/** How ruins' Treasure namedtuple prints (a Treasure, or a plain {name, value, weight} object). */
const treasureRepr: ObjectRepr = (o, repr) => {
  if (o instanceof Treasure) return `Treasure(name=${repr(o.name)}, value=${o.value}, weight=${o.weight})`;
  const t = o as { name?: unknown; value?: unknown; weight?: unknown };
  if (typeof t.name === 'string' && typeof t.value === 'number' && typeof t.weight === 'number' && Object.keys(o).length === 3) {
    return `Treasure(name=${repr(t.name)}, value=${t.value}, weight=${t.weight})`;
  }
  return undefined;
};

/** Python's repr() of a value a port returned (treasures as the namedtuple). */
export const pyRepr = (x: unknown, tuple = false): string => corePyRepr(x, tuple, treasureRepr);

/** Python's str() of a value a port returned. */
export const pyStr = (x: unknown): string => corePyStr(x, treasureRepr);

export interface Move {
  kind: 'move';
  direction: 1 | -1;
}
/** Take(treasure, bid): both exactly as the port returned them. */
export interface Take {
  kind: 'take';
  treasure: unknown;
  bid: unknown;
}
export interface Drop {
  kind: 'drop';
  treasure: unknown;
}
export type Action = Move | Take | Drop | null;

/** Python's repr of the namedtuple the driver built (what its debug log prints). */
export function actionRepr(a: Action): string {
  if (a === null) return 'None';
  if (a.kind === 'move') return `Move(direction=${a.direction})`;
  if (a.kind === 'take') return `Take(treasure=${pyRepr(a.treasure)}, bid=${pyRepr(a.bid)})`;
  return `Drop(treasure=${pyRepr(a.treasure)})`;
}

/** A return value the driver refused with "Invalid action from …" (a TypeError it caught): the action is None. */
export class InvalidAction {
  constructor(readonly message: string) {}
}

/** The items `atype, *args = raw` unpacks from a value that is not an array, or undefined. */
function unpackable(raw: unknown): unknown[] | undefined {
  if (typeof raw === 'string') return [...raw];
  if (raw !== null && typeof raw === 'object' && Symbol.iterator in raw && !(raw instanceof Map)) return [...(raw as Iterable<unknown>)];
  return undefined;
}

/**
 * Player.get_action's conversion: 'next'/'previous' → Move; otherwise `atype, *args =
 * raw_action` (a string unpacks into its characters); 'take' needs exactly two more items,
 * 'drop' exactly one. A TypeError on the way (a non-iterable, a wrong count) was caught and
 * printed as "Invalid action from …"; any other first item gives None silently. Unpacking an
 * empty sequence raised ValueError, which the driver did not catch.
 */
export function interpretAction(raw: unknown): Action | InvalidAction {
  // Every turn of every adventurer comes through here: the moves are shared constants, and the
  // items are read by position (no rest array, no wrapper object).
  if (raw === 'next') return NEXT;
  if (raw === 'previous') return PREVIOUS;
  const items = Array.isArray(raw) ? raw : unpackable(raw);
  if (!items) return new InvalidAction(pyStr(raw));
  if (items.length === 0) throw new ControllerCrash('ValueError', 'not enough values to unpack (expected at least 1, got 0)');
  const atype = items[0];
  if (atype === 'take') return items.length === 3 ? { kind: 'take', treasure: items[1], bid: items[2] } : new InvalidAction(pyStr(raw));
  if (atype === 'drop') return items.length === 2 ? { kind: 'drop', treasure: items[1] } : new InvalidAction(pyStr(raw));
  return null;
}

const NEXT: Move = Object.freeze({ kind: 'move', direction: 1 });
const PREVIOUS: Move = Object.freeze({ kind: 'move', direction: -1 });

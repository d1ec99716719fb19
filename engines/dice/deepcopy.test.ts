import { describe, expect, it } from 'vitest';
import { PyRandom } from '../core/rng/python-random.ts';
import { DiceBot, ENV, type DiceEnv } from './bot.ts';
import { classStateStore, PythonError } from '../core/py/index.ts';
import { bindMethod, boundSelf, copyAttributesSeparately, pyCopy, pyDeepCopy, pyModule } from '../core/py/index.ts';
import HarkonnenBot from '../../transpiled-bots/dice/HarkonnenBot.ts';
import KwisatzHaderach from '../../transpiled-bots/dice/KwisatzHaderach.ts';
import NeoBot from '../../transpiled-bots/dice/NeoBot.ts';
import Rebel from '../../transpiled-bots/dice/Rebel.ts';
import TleilaxuBot from '../../transpiled-bots/dice/TleilaxuBot.ts';

// The expectations marked "CPython" were checked against CPython 3.11's copy module and the
// original bots (scratch experiments, outside the repository).

function makeEnv(gameBots: (DiceBot | null)[] = []): DiceEnv {
  return {
    random: new PyRandom(12345),
    gameBots,
    botClasses: [],
    classState: classStateStore(),
  };
}

/** A bot with extra attributes, like a Python subclass setting self.x in __init__. */
class Holder extends DiceBot {
  static readonly botName: string = 'Holder';
  a: unknown = null;
  b: unknown = null;
  counter = 0;
  bump(): number {
    return ++this.counter;
  }
}

describe('pyDeepCopy: copy.deepcopy', () => {
  it('keeps atoms as they are', () => {
    for (const v of [0, -3.5, 'x', '', true, false, null, undefined, 12n]) expect(pyDeepCopy(v)).toBe(v);
  });

  it('copies lists, dicts, sets and plain objects deeply', () => {
    const inner = [1, 2];
    const x = { list: [inner, [3]], map: new Map<string, number[]>([['k', [4]]]), set: new Set([5, 6]), obj: { n: 7 } };
    const c = pyDeepCopy(x);
    expect(c).toEqual(x);
    expect(c).not.toBe(x);
    expect(c.list[0]).not.toBe(inner);
    expect(c.map.get('k')).not.toBe(x.map.get('k'));
    expect(c.set).not.toBe(x.set);
    expect(c.obj).not.toBe(x.obj);
    inner.push(99);
    x.map.get('k')!.push(99);
    expect(c.list[0]).toEqual([1, 2]);
    expect(c.map.get('k')).toEqual([4]);
  });

  it('preserves shared references and cycles within one call (the memo)', () => {
    const shared = [1];
    const pair = [shared, shared];
    const c = pyDeepCopy(pair);
    expect(c[0]).toBe(c[1]);
    expect(c[0]).not.toBe(shared);

    const loop: unknown[] = [1];
    loop.push(loop);
    const lc = pyDeepCopy(loop);
    expect(lc).not.toBe(loop);
    expect(lc[1]).toBe(lc);

    const o: { self?: unknown; list: unknown[] } = { list: [] };
    o.self = o;
    o.list.push(o);
    const oc = pyDeepCopy(o);
    expect(oc.self).toBe(oc);
    expect(oc.list[0]).toBe(oc);

    const m = new Map<string, unknown>();
    m.set('me', m);
    const mc = pyDeepCopy(m);
    expect(mc.get('me')).toBe(mc);
  });

  it('copies a PyRandom with its whole state, without drawing from it', () => {
    const r = new PyRandom(2019);
    r.randint(1, 6);
    r.gauss(); // leaves a cached second deviate (gauss_next) in the state
    const before = r.getstate();
    const c = pyDeepCopy(r);
    expect(c).toBeInstanceOf(PyRandom);
    expect(c).not.toBe(r);
    expect(r.getstate()).toEqual(before);
    expect(c.getstate()).toEqual(before);
    const a = Array.from({ length: 50 }, () => r.randint(1, 6));
    const b = Array.from({ length: 50 }, () => c.randint(1, 6));
    expect(b).toEqual(a);
    expect(c.gauss()).toBe(r.gauss());
    // independent afterwards
    r.random();
    expect(c.getstate()).not.toEqual(r.getstate());
  });

  it('treats functions and lambdas as atoms: a copied lambda closes over the original', () => {
    const fn = (): number => 1;
    expect(pyDeepCopy(fn)).toBe(fn);
    const bot = new Holder(0, 40, makeEnv());
    bot.a = () => bot.bump(); // Python: self.a = lambda: self.bump()
    const c = pyDeepCopy(bot);
    expect(c.a).toBe(bot.a);
    (c.a as () => number)();
    expect(bot.counter).toBe(1);
    expect(c.counter).toBe(0);
  });

  it('copies a bot: same class, own attributes deep, the engine env shared and never copied', () => {
    const env = makeEnv();
    const bot = new Holder(3, 40, env);
    bot.a = [1, [2]];
    bot.updateState([4, 5]);
    const c = pyDeepCopy(bot);
    expect(c).toBeInstanceOf(Holder);
    expect(c).not.toBe(bot);
    expect(Object.getPrototypeOf(c)).toBe(Holder.prototype);
    expect(c.index).toBe(3);
    expect(c.endScore).toBe(40);
    expect(c.a).toEqual([1, [2]]);
    expect(c.a).not.toBe(bot.a);
    expect(c.currentThrows).toEqual([4, 5]);
    expect(c.currentThrows).not.toBe(bot.currentThrows);
    expect(c[ENV]).toBe(env);
    expect(c[ENV].random).toBe(env.random);
    expect(Object.keys(bot)).not.toContain('env');
    expect(c.className).toBe('Holder');
    expect(c.bump()).toBe(1);
    expect(bot.counter).toBe(0);
  });

  it('leaves out attributes the original does not have (Python AttributeError stays an error)', () => {
    const bot = new Holder(0, 40, makeEnv());
    expect(Object.prototype.hasOwnProperty.call(bot, 'currentThrows')).toBe(false);
    const c = pyDeepCopy(bot);
    expect('currentThrows' in c).toBe(false);
    expect(() => c.currentThrows.length).toThrow(TypeError);
    const rebel = new Rebel(1, 40, makeEnv());
    const rc = pyDeepCopy(rebel);
    expect('currentSum' in rc).toBe(false);
    expect('makeThrow' in rc && Object.prototype.hasOwnProperty.call(rc, 'makeThrow')).toBe(false);
  });

  it('rebinds a bound method to a deep copy of its object (copy._deepcopy_method)', () => {
    const bot = new Holder(0, 40, makeEnv());
    const m = bindMethod(bot, Holder.prototype.bump);
    expect(boundSelf(m)).toBe(bot);
    expect(boundSelf(Holder.prototype.bump)).toBeUndefined();
    expect(boundSelf(() => 1)).toBeUndefined();
    expect(m()).toBe(1);
    const mc = pyDeepCopy(m);
    expect(mc).not.toBe(m);
    const self = boundSelf(mc) as Holder;
    expect(self).toBeInstanceOf(Holder);
    expect(self).not.toBe(bot);
    expect(self.counter).toBe(1);
    expect(mc()).toBe(2);
    expect(bot.counter).toBe(1);
  });

  it('binds a method stored on its own object to the copy itself (one memo)', () => {
    const bot = new Holder(0, 40, makeEnv());
    bot.a = bindMethod(bot, Holder.prototype.bump); // Python: self.a = self.bump
    const c = pyDeepCopy(bot);
    expect(boundSelf(c.a)).toBe(c);
    (c.a as () => number)();
    expect(c.counter).toBe(1);
    expect(bot.counter).toBe(0);
    // a list of the object and its method: both copies tied together
    const lc = pyDeepCopy([bot, bot.a]);
    expect(boundSelf(lc[1])).toBe(lc[0]);
  });

  it('raises TypeError on a module and on anything holding one (CPython: cannot pickle module)', () => {
    const mod = pyModule({ name: 'random' });
    const isTypeError = (f: () => unknown): void => {
      try {
        f();
      } catch (e) {
        expect(e).toBeInstanceOf(PythonError);
        expect((e as PythonError).pyType).toBe('TypeError');
        return;
      }
      throw new Error('no exception');
    };
    isTypeError(() => pyDeepCopy(mod));
    isTypeError(() => pyDeepCopy([1, [mod]]));
    isTypeError(() => pyCopy(mod));
    const bot = new Holder(0, 40, makeEnv());
    bot.a = mod;
    isTypeError(() => pyDeepCopy(bot));
    isTypeError(() => pyDeepCopy(bindMethod(bot, Holder.prototype.bump)));
    // a shallow copy of a container only copies references: fine
    const l = [bot, mod];
    const sc = pyCopy(l);
    expect(sc).not.toBe(l);
    expect(sc[0]).toBe(bot);
    expect(sc[1]).toBe(mod);
  });
});

describe('pyCopy: copy.copy', () => {
  it('makes new shells holding the same items', () => {
    const inner = [1];
    const l = [inner, 2];
    expect(pyCopy(l)).toEqual(l);
    expect(pyCopy(l)).not.toBe(l);
    expect(pyCopy(l)[0]).toBe(inner);
    const m = new Map([['k', inner]]);
    expect(pyCopy(m).get('k')).toBe(inner);
    const s = new Set([inner]);
    expect([...pyCopy(s)][0]).toBe(inner);
    const bot = new Holder(2, 40, makeEnv());
    bot.a = inner;
    const bc = pyCopy(bot);
    expect(bc).toBeInstanceOf(Holder);
    expect(bc).not.toBe(bot);
    expect(bc.a).toBe(inner);
    expect(bc[ENV]).toBe(bot[ENV]);
    const r = new PyRandom(5);
    const rc = pyCopy(r);
    expect(rc).not.toBe(r);
    expect(rc.getstate()).toEqual(r.getstate());
  });

  it('rebuilds a bound method as getattr(self, name), like CPython', () => {
    const bot = new Holder(0, 40, makeEnv());
    const m = bindMethod(bot, Holder.prototype.bump);
    const mc = pyCopy(m);
    expect(mc).not.toBe(m);
    expect(boundSelf(mc)).toBe(bot);
    // an instance attribute of the method's name wins (Rebel's make_throw after update_state)
    const rebel = new Rebel(0, 40, makeEnv());
    rebel.updateState([3]);
    expect(pyCopy(rebel.hideFromHarkonnen)).toBe(rebel.makeThrow);
  });
});

describe("copyAttributesSeparately: TleilaxuBot's axolotl", () => {
  it('copies each attribute with a fresh memo: references shared between attributes are not shared', () => {
    const bot = new Holder(1, 40, makeEnv());
    const shared = [1, 2];
    bot.a = shared;
    bot.b = shared;
    const g = copyAttributesSeparately(bot);
    expect(g).toBeInstanceOf(Holder);
    expect(g.a).toEqual(shared);
    expect(g.a).not.toBe(shared);
    expect(g.a).not.toBe(g.b); // CPython: ghola.a is ghola.b → False
    expect(g[ENV]).toBe(bot[ENV]);
  });

  it('binds a self-bound attribute to ANOTHER copy of the original, not to the ghola (CPython)', () => {
    const bot = new Holder(1, 40, makeEnv());
    bot.a = bindMethod(bot, Holder.prototype.bump);
    const g = copyAttributesSeparately(bot);
    const self = boundSelf(g.a);
    expect(self).not.toBe(g);
    expect(self).not.toBe(bot);
    (g.a as () => number)();
    expect(g.counter).toBe(0);
    expect(bot.counter).toBe(0);
  });

  it('falls back to copy.copy, then to the object itself, where deepcopy raises', () => {
    const mod = pyModule({ name: 'random' });
    const bot = new Holder(1, 40, makeEnv());
    const other = new Holder(2, 40, makeEnv());
    bot.a = mod; // deepcopy and copy both raise → the module itself
    bot.b = [other, bot, mod]; // deepcopy raises → shallow list of the same objects
    const g = copyAttributesSeparately(bot);
    expect(g.a).toBe(mod);
    expect(g.b).not.toBe(bot.b);
    expect((g.b as unknown[])[0]).toBe(other);
    expect((g.b as unknown[])[1]).toBe(bot);
  });
});

describe('the cloners on real ports (CPython behaviour of the originals)', () => {
  it("a ghola of a Rebel answers with a copy of the Rebel's own last state", () => {
    // CPython: interrogate → False (the copy behind hide_from_harkonnen has throws [5], index 2).
    const env = makeEnv();
    const rebel = new Rebel(2, 40, env);
    rebel.updateState([5]);
    const t = new TleilaxuBot(5, 40, env);
    t.updateState([2]);
    const g = t.axolotl(rebel);
    expect(g.index).toBe(5);
    expect(t.interrogate(g, [0, 0, 30, 0, 0, 0, 0, 0], false)).toBe(false);
    expect(g.currentThrows).toEqual([2]);
    const behind = boundSelf(g.makeThrow);
    expect(behind).not.toBe(g);
    expect(behind).not.toBe(rebel);
    expect((behind as Rebel).currentThrows).toEqual([5]);
  });

  it('a ghola of a Rebel that never had update_state hits AttributeError → True', () => {
    // CPython: True (own state of the ghola would have said False).
    const env = makeEnv();
    const rebel = new Rebel(2, 40, env);
    const t = new TleilaxuBot(5, 40, env);
    t.updateState([5]);
    const g = t.axolotl(rebel);
    expect(t.interrogate(g, [0, 0, 0, 0, 0, 30, 0, 0], false)).toBe(true);
  });

  it("a ghola of KwisatzHaderach gets its own Random but keeps the original's lambda", () => {
    // CPython: ghola.roller is k.roller → False; ghola.roll is k.roll → True.
    const env = makeEnv();
    const k = new KwisatzHaderach(1, 40, env);
    const t = new TleilaxuBot(5, 40, env);
    const g = t.axolotl(k) as KwisatzHaderach;
    expect(g.roller).not.toBe(k.roller);
    expect(g.roller.getstate()).toEqual(k.roller.getstate());
    expect(g.roll).toBe(k.roll);
    const before = k.roller.getstate();
    g.roll();
    expect(k.roller.getstate()).not.toEqual(before); // the ORIGINAL's roller moved
    expect(g.roller.getstate()).toEqual(before);
  });

  it("a ghola of a NeoBot that has played keeps the controller's random module itself", () => {
    const env = makeEnv();
    const neo = new NeoBot(0, 40, env);
    neo.updateState([3]);
    (neo as DiceBot).makeThrow([0, 0, 0, 0, 0, 0, 0, 0], false).next();
    expect(neo.random).toBe(env.random);
    const t = new TleilaxuBot(5, 40, env);
    const g = t.axolotl(neo) as NeoBot;
    expect(g.random).toBe(env.random); // CPython: ghola.random is random → True
    expect(g.lastState).toEqual(neo.lastState);
    expect(g.lastState).not.toBe(neo.lastState);
  });

  it("a ghola of an undrugging HarkonnenBot drugs copies — or the real bots when a NeoBot's module blocks the deepcopy", () => {
    // CPython: h.bots = [NeoBot with random set, h] → ghola.bots is a shallow copy (the real bots);
    // with a fresh NeoBot the deepcopy succeeds and ghola.bots holds copies.
    const gameBots: (DiceBot | null)[] = [];
    const env = makeEnv(gameBots);
    const neo = new NeoBot(0, 40, env);
    gameBots.push(neo);
    const h = new HarkonnenBot(1, 40, env);
    gameBots.push(h);
    const t = new TleilaxuBot(2, 40, env);
    gameBots.push(t);
    expect(h.bots).toBe(gameBots);

    const g1 = t.axolotl(h) as HarkonnenBot;
    expect(g1.bots![0]).not.toBe(neo);
    expect(g1.bots![1]).not.toBe(h);
    expect(g1.bots![1]).not.toBe(g1);
    g1.makeThrow().next();
    expect(Object.prototype.hasOwnProperty.call(neo, 'makeThrow')).toBe(false);

    neo.updateState([2]);
    (neo as DiceBot).makeThrow([0, 0, 0], false).next(); // NeoBot now holds the module
    const g2 = t.axolotl(h) as HarkonnenBot;
    expect(g2.bots).not.toBe(h.bots);
    expect(g2.bots![0]).toBe(neo);
    expect(g2.bots![1]).toBe(h);
    g2.makeThrow().next(); // drugs the REAL bots with the ghola's elacca, itself excepted
    expect(boundSelf(neo.makeThrow)).toBe(g2);
    expect(boundSelf(h.makeThrow)).toBe(g2);
    expect(boundSelf(t.makeThrow)).toBe(g2);
    expect(g2.bots).toBeNull();
    expect(h.bots).toBe(gameBots);
    const drugged = t.makeThrow([0, 0, 0], false);
    expect([drugged.next().value, drugged.next().value, drugged.next().value]).toEqual([true, true, true]);
  });
});

describe('instance copies keep the shape', () => {
  it('copies enumerable attributes in order, shares symbol-keyed and non-enumerable ones', () => {
    const hook = Symbol('hook');
    class Thing {
      a = [1];
      b = 2;
    }
    const t = new Thing() as Thing & Record<string | symbol, unknown>;
    const shared = { engine: true };
    Object.defineProperty(t, 'hidden', { value: shared, enumerable: false, writable: true });
    t[hook] = shared;
    t['c'] = [3];
    for (const copy of [copyAttributesSeparately(t), pyDeepCopy(t)] as (typeof t)[]) {
      expect(Object.getPrototypeOf(copy)).toBe(Thing.prototype);
      expect(Reflect.ownKeys(copy)).toEqual(['a', 'b', 'hidden', 'c', hook]);
      expect(copy.a).toEqual([1]);
      expect(copy.a).not.toBe(t.a);
      expect(copy['hidden']).toBe(shared);
      expect(Object.getOwnPropertyDescriptor(copy, 'hidden')!.enumerable).toBe(false);
      expect(copy[hook]).toBe(shared);
    }
  });
});

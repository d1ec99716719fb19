import { describe, expect, it } from 'vitest';
import { BULLET, LOAD, METAL, PLASMA, Player, PlayerEnv, THERMAL, type Action } from './player.ts';
import { AWIN, BWIN, DRAW, fight, OUTCOME } from './rules.ts';
import { stdSort } from './stdsort.ts';

/** A scripted player: plays the given actions, then loads. */
function scripted(actions: Action[]) {
  return class extends Player {
    static readonly botName = 'Scripted';
    fight(): Action {
      return actions[this.getTurn()] ?? LOAD;
    }
  };
}
const env = () => new PlayerEnv(1, 1);
const duel = (a: Action[], b: Action[], variant: 'original' | 'fixed' = 'original') => {
  const A = scripted(a);
  const B = scripted(b);
  const pa = new A(1, env());
  const pb = new B(0, env());
  return { status: fight(pa, pb, variant), pa, pb };
};

describe('gun duel rules', () => {
  it('outcome table: bullet beats load and thermal, plasma beats load/bullet/metal, shields block', () => {
    expect(OUTCOME[BULLET]![LOAD]).toBe(AWIN);
    expect(OUTCOME[BULLET]![THERMAL]).toBe(AWIN);
    expect(OUTCOME[BULLET]![METAL]).toBe(DRAW);
    expect(OUTCOME[PLASMA]![METAL]).toBe(AWIN);
    expect(OUTCOME[PLASMA]![BULLET]).toBe(AWIN);
    expect(OUTCOME[PLASMA]![THERMAL]).toBe(DRAW);
    expect(OUTCOME[PLASMA]![PLASMA]).toBe(DRAW);
    for (let a = 0; a < 5; a++) for (let b = 0; b < 5; b++) expect(OUTCOME[a]![b], `${a},${b}`).toBe(OUTCOME[b]![a] === AWIN ? BWIN : OUTCOME[b]![a] === BWIN ? AWIN : DRAW);
  });
  it('a shot after loading kills a loader; plasma costs two', () => {
    expect(duel([LOAD, BULLET], [LOAD, LOAD]).status).toBe(AWIN);
    const r = duel([LOAD, LOAD, PLASMA], [LOAD, METAL, METAL]);
    expect(r.status).toBe(AWIN);
    expect(r.pa.getAmmo()).toBe(0);
    expect(r.pb.getAmmoOpponent()).toBe(0);
  });
  it('firing without ammo explodes the gun (the other side wins; both → draw)', () => {
    expect(duel([BULLET], [LOAD]).status).toBe(BWIN);
    expect(duel([LOAD], [PLASMA]).status).toBe(AWIN);
    expect(duel([BULLET], [BULLET]).status).toBe(DRAW);
    const r = duel([LOAD, PLASMA], [LOAD, METAL]);
    expect(r.status).toBe(BWIN);
    expect(r.pa.getTurn()).toBe(2);
  });
  it('100 turns without a winner is a draw; both players saw every turn', () => {
    const r = duel(new Array(100).fill(METAL), new Array(100).fill(THERMAL));
    expect(r.status).toBe(DRAW);
    expect(r.pa.getTurn()).toBe(100);
    expect(r.pb.getHistoryOpponent()).toHaveLength(100);
  });
  it('perceive runs A first then B, after both acted', () => {
    const order: string[] = [];
    class P extends Player {
      static readonly botName = 'P';
      constructor(id: number, e: PlayerEnv, private readonly tag: string) {
        super(id, e);
      }
      fight(): Action {
        order.push(`${this.tag}.fight`);
        return METAL;
      }
      override perceive(a: Action): void {
        order.push(`${this.tag}.perceive`);
        super.perceive(a);
      }
      override declared(): void {
        order.push(`${this.tag}.declared`);
      }
    }
    fight(new P(1, env(), 'A'), new P(0, env(), 'B'), 'original', 1);
    expect(order).toEqual(['A.fight', 'B.fight', 'A.perceive', 'B.perceive', 'A.declared', 'B.declared']);
  });
  it('variant: out-of-range actions under original and fixed rules', () => {
    // B returns 5 on turn 1 while A loads: original reads OUTCOME row-major (row 0, col 5 = row 1, col 0 = AWIN)
    expect(duel([LOAD, LOAD], [LOAD, 5]).status).toBe(AWIN);
    expect(duel([LOAD, LOAD], [LOAD, 5], 'fixed').status).toBe(AWIN);
    // A metal (row 3), B invalid: original reads row 4, col 0 = DRAW and plays on; fixed ends it: A wins
    const o = duel([METAL, LOAD, BULLET], [5, LOAD, LOAD]);
    const f = duel([METAL, LOAD, BULLET], [5, LOAD, LOAD], 'fixed');
    expect(f.status).toBe(AWIN);
    expect(f.pa.getTurn()).toBe(1);
    expect(o.pa.getTurn()).toBe(3);
    expect(o.status).toBe(AWIN);
    // an invalid action by A: fixed → B wins; original → B's check uses A's bad action too, so both are "invalid": a draw
    expect(duel([5], [LOAD], 'fixed').status).toBe(BWIN);
    expect(duel([5], [LOAD]).status).toBe(DRAW);
  });
});

describe('libstdc++ std::sort', () => {
  it('sorts, and leaves ties in the introsort order (not registration order) for 17 elements', () => {
    const keys = [3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8, 9, 7, 9, 3, 2];
    const idx = keys.map((_, i) => i);
    stdSort(idx, (a, b) => keys[a]! > keys[b]!);
    expect(idx.map((i) => keys[i])).toEqual([...keys].sort((a, b) => b - a));
    const many = Array.from({ length: 500 }, (_, i) => (i * 7919) % 101);
    const copy = [...many];
    stdSort(many, (a, b) => a < b);
    expect(many).toEqual(copy.sort((a, b) => a - b));
  });
});

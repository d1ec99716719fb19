/**
 * The odds maths Christian Sievers' two bots (Rebel, OptFor2X) share — written once here,
 * with the float operations in the originals' order. Not a bot (no default export).
 */
import { at } from '../../engines/core/py/index.ts';

/** p[i] = 1 - Σ_{k=1..4} (k/6) · l[i+k-1], for i in 0..299 (both bots' table from their l). */
export function oddsTable(l: readonly number[]): number[] {
  const m = [1, 2, 3, 4].map((i) => i / 6);
  const p: number[] = [];
  for (let i = 0; i < 300; i++) {
    let s = 0;
    for (let k = 0; k < 4 && i + k < l.length; k++) s += m[k]! * l[i + k]!;
    p.push(1 - s);
  }
  return p;
}

/** `expect(mts, ops)`: the product of p[mts - s] over the opponents' scores (Python indexing). */
export function expectWin(p: readonly number[], mts: number, ops: readonly number[]): number {
  let r = 1;
  for (const s of ops) r *= at(p, mts - s);
  return r;
}

/** `throw_again(mts, ops)`: does one more throw (a non-6, 1..5) improve the expectation? */
export function throwAgain(p: readonly number[], mts: number, ops: readonly number[]): boolean {
  const ps = expectWin(p, mts, ops);
  let pr = 0;
  for (let d = 1; d <= 5; d++) pr += expectWin(p, mts + d, ops);
  return pr / 6 > ps;
}

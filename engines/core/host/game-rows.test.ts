/**
 * forEachGameRow (game-rows.ts): the games iterateGames gives, column for column, in number order
 * (one rules version or all), and their digest lines — also when a column holds a space or a
 * newline (a rules name, a damaged result), whose chunk is read row by row.
 */
import { describe, expect, it } from 'vitest';
import { sampleHosts } from '../../../test/host-fixture.ts';
import { forEachGameRow, seatsInto } from './game-rows.ts';
import { beginTick, iterateGames, recordGames } from './store.ts';

const host = sampleHosts();

function rows(store: Parameters<typeof forEachGameRow>[0], filter: { rules?: string } = {}) {
  const seen: unknown[] = [];
  let text = '';
  forEachGameRow(store, (number, rules, seedKey, seats, result, kind, tick) => seen.push({ number, rules, seedKey, seats: seats.split(',').map(Number), result, kind, tick }), filter, (t) => (text += t));
  return { seen, text };
}

describe('forEachGameRow', () => {
  it('visits what iterateGames gives, and hands over the digest lines', () => {
    const { store, ids } = host();
    const lock = beginTick(store, { pid: 1, machine: 't' });
    recordGames(store, [
      { number: 500, rules: 'my rules', seedKey: 1, seats: [ids.A!, ids.B!], result: 's:1,2', kind: 'field', tick: lock.tick },
      { number: 501, rules: 'original', seedKey: 2, seats: [ids.A!, ids.B!], result: 's:1 field', kind: 'smoke', tick: lock.tick },
      { number: 502, rules: 'original', seedKey: 3, seats: [ids.C!, ids.C!], result: 'x\ny', kind: 'test', tick: lock.tick },
    ]);
    lock.finish();
    for (const filter of [{}, { rules: 'original' }, { rules: 'my rules' }, { rules: 'none' }]) {
      const games = [...iterateGames(store, filter)];
      const { seen, text } = rows(store, filter);
      expect(seen).toEqual(games);
      expect(text).toBe(games.map((g) => `${g.number} ${g.rules} ${g.seedKey} ${g.seats.join(',')} ${g.kind} ${g.result}\n`).join(''));
    }
    expect(rows(store).seen).toHaveLength(144 + 3);
  });

  it('reads seats in place', () => {
    const out: number[] = [9, 9, 9, 9];
    expect(seatsInto('12,7,130', out)).toBe(3);
    expect(out.slice(0, 3)).toEqual([12, 7, 130]);
    expect(seatsInto('5', out)).toBe(1);
    expect(out[0]).toBe(5);
  });
});

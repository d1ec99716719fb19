/** `--format 2026` on few games (audit #22): the bootstrap of 1 game made zero-width intervals and an order "significant at 99%". */
import { describe, expect, it } from 'vitest';
import { resultOf, tallyOfGames, type Format26Game } from './format2026.ts';
import { renderFormat2026 } from './format2026-cli.ts';

describe('koth replay camel-up --format 2026 --games 1', () => {
  it('claims no order and says why: fewer than 10 games', () => {
    const names = ['A', 'B', 'C', 'D', 'E'];
    const game: Format26Game = { seats: [0, 1, 2, 3], order: ['A', 'B', 'C', 'D'], money: [37, 27, 14, 15], winnerSeats: [0], turns: 20 };
    const r = resultOf(names, tallyOfGames(names, [game]), { seed: '2018', exact: false, confidence: 0.99, resamples: 1000 });
    expect(r.bots.filter((b) => b.aboveNext?.significant)).toEqual([]);
    const text = renderFormat2026(r);
    expect(text).not.toMatch(/> \(flips/);
    expect(text).toMatch(/Only 1 game: the intervals mean little and no order is claimed \(fewer than 10\); play more games/);
  });
});

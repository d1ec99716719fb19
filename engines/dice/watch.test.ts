import { describe, expect, it } from 'vitest';
import * as cheerio from 'cheerio';
import { renderWatchPage } from '../core/report/html/watch.ts';
import { diceWatchSteps } from './watch.ts';
import type { DiceTurnEvent } from './rules.ts';

const BOTS = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H'];

/** A synthetic game of `rounds` rounds: everyone gains 1 a round, seat 0 reaches 40 in the last. */
function longGame(rounds: number): DiceTurnEvent[] {
  const scores = BOTS.map(() => 0);
  const out: DiceTurnEvent[] = [];
  for (let r = 0; r < rounds; r++) {
    BOTS.forEach((bot, index) => {
      const throws = [1, 2, 3, 4, 5, 2, 3, 6, 2, 1, 4, 6];
      if (r === rounds - 1 && index === 0) scores[0] = 40;
      else if (r % 3) scores[index]! += 1;
      out.push({ game: 1, index, bot, throws: r % 3 ? [1] : throws, scores: scores.slice(), lastRound: r === rounds - 1 && index > 0 });
    });
  }
  return out;
}

describe('dice watch page', () => {
  it('a 40-round game (320 turns) makes a page under 1 MB with every turn listed', () => {
    const steps = diceWatchSteps(longGame(40), 'fixed');
    expect(steps).toHaveLength(320);
    const html = renderWatchPage({ title: 'dice', game: 'dice', command: 'koth play dice', harnessVersion: '0', intro: [], steps });
    expect(Buffer.byteLength(html)).toBeLessThan(1_000_000);
    expect(cheerio.load(html)('li.step svg')).toHaveLength(320);
  });

  it('says when the last round starts, and under --rules original which seat the bug gave an extra turn', () => {
    // Seat 2 reaches 40 first, seat 5 too in the same pass: the first controller replays seats 0–4.
    const ev = (index: number, scores: number[], lastRound: boolean): DiceTurnEvent => ({ game: 1, index, bot: BOTS[index]!, throws: [5], scores, lastRound });
    const s = [0, 0, 40, 0, 0, 0, 0, 0];
    const events = [
      ev(0, [0, 0, 0, 0, 0, 0, 0, 0], false),
      ev(1, [0, 0, 0, 0, 0, 0, 0, 0], false),
      ev(2, s, false),
      ev(3, s, true),
      ev(4, s, true),
      ev(5, [0, 0, 40, 0, 0, 41, 0, 0], true),
      ev(6, [0, 0, 40, 0, 0, 41, 0, 0], true),
      ev(7, [0, 0, 40, 0, 0, 41, 0, 0], true),
      ...[0, 1, 2, 3, 4].map((i) => ev(i, [0, 0, 40, 0, 0, 41, 0, 0], true)),
    ];
    const steps = diceWatchSteps(events, 'original');
    expect(steps[2]!.lines.join(' ')).toContain('the last round starts');
    expect(steps[2]!.mark).toBe('major');
    expect(steps[5]!.lines.join(' ')).toContain('new initiator');
    const extra = steps.filter((x) => x.lines.some((l) => l.startsWith('Extra turn')));
    expect(extra.map((x) => x.label)).toEqual(['round 2 (last): C stops at 40', 'round 2 (last): D stops at 0', 'round 2 (last): E stops at 0']);
    expect(diceWatchSteps(events.slice(0, 10), 'fixed')[5]!.lines.join(' ')).toContain('ignores it');
  });
});

/**
 * The notation of a hosted game's result (result.ts): every result encodes to one string and reads
 * back equal; no other spelling is read; the largest results of the five games fit the store's
 * 100 bytes; the winners are the top score's or place 1's seats.
 */
import { describe, expect, it } from 'vitest';
import { decodeResult, encodeResult, placesOfScores, ratedGameOf, ResultNotationError, winnersOf, type GameResult } from './result.ts';
import { MAX_RESULT_BYTES } from './store.ts';

describe('host game results', () => {
  const samples: [GameResult, string][] = [
    [{ kind: 'score', scores: [41, 38, 50, 12, 0, 7, 50, 3] }, 's:41,38,50,12,0,7,50,3'],
    [{ kind: 'score', scores: [-3, 2.5, 1e21] }, 's:-3,2.5,1e+21'],
    [{ kind: 'score', scores: [1234] }, 's:1234'],
    [{ kind: 'place', places: [1, 2] }, 'p:1,2'],
    [{ kind: 'place', places: [1, 1] }, 'p:1,1'],
    [{ kind: 'place', places: [2, 1, 2, 4] }, 'p:2,1,2,4'],
    [{ kind: 'place', places: [null, null, null, null] }, 'p:-,-,-,-'],
    [{ kind: 'place', places: [1, null, 2] }, 'p:1,-,2'],
  ];

  it('round-trips: encode gives the canonical string, decode gives the result back', () => {
    for (const [r, text] of samples) {
      expect(encodeResult(r)).toBe(text);
      expect(decodeResult(text)).toEqual(r);
      expect(encodeResult(decodeResult(text))).toBe(text);
    }
    expect(encodeResult({ kind: 'score', scores: [-0, 1] })).toBe('s:0,1');
  });

  it('reads no other spelling of a result', () => {
    for (const bad of ['', 's:', 'x:1,2', 's:01,2', 's:+1', 's:1.0', 's:1,,2', 's:NaN', 's:Infinity', 's:1e3', 'p:0,1', 'p:1,3', 'p:2,2', 'p:1,1,2', 'p:01', 'p:1, 2', 's:-0', ' s:1']) {
      expect(() => decodeResult(bad), bad).toThrow(ResultNotationError);
    }
    expect(() => encodeResult({ kind: 'place', places: [1, 3] })).toThrow(/competition ranking/);
    expect(() => encodeResult({ kind: 'score', scores: [] })).toThrow(/at least one seat/);
    expect(() => encodeResult({ kind: 'score', scores: [Number.NaN] })).toThrow(/finite/);
  });

  it('fits the largest game of the five in 100 bytes, and refuses a longer one', () => {
    // Seats a game: ruins 10 (engines/ruins: tables of 10), dice 8, camel-up 4, gun-duel 2, atomas 1.
    const ruins = encodeResult({ kind: 'score', scores: Array.from({ length: 10 }, (_, i) => -9_999_999 + i) });
    expect(Buffer.byteLength(ruins)).toBeLessThanOrEqual(MAX_RESULT_BYTES);
    expect(encodeResult({ kind: 'place', places: Array.from({ length: 10 }, (_, i) => i + 1) }).length).toBeLessThanOrEqual(MAX_RESULT_BYTES);
    expect(() => encodeResult({ kind: 'score', scores: Array.from({ length: 12 }, () => -123_456_789) })).toThrow(/at most 100/);
    expect(() => decodeResult(`s:${'1,'.repeat(60)}1`)).toThrow(/longer than 100/);
  });

  it('the winners: top score (ties share), place 1, none when no seat has a place', () => {
    expect(winnersOf(decodeResult('s:41,38,50,12,0,7,50,3'))).toEqual([2, 6]);
    expect(winnersOf(decodeResult('p:2,1,2,4'))).toEqual([1]);
    expect(winnersOf(decodeResult('p:1,1'))).toEqual([0, 1]);
    expect(winnersOf(decodeResult('p:-,-,-,-'))).toEqual([]);
    expect(placesOfScores([41, 38, 50, 50])).toEqual([3, 4, 1, 1]);
    expect(ratedGameOf(['a', 'b', 'c'], decodeResult('s:1,3,3'))).toEqual({ participants: ['a', 'b', 'c'], winners: [1, 2] });
    expect(() => ratedGameOf(['a', 'b'], decodeResult('s:1,3,3'))).toThrow(/3 seats for a game of 2/);
  });
});

import { describe, expect, it } from 'vitest';
import { answerOutput } from './answer-output.ts';

describe('answerOutput: what sandboxed answers printed, shown with a bound per answer', () => {
  it('shows each answer line as [answer] Name: text, at most perAnswer lines of each answer, then one line', () => {
    const out: string[] = [];
    const show = answerOutput({ perAnswer: 2, write: (l) => out.push(l) });
    show(['A: 1', 'B: 1', 'A: 2']);
    show(['A: 3', 'A: 4', 'B: 2', 'B: 3']);
    expect(out).toEqual([
      '[answer] A: 1',
      '[answer] B: 1',
      '[answer] A: 2',
      '[answer] A: (more output left out: a run shows at most 2 lines of each answer)',
      '[answer] B: 2',
      '[answer] B: (more output left out: a run shows at most 2 lines of each answer)',
    ]);
  });
  it('escapes what would reach the terminal raw (an answer printing escape sequences)', () => {
    const out: string[] = [];
    answerOutput({ write: (l) => out.push(l) })(['A: \u001b[2Jgone']);
    expect(out[0]).not.toContain('\u001b');
    expect(out[0]).toMatch(/^\[answer\] A: .*gone$/);
  });
});

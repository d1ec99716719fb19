/**
 * draftBot (Python 2, question 95889): for a normal atom or a +, tries every gap and scores
 * the ring it would make: 100 + the greatest sum of an odd palindrome (3 atoms or more) that
 * holds the played + (the + counts 0), if there is one, else the length of the longest even
 * palindrome; the board's own + count as 0, and no palindrome may contain a 0. It plays the
 * best gap, the LAST one among equals (max over (score, gap) tuples). Clone and black +: atom
 * 0. −: atom 0, y or n at random (randint(0, 1) from the engine's generator).
 *
 * The original enumerates the slices b[j:i+1] of every rotation of the ring (n + 1 rotations);
 * together they are exactly the ring's contiguous segments of length 2..n, and only the best
 * length (even) and the best sum (odd, with the +) matter, so the port grows every palindrome
 * from its centre instead (n² steps, not n⁴). Decisions are checked against the original's on recorded states (traces).
 */
import type { AtomasBot, AtomasEnv } from '../../engines/atomas/rules.ts';
import type { Provenance } from '../provenance.ts';

export const provenance: Provenance = {
  challenge: 'atomas',
  bot: 'draftBot',
  questionId: 95889,
  source: 'question 95889, answer "Python, draftBot, Score = 889" (copy of the question page, project shared seed 002)',
  sha256: '58d94987c47c1e708ed300972b124c1ccc3e64df559e5a4548c1c781f77cf748',
  notes:
    'sha256 of the code block as the page copy holds it (one trailing newline). Its answer reports that the posted controller crashes once the score passes 1500 and fuses wrongly in some cases. The log file it writes (f.log) is not kept.',
};

/** A ring cell: a number (a board atom, or 0 for a board + or anything int() rejects), or the played '+'. */
type Cell = number | string;

/** Python int(x) for the board's tokens, 0 when it raises. */
function intOr0(x: string): number {
  return /^\s*[+-]?\d+\s*$/.test(x) ? Number(x) : 0;
}

/** p(a, board, j): the value of playing atom `a` in gap j. */
export function gapValue(a: string, board: readonly string[], j: number): number {
  const v: Cell[] = board.map(intOr0);
  const atom: Cell = /^\s*[+-]?\d+\s*$/.test(a) ? Number(a) : a;
  v.splice(Math.min(j + 1, v.length), 0, atom);
  const n = v.length;
  const num = (x: Cell) => (typeof x === 'number' ? x : 0);
  let bestEven = 0;
  let bestOdd = -1;
  // Every palindrome of the ring grows from its centre: expand each one until a mismatch or a 0.
  for (let c = 0; c < n; c++) {
    if (v[c] !== 0) {
      let sum = num(v[c]!);
      let plus = v[c] === '+';
      for (let k = 1; 2 * k + 1 <= n; k++) {
        const l = v[(c - k + n) % n]!;
        if (l !== v[(c + k) % n] || l === 0) break;
        sum += 2 * num(l);
        plus ||= l === '+';
        if (plus && sum > bestOdd) bestOdd = sum;
      }
    }
    for (let k = 0; 2 * k + 2 <= n; k++) {
      const l = v[(c - k + n) % n]!;
      if (l !== v[(c + 1 + k) % n] || l === 0) break;
      if (2 * k + 2 > bestEven) bestEven = 2 * k + 2;
    }
  }
  return bestOdd >= 0 ? 100 + bestOdd : bestEven;
}

const draftBot: AtomasBot = {
  name: 'draftBot',
  move(input: string, { random }: AtomasEnv): string {
    const [a = '', rest = ''] = input.split('/');
    const b = rest.split(' ');
    if (a === 'C' || a === 'B') return '0\n';
    if (a === '-') return random.randint(0, 1) === 1 ? '0 y\n' : '0 n\n';
    let best = -Infinity;
    let bestJ = 0;
    for (let j = 0; j < b.length; j++) {
      const q = gapValue(a, b, j);
      if (q >= best) {
        best = q;
        bestJ = j;
      }
    }
    return `${bestJ}\n`;
  },
};

export default draftBot;

/**
 * BadPlayer (Python 2, question 95889): finds the longest run of equal neighbours (a
 * "chain") and plays + and black + on it, other atoms away from it. Python 2 kept on purpose:
 * `len(b) / 2` is integer division; `sorted(..., key=len/2)[-1]` keeps the LAST of the longest;
 * list indexing wraps for negative indices while walking a chain; a randint over an empty
 * range raises ValueError (caught where the original caught it, otherwise the program dies
 * and prints nothing — the controller then reads an empty line).
 */
import type { AtomasBot, AtomasEnv } from '../../engines/atomas/rules.ts';
import type { PyRandom } from '../../engines/core/rng/python-random.ts';
import { pyIndexOf } from '../../engines/core/py/builtins.ts';
import type { Provenance } from '../provenance.ts';

export const provenance: Provenance = {
  challenge: 'atomas',
  bot: 'BadPlayer',
  questionId: 95889,
  source: 'question 95889, answer "Python, BadPlayer, Score = 21,45" (copy of the question page, project shared seed 002)',
  sha256: 'f56cfde4562123f5c707507d90def79271895374347f5b9fab7a1763eba675eb',
  notes: 'sha256 of the code block as the page copy holds it (one trailing newline). Its answer says it "often made the controller crash".',
};

class IndexError extends Error {}

/** Python list indexing: negative indices from the end, IndexError past either end. */
function get(xs: string[], i: number): string {
  const j = pyIndexOf(xs.length, i);
  if (j === undefined) throw new IndexError();
  return xs[j]!;
}

function del(xs: string[], i: number): void {
  const j = pyIndexOf(xs.length, i);
  if (j === undefined) throw new IndexError();
  xs.splice(j, 1);
}

/** get_chain: grows a palindrome of equal pairs outward from base, base+1. */
function getChain(board0: readonly string[], base: number): string[] {
  let chain: string[] = [];
  const board = [...board0];
  try {
    while (get(board, base) === get(board, base + 1)) {
      chain = [get(board, base), ...chain, get(board, base + 1)];
      del(board, base);
      del(board, base);
      base -= 1;
    }
  } catch (e) {
    if (!(e instanceof IndexError)) throw e;
  }
  return chain;
}

/** biggest_chain: the last of the chains with the greatest len / 2 (stable sort, [-1]). */
function biggestChain(board: readonly string[]): [number, string[]] {
  let best: [number, string[]] | undefined;
  for (let i = 0; i < board.length - 1; i++) {
    const c = getChain(board, i);
    if (!best || Math.floor(c.length / 2) >= Math.floor(best[1].length / 2)) best = [i, c];
  }
  if (!best) throw new IndexError(); // sorted([])[-1]: the program dies
  return best;
}

/** random.randint that may raise ValueError on an empty range (before drawing). */
function randint(random: PyRandom, a: number, b: number): number {
  return random.randint(a, b);
}

function notInChain(board: string[], random: PyRandom): string {
  const [a, b] = biggestChain(board);
  const half = Math.floor(b.length / 2);
  if (b.length === 0) return `${randint(random, 0, board.length - 1)}\n`;
  if (randint(random, 0, 1) === 0) return `${randint(random, a + half, board.length - 1)}\n`;
  try {
    return `${randint(random, 0, a - half - 1)}\n`;
  } catch {
    return `${randint(random, a + half, board.length - 1)}\n`;
  }
}

function play(input: string, random: PyRandom): string {
  const [current = '', boardText = ''] = input.split('/');
  const board = boardText.split(' ');
  if ('+B'.includes(current)) {
    // `current_atom in "+B"` is a substring test.
    const [a, b] = biggestChain(board);
    return b.length === 0 ? '0\n' : `${a}\n`;
  }
  if (current === 'C') return notInChain(board, random);
  if (current === '-') {
    const [a, b] = biggestChain(board);
    const half = Math.floor(b.length / 2);
    if (b.length === 0) return `${randint(random, 0, board.length - 1)} n\n`;
    if (randint(random, 0, 1) === 0) return `${randint(random, a + half, board.length - 1)} n\n`;
    try {
      return `${randint(random, 0, a - half - 1)} n\n`;
    } catch {
      return `${randint(random, 0, board.length - 1)} n\n`;
    }
  }
  return notInChain(board, random);
}

const BadPlayer: AtomasBot = {
  name: 'BadPlayer',
  move(input: string, { random }: AtomasEnv): string {
    try {
      return play(input, random);
    } catch (e) {
      // An uncaught exception: the Python program died before printing.
      if (e instanceof IndexError || e instanceof RangeError) return '';
      throw e;
    }
  },
};

export default BadPlayer;

/**
 * RandomBot (Python 2, question 95889): a random gap or atom; for a − also a random y/n.
 * Its draws come from the engine's generator in Python 2.7's algorithms, in the original's
 * order (for a −: the y/n first, then the atom).
 */
import type { AtomasBot, AtomasEnv } from '../../engines/atomas/rules.ts';
import type { Provenance } from '../provenance.ts';

export const provenance: Provenance = {
  challenge: 'atomas',
  bot: 'RandomBot',
  questionId: 95889,
  source: 'question 95889, answer "Python, RandomBot, Score = 7,95" (copy of the question page, project shared seed 002)',
  sha256: '2f12d2549558f66c57420c1c64bd8e592d15e0d02d2e35cc3bf7c85e26ec9365',
  notes: 'sha256 of the code block as the page copy holds it (one trailing newline); a fresh scrape may differ in whitespace.',
};

const RandomBot: AtomasBot = {
  name: 'RandomBot',
  move(input: string, { random }: AtomasEnv): string {
    const [current, boardText = ''] = input.split('/');
    const board = boardText.split(' ');
    if (current !== '-') return `${random.randint(0, board.length - 1)}\n`;
    const choice = random.randint(0, 1) === 1 ? ' y' : ' n';
    return `${random.randint(0, board.length - 1)}${choice}\n`;
  },
};

export default RandomBot;

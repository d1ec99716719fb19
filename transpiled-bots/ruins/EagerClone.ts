import type { AdventurerClass } from '../../engines/ruins/adventurer.ts';
import type { Provenance } from '../provenance.ts';
import EagerThief from './EagerThief.ts';

/**
 * EagerClone0–5: the test module builds six subclasses of EagerThief in a loop
 * (`type(f"EagerClone{i}", (EagerThief,), {})`); so does this file.
 */
export const eagerClones: AdventurerClass[] = Array.from({ length: 6 }, (_, i) => {
  const name = `EagerClone${i}`;
  return { [name]: class extends EagerThief { static override readonly botName: string = name } }[name]!;
});

export const provenance: Provenance[] = eagerClones.map((c) => ({
  challenge: 'ruins',
  bot: c.botName,
  questionId: 183127,
  author: 'Beefster09 (driver test bot)',
  source: 'ruins.py driver, test_bots/test_bots.py in GitHub Beefster09/pcg-general at f83740b (HEAD, 2019-04-22)',
  sourceDate: '2019-04-22',
  notes: 'A subclass of EagerThief with another name.',
}));

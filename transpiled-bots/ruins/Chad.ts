import { Adventurer } from '../../engines/ruins/adventurer.ts';
import type { Provenance } from '../provenance.ts';

export const provenance: Provenance = {
  challenge: 'ruins',
  bot: 'Chad',
  questionId: 183127,
  author: 'Beefster09 (driver test bot)',
  source: 'ruins.py driver, test_bots/test_bots.py in GitHub Beefster09/pcg-general at f83740b (HEAD, 2019-04-22)',
  sourceDate: '2019-04-22',
};

/** Always goes deeper, until exhaustion. */
export default class Chad extends Adventurer {
  static readonly botName: string = 'Chad';

  override getAction(): unknown {
    return 'next';
  }
}

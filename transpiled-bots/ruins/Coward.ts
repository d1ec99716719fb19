import { Adventurer } from '../../engines/ruins/adventurer.ts';
import type { Provenance } from '../provenance.ts';

export const provenance: Provenance = {
  challenge: 'ruins',
  bot: 'Coward',
  questionId: 183127,
  author: 'Beefster09 (driver test bot)',
  source: 'ruins.py driver, test_bots/test_bots.py in GitHub Beefster09/pcg-general at f83740b (HEAD, 2019-04-22)',
  sourceDate: '2019-04-22',
};

/** Leaves at once. */
export default class Coward extends Adventurer {
  static readonly botName: string = 'Coward';

  override getAction(): unknown {
    return 'previous';
  }
}

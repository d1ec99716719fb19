import { Adventurer } from '../../engines/ruins/adventurer.ts';
import type { Provenance } from '../provenance.ts';

export const provenance: Provenance = {
  challenge: 'ruins',
  bot: 'MischievousKid',
  questionId: 183127,
  author: 'Beefster09 (driver test bot)',
  source: 'ruins.py driver, test_bots/test_bots.py in GitHub Beefster09/pcg-general at f83740b (HEAD, 2019-04-22)',
  sourceDate: '2019-04-22',
};

/** Bids with strings (['take', '5', '1']), which the driver accepts as numbers. */
export default class MischievousKid extends Adventurer {
  static readonly botName: string = 'MischievousKid';

  override getAction(): unknown {
    return ['take', '5', '1'];
  }
}

import { Adventurer } from '../../engines/ruins/adventurer.ts';
import type { Provenance } from '../provenance.ts';

export const provenance: Provenance = {
  challenge: 'ruins',
  bot: 'EmoKid',
  questionId: 183127,
  author: 'Beefster09 (driver test bot)',
  source: 'ruins.py driver, test_bots/test_bots.py in GitHub Beefster09/pcg-general at f83740b (HEAD, 2019-04-22)',
  sourceDate: '2019-04-22',
};

/** Drops its first treasure, always — with none, it dies. */
export default class EmoKid extends Adventurer {
  static readonly botName: string = 'EmoKid';

  override getAction(): unknown {
    return ['drop', 0];
  }
}

import { Adventurer } from '../../engines/ruins/adventurer.ts';
import type { Provenance } from '../provenance.ts';

export const provenance: Provenance = {
  challenge: 'ruins',
  bot: 'EmoKid',
  questionId: 183101,
  author: 'Beefster09 (driver test bot)',
  source: 'GitHub Beefster09/pcg-general, test_bots/test_bots.py at f83740b30628f26ce39d34ef1224e51fb6f7a877 (HEAD, 2019-04-22; the file last changed in 254d63f, 2019-04-12)',
  sourceDate: '2019-04-22',
};

/** Drops its first treasure, always — with none, it dies. */
export default class EmoKid extends Adventurer {
  static readonly botName: string = 'EmoKid';

  override getAction(): unknown {
    return ['drop', 0];
  }
}

import { Adventurer, type RoomState } from '../../engines/ruins/adventurer.ts';
import type { Provenance } from '../provenance.ts';

export const provenance: Provenance = {
  challenge: 'ruins',
  bot: 'GreedyBastard',
  questionId: 183101,
  author: 'Beefster09 (driver test bot)',
  source: 'GitHub Beefster09/pcg-general, test_bots/test_bots.py at f83740b30628f26ce39d34ef1224e51fb6f7a877 (HEAD, 2019-04-22; the file last changed in 254d63f, 2019-04-12)',
  sourceDate: '2019-04-22',
};

/** Takes the first treasure whenever there is one (weight + 5), else goes deeper — never turns back. */
export default class GreedyBastard extends Adventurer {
  static readonly botName: string = 'GreedyBastard';

  override getAction(state: RoomState): unknown {
    if (state.treasures.length) return ['take', 0, state.treasures[0]!.weight + 5];
    return 'next';
  }
}

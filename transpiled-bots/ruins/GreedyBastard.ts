import { Adventurer, type RoomState } from '../../engines/ruins/adventurer.ts';
import type { Provenance } from '../provenance.ts';

export const provenance: Provenance = {
  challenge: 'ruins',
  bot: 'GreedyBastard',
  questionId: 183127,
  author: 'Beefster09 (driver test bot)',
  source: 'ruins.py driver, test_bots/test_bots.py in GitHub Beefster09/pcg-general at f83740b (HEAD, 2019-04-22)',
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

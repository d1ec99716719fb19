import { Adventurer, type RoomState } from '../../engines/ruins/adventurer.ts';
import type { Provenance } from '../provenance.ts';

export const provenance: Provenance = {
  challenge: 'ruins',
  bot: 'EagerThief',
  questionId: 183101,
  author: 'Beefster09 (driver test bot)',
  source: 'GitHub Beefster09/pcg-general, test_bots/test_bots.py at f83740b30628f26ce39d34ef1224e51fb6f7a877 (HEAD, 2019-04-22; the file last changed in 254d63f, 2019-04-12)',
  sourceDate: '2019-04-22',
};

/** Takes the first treasure of every room (bidding a little over its weight when others are around) and turns back in time. */
export default class EagerThief extends Adventurer {
  static readonly botName: string = 'EagerThief';

  override getAction(state: RoomState): unknown {
    const moveCost = 10 + Math.ceil(state.carryWeight / 5);
    if (Math.floor(state.stamina / moveCost) <= state.room + 1) return 'previous';
    if (state.treasures.length && state.carryWeight + state.treasures[0]!.weight < 50) {
      return ['take', 0, state.treasures[0]!.weight + this.random.randrange(state.players.length * 2 + 1)];
    }
    return 'next';
  }
}

import { Adventurer, type RoomState } from '../../engines/ruins/adventurer.ts';
import type { Provenance } from '../provenance.ts';

export const provenance: Provenance = {
  challenge: 'ruins',
  bot: 'Drunkard',
  questionId: 183101,
  author: 'Beefster09 (the driver)',
  source: 'GitHub Beefster09/pcg-general, ruins.py (class Drunkard) at f83740b30628f26ce39d34ef1224e51fb6f7a877 (HEAD, 2019-04-22)',
  sourceDate: '2019-04-22',
  notes: 'The driver\'s fill-in adventurer (not an answer).',
};

/** Wanders at random, takes (and sometimes drops) random treasures, and heads back when its stamina runs low. */
export default class Drunkard extends Adventurer {
  static readonly botName: string = 'Drunkard';

  override getAction(state: RoomState): unknown {
    const moveCost = 10 + Math.ceil(state.carryWeight / 5);
    if (Math.floor(state.stamina / moveCost) <= state.room + 1) return 'previous';
    const options = ['next'];
    if (state.room > 1) options.push('previous');
    if (state.treasures.length) options.push('take', 'take', 'take', 'take', 'take');
    const action = this.random.choice(options);
    if (action === 'take') {
      const which = this.random.randrange(state.treasures.length);
      const t = state.treasures[which]!;
      if (t.weight + state.carryWeight > 50) return ['drop', this.random.randrange(state.inventory.length)];
      return ['take', which, t.weight + (state.players.length ? this.random.randrange(5) : 0)];
    }
    return action;
  }
}

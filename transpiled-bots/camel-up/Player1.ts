/**
 * Player1 (camelup.py's own example player): with the least money (ties included) it bets on
 * a random round winner; otherwise it places (or moves) a trap of random kind on a random
 * square 1–10: random() for the kind first, then randint for the square.
 */
import type { CamelPlayer } from '../../engines/camel-up/rules.ts';
import type { Provenance } from '../provenance.ts';

export const provenance: Provenance = {
  challenge: 'camel-up',
  bot: 'Player1',
  questionId: 167101,
  source: 'GitHub trbarron/Camel_Up_Cup_2K18 players.py @ 46f6797 (2018-06-20; unchanged since 2ec4082)',
  sourceDate: '2018-06-20',
  sha256: 'be2feb25a0febbf7595be24784b2d60fcab857ff6506a9a20570851615c105de',
  notes: 'sha256 of the whole players.py (the three example players share it).',
};

const Player1: CamelPlayer = {
  name: 'Player1',
  move(player, g, { random }) {
    if (Math.min(...g.player_money_values) === g.player_money_values[player]) return [2, random.randint(0, g.camels.length - 1)];
    const kind = Math.floor(2 * random.random()) * 2 - 1;
    return [1, kind, random.randint(1, 10)];
  },
};

export default Player1;

/** Player2 (camelup.py's own example player): always bets on a random round winner. */
import type { CamelPlayer } from '../../engines/camel-up/rules.ts';
import type { Provenance } from '../provenance.ts';

export const provenance: Provenance = {
  challenge: 'camel-up',
  bot: 'Player2',
  questionId: 167101,
  source: 'GitHub trbarron/Camel_Up_Cup_2K18 players.py @ 46f6797 (2018-06-20; unchanged since 2ec4082)',
  sourceDate: '2018-06-20',
  sha256: 'be2feb25a0febbf7595be24784b2d60fcab857ff6506a9a20570851615c105de',
  notes: 'sha256 of the whole players.py (the three example players share it).',
};

const Player2: CamelPlayer = {
  name: 'Player2',
  move: (_player, g, { random }) => [2, random.randint(0, g.camels.length - 1)],
};

export default Player2;

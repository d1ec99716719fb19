/** Player0 (camelup.py's own example player): always moves a camel. */
import type { CamelPlayer } from '../../engines/camel-up/rules.ts';
import type { Provenance } from '../provenance.ts';

export const provenance: Provenance = {
  challenge: 'camel-up',
  bot: 'Player0',
  questionId: 167101,
  source: 'GitHub trbarron/Camel_Up_Cup_2K18 players.py @ 46f6797 (2018-06-20; unchanged since 2ec4082)',
  sourceDate: '2018-06-20',
  sha256: 'be2feb25a0febbf7595be24784b2d60fcab857ff6506a9a20570851615c105de',
  notes: 'sha256 of the whole players.py (the three example players share it); the question posted them as an answer too.',
};

const Player0: CamelPlayer = {
  name: 'Player0',
  move: () => [0],
};

export default Player0;

import { Player, type Action } from '../../engines/gun-duel/player.ts';
import { fromRepo } from './source.ts';

export const provenance = fromRepo('CBetaPlayer', '9b734b5b2f3c91e7d2aff6ebe8bfd72dadfcee2b3cd4f55b4d013e295900cfb7', {
  author: 'George V. Williams',
  answerId: 105154,
  notes: 'Mixed strategy from a probability table; its uniform doubles come from its own static minstd_rand0 (PlayerEnv.realEngine).',
});

const MAX_AMMO = 5;
// PROBS[myAmmo][oppAmmo] = probabilities of load, bullet, plasma, metal, thermal (data).
const PROBS: readonly (readonly (readonly number[])[])[] = [
  [[1, 0, 0, 0, 0], [0.58359, 0, 0, 0.41641, 0], [0.28835, 0, 0, 0.50247, 0.20918], [0.17984, 0, 0, 0.54611, 0.27405], [0.12707, 0, 0, 0.56275, 0.31018]],
  [[0.7377, 0.2623, 0, 0, 0], [0.28907, 0.21569, 0, 0.49524, 0], [0.0461, 0.06632, 0, 0.53336, 0.35422], [0.06464, 0.05069, 0, 0.43704, 0.44763], [0.02215, 0.038, 0, 0.33631, 0.60354]],
  [[0.47406, 0.37135, 0.1546, 0, 0], [0.1862, 0.24577, 0.15519, 0.41284, 0], [0, 0.28343, 0.35828, 0, 0.35828], [0, 0.20234, 0.31224, 0, 0.48542], [0, 0.12953, 0.26546, 0, 0.605]],
  [[0.33075, 0.44563, 0.22362, 0, 0], [0.17867, 0.20071, 0.20071, 0.41991, 0], [0, 0.30849, 0.43234, 0, 0.25916], [0, 0.21836, 0.39082, 0, 0.39082], [0, 0.14328, 0.33659, 0, 0.52013]],
  [[0.24032, 0.48974, 0.26994, 0, 0], [0.14807, 0.15668, 0.27756, 0.41769, 0], [0, 0.26804, 0.53575, 0, 0.19621], [0, 0.22106, 0.48124, 0, 0.2977], [0, 0.15411, 0.42294, 0, 0.42294]],
];

export default class CBetaPlayer extends Player {
  static readonly botName = 'CBetaPlayer';
  fight(): Action {
    let my = this.getAmmo();
    let opp = this.getAmmoOpponent();
    while (my >= MAX_AMMO || opp >= MAX_AMMO) {
      my--;
      opp--;
    }
    if (my < 0) my = 0;
    if (opp < 0) opp = 0;
    for (;;) {
      // a draw of exactly 0 leaves the move undecided: the original then calls fight() again
      let cdf = this.env.realEngine.uniformReal(0, 1);
      let move = -1;
      while (cdf > 0 && move < 4) cdf -= PROBS[my]![opp]![++move]!;
      if (move >= 0) return move;
    }
  }
}

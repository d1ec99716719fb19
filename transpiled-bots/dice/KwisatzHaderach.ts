import { DiceBot } from '../../engines/dice/bot.ts';
import { max, sum } from '../../engines/core/py/index.ts';
import { PyRandom } from '../../engines/core/rng/python-random.ts';
import type { Provenance } from '../provenance.ts';

export const provenance: Provenance = {
  challenge: 'dice',
  bot: 'KwisatzHaderach',
  questionId: 177765,
  author: 'Dani O',
  source: '2019-01-07 scrape of all answers: public GitHub file headed Bots downloaded from https://codegolf.stackexchange.com/questions/177765 @ 2019-01-07 16:55:45 (fixtures/dice/goldens/README.md)',
  sourceDate: '2019-01-07',
  sha256: 'b502f76591e6f2359eb3d9782b7e1584704b09e703fa13eb8d22fbe259fb01d0',
  notes:
    'Rule-bender: copies the global generator state into its own Random (wormsign) to foresee the next 6. ' +
    'The original built that Random from OS entropy; here it is PyRandom(0), which only matters where the original was not reproducible either ' +
    '(a TleilaxuBot ghola of it keeps using the original instance\'s roller).',
};

/** Foresees how many throws remain before a 6 and throws exactly that many times. */
export default class KwisatzHaderach extends DiceBot {
  static readonly botName: string = 'KwisatzHaderach';
  roller = new PyRandom(0);
  /** Python lambda closing over the original instance (a deep copy keeps calling this roller). */
  roll = (): number => this.roller.randint(1, 6);
  ShaiHulud = 6;

  wormsign(): number {
    this.roller.setstate(this.env.random.getstate());
    for (let i = 0; ; i++) if (this.roll() === this.ShaiHulud) return i;
  }

  override *makeThrow(scores: number[], lastRound: boolean): Generator<unknown, unknown, undefined> {
    const target = lastRound ? max(scores) : this.endScore;
    for (;;) {
      const n = this.wormsign();
      for (let k = 0; k < n; k++) yield true;
      if (sum(this.currentThrows) > target + this.env.random.randint(1, 6)) yield false;
    }
  }
}

import { DiceBot } from '../../engines/dice/bot.ts';
import { PythonError } from '../../engines/core/py/index.ts';
import { pyModule } from '../../engines/core/py/index.ts';
import type { PyRandom } from '../../engines/core/rng/python-random.ts';
import type { Provenance } from '../provenance.ts';

export const provenance: Provenance = {
  challenge: 'dice',
  bot: 'NeoBot',
  questionId: 177765,
  author: 'Mostly Harmless',
  source: '2019-01-07 scrape of all answers: public GitHub file headed Bots downloaded from https://codegolf.stackexchange.com/questions/177765 @ 2019-01-07 16:55:45 (fixtures/dice/goldens/README.md)',
  sourceDate: '2019-01-07',
  sha256: 'c9bc6205d6ca54949053585913d1cacac766fbe2578f74721c677fb5295102d7',
  notes:
    "Rule-bender: reads the controller's global generator (inspect.stack()[1][0].f_globals['random'] → env.random) and predicts the next die " +
    'from getstate() by tempering the stored words itself; it ignores the twist, so its prediction fails once the position wraps, as in the original. ' +
    "Its self.random is the random MODULE, which copy.deepcopy cannot copy: a TleilaxuBot ghola keeps the same module, and deep-copying a list that " +
    'holds such a NeoBot fails (pyModule in engines/dice/deepcopy.ts).',
};

/** Predicts the next die from the generator's state and throws unless it will be a 6. */
export default class NeoBot extends DiceBot {
  static readonly botName: string = 'NeoBot';
  /** Python `self.random`: the controller's `random` MODULE (a deepcopy of it fails, see pyModule). */
  random: PyRandom | null = null;
  lastScores: number[] | null = null;
  lastState: number[] | null = null;

  override *makeThrow(scores: number[]): Generator<unknown, unknown, undefined> {
    for (;;) {
      if (this.random === null) this.random = pyModule(this.env.random);
      const tscores = [...scores.slice(0, this.index), ...scores.slice(this.index + 1)];
      if (!sameList(this.lastScores, tscores)) {
        this.lastState = null;
        this.lastScores = tscores;
      }
      const future = this.predictnextRandint(this.random);
      yield future !== 6;
    }
  }

  /** MT19937 tempering of one stored word (genrand_int32 without the twist). */
  genrandInt32(base: number): number {
    base = (base ^ (base >>> 11)) >>> 0;
    base = (base ^ ((base << 7) & 0x9d2c5680)) >>> 0;
    base = (base ^ ((base << 15) & 0xefc60000)) >>> 0;
    return (base ^ (base >>> 18)) >>> 0;
  }

  predictnextRandint(cls: PyRandom): number {
    if (this.lastState === null) this.lastState = cls.getstate().internal.slice();
    const state = this.lastState;
    let ind = state[state.length - 1]!;
    const width = 6;
    let res = width + 1;
    while (res >= width) {
      if (ind >= state.length) throw new PythonError('IndexError', 'list index out of range');
      const y = state[ind]!;
      const r = this.genrandInt32(y);
      res = r >>> 29;
      ind += 1;
      state[state.length - 1] = (state[state.length - 1]! + 1) % state.length;
    }
    return 1 + res;
  }
}

function sameList(a: readonly number[] | null, b: readonly number[]): boolean {
  return a !== null && a.length === b.length && a.every((v, i) => v === b[i]);
}

import { DiceBot, fastPath, memorylessFastPath } from '../../engines/dice/bot.ts';
import { sum } from '../../engines/core/py/index.ts';
import type { Provenance } from '../provenance.ts';

export const provenance: Provenance = {
  challenge: 'dice',
  bot: 'BrainBot',
  questionId: 177765,
  author: 'ploosu2',
  source: '2019-01-07 scrape of all answers: public GitHub file headed Bots downloaded from https://codegolf.stackexchange.com/questions/177765 @ 2019-01-07 16:55:45 (fixtures/dice/goldens/README.md)',
  sourceDate: '2019-01-07',
  sha256: 'baadf179c533d5a2b214866eda01bb522dd92ff818a7d374859e1881ceebea14',
  notes:
    'numpy replaced by plain float64 arithmetic: each neuron sums weight*input left to right, then 1/(1+exp(-x)). ' +
    'The original appends -1 after EVERY layer (its layer counter wI never changes), so the output is argmax of [a, b, -1]. ' +
    'Against numpy 2.4 (OpenBLAS dgemv with FMA, AVX-512 exp) a and b differ by a few ulps on about a third of the inputs, ' +
    'but never the decision: over every integer input (best other 0-300, own 0-300, turn 0-600, each /40) a and b are at least 3e-8 apart.',
};

/** The network's weights (the bot's constant table): 8 hidden neurons over 4 inputs, 2 outputs over 8 + bias. */
const BRAIN: readonly (readonly (readonly number[])[])[] = [
  [
    [-0.1255, 0.338, 0.5265, -0.2728],
    [-0.2064, -1.9173, 0.1845, -0.2536],
    [-0.6737, -0.1334, -0.7055, 0.0797],
    [-0.6055, -0.0126, 0.9261, -0.603],
    [0.447, -0.5381, -1.7416, 0.0596],
    [0.1649, -0.6795, -1.1039, -0.0138],
    [-0.2782, -0.2005, -1.2967, -0.8073],
    [0.2329, -0.5591, 1.6192, -0.218],
  ],
  [
    [0.7411, 0.3139, 0.435, 1.002, -0.3148, -0.7791, -0.6532, -0.4672, -0.4655],
    [0.1982, 0.3713, 0.0426, -0.9227, 1.6118, 0.9431, 0.5612, 0.1208, 0.1115],
  ],
];

/** Scratch vectors for decide (wider than any layer of BRAIN plus its -1). */
const BUF_A = new Float64Array(16);
const BUF_B = new Float64Array(16);
/** decide's input vector, filled before each call. */
const INPUT = new Float64Array(4);
/** The fast path's answers outside the last round by (best other score, own score, turn sum), each < 64. */
const MEMO = new Uint8Array(1 << 18);

/** A tiny neural network on (best other score, own score, turn total, last round), each /40; in the last round, beat the best other score. */
export default class BrainBot extends DiceBot {
  static readonly botName: string = 'BrainBot';
  brain = BRAIN;

  decide(input: ArrayLike<number>): number {
    // Layer by layer through two scratch buffers (no allocation per decision); each layer's
    // output gets the extra -1 entry, as in the original.
    let x = BUF_A;
    let y = BUF_B;
    let n = input.length;
    for (let j = 0; j < n; j++) x[j] = input[j]!;
    for (const w of this.brain) {
      for (let r = 0; r < w.length; r++) {
        const row = w[r]!;
        let acc = 0;
        for (let j = 0; j < row.length; j++) acc += row[j]! * x[j]!;
        y[r] = 1.0 / (1 + Math.exp(-acc));
      }
      y[w.length] = -1;
      n = w.length + 1;
      const t = x;
      x = y;
      y = t;
    }
    // np.argmax: the first index of the largest value.
    let best = 0;
    for (let i = 1; i < n; i++) if (x[i]! > x[best]!) best = i;
    return best;
  }

  override *makeThrow(scores: number[], lastRound: boolean): Generator<unknown, unknown, undefined> {
    for (;;) {
      let oppMaxScore = 0;
      for (let i = 0; i < scores.length; i++) {
        if (i === this.index) continue;
        if (scores[i]! > oppMaxScore) oppMaxScore = scores[i]!;
      }
      const me = scores[this.index]!;
      if (lastRound) {
        yield me + sum(this.currentThrows) < oppMaxScore + 1;
      } else {
        const s = INPUT;
        s[0] = oppMaxScore / this.endScore;
        s[1] = me / this.endScore;
        s[2] = sum(this.currentThrows) / this.endScore;
        s[3] = lastRound ? 1.0 : 0.0;
        yield this.decide(s) === 1;
      }
    }
  }
}

// The engine's fast path (engines/dice/bot.ts): makeThrow's next decision, as a function of the turn.
fastPath(BrainBot, function (_throws, turnSum, scores, lastRound) {
  let oppMaxScore = 0;
  for (let i = 0; i < scores.length; i++) {
    if (i === this.index) continue;
    if (scores[i]! > oppMaxScore) oppMaxScore = scores[i]!;
  }
  const me = scores[this.index]!;
  if (lastRound) return me + turnSum < oppMaxScore + 1;
  // The network is a pure function of three small integers: remember its answers (the
  // constant brain and end score only; 0 = not yet asked, 1 = stop, 2 = throw).
  // Scores and sums below 64 (almost all) fit a 256 KB table that stays in cache.
  const memo = this.brain === BRAIN && this.endScore === 40 && oppMaxScore < 64 && me < 64 && turnSum < 64;
  const key = (oppMaxScore << 12) | (me << 6) | turnSum;
  if (memo && MEMO[key] !== 0) return MEMO[key] === 2;
  const s = INPUT;
  s[0] = oppMaxScore / this.endScore;
  s[1] = me / this.endScore;
  s[2] = turnSum / this.endScore;
  s[3] = 0.0;
  const go = this.decide(s) === 1;
  if (memo) MEMO[key] = go ? 2 : 1;
  return go;
});
// Memoryless (bot.ts): TleilaxuBot may ask a copy of this bot through the fast path.
memorylessFastPath(BrainBot);

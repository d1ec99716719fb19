import { DiceBot, fastPath, freshDecideOf } from '../../engines/dice/bot.ts';
import { copyAttributesSeparately, PythonError, pyTruthy, sum } from '../../engines/core/py/index.ts';
import type { Provenance } from '../provenance.ts';

export const provenance: Provenance = {
  challenge: 'dice',
  bot: 'TleilaxuBot',
  questionId: 177765,
  author: 'Dani O',
  source: '2019-01-07 scrape of all answers: public GitHub file headed Bots downloaded from https://codegolf.stackexchange.com/questions/177765 @ 2019-01-07 16:55:45 (fixtures/dice/goldens/README.md)',
  sourceDate: '2019-01-07',
  sha256: '2321f6db6420d3cfbf72ebbb5f6d71ad93dfa74048a225a8bafb742b08555195',
  notes:
    "Finds the game's bots (inspect → env.gameBots), deep-copies the leader attribute by attribute (copy.deepcopy semantics in engines/dice/deepcopy.ts) " +
    'and asks the copy for its first decision each time; any exception in the copy counts as True. Where deepcopy of an attribute raises ' +
    "(a game_bots list holding a NeoBot that has played), axolotl's fallbacks apply: copy.copy, then the attribute itself — so a ghola of a " +
    'HarkonnenBot that has not played yet may drug the REAL bots, TleilaxuBot included.',
};

const ALLIES = ['Tleilaxu', 'WisdomOfCrowds'];

/**
 * faceDancer's answers per seat of the game's bot list, kept by the engine (a symbol key: not a
 * Python attribute, so copies share it). Exact: a bot's class name never changes, nor do the
 * list's entries once the game is built (null seats are not remembered), nor `allies`.
 */
const ALLY_SEATS = Symbol('TleilaxuBot faceDancer per seat');

/** Clones the leading bot and asks the clone, throw by throw, whether to go on. */
export default class TleilaxuBot extends DiceBot {
  static readonly botName: string = 'TleilaxuBot';
  bots: (DiceBot | null)[] | null = null;
  allies = new Set(ALLIES);
  declare [ALLY_SEATS]: { bots: (DiceBot | null)[]; ally: (boolean | undefined)[] } | undefined;

  findBots(): void {
    this.bots = this.env.gameBots;
  }

  faceDancer(bot: DiceBot | null): boolean {
    const name = bot === null ? 'NoneType' : bot.className;
    for (const a of this.allies) if (name.includes(a)) return true;
    return false;
  }

  /** The leader: the highest score among non-allies; on a tie, the later seat (the original sorts stably and takes the last). */
  findLeader(scores: number[]): DiceBot {
    let best: DiceBot | null = null;
    let bestScore = -Infinity;
    const bots = this.bots!;
    const n = Math.min(scores.length, bots.length);
    let memo = this[ALLY_SEATS];
    if (memo === undefined || memo.bots !== bots) memo = this[ALLY_SEATS] = { bots, ally: [] };
    for (let i = 0; i < n; i++) {
      const b = bots[i]!;
      let ally = memo.ally[i];
      if (ally === undefined) {
        ally = this.faceDancer(b);
        if (b !== null) memo.ally[i] = ally;
      }
      if (ally) continue;
      if (scores[i]! >= bestScore) {
        bestScore = scores[i]!;
        best = b;
      }
    }
    if (best === null) throw new PythonError('IndexError', 'list index out of range');
    return best;
  }

  axolotl(bot: DiceBot): DiceBot {
    const ghola = copyAttributesSeparately(bot);
    ghola.index = this.index; // change the ghola's allegiance
    return ghola;
  }

  /** `throws`: the turn's dice so far (the generator's `self.current_throws`; the fast path passes the controller's). */
  interrogate(ghola: DiceBot, scores: number[], lastRound: boolean, throws: readonly number[] = this.currentThrows): unknown {
    // A memoryless fast path (bot.ts memorylessFastPath) answers as a fresh generator would,
    // without one; update_state is skipped with it, as nothing reads what it would have set
    // before the next update_state. (No 6 among `throws`: a 6 ends the turn before a question.)
    const fresh = freshDecideOf(ghola);
    if (fresh !== undefined) {
      try {
        return fresh.call(ghola, throws, sum(throws), scores, lastRound, 0);
      } catch {
        return true;
      }
    }
    let answer: unknown;
    let answered = false;
    try {
      ghola.updateState(throws.slice());
      const r = ghola.makeThrow(scores, lastRound).next();
      if (!r.done) {
        answer = r.value;
        answered = true;
      }
    } catch {
      return true; // "or False?"
    }
    if (!answered) throw new PythonError('UnboundLocalError', "local variable 'answer' referenced before assignment");
    return answer;
  }

  override *makeThrow(scores: number[], lastRound: boolean): Generator<unknown, unknown, undefined> {
    const { ghola, tmpScores } = this.beginTurn(scores);
    for (;;) yield this.interrogate(ghola, tmpScores, lastRound);
  }

  /** What makeThrow does before its first yield: the turn's ghola and its copy of the scores. */
  beginTurn(scores: readonly number[]): TleilaxuTurn {
    if (!this.bots || this.bots.length === 0) this.findBots();
    const tmpScores = scores.slice();
    return { ghola: this.axolotl(this.findLeader(tmpScores)), tmpScores };
  }
}

interface TleilaxuTurn {
  ghola: DiceBot;
  tmpScores: number[];
}

/** The current turn's ghola for the fast path (engine state under a symbol: copies share it, never use it). */
const TURN = Symbol('TleilaxuBot turn');
type FastTleilaxu = TleilaxuBot & { [TURN]: TleilaxuTurn };

// makeThrow is "set up the ghola, then answer each question with interrogate": the same as a
// start that sets up the ghola and a decision that interrogates it with the dice so far.
fastPath<FastTleilaxu>(
  TleilaxuBot as unknown as typeof TleilaxuBot & { prototype: FastTleilaxu },
  function (throws, _turnSum, _scores, lastRound) {
    const turn = this[TURN];
    return pyTruthy(this.interrogate(turn.ghola, turn.tmpScores, lastRound, throws));
  },
  function (scores) {
    this[TURN] = this.beginTurn(scores);
    return 0;
  },
);

import { DiceBot, replaceMakeThrow } from '../../engines/dice/bot.ts';
import { PythonError } from '../../engines/core/py/index.ts';
import { bindMethod } from '../../engines/core/py/index.ts';
import type { Provenance } from '../provenance.ts';

export const provenance: Provenance = {
  challenge: 'dice',
  bot: 'HarkonnenBot',
  questionId: 177765,
  author: 'Dani O',
  source: '2019-01-07 scrape of all answers: public GitHub file headed Bots downloaded from https://codegolf.stackexchange.com/questions/177765 @ 2019-01-07 16:55:45 (fixtures/dice/goldens/README.md)',
  sourceDate: '2019-01-07',
  sha256: 'f53ce32f430d3a91d8a3775f16c07ecccba4b14b61c5853a988d054e79accb98',
  notes:
    "Rule-bender: at construction it takes the game's bot list (the original found the controller's game_bots with inspect; here env.gameBots, " +
    'live and partly filled while the game is being set up, as in Python) and at its first turn replaces every other bot\'s make_throw with its own elacca.',
};

/** Drugs every other bot into throwing until they roll a 6, and stops itself. */
export default class HarkonnenBot extends DiceBot {
  static readonly botName: string = 'HarkonnenBot';
  bots: (DiceBot | null)[] | null;

  constructor(...args: ConstructorParameters<typeof DiceBot>) {
    super(...args);
    this.bots = this.env.gameBots;
  }

  *elacca(_scores: number[], _lastRound: boolean): Generator<unknown, unknown, undefined> {
    for (;;) yield true;
  }

  chaumurky(): void {
    for (const bot of this.bots!) {
      if (bot !== this) {
        if (bot === null) throw new PythonError('AttributeError', "'NoneType' object has no attribute 'make_throw'");
        replaceMakeThrow(bot, bindMethod(this, HarkonnenBot.prototype.elacca) as DiceBot['makeThrow']);
      }
    }
    this.bots = null; // destroy the evidence
  }

  override *makeThrow(): Generator<unknown, unknown, undefined> {
    if (this.bots && this.bots.length) this.chaumurky();
    yield false;
    return undefined;
  }
}

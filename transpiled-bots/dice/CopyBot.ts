import { DiceBot } from '../../engines/dice/bot.ts';
import { PythonError } from '../../engines/core/py/index.ts';
import type { Provenance } from '../provenance.ts';

export const provenance: Provenance = {
  challenge: 'dice',
  bot: 'CopyBot',
  questionId: 177765,
  author: 'maxb',
  source: '2019-01-07 scrape of all answers: public GitHub file headed Bots downloaded from https://codegolf.stackexchange.com/questions/177765 @ 2019-01-07 16:55:45 (fixtures/dice/goldens/README.md)',
  sourceDate: '2019-01-07',
  sha256: 'f61fb668a6d1868cfc0304281875f751b79f02477b01e8f8d0f5fef970dd0170',
  notes:
    "Keeps one copy of every other bot class of the run (class attribute _bot_copies: one per process in the original, env.classState here; built " +
    "from the controller's bots list, found with inspect → env.botClasses) and plays like the copy of the leading bot's class.",
};

const AVOID = new Set(['TleilaxuBot', 'CopyBot']);

/** Plays like (a private copy of) the bot that currently leads. */
export default class CopyBot extends DiceBot {
  static readonly botName: string = 'CopyBot';
  declare bots: (DiceBot | null)[];
  declare botNames: string[];

  constructor(...args: ConstructorParameters<typeof DiceBot>) {
    super(...args);
    const copies = this.botCopies;
    if (copies.size === 0) {
      for (const cls of this.env.botClasses) {
        if (cls.botName !== 'CopyBot') copies.set(cls.botName, new cls(-1, this.endScore, this.env));
      }
    }
    for (const bot of copies.values()) bot.index = this.index;
    this.findBots();
  }

  /** Python's class attribute _bot_copies (shared by every CopyBot of the run). */
  get botCopies(): Map<string, DiceBot> {
    return this.env.classState('CopyBot._bot_copies', () => new Map<string, DiceBot>());
  }

  private names(): string[] {
    return this.bots.map((b) => (b === null ? 'NoneType' : b.className));
  }

  findBots(): void {
    this.bots = this.env.gameBots;
    this.botNames = this.names();
  }

  private copyOf(name: string): DiceBot {
    const bot = this.botCopies.get(name);
    if (!bot) throw new PythonError('KeyError', `'${name}'`);
    return bot;
  }

  override updateState(currentThrows: number[]): void {
    this.botNames = this.names();
    this.currentThrows = currentThrows;
    this.botNames.forEach((name, i) => {
      if (i !== this.index) this.copyOf(name).updateState(currentThrows);
    });
  }

  override *makeThrow(scores: number[], lastRound: boolean): Generator<unknown, unknown, undefined> {
    this.botNames = this.names();
    const others: [number, number][] = [];
    scores.forEach((s, i) => {
      if (!AVOID.has(this.botNames[i]!)) others.push([s, i]);
    });
    if (others.length === 0) throw new PythonError('ValueError', 'max() arg is an empty sequence');
    // max() of (score, seat) tuples, then its score; the first seat with that score.
    let top = others[0]!;
    for (const o of others) if (o[0] > top[0] || (o[0] === top[0] && o[1] > top[1])) top = o;
    const ind = others.find(([s]) => s === top[0])![1];
    let throws = 0;
    try {
      const winner = this.copyOf(this.botNames[ind]!);
      const stream = winner.makeThrow(scores, lastRound);
      for (;;) {
        const r = stream.next();
        if (r.done) break;
        throws += 1;
        yield r.value;
        winner.updateState(this.currentThrows);
      }
    } catch {
      while (throws < 5) {
        yield true;
        throws += 1;
      }
      yield false;
    }
    return undefined;
  }
}

/**
 * The dice controller (question 177765), faithful to the posted Python controller:
 * Controller.simulate_games / play / single_bot, its statistics, and the two known
 * differences of the first version as rule flags (variants.ts).
 *
 * One game: bots take turns in seat order; a turn's first throw is mandatory (a 6 ends it
 * before the bot is asked); the bot yields True to throw again; a 6 zeroes the turn, and
 * the whole score when the running total was >= 40; a bot that ends its turn at >= 40 starts
 * the last round, after which every bot seated before it gets exactly one more turn; after
 * round 199 the last round is forced and everyone gets a final turn. All bots with the top
 * score win.
 */
import type { PyRandom } from '../core/rng/python-random.ts';
import { type DiceBot, type DiceBotClass, type DiceEnv, type FastDecide } from './bot.ts';
import { classStateStore, PythonError, pyTruthy } from '../core/py/index.ts';
import { emptyStats, type DiceStats } from './stats.ts';
import type { DiceFlags } from './variants.ts';

export interface DiceSettings {
  botsPerGame: number;
  endScore: number;
  maxRounds: number;
}

export const DEFAULT_SETTINGS: DiceSettings = { botsPerGame: 8, endScore: 40, maxRounds: 200 };

/** A port raised: the original controller had no exception handling, so its run died too. */
export class BotCrash extends Error {
  constructor(
    readonly bot: string,
    readonly game: number,
    override readonly cause: unknown,
  ) {
    const what = cause instanceof PythonError ? cause.message : cause instanceof Error ? `${cause.name}: ${cause.message}` : String(cause);
    super(
      `${bot} raised ${what} in game ${game}. The original controller catches no exception ` +
        `(Controller.single_bot calls make_throw bare), so the original run stopped here too.`,
    );
    this.name = 'BotCrash';
  }
}

/** One turn as the controller's DEBUG mode printed it. */
export interface DiceTurnEvent {
  game: number;
  index: number;
  bot: string;
  throws: number[];
  scores: number[];
  lastRound: boolean;
}

export class DiceController {
  readonly stats: DiceStats;
  /** Called after every turn (the original's DEBUG print); unset in tournaments. */
  onTurn: ((e: DiceTurnEvent) => void) | undefined;
  private readonly rowOf: number[];
  private readonly env: DiceEnv;
  private gameBots: (DiceBot | null)[] = [];
  private gameNumber = 0;
  /** Per class index: its fast path if it has its own (bot.ts fastPath), and its own makeThrow. */
  private readonly classFast: (FastDecide | undefined)[];
  private readonly classMake: DiceBot['makeThrow'][];

  constructor(
    readonly classes: readonly DiceBotClass[],
    readonly random: PyRandom,
    readonly flags: DiceFlags,
    readonly settings: DiceSettings = DEFAULT_SETTINGS,
  ) {
    this.stats = emptyStats(classes.map((c) => c.botName));
    // Python keys its statistics by class name: two classes with one name share a row.
    this.rowOf = classes.map((c) => this.stats.bots.indexOf(c.botName));
    this.classFast = classes.map((c) => (c.prototype.fastClass === c ? c.prototype.fastDecide : undefined));
    this.classMake = classes.map((c) => c.prototype.makeThrow);
    const self = this;
    this.env = {
      random,
      get gameBots() {
        return self.gameBots;
      },
      botClasses: classes,
      classState: classStateStore(),
    };
  }

  /** Controller.simulate_games: `games` games, each with random.sample(range(n), 8) seats. */
  simulate(games: number, tick?: (n: number) => void): DiceStats {
    const n = this.classes.length;
    const k = this.settings.botsPerGame;
    if (n < k) throw new PythonError('ValueError', `Sample larger than population or is negative (${n} bots for ${k} seats)`);
    const population = Array.from({ length: n }, (_, i) => i);
    const step = 1000;
    for (let g = 0; g < games; g++) {
      const seats = this.random.sample(population, k);
      // game_bots = [None] * 8, filled in seat order (bots built earlier can see it).
      const gameBots: (DiceBot | null)[] = new Array(k).fill(null);
      this.gameBots = gameBots;
      this.gameNumber++;
      for (let i = 0; i < k; i++) {
        const ci = seats[i]!;
        this.stats.rows[this.rowOf[ci]!]!.played++;
        gameBots[i] = this.construct(ci, i);
      }
      this.play(gameBots as DiceBot[], seats);
      if (tick && (g + 1) % step === 0) tick(step);
    }
    if (tick && games % step) tick(games % step);
    return this.stats;
  }

  private construct(ci: number, seat: number): DiceBot {
    const cls = this.classes[ci]!;
    try {
      return new cls(seat, this.settings.endScore, this.env);
    } catch (e) {
      throw new BotCrash(cls.botName, this.gameNumber, e);
    }
  }

  /** Controller.play for one game. `seats` are class indices (for the statistics rows). */
  play(bots: DiceBot[], seats: readonly number[]): void {
    const { endScore, maxRounds } = this.settings;
    const k = bots.length;
    const scores: number[] = new Array(k).fill(0);
    let lastRound = false;
    let initiator = -1;
    let round = 0;
    while (!lastRound) {
      for (let i = 0; i < k; i++) {
        this.turn(i, bots[i]!, seats[i]!, scores, lastRound);
        if (scores[i]! >= endScore) {
          if (!lastRound) {
            lastRound = true;
            initiator = i;
          } else {
            // A second bot reached 40 in the same pass. Updated controller: ignored
            // (`... and not last_round`); first version: it became the initiator, giving
            // everyone before it — the first initiator included — an extra turn.
            this.stats.lastRoundRetriggers++;
            if (this.flags.lastRoundRetrigger) initiator = i;
          }
        }
      }
      round++;
      if (round > maxRounds - 1) {
        lastRound = true;
        this.stats.timedOutGames++;
        initiator = k;
      }
    }
    // Everyone seated before the initiator gets a final turn (game_bots[:last_round_initiator]).
    for (let i = 0; i < initiator; i++) this.turn(i, bots[i]!, seats[i]!, scores, lastRound);
    this.score(scores, seats, round);
  }

  /** Controller.single_bot: one turn of one bot. */
  private turn(index: number, bot: DiceBot, ci: number, scores: number[], lastRound: boolean): void {
    const rnd = this.random;
    const throws: number[] = [rnd.randint(1, 6)];
    let last = throws[0]!;
    // The fast path (bot.ts fastDecideOf), with the class's part of the test done once per class.
    const classFast = this.classFast[ci];
    const fast = last !== 6 && classFast !== undefined && bot.makeThrow === this.classMake[ci] ? classFast : undefined;
    if (fast !== undefined) {
      // The fast path (bot.ts): the same decisions and draws as resuming makeThrow, without
      // the generator, the copies of the throws per die and of the scores per turn.
      let turnSum = last;
      try {
        const start = bot.fastStart;
        const state = start === undefined ? 0 : start.call(bot, scores, lastRound);
        while (fast.call(bot, throws, turnSum, scores, lastRound, state)) {
          last = rnd.randint(1, 6);
          throws.push(last);
          if (last === 6) break;
          turnSum += last;
        }
      } catch (e) {
        throw new BotCrash(bot.className, this.gameNumber, e);
      }
      // update_state is not called on this path, so `currentThrows` keeps an older value: it is
      // only ever read after an update_state on the same object (the bot's own generator path,
      // TleilaxuBot's gholas, CopyBot's copies), so nothing can see the difference. Storing it
      // here was the hottest line of the engine (a megamorphic store that adds a property).
    } else if (last !== 6) {
      try {
        bot.updateState(throws.slice());
        const stream = bot.makeThrow(this.flags.liveScores ? scores : scores.slice(), lastRound);
        for (;;) {
          const r = stream.next();
          if (r.done || (r.value !== true && !pyTruthy(r.value))) break;
          last = rnd.randint(1, 6);
          throws.push(last);
          if (last === 6) break;
          bot.updateState(throws.slice());
        }
      } catch (e) {
        if (e instanceof BotCrash) throw e;
        throw new BotCrash(bot.className, this.gameNumber, e);
      }
    }
    let turnSum = 0;
    for (let t = 0; t < throws.length; t++) turnSum += throws[t]!;
    if (last === 6) {
      if (scores[index]! + turnSum - 6 >= this.settings.endScore) scores[index] = 0;
    } else {
      scores[index] = scores[index]! + turnSum;
    }
    if (this.onTurn) this.onTurn({ game: this.gameNumber, index, bot: bot.className, throws: throws.slice(), scores: scores.slice(), lastRound });
    const row = this.stats.rows[this.rowOf[ci]!]!;
    row.throws += throws.length;
    if (last !== 6) row.successes++;
    row.turns++;
  }

  private score(scores: number[], seats: readonly number[], round: number): void {
    let top = scores[0]!;
    for (let i = 1; i < scores.length; i++) if (scores[i]! > top) top = scores[i]!;
    let winners = 0;
    const st = this.stats;
    for (let i = 0; i < scores.length; i++) {
      const row = this.stats.rows[this.rowOf[seats[i]!]!]!;
      const s = scores[i]!;
      row.scoreSum += s;
      if (row.max < s) row.max = s;
      if (s === top) {
        st.seatWins[i] = (st.seatWins[i] ?? 0) + 1;
        row.winScoreSum += s;
        row.wins++;
        winners++;
      }
    }
    st.games++;
    if (winners > 1) st.tiedGames++;
    st.totalRounds += round;
    st.totalRoundsSq += round * round;
    if (round > st.highestRound) st.highestRound = round;
    st.winningScores[top] = (st.winningScores[top] ?? 0) + 1;
  }
}

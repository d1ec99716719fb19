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
import { ratingsRecorder } from '../core/stats/pairwise.ts';
import { PyRandom, sampleSetsize } from '../core/rng/python-random.ts';
import { type DiceBot, type DiceBotClass, type DiceControllerWatch, type DiceEnv, type FastDecide, type FastStart } from './bot.ts';
import { PythonError, pyTruthy } from '../core/py/index.ts';
import { emptyRow, emptyStats, type DiceStats } from './stats.ts';
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

/**
 * The controller itself raised, because a bot changed the live scores list the first controller
 * handed it (shortened it: `game_scores[index]` or `max(game_scores)` fails): the run stopped there.
 */
export class LiveScoresCrash extends BotCrash {
  constructor(bot: string, game: number, cause: PythonError, where: string) {
    super(bot, game, cause);
    this.message =
      `the first controller raised ${cause.message} in game ${game} (${where}), because ${bot} shortened the live scores list it was handed ` +
      '(Controller.single_bot passes game_scores itself). The original controller catches no exception, so the original run stopped here too.';
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

/** DiceController.classInfo: what the controller reads of a class. */
interface ClassInfo {
  name: string;
  fast: FastDecide | undefined;
  make: DiceBot['makeThrow'];
  start: FastStart | undefined;
  turn: DiceBot['playTurn'] | undefined;
  watch: DiceControllerWatch | undefined;
}

export class DiceController {
  /** The run's statistics. */
  readonly stats: DiceStats;
  /** Called after every turn (the original's DEBUG print); unset in tournaments. */
  onTurn: ((e: DiceTurnEvent) => void) | undefined;
  /** The controller's `bots`, its generator, rules and settings. */
  classes: readonly DiceBotClass[];
  random: PyRandom;
  flags: DiceFlags;
  settings: DiceSettings;
  private readonly rowOf: number[] = [];
  private readonly env: { random: PyRandom; readonly gameBots: (DiceBot | null)[]; botClasses: readonly DiceBotClass[]; classState: DiceEnv['classState']; makeThrowReplaced(): void };
  /** The class attributes' store behind env.classState (emptied by playList: a new controller's is empty). */
  private readonly classAttrs = new Map<string, unknown>();
  private gameBots: (DiceBot | null)[] = [];
  private gameNumber = 0;
  /** Per class index: its fast path if it has its own (bot.ts fastPath), and its own makeThrow. */
  private readonly classFast: (FastDecide | undefined)[] = [];
  private readonly classMake: DiceBot['makeThrow'][] = [];
  /** Per class index: its fast path's turn start (bot.ts FastStart), if any. */
  private readonly classStart: (FastStart | undefined)[] = [];
  /** Per class index: its whole-turn delegate (bot.ts playTurn: the original Python bots), if any. */
  private readonly classTurn: (DiceBot['playTurn'] | undefined)[] = [];
  /** Per class index: its statistics row. */
  private readonly rowByClass: DiceStats['rows'] = [];
  private ownRandint = false;
  private endScore = 0;
  /** Set when a bot of the current game had its makeThrow replaced (bot.ts replaceMakeThrow). */
  private replaced = false;
  /** The original Python bots' controller stand-in (bot.ts DiceControllerWatch), if the pool is theirs. */
  private watch: DiceControllerWatch | undefined;
  /** The seats come from the watch (a bot replaced the random module's sample). */
  private watchSeats = false;
  /** The last bot whose turn changed the length of the live scores list (messages). */
  private shortenedBy = '';
  /** simulate's seat drawing arrays, kept between calls (their contents do not carry over). */
  private seatArrays: { n: number; k: number; small: boolean; population: number[]; pool: number[]; drawn: number[]; picked: number[] } | undefined;

  constructor(classes: readonly DiceBotClass[], random: PyRandom, flags: DiceFlags, settings: DiceSettings = DEFAULT_SETTINGS) {
    this.classes = classes;
    this.random = random;
    this.flags = flags;
    this.settings = settings;
    this.stats = emptyStats([]);
    const self = this;
    const attrs = this.classAttrs;
    this.env = {
      random,
      get gameBots() {
        return self.gameBots;
      },
      botClasses: classes,
      // classStateStore (engines/core/py) over a map that playList can empty.
      classState: <T>(key: string, init: () => T): T => {
        if (!attrs.has(key)) attrs.set(key, init());
        return attrs.get(key) as T;
      },
      makeThrowReplaced() {
        self.replaced = true;
      },
    };
    this.setUp(classes, random, flags, settings);
  }

  /** What the controller reads of a class: its name, fast path, makeThrow, turn delegate, watch. */
  private static classInfo(c: DiceBotClass): ClassInfo {
    const p = c.prototype;
    return { name: c.botName, fast: p.fastClass === c ? p.fastDecide : undefined, make: p.makeThrow, start: p.fastStart, turn: p.playTurn, watch: c.watch };
  }

  private setUp(classes: readonly DiceBotClass[], random: PyRandom, flags: DiceFlags, settings: DiceSettings): void {
    this.classes = classes;
    this.random = random;
    this.flags = flags;
    this.settings = settings;
    const st = this.stats;
    // Python keys its statistics by class name: two classes with one name share a row (rows in
    // the order of the names' first appearance, as emptyStats makes them).
    const n = classes.length;
    const bots = st.bots;
    let names = 0; // bots[0, names) are this run's names so far
    let watch: DiceControllerWatch | undefined;
    for (let i = 0; i < n; i++) {
      const info = DiceController.classInfo(classes[i]!);
      let r = 0;
      while (r < names && bots[r] !== info.name) r++;
      if (r === names) {
        bots[names++] = info.name;
        st.rows[r] = emptyRow();
      }
      this.rowOf[i] = r;
      this.classFast[i] = info.fast;
      this.classMake[i] = info.make;
      this.classStart[i] = info.start;
      this.classTurn[i] = info.turn;
      this.rowByClass[i] = st.rows[r]!;
      watch ??= info.watch;
    }
    if (bots.length !== names) bots.length = names;
    if (st.rows.length !== names) st.rows.length = names;
    if (this.rowOf.length !== n) this.rowOf.length = this.classFast.length = this.classMake.length = this.classStart.length = this.classTurn.length = this.rowByClass.length = n;
    // The inlined randint(1, 6) (die) only for PyRandom's own Python 3 randint (a test's scripted dice override it).
    this.ownRandint = random.python2 || random.randint !== PyRandom.prototype.randint;
    this.endScore = settings.endScore;
    this.env.random = random;
    this.env.botClasses = classes;
    this.watch = watch;
    if (this.watch) this.watchSeats = this.watch.runStart(classes, settings, flags, random);
  }

  /** Controller.simulate_games: `games` games, each with random.sample(range(n), 8) seats. */
  simulate(games: number, tick?: (n: number) => void): DiceStats {
    const n = this.classes.length;
    const k = this.settings.botsPerGame;
    if (n < k) throw new PythonError('ValueError', `Sample larger than population or is negative (${n} bots for ${k} seats)`);
    // random.sample(range(n), k) draws as PyRandom.sample does; with CPython's pool strategy
    // (n <= its set size, always so for the 49 or 57 bots) in reused arrays (poolSample).
    const arrays = this.seatArraysFor(n, k);
    const step = 1000;
    for (let g = 0; g < games; g++) {
      let seats: number[];
      if (this.watchSeats) {
        // The original drew the seats with the random module's sample, which a bot replaced.
        try {
          seats = this.watch!.seats(n, k, this.random);
        } catch (e) {
          throw new BotCrash((e as { bot?: string }).bot ?? 'random.sample', this.gameNumber + 1, e);
        }
      } else {
        seats = this.sampleSeats(arrays, this.random);
      }
      this.playSeated(seats, k);
      if (tick && (g + 1) % step === 0) tick(step);
    }
    if (tick && games % step) tick(games % step);
    return this.stats;
  }

  /** The seat-drawing arrays for n classes and k seats, kept from call to call (their contents do not carry over). */
  private seatArraysFor(n: number, k: number): NonNullable<DiceController['seatArrays']> {
    let arrays = this.seatArrays;
    if (!arrays || arrays.n !== n || arrays.k !== k) {
      const population = Array.from({ length: n }, (_, i) => i);
      arrays = this.seatArrays = { n, k, small: n <= sampleSetsize(k), population, pool: population.slice(), drawn: new Array(k).fill(0), picked: new Array(k).fill(0) };
    }
    return arrays;
  }

  /**
   * random.sample(range(n), k) with CPython's pool strategy (the draws PyRandom.sample makes when n
   * is at most its set size), in the reused arrays: the seats are `arrays.drawn`, valid until the
   * next draw; the pool is back to 0..n-1 afterwards.
   */
  private poolSample(arrays: NonNullable<DiceController['seatArrays']>, random: PyRandom): number[] {
    const { n, k, pool, drawn, picked } = arrays;
    for (let i = 0; i < k; i++) {
      const j = random.randbelow(n - i);
      picked[i] = j;
      drawn[i] = pool[j]!;
      pool[j] = pool[n - i - 1]!;
    }
    // Undo the k moves, last first (pool[n-i-1] is never written after move i, so each undo puts
    // back exactly what move i replaced).
    for (let i = k - 1; i >= 0; i--) pool[picked[i]!] = drawn[i]!;
    return drawn;
  }

  /**
   * random.sample(range(n), k) of the seat arrays: poolSample where CPython's sample takes its list
   * branch and the generator's sample is PyRandom's own (not a bot's replacement, not Python 2).
   */
  private sampleSeats(arrays: NonNullable<DiceController['seatArrays']>, random: PyRandom): number[] {
    return arrays.small && !random.python2 && random.sample === PyRandom.prototype.sample ? this.poolSample(arrays, random) : random.sample(arrays.population, arrays.k);
  }

  /** playList's class list (env.botClasses of its game), reused. */
  private listClasses: DiceBotClass[] = [];
  /** The seats of playList's game as indices into `classes`, reused. */
  private listSeats: number[] = [];
  /** score's last game: how many seats held the top score, the scores list and the seats (class indices). */
  private lastWinners = 0;
  private lastTop = 0;
  private lastScores: number[] | undefined;
  private lastSeats: readonly number[] | undefined;

  /**
   * The last game played, seat by seat (copies): each seat's class index and final score — what a
   * hosted game's result is read from (engines/dice/host.ts), where two seats may hold classes of
   * one name and the statistics rows (keyed by name) cannot tell them apart.
   */
  lastGame(): { seats: number[]; scores: number[] } | undefined {
    if (!this.lastScores || !this.lastSeats) return undefined;
    return { seats: this.lastSeats.slice(), scores: this.lastScores.slice(0, this.lastSeats.length) };
  }

  /**
   * One game exactly as a new controller with the classes `list` (indices into this controller's
   * classes) plays `simulate(1)` on `random`, without setting the
   * controller up for it: the classes' fast paths and rows were read once, for the whole class list
   * (`koth ab dice`: the candidate, the baseline and the field; a pair's games differ by list[0]).
   * What a new controller starts with is made so here: no class attributes, game number 1, the
   * generator (and whether it has its own randint), env.botClasses = the listed classes in list
   * order, the seats random.sample(range(len(list)), botsPerGame). Returns the share of the win of
   * the bot listed first: 1/(seats with the top score) if it holds it, else 0 (as the seat's row of
   * a new controller's statistics says). The statistics keep adding up over the whole class list.
   * Not for the original Python bots (their controller stand-in needs its own run).
   */
  playList(list: readonly number[], random: PyRandom): number {
    return this.playListSeats(list, random, this.drawListSeats(list.length, random));
  }

  private listOnly(): void {
    if (this.watch) throw new Error('DiceController.playList: not for the original Python bots; build a controller per game');
  }

  /**
   * playList's seat draw for a list of n classes: random.sample(range(n), botsPerGame) — the draw a
   * new controller's simulate(1) makes before any bot is built. The array is reused by the next draw.
   */
  drawListSeats(n: number, random: PyRandom): readonly number[] {
    this.listOnly();
    const k = this.settings.botsPerGame;
    if (n < k) throw new PythonError('ValueError', `Sample larger than population or is negative (${n} bots for ${k} seats)`);
    return this.sampleSeats(this.seatArraysFor(n, k), random);
  }

  /**
   * playList's game once its seats are drawn (`drawnSeats`, drawListSeats's result, `random` past
   * that draw). `koth ab dice` hands the second game of a pair the first one's draw: the same
   * generator state before it gives the same seats.
   */
  playListSeats(list: readonly number[], random: PyRandom, drawnSeats: readonly number[]): number {
    this.listOnly();
    const n = list.length;
    const k = this.settings.botsPerGame;
    // What a new controller with the listed classes would start with, where it differs.
    if (this.classAttrs.size !== 0) this.classAttrs.clear();
    this.gameNumber = 0;
    this.shortenedBy = '';
    this.random = random;
    this.env.random = random;
    this.ownRandint = random.python2 || random.randint !== PyRandom.prototype.randint;
    const listed = this.listClasses;
    if (listed.length !== n) listed.length = n;
    for (let i = 0; i < n; i++) listed[i] = this.classes[list[i]!]!;
    this.env.botClasses = listed;
    // simulate(1)'s seats: random.sample(range(n), k) (drawn), then the listed classes' indices.
    const seats = this.listSeats;
    if (seats.length !== k) seats.length = k;
    let mine = -1;
    for (let i = 0; i < k; i++) {
      const at = drawnSeats[i]!;
      seats[i] = list[at]!;
      if (at === 0) mine = i;
    }
    this.playSeated(seats, k);
    if (mine < 0 || this.lastWinners === 0) return 0;
    return this.lastScores![mine] === this.lastTop ? 1 / this.lastWinners : 0;
  }

  /** One game on the first k drawn seats (class indices in seat order): the bots built, then Controller.play. */
  private playSeated(seats: readonly number[], k: number): void {
    // game_bots = [None] * 8, filled in seat order (bots built earlier can see it).
    const gameBots: (DiceBot | null)[] = [];
    for (let i = 0; i < k; i++) gameBots.push(null);
    this.gameBots = gameBots;
    this.gameNumber++;
    this.replaced = false;
    for (let i = 0; i < k; i++) {
      const ci = seats[i]!;
      this.rowByClass[ci]!.played++;
      gameBots[i] = this.construct(ci, i);
    }
    this.play(gameBots as DiceBot[], seats);
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
    const scores: number[] = [];
    for (let i = 0; i < k; i++) scores.push(0);
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
    if (this.watch) this.watchSeats = this.watch.gameOver(scores, this.random);
  }

  /**
   * `random.randint(1, 6)`: in Python 3 that is `_randbelow(6)`, i.e. `getrandbits(3)` (the top 3
   * bits of one 32-bit output) until below 6 — the same draws as PyRandom.randint, without its
   * argument checks and bit-length on the hot path. Python 2 mode (and a subclass's own randint)
   * keeps the generator's method.
   */
  private die(): number {
    const rnd = this.random;
    if (this.ownRandint) return rnd.randint(1, 6);
    return rnd.d6();
  }

  /** Controller.single_bot: one turn of one bot. */
  private turn(index: number, bot: DiceBot, ci: number, scores: number[], lastRound: boolean): void {
    if (this.classTurn[ci] !== undefined) {
      this.delegatedTurn(index, bot, ci, scores, lastRound);
      return;
    }
    let last = this.die();
    // Empty, then pushed: one backing store of 17 for the whole turn ([last] would allocate one
    // of 1 and then grow it at the second die).
    const throws: number[] = [];
    throws.push(last);
    // The sum of the dice before a 6 (a 6 always ends the turn).
    let turnSum = 0;
    if (last !== 6) {
      turnSum = last;
      // The fast path (bot.ts fastDecideOf), with the class's part of the test done once per class
      // and the instance's only in a game where some bot's makeThrow was replaced.
      const fast = this.classFast[ci];
      if (fast !== undefined && (!this.replaced || bot.makeThrow === this.classMake[ci])) {
        // The same decisions and draws as resuming makeThrow, without the generator, the
        // copies of the throws per die and of the scores per turn.
        try {
          const start = this.classStart[ci];
          const state = start === undefined ? 0 : start.call(bot, scores, lastRound);
          while (fast.call(bot, throws, turnSum, scores, lastRound, state)) {
            last = this.die();
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
      } else {
        turnSum = this.generatorTurn(bot, throws, turnSum, scores, lastRound);
        last = throws[throws.length - 1]!;
      }
    }
    this.endTurn(index, bot, ci, scores, lastRound, throws, last, turnSum);
  }

  /** The end of single_bot: the score (a 6 above the end score resets it), the DEBUG line, the statistics. */
  private endTurn(index: number, bot: DiceBot, ci: number, scores: number[], lastRound: boolean, throws: number[], last: number, turnSum: number): void {
    if (last === 6) {
      if (scores[index]! + turnSum >= this.endScore) scores[index] = 0;
    } else {
      scores[index] = scores[index]! + turnSum;
    }
    if (this.onTurn) this.onTurn({ game: this.gameNumber, index, bot: bot.className, throws: throws.slice(), scores: scores.slice(), lastRound });
    const row = this.rowByClass[ci]!;
    row.throws += throws.length;
    if (last !== 6) row.successes++;
    row.turns++;
  }

  /** A turn played by the bot's class itself (bot.ts playTurn), from the first die on. */
  private delegatedTurn(index: number, bot: DiceBot, ci: number, scores: number[], lastRound: boolean): void {
    let throws: number[];
    const length = scores.length;
    try {
      throws = this.classTurn[ci]!.call(bot, this.flags.liveScores ? scores : scores.slice(), lastRound);
    } catch (e) {
      throw new BotCrash(bot.className, this.gameNumber, e);
    }
    // The first controller's live list may have changed length (a bot appended or removed scores).
    if (scores.length !== length) this.shortenedBy = bot.className;
    if (index >= scores.length) {
      throw new LiveScoresCrash(this.shortenedBy, this.gameNumber, new PythonError('IndexError', 'list index out of range'), `game_scores[${index}] at the end of seat ${index}'s turn`);
    }
    const last = throws[throws.length - 1]!;
    let turnSum = 0;
    for (let i = 0; i < throws.length; i++) turnSum += throws[i]!;
    if (last === 6) turnSum -= 6;
    this.endTurn(index, bot, ci, scores, lastRound, throws, last, turnSum);
  }

  /**
   * The rest of a turn through the bot's makeThrow generator (no fast path, or a replaced
   * method): resumed once per decision, update_state with a fresh copy of the throws before
   * each. Pushes the dice onto `throws`; returns the turn's sum before any 6. Kept out of
   * `turn` so that the fast path stays small enough for the compiler to inline `turn`.
   */
  private generatorTurn(bot: DiceBot, throws: number[], turnSum: number, scores: number[], lastRound: boolean): number {
    try {
      bot.updateState(throws.slice());
      const stream = bot.makeThrow(this.flags.liveScores ? scores : scores.slice(), lastRound);
      for (;;) {
        const r = stream.next();
        if (r.done || (r.value !== true && !pyTruthy(r.value))) break;
        const last = this.die();
        throws.push(last);
        if (last === 6) break;
        turnSum += last;
        bot.updateState(throws.slice());
      }
    } catch (e) {
      if (e instanceof BotCrash) throw e;
      throw new BotCrash(bot.className, this.gameNumber, e);
    }
    return turnSum;
  }

  private score(scores: number[], seats: readonly number[], round: number): void {
    // max(game_scores) over the whole list, winners among range(bots_per_game): with the first
    // controller's live list a bot may have made it longer (or shorter: IndexError there).
    if (scores.length < seats.length) {
      const cause = scores.length ? new PythonError('IndexError', 'list index out of range') : new PythonError('ValueError', 'max() arg is an empty sequence');
      throw new LiveScoresCrash(this.shortenedBy, this.gameNumber, cause, scores.length ? `game_scores[${scores.length}] when the game was scored` : 'max(game_scores) when the game was scored');
    }
    let top = scores[0]!;
    for (let i = 1; i < scores.length; i++) if (scores[i]! > top) top = scores[i]!;
    let winners = 0;
    const st = this.stats;
    for (let i = 0; i < seats.length; i++) {
      const row = this.rowByClass[seats[i]!]!;
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
    this.lastWinners = winners;
    this.lastTop = top;
    this.lastScores = scores;
    this.lastSeats = seats;
    // --ratings: the game's result for the Bradley–Terry fit — its winners (the seats holding the top score) over the other seated bots.
    const rated = ratingsRecorder();
    if (rated) rated.game(seats.map((ci) => this.rowOf[ci]!), (i) => scores[i] === top);
    if (winners > 1) st.tiedGames++;
    st.totalRounds += round;
    st.totalRoundsSq += round * round;
    if (round > st.highestRound) st.highestRound = round;
    st.winningScores[top] = (st.winningScores[top] ?? 0) + 1;
  }
}

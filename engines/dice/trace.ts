/**
 * Decision traces: what an original bot decided on generated situations, recorded by
 * running the Python original (fixtures/dice/traces/, see its README), and the replay of
 * the same situations against a TypeScript port. A port agrees with its original when every
 * turn of every case gives the same decisions, the same ending and the same use of the
 * shared global generator (`rngAfter`).
 */
import { PyRandom } from '../core/rng/python-random.ts';
import { fastDecideOf, type DiceBot, type DiceBotClass, type DiceEnv } from './bot.ts';
import { classStateStore, PythonError, pyTruthy } from '../core/py/index.ts';

export interface TraceTurn {
  scores: number[];
  lastRound: boolean;
  /** random.seed(rngSeed) of the global generator before the turn. */
  rngSeed: number;
  throws: number[];
  decisions: boolean[];
  /** stop | six | exhausted | cap | error:<PythonException>: <message> */
  end: string;
  /** random.getrandbits(32) of the global generator after the turn. */
  rngAfter: number;
}

export interface TraceCase {
  index: number;
  caseSeed?: number;
  /** Class names of the 8 seats of the harness's `game_bots` (this bot at `index`), if recorded. */
  gameBots?: string[];
  turns: TraceTurn[];
}

export interface TraceFile {
  bot: string;
  recipe?: string;
  /** Class names of the companions in the harness's `game_bots`, when the same for all cases. */
  gameBots?: string[];
  cases: TraceCase[];
}

export interface TurnResult {
  throws: number[];
  decisions: boolean[];
  end: string;
  rngAfter: number;
}

export interface Mismatch {
  caseIndex: number;
  turnIndex: number;
  expected: TraceTurn;
  got: TurnResult;
}

const CAP = 500;

/** The ending category compared between Python and TS ("error:X: msg" compares as "error"). */
export function endKind(end: string): string {
  return end.startsWith('error') ? 'error' : end;
}

/**
 * A table as the recorders' harness set it: the global generator, a controller env whose
 * `game_bots` is the current game's list, and `seat(port, index, names)`, which starts a new
 * game's list with `port` at `index` and the companions `names` (class names of the 8 seats,
 * when known) built in seat order, and returns the port's bot.
 */
export function harnessTable(classes: ReadonlyMap<string, DiceBotClass>, allClasses: readonly DiceBotClass[]) {
  const random = new PyRandom(0);
  let gameBots: (DiceBot | null)[] = [];
  const env: DiceEnv = {
    random,
    get gameBots() {
      return gameBots;
    },
    botClasses: allClasses,
    classState: classStateStore(),
  };
  const seat = (port: DiceBotClass, index: number, names: readonly string[] | undefined, what: string): DiceBot => {
    gameBots = new Array(8).fill(null);
    let bot!: DiceBot;
    for (let s = 0; s < 8; s++) {
      if (s === index) {
        bot = new port(index, 40, env);
        gameBots[s] = bot;
      } else if (names) {
        const cls = classes.get(names[s]!);
        if (!cls) throw new Error(`${what}: companion ${names[s]} has no port`);
        gameBots[s] = new cls(s, 40, env);
      }
    }
    return bot;
  };
  return { random, env, seat };
}

/**
 * Replays one trace file against a port. `classes` resolves companion names (for bots that
 * look at `game_bots`); class-level state is shared across the whole file, as it was in the
 * single Python process that recorded it.
 */
export function replayTrace(
  trace: TraceFile,
  port: DiceBotClass,
  classes: ReadonlyMap<string, DiceBotClass>,
  allClasses: readonly DiceBotClass[],
  /** 'fast': decide through the port's fast path (bot.ts `fastPath`) where it has one, as the engine does. */
  path: 'generator' | 'fast' = 'generator',
): { turns: number; mismatches: Mismatch[] } {
  const { random, seat } = harnessTable(classes, allClasses);
  const mismatches: Mismatch[] = [];
  let turns = 0;
  trace.cases.forEach((c, caseIndex) => {
    const bot = seat(port, c.index, c.gameBots ?? trace.gameBots, `trace ${trace.bot}`);
    c.turns.forEach((t, turnIndex) => {
      turns++;
      random.seed(t.rngSeed);
      const got = path === 'fast' ? playTracedTurnFast(bot, t.scores.slice(), t.lastRound, t.throws) : playTracedTurn(bot, t.scores.slice(), t.lastRound, t.throws);
      got.rngAfter = Number(random.getrandbits(32));
      const same =
        got.decisions.length === t.decisions.length &&
        got.decisions.every((d, i) => d === t.decisions[i]) &&
        endKind(got.end) === endKind(t.end) &&
        got.rngAfter === t.rngAfter &&
        got.throws.length === t.throws.length;
      if (!same) mismatches.push({ caseIndex, turnIndex, expected: t, got });
    });
  });
  return { turns, mismatches };
}

/**
 * Where a traced turn's decisions come from: called once per decision with the dice so far
 * (`throws`, a fresh copy after every die, as update_state got them) and their sum; returns
 * the decision, or `undefined` when the bot has no more (its generator is exhausted).
 */
type Decide = (throws: readonly number[], turnSum: number) => boolean | undefined;

/**
 * The controller's single_bot with recorded dice instead of the global generator: the one turn
 * loop of both paths (the cap, a stop, a divergence from the recorded dice, a 6). `begin` is
 * called once, where the controller first resumes makeThrow (after a first die that is not a
 * 6), and returns the turn's decision source.
 */
function playTraced(dice: readonly number[], begin: (first: number) => Decide): TurnResult {
  const throws = [dice[0]!];
  const decisions: boolean[] = [];
  let end = 'six';
  if (throws[0] !== 6) {
    let turnSum = throws[0]!;
    try {
      const decide = begin(throws[0]!);
      for (;;) {
        if (decisions.length >= CAP) {
          end = 'cap';
          break;
        }
        const v = decide(throws, turnSum);
        if (v === undefined) {
          end = 'exhausted';
          break;
        }
        decisions.push(v);
        if (!v) {
          end = 'stop';
          break;
        }
        if (throws.length >= dice.length) {
          // The port wants a die the original never asked for: a divergence.
          end = 'diverged: asked for more dice than recorded';
          break;
        }
        const d = dice[throws.length]!;
        throws.push(d);
        if (d === 6) {
          end = 'six';
          break;
        }
        turnSum += d;
      }
    } catch (e) {
      end = `error:${e instanceof PythonError ? e.pyType : (e as Error).name}: ${(e as Error).message}`;
    }
  }
  return { throws, decisions, end, rngAfter: 0 };
}

/** The controller's single_bot with recorded dice: decisions by resuming the port's makeThrow generator. */
export function playTracedTurn(bot: DiceBot, scores: number[], lastRound: boolean, dice: readonly number[]): TurnResult {
  return playTraced(dice, (first) => {
    bot.updateState([first]);
    const stream = bot.makeThrow(scores, lastRound);
    let resumed = false;
    return (throws) => {
      // update_state before every resumption after the first (the first was given above).
      if (resumed) bot.updateState(throws.slice());
      resumed = true;
      const r = stream.next();
      return r.done ? undefined : pyTruthy(r.value);
    };
  });
}

/** playTracedTurn as the engine plays a turn: through the fast path (bot.ts) when the bot may take it. */
export function playTracedTurnFast(bot: DiceBot, scores: number[], lastRound: boolean, dice: readonly number[]): TurnResult {
  const fast = fastDecideOf(bot);
  if (fast === undefined) return playTracedTurn(bot, scores, lastRound, dice);
  return playTraced(dice, () => {
    const state = bot.fastStart === undefined ? 0 : bot.fastStart.call(bot, scores, lastRound);
    return (throws, turnSum) => fast.call(bot, throws, turnSum, scores, lastRound, state);
  });
}

/** A readable account of the first mismatches, for test failure messages. */
export function describeMismatches(bot: string, ms: Mismatch[], limit = 3): string {
  return ms
    .slice(0, limit)
    .map(
      (m) =>
        `${bot} case ${m.caseIndex} turn ${m.turnIndex}: scores=${JSON.stringify(m.expected.scores)} lastRound=${m.expected.lastRound} ` +
        `throws=${JSON.stringify(m.expected.throws)}\n  python: ${JSON.stringify(m.expected.decisions)} ${m.expected.end} rngAfter=${m.expected.rngAfter}\n` +
        `  port:   ${JSON.stringify(m.got.decisions)} ${m.got.end} rngAfter=${m.got.rngAfter}`,
    )
    .join('\n');
}

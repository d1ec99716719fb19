/**
 * `koth ab dice`: the two games of a pair (engines/core/ab/pairs.ts). From the pair's generator:
 * up to 7 opponents drawn from the field (random.sample), then the controller's own seating
 * (random.sample of the 8 classes) and the game itself — the candidate's or the baseline's class
 * first in the class list, so it sits in the same seat against the same opponents with the same
 * dice. The bots share the controller's generator (as in the original), so once A and B decide
 * differently the two games' streams part. a, b: the seat won the game (1), a shared win 1/k, else 0.
 * The opponents and the seats are drawn before any bot acts, from the state both games start
 * from: the pair's second game takes the first's (PairMemo) and skips their words.
 * With --python-bots, every seat holds an original Python class of the files (in the sandbox workers).
 */
import { PyRandom } from '../core/rng/python-random.ts';
import { pairTrials, type AbOptions, type AbPlay, type PairMemo } from '../core/ab/pairs.ts';
import { diceClass } from './ports.ts';
import { DiceController, DEFAULT_SETTINGS, type DiceSettings } from './rules.ts';
import type { DiceBotClass } from './bot.ts';
import type { DiceStats } from './stats.ts';
import type { DiceFlags } from './variants.ts';
import { diceFlags } from './variants.ts';
import { localPython } from '../core/sandbox/runtimes/python/local.ts';
import { loadPythonDiceBots } from './python-bots.ts';
import type { DicePythonFiles } from './trials.ts';

/** The job listing the classes of --python-bots files, run in this module's sandbox workers too. */
export { diceInspect } from './trials.ts';

/** `extra` of a dice A/B run with original Python classes as A and/or B (--python-bots). */
export interface DiceAbExtra {
  python?: DicePythonFiles;
}

/**
 * The port path's per-run work, done once per options object (a shard's): the opponents' classes,
 * a controller set up once for the run's classes — [candidate, baseline, ...opponents] — on which
 * every game is played (DiceController.playList: what a new controller with the game's classes
 * would play), and the arrays a game fills. `reuseController(false)` builds a new controller per
 * game instead, as the engine once did: the two give the same pairs (engines/dice/ab-reuse.test.ts).
 */
interface PortRun {
  o: AbOptions;
  flags: DiceFlags;
  /** [candidate, baseline, ...the opponents to draw from]: the indices playList takes. */
  classes: DiceBotClass[];
  /** The opponents' indices in `classes` (2, 3, …), drawn with random.sample. */
  otherIdx: number[];
  /** A game's list: [the seat's bot (0 or 1), ...its opponents]. */
  list: number[];
  opponents: number[];
  scratch: number[];
  settings: DiceSettings;
  controller: DiceController | undefined;
  /** What a pair's first game leaves its second (PairMemo): see PreGame. */
  pre: PreGame;
}

/**
 * The draws of a game before any bot is built — the opponents (random.sample of the field), then
 * the seats (random.sample(range(8), 8)) — and how many words they took. Both games of a pair start
 * from one state, so the second takes the first's instead of drawing them again (it skips the words).
 */
interface PreGame {
  opponents: number[];
  seats: number[];
  words: number;
}

let run: PortRun | undefined;
let reuse = true;

/**
 * Whether the port path plays its games on one controller per run (the default) or builds one
 * per game: the two give the same pairs (engines/dice/ab-reuse.test.ts compares them).
 */
export function reuseController(on: boolean): void {
  reuse = on;
  run = undefined;
}

function portRun(o: AbOptions): PortRun {
  if (run?.o === o) return run;
  const others = o.field.filter((n) => n !== o.candidate && n !== o.baseline);
  const k = Math.min(DEFAULT_SETTINGS.botsPerGame - 1, others.length);
  run = {
    o,
    flags: diceFlags(o.rules ?? 'fixed'),
    classes: [o.candidate, o.baseline, ...others].map(portClass),
    otherIdx: others.map((_, i) => i + 2),
    list: new Array(k + 1),
    opponents: new Array(k),
    scratch: new Array(others.length),
    settings: { ...DEFAULT_SETTINGS, botsPerGame: k + 1 },
    controller: undefined,
    pre: { opponents: new Array(k), seats: new Array(k + 1), words: 0 },
  };
  return run;
}

/** One game of a pair (pairs.ts AbPlay): `bot` in the seat, on the pair's generator `rng`. */
export const playPairGame: AbPlay = (bot, o, rng, _pair, memo) => {
  const random = rng as PyRandom;
  // --python-bots: A and/or B are original classes, loaded afresh for every game (a fresh
  // interpreter state and class attributes: the game depends on (seed, pair) only).
  const py = (o.extra as DiceAbExtra | undefined)?.python;
  if (py) return pythonGame(bot, o, random, py);
  const r = portRun(o);
  const list = r.list;
  list[0] = bot === o.candidate ? 0 : 1;
  if (reuse) {
    const controller = (r.controller ??= new DiceController(r.classes, random, r.flags, r.settings));
    const pre = r.pre;
    if (memo !== undefined && memo.value === pre) {
      // The pair's second game: the first game's opponents and seats, their words skipped.
      random.skip(pre.words);
      for (let i = 0; i < pre.opponents.length; i++) list[i + 1] = pre.opponents[i]!;
      return controller.playListSeats(list, random, pre.seats);
    }
    const at = random.streamPos();
    const opponents = drawOpponents(r, random);
    const seats = controller.drawListSeats(list.length, random);
    if (memo !== undefined) {
      for (let i = 0; i < opponents.length; i++) pre.opponents[i] = opponents[i]!;
      for (let i = 0; i < seats.length; i++) pre.seats[i] = seats[i]!;
      pre.words = random.streamPos() - at;
      memo.value = pre;
    }
    return controller.playListSeats(list, random, seats);
  }
  // A new controller per game, with the game's classes (a list of its own).
  drawOpponents(r, random);
  const classes = list.map((i) => r.classes[i]!);
  return seatResult(new DiceController(classes, random, r.flags, r.settings).simulate(1), bot);
};

/** random.sample(others, k) (of their indices: the same draws), into the run's arrays and after the seat's bot in its list. */
function drawOpponents(r: PortRun, random: PyRandom): number[] {
  const opponents = random.sampleInto(r.otherIdx, r.opponents.length, r.opponents, r.scratch);
  for (let i = 0; i < opponents.length; i++) r.list[i + 1] = opponents[i]!;
  return opponents;
}

export const trials = pairTrials('cpython3', playPairGame);

function portClass(name: string): DiceBotClass {
  const c = diceClass(name);
  if (!c) throw new Error(`no dice port ${name}`);
  return c;
}

/** The seat's result of a one-game run: 1 / the number of winners if it won, else 0. */
function seatResult(s: DiceStats, bot: string): number {
  let wins = 0;
  for (let i = 0; i < s.rows.length; i++) wins += s.rows[i]!.wins;
  // Rows are keyed by class name: the seat's row is its name's (the field never holds A or B).
  const row = s.rows[s.bots.indexOf(bot)]!;
  return wins ? row.wins / wins : 0;
}

function pythonGame(bot: string, o: AbOptions, random: PyRandom, py: DicePythonFiles): number {
  const others = o.field.filter((n) => n !== o.candidate && n !== o.baseline);
  const opponents = random.sample(others, Math.min(DEFAULT_SETTINGS.botsPerGame - 1, others.length));
  // Every seat holds a class of the files then (the engine does not mix original classes with ports).
  const loaded = loadPythonDiceBots(py.files, localPython());
  const classes = [bot, ...opponents].map((n) => {
    const c = loaded.classes.find((k) => k.name === n)?.cls;
    if (!c) throw new Error(`no dice port ${n}`);
    return c;
  });
  const controller = new DiceController(classes, random, diceFlags(o.rules ?? 'fixed'), { ...DEFAULT_SETTINGS, botsPerGame: classes.length });
  return seatResult(controller.simulate(1), bot);
}

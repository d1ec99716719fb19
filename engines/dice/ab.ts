/**
 * `koth ab dice`: the two games of a pair (engines/core/ab/pairs.ts). From the pair's generator:
 * up to 7 opponents drawn from the field (random.sample), then the controller's own seating
 * (random.sample of the 8 classes) and the game itself — the candidate's or the baseline's class
 * first in the class list, so it sits in the same seat against the same opponents with the same
 * dice. The bots share the controller's generator (as in the original), so once A and B decide
 * differently the two games' streams part. a, b: the seat won the game (1), a shared win 1/k, else 0.
 * With --python-bots, every seat holds an original Python class of the files (in the sandbox workers).
 */
import { PyRandom } from '../core/rng/python-random.ts';
import { pairTrials, type AbOptions } from '../core/ab/pairs.ts';
import { diceClass } from '../../transpiled-bots/dice/index.ts';
import { DiceController, DEFAULT_SETTINGS, type DiceSettings } from './rules.ts';
import type { DiceBotClass } from './bot.ts';
import type { DiceStats } from './stats.ts';
import type { DiceFlags } from './variants.ts';
import { diceFlags } from './variants.ts';
import { localPython } from '../core/pyodide/local.ts';
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
 * and the arrays a game fills. Its games are played on one controller, reset for each game
 * (DiceController.reset: what a new controller would be), unless `reuseController(false)`.
 */
interface PortRun {
  o: AbOptions;
  others: string[];
  flags: DiceFlags;
  /** The opponents' classes (others' order), and the candidate's and the baseline's. */
  otherClasses: DiceBotClass[];
  own: Map<string, DiceBotClass>;
  /** The class list of a game: [the seat's bot, ...its opponents]. */
  classes: DiceBotClass[];
  opponents: DiceBotClass[];
  scratch: DiceBotClass[];
  settings: DiceSettings;
}

let run: PortRun | undefined;
let controller: DiceController | undefined;
let reuse = true;

/**
 * Whether the port path reuses one controller for its games (the default) or builds one per game
 * as it once did: the two give the same pairs (engines/dice/ab-reuse.test.ts compares them).
 */
export function reuseController(on: boolean): void {
  reuse = on;
  controller = undefined;
}

function portRun(o: AbOptions): PortRun {
  if (run?.o === o) return run;
  const others = o.field.filter((n) => n !== o.candidate && n !== o.baseline);
  const k = Math.min(DEFAULT_SETTINGS.botsPerGame - 1, others.length);
  const own = new Map([o.candidate, o.baseline].map((n) => [n, portClass(n)]));
  run = {
    o,
    others,
    flags: diceFlags(o.rules ?? 'fixed'),
    otherClasses: others.map(portClass),
    own,
    classes: new Array(k + 1),
    opponents: new Array(k),
    scratch: new Array(others.length),
    settings: { ...DEFAULT_SETTINGS, botsPerGame: k + 1 },
  };
  return run;
}

export const trials = pairTrials('cpython3', (bot, o, rng) => {
  const random = rng as PyRandom;
  // --python-bots: A and/or B are original classes, loaded afresh for every game (a fresh
  // interpreter state and class attributes: the game depends on (seed, pair) only).
  const py = (o.extra as DiceAbExtra | undefined)?.python;
  if (py) return pythonGame(bot, o, random, py);
  const r = portRun(o);
  // random.sample(others, k) (of their classes: the same draws), into the run's arrays.
  const opponents = random.sampleInto(r.otherClasses, r.opponents.length, r.opponents, r.scratch);
  const classes = r.classes;
  classes[0] = r.own.get(bot) ?? portClass(bot);
  for (let i = 0; i < opponents.length; i++) classes[i + 1] = opponents[i]!;
  let c = controller;
  if (c && reuse) c.reset(classes, random, r.flags, r.settings);
  else {
    // A controller's class list is its own (env.botClasses): a fresh controller gets a copy.
    c = new DiceController(reuse ? classes : classes.slice(), random, r.flags, r.settings);
    if (reuse) controller = c;
  }
  return seatResult(c.simulate(1), bot);
});

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

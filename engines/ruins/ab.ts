/**
 * `koth ab ruins`: the two games of a pair (engines/core/ab/pairs.ts). From the pair's generator:
 * up to 9 opponents drawn from the field and the game's seed; the candidate's or the baseline's
 * class sits first, so both games have the same seed and seats (ruins.py draws the characters,
 * rooms and treasures from the seed). a, b: the seat has the game's top score (a shared top 1/k), else 0.
 * Single games are the same under both driver versions (--rules changes tournaments only).
 * With --python-bots, every seat holds an original Python class of the files (as `koth replay
 * ruins --python-bots` seats them: no ports among them), loaded afresh for every game in the
 * sandbox worker; a game ruins.py would have crashed in has no winner, as with the ports, but the
 * sandbox stopping a bot (time, memory) stops the run (exit 3).
 */
import { PyRandom } from '../core/rng/python-random.ts';
import { abNote, pairTrials, shortError } from '../core/ab/pairs.ts';
import type { AbPython, AbPythonExtra } from '../core/ab/types.ts';
import { ruinsClass } from './ports.ts';
import { Ruins } from './rules.ts';
import { ControllerCrash, SandboxStop } from '../core/py/errors.ts';
import { localPython } from '../core/sandbox/runtimes/python/local.ts';
import type { PythonHost } from '../core/sandbox/runtimes/python/host.ts';
import { loadPythonRuinsBots } from './python-bots.ts';
import type { AdventurerClass } from './adventurer.ts';
import type { RuinsPythonArgs } from './trials.ts';

/** The job listing the classes of --python-bots files, run in this module's sandbox workers too. */
export { ruinsInspect } from './trials.ts';

/** koth ab ruins --python-bots: the sandbox's default call limit. */
export const python: AbPython = { batch: 5 };

// Ours: the ruins stand-in keeps every loaded class by key; a game's load forgets the previous game's.
const FORGET_PY = `
import sys, koth_sandbox
def _forget():
    sys.modules['koth_ruins']._classes.clear()
koth_sandbox.register('ruins_ab_forget', _forget)
`;
const forgetting = new WeakSet<PythonHost>();

/** The classes of the files, loaded afresh (a fresh interpreter state and class attributes: the game depends on (seed, pair) only). */
function pythonClasses(args: RuinsPythonArgs): (n: string) => AdventurerClass | undefined {
  const host = localPython();
  const loaded = loadPythonRuinsBots(args.sources, host);
  if (!forgetting.has(host)) {
    host.loadModule('koth_ruins_ab', FORGET_PY, 'koth_ruins_ab.py');
    forgetting.add(host);
  }
  const byName = new Map<string, AdventurerClass>();
  for (const c of loaded.classes) if (!byName.has(c.botName)) byName.set(c.botName, c);
  return (n) => byName.get(n);
}

function forget(): void {
  const host = localPython();
  if (forgetting.has(host)) host.call('ruins_ab_forget', [], 'forgetting the classes of the last game');
}

export const trials = pairTrials('cpython3', (bot, o, rng) => {
  const random = rng as PyRandom;
  const others = o.field.filter((n) => n !== o.candidate && n !== o.baseline);
  const opponents = random.sample(others, Math.min(9, others.length));
  const seed = random.getrandbits(64);
  const py = (o.extra as AbPythonExtra<RuinsPythonArgs> | undefined)?.python;
  const resolve = py ? pythonClasses(py) : ruinsClass;
  try {
    const classes = [bot, ...opponents].map((n) => {
      const c = resolve(n);
      if (!c) throw new Error(`no ruins ${py ? 'class of the --python-bots files' : 'port'} ${n}`);
      return c;
    });
    let game: Ruins;
    let scored;
    try {
      game = new Ruins(classes, seed);
      scored = game.runGame();
    } catch (e) {
      // A game ruins.py itself would have crashed in: nobody wins it (koth ab says how often). The sandbox's stop is not one (it stops the run).
      if (e instanceof ControllerCrash && !(e instanceof SandboxStop)) {
        abNote(`a game in which ruins.py would have crashed (${shortError(e)}): no winner`);
        return 0;
      }
      throw e;
    }
    const me = game.seats[0]!;
    const top = Math.max(...scored.map((s) => s.score));
    const tops = scored.filter((s) => s.score === top);
    return tops.some((s) => s.player === me) ? 1 / tops.length : 0;
  } finally {
    if (py) forget();
  }
});

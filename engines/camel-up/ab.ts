/**
 * `koth ab camel-up`: the two games of a pair (engines/core/ab/pairs.ts). From the pair's
 * generator: 3 opponents drawn from the field (with replacement), the candidate's seat (0–3), and the seed of the
 * scripted dice; the camels' starting squares and every roll come from that dice stream (each
 * camel moves once per round, in the order the stream gives), so both games see the same squares,
 * move order and dice whatever the players do; the players draw from the pair's generator. a, b:
 * the seat won (most money; a shared win 1/k), else 0 (also in a game where no seated player ever
 * rolls, ended after MAX_ACTIONS actions: camelup.py would hang; and in a game camelup.py raised in,
 * e.g. on an illegal trap under the 2018 rules).
 * With --python-bots, every seat holds an original Python player of the files (as `koth replay
 * camel-up --exact --python-bots` seats them: no ports among them), loaded afresh for every game in
 * the sandbox worker, its module-global `random` kept in step with the players' generator; a
 * player's exception is a game camelup.py raised in (no winner); the sandbox's stop, and an answer
 * koth cannot carry (CamelUnfollowable: camelup.py played on with it), stop the run (exit 3, as in koth replay).
 */
import { PyRandom } from '../core/rng/python-random.ts';
import { abNote, pairTrials, shortError } from '../core/ab/pairs.ts';
import { camelBot } from './ports.ts';
import { CamelGame, MAX_ACTIONS } from './rules.ts';
import { PythonError, SandboxStop } from '../core/py/errors.ts';
import { camelFlags } from './variants.ts';
import type { AbPython, AbPythonExtra } from '../core/ab/types.ts';
import { localPython } from '../core/sandbox/runtimes/python/local.ts';
import type { PythonHost } from '../core/sandbox/runtimes/python/host.ts';
import { CAMEL_MOVE_TIMEOUT_MS, CamelUnfollowable, loadPythonCamelPlayers, type CamelSandbox } from './python-players.ts';
import type { CamelPlayer } from './rules.ts';
import type { CamelPythonArgs } from './trials.ts';

/** The job listing the players of --python-bots files, run in this module's sandbox workers too. */
export { camelInspect } from './trials.ts';

/** koth ab camel-up --python-bots: a move's time limit, as koth replay camel-up --python-bots has it. */
export const python: AbPython = { timeoutMs: CAMEL_MOVE_TIMEOUT_MS, batch: 5 };

// Ours: the camel-up stand-in keeps every loaded player class by key, and a module per load; a game's load forgets the previous game's.
const FORGET_PY = `
import sys, koth_sandbox
def _forget():
    m = sys.modules['koth_camel']
    m._classes.clear()
    m._hashes.clear()
    for name in [n for n in sys.modules if n.startswith('camel_players_')]:
        del sys.modules[name]
koth_sandbox.register('camel_ab_forget', _forget)
`;
const forgetting = new WeakSet<PythonHost>();

/** The players of the files, loaded afresh (fresh class attributes and stream: the game depends on (seed, pair) only). */
function pythonPlayers(args: CamelPythonArgs, rules: string): (n: string) => CamelPlayer | undefined {
  const host = localPython() as CamelSandbox;
  const loaded = loadPythonCamelPlayers(args.sources, { sandbox: host, rules });
  if (!forgetting.has(host)) {
    host.loadModule('koth_camel_ab', FORGET_PY, 'koth_camel_ab.py');
    forgetting.add(host);
  }
  const byName = new Map<string, CamelPlayer>();
  for (const c of loaded.classes) if (!byName.has(c.name) && !c.refused) byName.set(c.name, c.player);
  return (n) => byName.get(n);
}

function forget(): void {
  const host = localPython();
  if (forgetting.has(host)) {
    host.takeOutput(); // what the players printed: not shown by koth ab (drained so it does not pile up)
    host.call('camel_ab_forget', [], 'forgetting the players of the last game');
  }
}

/** A game where no seated player ever rolls ends after MAX_ACTIONS actions (rules.ts) with no winner (the seat's result 0). */
export { MAX_ACTIONS };
class NoEnd extends Error {}

export const trials = pairTrials('cpython3', (bot, o, rng) => {
  let actions = 0;
  const random = rng as PyRandom;
  const others = o.field.filter((n) => n !== o.candidate && n !== o.baseline);
  // Drawn with replacement: camelup.py's pool may hold a player twice (a field of one fills the three seats).
  const opponents = [0, 1, 2].map(() => others[random.randbelow(others.length)]!);
  const seat = random.randbelow(4);
  const dice = new PyRandom(random.getrandbits(64));
  const names = [...opponents];
  names.splice(seat, 0, bot);
  const rules = o.rules ?? 'original';
  const py = (o.extra as AbPythonExtra<CamelPythonArgs> | undefined)?.python;
  try {
    const resolve = py ? pythonPlayers(py, rules) : camelBot;
    const players = names.map((n) => {
      const p = resolve(n);
      if (!p) throw new Error(`no camel-up ${py ? 'player of the --python-bots files' : 'port'} ${n}`);
      return p;
    });
    let r;
    try {
      r = new CamelGame(players, random, camelFlags(rules), dice).play(() => {
        if (++actions > MAX_ACTIONS) throw new NoEnd();
      });
    } catch (e) {
      // A game camelup.py itself stops in (its 2018 rules raise on an illegal trap, a player's exception…) has no winner; koth ab says how often.
      if (e instanceof NoEnd) {
        abNote(`a game in which no seated player rolled was ended after ${MAX_ACTIONS} actions (camelup.py would hang): no winner`);
        return 0;
      }
      // An answer koth cannot carry (CamelUnfollowable): camelup.py played on, so "no winner" would be false; the run stops, as koth replay does.
      if (e instanceof PythonError && !(e instanceof SandboxStop) && !(e instanceof CamelUnfollowable)) {
        abNote(`a game stopped on ${shortError(e)} (camelup.py stops there too): no winner`);
        return 0;
      }
      throw e;
    }
    return r.winnerSeats.includes(seat) ? 1 / r.winnerSeats.length : 0;
  } finally {
    if (py) forget();
  }
});

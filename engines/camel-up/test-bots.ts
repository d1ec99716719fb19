/**
 * Players of OUR OWN that misbehave, for the 2026 rules (crashEndsTournament and
 * invalidActionsUnchecked off): their Python twins are tools/oracle/camel-up/bots/misbehaving.py,
 * which the recorder seats beside camelup.py 2026's own players to make the 2026 goldens. They
 * draw from the shared generator exactly as the twins do. Not ports of anybody's answer: they
 * live here, not in transpiled-bots/, and are found by name only through `camelBot` (ports.ts).
 */
import { PythonError } from '../core/py/errors.ts';
import type { CamelPlayer } from './rules.ts';

/** Raises ZeroDivisionError half of the time (after drawing), else bets on a random round winner. */
const Crasher: CamelPlayer = {
  name: 'Crasher',
  move(_player, _g, { random }) {
    if (random.random() < 0.5) throw new PythonError('ZeroDivisionError', 'division by zero');
    return [2, random.randint(0, 4)];
  },
};

/** One of these answers, drawn with random.randint(0, 11): most are refused by camelup.py 2026. */
const MISFIT_ANSWERS: ((r: { randint(a: number, b: number): number }) => unknown[])[] = [
  () => [7], // action code out of bounds
  () => [], // malformed: result[0] raises
  () => [1, 1], // malformed trap: result[2] raises (before MoveTrap: an old trap stays)
  () => [1, 2, 5], // trap type not ±1 (after MoveTrap removed the old trap)
  () => [1, -1, 0], // square 0
  () => [1, 1, 28], // past square 27
  (r) => [1, 1, r.randint(1, 27)], // a trap that may be legal, on camels or next to a trap
  (r) => [1, -1, r.randint(1, 27)],
  () => [3, '3'], // a camel as a str: not in g.camels
  () => [2, 9], // no such camel
  (r) => [3, r.randint(0, 4)], // game bets: a second one on a camel is refused
  (r) => [4, r.randint(0, 4)],
];

const Misfit: CamelPlayer = {
  name: 'Misfit',
  move(_player, _g, { random }) {
    return MISFIT_ANSWERS[random.randint(0, MISFIT_ANSWERS.length - 1)]!(random);
  },
};

/** Bets on a random round winner when it can, else rolls: many losing round bets (the fourth is free in 2018 only). */
const RoundBetter: CamelPlayer = {
  name: 'RoundBetter',
  move(_player, _g, { random }) {
    return random.random() < 0.8 ? [2, random.randint(0, 4)] : [0];
  },
};

/** A +1 trap on square 18 while it has none (a camel pushed to 19: the 2026 game ends, 2018's went on), else rolls. */
const Trapper: CamelPlayer = {
  name: 'Trapper',
  move: (player, g) => (g.player_has_placed_trap[player] ? [0] : [1, 1, 18]),
};

export const CAMEL_TEST_BOTS: readonly CamelPlayer[] = [Crasher, Misfit, RoundBetter, Trapper];

/**
 * Python bots of OUR OWN for the `koth ab --python-bots` tests (test/ab-python.test.ts,
 * test/ab-queue-python.test.ts): no answer or driver code. The ruins and camel-up twins behave,
 * action for action and draw for draw, like the ports of the same name (written by us from the
 * TypeScript ports in transpiled-bots/); the repo's own twins are used beside them
 * (tools/oracle/ruins/bots/port_twins/twins.py: Drunkard, Coward; tools/oracle/camel-up/bots/
 * port_twins.py: Player0, Player1, Player2, and LeaderBetter, a player of ours).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './helpers.ts';

/** dice: classes that throw to a target (two with the same target: twins), and one that never throws. */
export function diceBots(dir: string): string {
  const f = join(dir, 'bots.py');
  const cls = (name: string, target: number) => `class ${name}(Bot):\n    def make_throw(self, scores, last_round):\n        while sum(self.current_throws) < ${target}:\n            yield True\n        yield False\n\n`;
  writeFileSync(f, cls('Filler0', 8) + cls('Filler1', 9) + cls('Filler2', 12) + cls('TenA', 10) + cls('TenB', 10) + 'class Timid(Bot):\n    def make_throw(self, scores, last_round):\n        yield False\n');
  return f;
}

/** ruins: our twins of the ports EagerThief and GreedyBastard (transpiled-bots/ruins/). */
export const RUINS_TWINS_PY = `import math
from __main__ import Adventurer


class EagerThief(Adventurer):
    def get_action(self, state):
        cost = 10 + math.ceil(state.carry_weight / 5)
        if state.stamina // cost <= state.room + 1:
            return 'previous'
        if state.treasures and state.carry_weight + state.treasures[0].weight < 50:
            return 'take', 0, state.treasures[0].weight + self.random.randrange(len(state.players) * 2 + 1)
        return 'next'


class GreedyBastard(Adventurer):
    def get_action(self, state):
        if state.treasures:
            return 'take', 0, state.treasures[0].weight + 5
        return 'next'
`;

/** The repo's ruins twins (Drunkard, Coward) and ours (EagerThief, GreedyBastard), as a --python-bots list. */
export function ruinsBots(dir: string): string {
  const f = join(dir, 'more_twins.py');
  writeFileSync(f, RUINS_TWINS_PY);
  return `${join(ROOT, 'tools/oracle/ruins/bots/port_twins/twins.py')},${f}`;
}

/** The repo's camel-up twins of Player0, Player1, Player2 and its LeaderBetter. */
export const CAMEL_TWINS = join(ROOT, 'tools/oracle/camel-up/bots/port_twins.py');

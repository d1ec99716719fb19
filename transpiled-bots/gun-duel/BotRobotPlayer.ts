import { BULLET, LOAD, METAL, PLASMA, Player, THERMAL, type Action } from '../../engines/gun-duel/player.ts';
import { fromRepo } from './source.ts';

export const provenance = fromRepo('BotRobotPlayer', '0a4a6d6f0dfe01e61d3568b3288bb6ab6e1ad4f71fd3ca1df0587008f3c9bbbc', { author: 'ATaco', answerId: 104910 });

/** "myAmmo:oppAmmo" → action code (0 load, 1 bullet, 2 plasma, 3 metal, other thermal); unlisted → metal. Data table. */
const TABLE: Record<string, number> = {
  '0:9': 0, '1:12': 1, '1:10': 1, '0:10': 4, '1:11': 1, '0:11': 0, '0:6': 0, '2:2': 4, '0:2': 4, '2:6': 0,
  '3:6': 0, '0:7': 3, '1:3': 0, '2:3': 1, '0:3': 3, '2:0': 0, '1:0': 1, '0:4': 4, '1:4': 0, '2:4': 1,
  '0:0': 0, '3:0': 1, '1:1': 0, '2:1': 3, '2:9': 4, '0:5': 3, '0:8': 0, '3:1': 1, '0:1': 0,
};
const CODE: readonly Action[] = [LOAD, BULLET, PLASMA, METAL];

export default class BotRobotPlayer extends Player {
  static readonly botName = 'BotRobotPlayer';
  fight(): Action {
    const toDo = TABLE[`${this.getAmmo()}:${this.getAmmoOpponent()}`] ?? 3;
    return CODE[toDo] ?? THERMAL;
  }
}

/**
 * The ruins roster: the driver's Drunkard and its test bots in load order, with their
 * provenance; engines/wiring/ruins.ts hands it to the game. (The ten bots of the 2019-05-04
 * leaderboard are known from the published table, not ported: their code is only on the
 * question page.)
 */
import type { AdventurerClass } from '../../engines/ruins/adventurer.ts';
import { makeRoster, type Roster } from '../../engines/core/roster.ts';
import type { Provenance } from '../provenance.ts';
import * as DrunkardM from './Drunkard.ts';
import * as EagerThiefM from './EagerThief.ts';
import * as EmoKidM from './EmoKid.ts';
import * as ChadM from './Chad.ts';
import * as CowardM from './Coward.ts';
import * as GreedyBastardM from './GreedyBastard.ts';
import * as MischievousKidM from './MischievousKid.ts';
import * as EagerClone0M from './EagerClone0.ts';
import * as EagerClone1M from './EagerClone1.ts';
import * as EagerClone2M from './EagerClone2.ts';
import * as EagerClone3M from './EagerClone3.ts';
import * as EagerClone4M from './EagerClone4.ts';
import * as EagerClone5M from './EagerClone5.ts';

export const Drunkard = DrunkardM.default;

/** The driver's test_bots module, in the order the driver loads it (module dict order). */
export const TEST_BOTS: readonly AdventurerClass[] = [
  EagerThiefM.default,
  EmoKidM.default,
  ChadM.default,
  CowardM.default,
  GreedyBastardM.default,
  MischievousKidM.default,
  EagerClone0M.default,
  EagerClone1M.default,
  EagerClone2M.default,
  EagerClone3M.default,
  EagerClone4M.default,
  EagerClone5M.default,
];

const provenances: Provenance[] = [
  DrunkardM.provenance,
  EagerThiefM.provenance,
  EmoKidM.provenance,
  ChadM.provenance,
  CowardM.provenance,
  GreedyBastardM.provenance,
  MischievousKidM.provenance,
  EagerClone0M.provenance,
  EagerClone1M.provenance,
  EagerClone2M.provenance,
  EagerClone3M.provenance,
  EagerClone4M.provenance,
  EagerClone5M.provenance,
];

export const RUINS_CLASSES: readonly AdventurerClass[] = [Drunkard, ...TEST_BOTS];

export function ruinsClass(name: string): AdventurerClass | undefined {
  return RUINS_CLASSES.find((c) => c.botName === name);
}

/** The roster the game is handed (engines/core/roster.ts; the unported leaderboard bots are added by engines/ruins/index.ts from the published table). */
export const ruinsRoster: Roster<AdventurerClass> = makeRoster(
  'ruins',
  RUINS_CLASSES.map((c, i) => ({ name: c.botName, provenance: provenances[i]!, port: c })),
);

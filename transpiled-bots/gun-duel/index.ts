/**
 * The gun-duel roster: the ports with their provenance, registered in the order of the final
 * Tournament.cpp (a6e74c9) — the order decides who is player A, the identifier each gets and
 * the order of every draw; engines/wiring/gun-duel.ts hands it to the game.
 * BlackHatPlayer (answer 105061) is known but disqualified and not ported: it tampered with
 * its opponents' memory, and the final Tournament.cpp does not register it.
 */
import type { PlayerClass } from '../../engines/gun-duel/player.ts';
import type { KnownBot } from '../provenance.ts';
import { makeRoster, type Roster } from '../../engines/core/roster.ts';
import { fromRepo } from './source.ts';
import GunClubPlayer, { provenance as GunClubPlayerP } from './GunClubPlayer.ts';
import OpportunistPlayer, { provenance as OpportunistPlayerP } from './OpportunistPlayer.ts';
import TurtlePlayer, { provenance as TurtlePlayerP } from './TurtlePlayer.ts';
import BarricadePlayer, { provenance as BarricadePlayerP } from './BarricadePlayer.ts';
import BotRobotPlayer, { provenance as BotRobotPlayerP } from './BotRobotPlayer.ts';
import PlasmaPlayer, { provenance as PlasmaPlayerP } from './PlasmaPlayer.ts';
import SadisticShooter, { provenance as SadisticShooterP } from './SadisticShooter.ts';
import DeceptivePlayer, { provenance as DeceptivePlayerP } from './DeceptivePlayer.ts';
import StudiousPlayer, { provenance as StudiousPlayerP } from './StudiousPlayer.ts';
import SurvivorPlayer, { provenance as SurvivorPlayerP } from './SurvivorPlayer.ts';
import FatedPlayer, { provenance as FatedPlayerP } from './FatedPlayer.ts';
import CBetaPlayer, { provenance as CBetaPlayerP } from './CBetaPlayer.ts';
import MontePlayer, { provenance as MontePlayerP } from './MontePlayer.ts';
import CamtoPlayer, { provenance as CamtoPlayerP } from './CamtoPlayer.ts';
import HanSoloPlayer, { provenance as HanSoloPlayerP } from './HanSoloPlayer.ts';
import SpecificPlayer, { provenance as SpecificPlayerP } from './SpecificPlayer.ts';
import NotSoPatientPlayer, { provenance as NotSoPatientPlayerP } from './NotSoPatientPlayer.ts';

/** The 17 players of the final tournament, in registration order. */
export const POOL: readonly PlayerClass[] = [
  GunClubPlayer,
  OpportunistPlayer,
  TurtlePlayer,
  BarricadePlayer,
  BotRobotPlayer,
  PlasmaPlayer,
  SadisticShooter,
  DeceptivePlayer,
  StudiousPlayer,
  SurvivorPlayer,
  FatedPlayer,
  CBetaPlayer,
  MontePlayer,
  CamtoPlayer,
  HanSoloPlayer,
  SpecificPlayer,
  NotSoPatientPlayer,
];

export const knownBots: KnownBot[] = [
  { challenge: 'gun-duel', bot: 'GunClubPlayer', ported: true, provenance: GunClubPlayerP },
  { challenge: 'gun-duel', bot: 'OpportunistPlayer', ported: true, provenance: OpportunistPlayerP },
  { challenge: 'gun-duel', bot: 'TurtlePlayer', ported: true, provenance: TurtlePlayerP },
  { challenge: 'gun-duel', bot: 'BarricadePlayer', ported: true, provenance: BarricadePlayerP },
  { challenge: 'gun-duel', bot: 'BotRobotPlayer', ported: true, provenance: BotRobotPlayerP },
  { challenge: 'gun-duel', bot: 'PlasmaPlayer', ported: true, provenance: PlasmaPlayerP },
  { challenge: 'gun-duel', bot: 'SadisticShooter', ported: true, provenance: SadisticShooterP },
  { challenge: 'gun-duel', bot: 'DeceptivePlayer', ported: true, provenance: DeceptivePlayerP },
  { challenge: 'gun-duel', bot: 'StudiousPlayer', ported: true, provenance: StudiousPlayerP },
  { challenge: 'gun-duel', bot: 'SurvivorPlayer', ported: true, provenance: SurvivorPlayerP },
  { challenge: 'gun-duel', bot: 'FatedPlayer', ported: true, provenance: FatedPlayerP },
  { challenge: 'gun-duel', bot: 'CBetaPlayer', ported: true, provenance: CBetaPlayerP },
  { challenge: 'gun-duel', bot: 'MontePlayer', ported: true, provenance: MontePlayerP },
  { challenge: 'gun-duel', bot: 'CamtoPlayer', ported: true, provenance: CamtoPlayerP },
  { challenge: 'gun-duel', bot: 'HanSoloPlayer', ported: true, provenance: HanSoloPlayerP },
  { challenge: 'gun-duel', bot: 'SpecificPlayer', ported: true, provenance: SpecificPlayerP },
  { challenge: 'gun-duel', bot: 'NotSoPatientPlayer', ported: true, provenance: NotSoPatientPlayerP },
  {
    challenge: 'gun-duel',
    bot: 'BlackHatPlayer',
    ported: false,
    provenance: fromRepo('BlackHatPlayer', 'e6d3fe1458011d6096b84b07f14a9c7fc49d5327a8feb8970f0514986068bf04', {
      answerId: 105061,
      notes: 'Disqualified: it tampers with the memory of its opponents; not in the final Tournament.cpp registry, not ported.',
    }),
  },
];

export function findPlayer(name: string): PlayerClass | undefined {
  return POOL.find((p) => p.botName.toLowerCase() === name.toLowerCase());
}

/** The roster the game is handed (engines/core/roster.ts): a name is found case aside. */
export const gunDuelRoster: Roster<PlayerClass> = makeRoster(
  'gun-duel',
  POOL.map((p) => ({ name: p.botName, provenance: knownBots.find((k) => k.bot === p.botName)!.provenance, port: p })),
  { unported: knownBots.filter((k) => !k.ported), ignoreCase: true },
);

/**
 * The dice bot registry: every port, in the snapshot's class-definition order (the order
 * `Bot.__subclasses__()` gave the original controller), and every bot the project knows of.
 */
import type { DiceBotClass } from '../../engines/dice/bot.ts';
import type { KnownBot, Provenance } from '../provenance.ts';

type PortModule = { default: DiceBotClass; provenance: Provenance };

/** Ports in snapshot class order. */
const modules: PortModule[] = [];

export const diceBotClasses: readonly DiceBotClass[] = modules.map((m) => m.default);

export const diceProvenance: ReadonlyMap<string, Provenance> = new Map(modules.map((m) => [m.default.botName, m.provenance]));

/** Names of the bots in the snapshot (class order), ported or not. */
export const DICE_SNAPSHOT_BOTS: readonly string[] = [
  'ThrowTwiceBot', 'GoToTenBot', 'Roll6Timesv2', 'Gladiolen', 'NeoBot', 'BePrepared', 'FortyTeen', 'AdaptiveRoller',
  'StepBot', 'BinaryBot', 'ExpectationsBot', 'StopBot', 'SlowStart', 'GoBigEarly', 'NotTooFarBehindBot', 'GamblersFallacy',
  'HarkonnenBot', 'KwisatzHaderach', 'TleilaxuBot', 'Rebel', 'OptFor2X', 'Hesitate', 'ClunkyChicken', 'WhereFourArtThouChicken',
  'Crush', 'TakeFive', 'Alpha', 'CooperativeSwarmBot', 'CooperativeThrowTwice', 'CooperativeSwarm_1234', 'ThrowThriceBot',
  'BringMyOwn_dice', 'CopyBot', 'GoTo20orBestBot', 'GoToSeventeenRollTenBot', 'FooBot', 'Chaser', 'Stalker', 'AggressiveStalker',
  'LizduadacBot', 'QuotaBot', 'BlessRNG', 'GoTo20Bot', 'BrainBot', 'EnsureLead', 'SafetyNet', 'Ro', 'FutureBot', 'OneStepAheadBot',
  'LeadBy5Bot', 'RollForLuckBot', 'FlipCoinRollDice', 'GoHomeBot', 'LastRound', 'PointsAreForNerdsBot', 'OneInFiveBot', 'MatchLeaderBot',
];

/** Subclasses of another bot in Python: not in `Bot.__subclasses__()`, so not in the original's default pool. */
export const DICE_INDIRECT_SUBCLASSES: ReadonlySet<string> = new Set(['CooperativeThrowTwice', 'CooperativeSwarm_1234']);

export function diceClass(name: string): DiceBotClass | undefined {
  return diceBotClasses.find((c) => c.botName === name);
}

export const knownBots: KnownBot[] = DICE_SNAPSHOT_BOTS.map((bot) => {
  const provenance = diceProvenance.get(bot) ?? { challenge: 'dice', bot, questionId: 177765, source: '2019-01-07 snapshot of all answers' };
  return { challenge: 'dice', bot, ported: diceProvenance.has(bot), provenance };
});

/**
 * The dice roster: every port with its provenance, in the snapshot's class-definition order (the
 * order `Bot.__subclasses__()` gave the original controller). engines/wiring/dice.ts hands it to the game.
 */
import type { DiceBotClass } from '../../engines/dice/bot.ts';
import { makeRoster, type Roster } from '../../engines/core/roster.ts';
import type { Provenance } from '../provenance.ts';
import * as ThrowTwiceBot from './ThrowTwiceBot.ts';
import * as GoToTenBot from './GoToTenBot.ts';
import * as Roll6Timesv2 from './Roll6Timesv2.ts';
import * as Gladiolen from './Gladiolen.ts';
import * as NeoBot from './NeoBot.ts';
import * as BePrepared from './BePrepared.ts';
import * as FortyTeen from './FortyTeen.ts';
import * as AdaptiveRoller from './AdaptiveRoller.ts';
import * as StepBot from './StepBot.ts';
import * as BinaryBot from './BinaryBot.ts';
import * as ExpectationsBot from './ExpectationsBot.ts';
import * as StopBot from './StopBot.ts';
import * as SlowStart from './SlowStart.ts';
import * as GoBigEarly from './GoBigEarly.ts';
import * as NotTooFarBehindBot from './NotTooFarBehindBot.ts';
import * as GamblersFallacy from './GamblersFallacy.ts';
import * as HarkonnenBot from './HarkonnenBot.ts';
import * as KwisatzHaderach from './KwisatzHaderach.ts';
import * as TleilaxuBot from './TleilaxuBot.ts';
import * as Rebel from './Rebel.ts';
import * as OptFor2X from './OptFor2X.ts';
import * as Hesitate from './Hesitate.ts';
import * as ClunkyChicken from './ClunkyChicken.ts';
import * as WhereFourArtThouChicken from './WhereFourArtThouChicken.ts';
import * as Crush from './Crush.ts';
import * as TakeFive from './TakeFive.ts';
import * as Alpha from './Alpha.ts';
import * as CooperativeSwarmBot from './CooperativeSwarmBot.ts';
import * as CooperativeThrowTwice from './CooperativeThrowTwice.ts';
import * as CooperativeSwarm_1234 from './CooperativeSwarm_1234.ts';
import * as ThrowThriceBot from './ThrowThriceBot.ts';
import * as BringMyOwn_dice from './BringMyOwn_dice.ts';
import * as CopyBot from './CopyBot.ts';
import * as GoTo20orBestBot from './GoTo20orBestBot.ts';
import * as GoToSeventeenRollTenBot from './GoToSeventeenRollTenBot.ts';
import * as FooBot from './FooBot.ts';
import * as Chaser from './Chaser.ts';
import * as Stalker from './Stalker.ts';
import * as AggressiveStalker from './AggressiveStalker.ts';
import * as LizduadacBot from './LizduadacBot.ts';
import * as QuotaBot from './QuotaBot.ts';
import * as BlessRNG from './BlessRNG.ts';
import * as GoTo20Bot from './GoTo20Bot.ts';
import * as BrainBot from './BrainBot.ts';
import * as EnsureLead from './EnsureLead.ts';
import * as SafetyNet from './SafetyNet.ts';
import * as Ro from './Ro.ts';
import * as FutureBot from './FutureBot.ts';
import * as OneStepAheadBot from './OneStepAheadBot.ts';
import * as LeadBy5Bot from './LeadBy5Bot.ts';
import * as RollForLuckBot from './RollForLuckBot.ts';
import * as FlipCoinRollDice from './FlipCoinRollDice.ts';
import * as GoHomeBot from './GoHomeBot.ts';
import * as LastRound from './LastRound.ts';
import * as PointsAreForNerdsBot from './PointsAreForNerdsBot.ts';
import * as OneInFiveBot from './OneInFiveBot.ts';
import * as MatchLeaderBot from './MatchLeaderBot.ts';

type PortModule = { default: DiceBotClass; provenance: Provenance };

/** Ports in snapshot class order. */
const modules: PortModule[] = [
  ThrowTwiceBot, GoToTenBot, Roll6Timesv2, Gladiolen, NeoBot, BePrepared, FortyTeen, AdaptiveRoller, StepBot, BinaryBot, ExpectationsBot, StopBot, SlowStart, GoBigEarly, NotTooFarBehindBot, GamblersFallacy, HarkonnenBot, KwisatzHaderach, TleilaxuBot, Rebel, OptFor2X, Hesitate, ClunkyChicken, WhereFourArtThouChicken, Crush, TakeFive, Alpha, CooperativeSwarmBot, CooperativeThrowTwice, CooperativeSwarm_1234, ThrowThriceBot, BringMyOwn_dice, CopyBot, GoTo20orBestBot, GoToSeventeenRollTenBot, FooBot, Chaser, Stalker, AggressiveStalker, LizduadacBot, QuotaBot, BlessRNG, GoTo20Bot, BrainBot, EnsureLead, SafetyNet, Ro, FutureBot, OneStepAheadBot, LeadBy5Bot, RollForLuckBot, FlipCoinRollDice, GoHomeBot, LastRound, PointsAreForNerdsBot, OneInFiveBot, MatchLeaderBot,
];

export const diceBotClasses: readonly DiceBotClass[] = modules.map((m) => m.default);

export const diceProvenance: ReadonlyMap<string, Provenance> = new Map(modules.map((m) => [m.default.botName, m.provenance]));

/** Names of the bots in the snapshot (class order): every one is ported, so this is the ports' order. */
export const DICE_SNAPSHOT_BOTS: readonly string[] = diceBotClasses.map((c) => c.botName);

export function diceClass(name: string): DiceBotClass | undefined {
  return diceBotClasses.find((c) => c.botName === name);
}

/** The roster the game is handed (engines/core/roster.ts). */
export const diceRoster: Roster<DiceBotClass> = makeRoster(
  'dice',
  modules.map((m) => ({ name: m.default.botName, provenance: m.provenance, port: m.default })),
);

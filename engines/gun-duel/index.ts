/**
 * The Futuristic Gun Duel as the core sees it: duel rules in rules.ts, the tournament in
 * tournament.ts, variants in variants.ts, trials in trials.ts, CLI in cli.ts, published
 * table in published.ts; the 17 ports in transpiled-bots/gun-duel/.
 */
import type { GameModule } from '../core/runner/game.ts';
import { placePublished, recordedDistribution, registerGunDuelCli } from './cli.ts';
import { trials, type GunDuelAcc, type GunDuelRunOptions } from './trials.ts';
import { DEFAULT_VARIANT, VARIANTS, VARIANT_HELP } from './variants.ts';
import { gunDuelBench } from './bench.ts';

export const gunDuelGame: GameModule<GunDuelRunOptions, GunDuelAcc> = {
  id: 'gun-duel',
  title: 'The Futuristic Gun Duel',
  questionId: 104896,
  ruleFlags: [
    {
      id: 'validB-from-actionA',
      description: "GunDuel::fight checks player B's action range with player A's action",
      original: "validB = B's ammo >= 0 && actionA < 5 (GunDuel.hpp, a6e74c9)",
      fixed: "validB = B's ammo >= 0 && actionB < 5",
    },
  ],
  variants: Object.fromEntries(VARIANTS.map((v) => [v, { description: VARIANT_HELP[v], flags: { 'validB-from-actionA': v === 'original' } }])),
  defaultVariant: DEFAULT_VARIANT,
  trials,
  registerCli({ replay }) {
    registerGunDuelCli(replay);
  },
  /** The published scoreboard placed in our recorded distribution (fixtures/gun-duel/distribution). */
  async defaultReplay() {
    return placePublished(recordedDistribution());
  },
  bench: gunDuelBench,
};

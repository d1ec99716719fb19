/**
 * The ruins game as the core sees it: rules in rules.ts, the tournament in tournament.ts,
 * driver versions in variants.ts, the CLI in cli.ts. A ruins tournament is one sequential
 * stream (run_tournament's generator), so it has no shardable trials: it is replayed exactly.
 */
import type { GameModule } from '../core/runner/game.ts';
import { publishedReport, registerRuinsCli } from './cli.ts';
import { DEFAULT_RUINS_VARIANT, RUINS_RULE_FLAGS, RUINS_VARIANTS } from './variants.ts';

export const ruinsGame: GameModule = {
  id: 'ruins',
  title: 'Adventurers in the ruins',
  questionId: 183127,
  ruleFlags: RUINS_RULE_FLAGS,
  variants: RUINS_VARIANTS,
  defaultVariant: DEFAULT_RUINS_VARIANT,
  registerCli({ replay, play }) {
    registerRuinsCli(replay, play);
  },
  defaultReplay: async () => publishedReport(),
};

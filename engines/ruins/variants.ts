import type { RuleFlag, RuleVariant } from '../core/runner/game.ts';

/**
 * ruins.py versions as rule flags. Verified against the repository history
 * (Beefster09/pcg-general): the only rule-relevant change after the tournament was
 * written is commit f3f49d0 "Fix tournament bug" (2019-04-13), which changed the final
 * series' stopping check — not the pool carry-over.
 */
export interface RuinsFlags {
  /** The final series' stop check as fixed on 2019-04-13. */
  finalCheckFixed: boolean;
}

export const RUINS_RULE_FLAGS: (RuleFlag & { id: keyof RuinsFlags })[] = [
  {
    id: 'finalCheckFixed',
    description:
      'Final-series stop check. Before f3f49d0 the driver returned without results when every score was 0, and otherwise unpacked ' +
      'heapq.nlargest(2, scores) + [0] into two names — three values whenever two or more bots score, a ValueError that ended the tournament after its first final game.',
    original: 'run_tournament (before f3f49d0): `if sum(scores.values()) == 0: return` / `first, second = heapq.nlargest(2, scores.values()) + [0]`',
    fixed: 'run_tournament (f3f49d0 and HEAD 2019-04-22): `if len(scores) < 2: return` / `first, second = heapq.nlargest(2, scores.values())`',
  },
];

export const RUINS_VARIANTS: Record<'original' | 'fixed', RuleVariant & { flags: RuinsFlags }> = {
  original: { description: 'ruins.py before the 2019-04-13 "Fix tournament bug" commit', flags: { finalCheckFixed: false } },
  fixed: { description: 'ruins.py at HEAD (2019-04-22), the driver of the published leaderboard', flags: { finalCheckFixed: true } },
};

export const DEFAULT_RUINS_VARIANT = 'fixed';

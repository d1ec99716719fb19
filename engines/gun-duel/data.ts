/**
 * Recorded tournaments bundled with the CLI (JSON imports, so dist/koth.js carries them):
 * the compiled original's clock-seeded runs and our engine's recorded distribution.
 * See fixtures/gun-duel/README.md for how each was made.
 */
import c1 from '../../fixtures/gun-duel/clock-runs/gpp-clock-1.json' with { type: 'json' };
import c2 from '../../fixtures/gun-duel/clock-runs/gpp-clock-2.json' with { type: 'json' };
import c3 from '../../fixtures/gun-duel/clock-runs/gpp-clock-3.json' with { type: 'json' };
import c4 from '../../fixtures/gun-duel/clock-runs/gpp-clock-4.json' with { type: 'json' };
import c5 from '../../fixtures/gun-duel/clock-runs/gpp-clock-5.json' with { type: 'json' };
import c6 from '../../fixtures/gun-duel/clock-runs/gpp-clock-6.json' with { type: 'json' };
import ours from '../../fixtures/gun-duel/distribution/ours-exact-1-3.json' with { type: 'json' };
import type { ScoreRow } from './tournament.ts';
import type { GunDuelAcc } from './trials.ts';

export const ORIGINAL_CLOCK_RUNS: readonly { rows: ScoreRow[] }[] = [c1, c2, c3, c4, c5, c6] as { rows: ScoreRow[] }[];
export const RECORDED_DISTRIBUTION: GunDuelAcc = ours as GunDuelAcc;

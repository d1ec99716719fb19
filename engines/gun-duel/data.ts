/**
 * Recorded tournaments bundled with the CLI (JSON imports, so dist/koth.js carries them):
 * the compiled original's clock-seeded runs, our engine's recorded distribution (libstdc++
 * model) and our MSVC-model distribution. See fixtures/gun-duel/README.md for how each was made.
 */
import clock from '../../fixtures/gun-duel/clock-runs/gpp-clock-runs.json' with { type: 'json' };
import exact from '../../fixtures/gun-duel/distribution/ours-exact-1-3.json' with { type: 'json' };
import gpp from '../../fixtures/gun-duel/distribution/ours-libstdcpp.json' with { type: 'json' };
import msvc from '../../fixtures/gun-duel/distribution/ours-msvc.json' with { type: 'json' };
import type { ScoreRow } from './tournament.ts';
import type { GunDuelAcc } from './trials.ts';
import type { CppLibrary } from './player.ts';
import type { GunDuelVariant } from './variants.ts';

export const ORIGINAL_CLOCK_RUNS: readonly { rows: ScoreRow[] }[] = (clock as { runs: { rows: ScoreRow[] }[] }).runs;
/** libstdc++ model: the three exact tournaments (seeds 1–3) and the statistical ones. */
export const RECORDED_DISTRIBUTION: GunDuelAcc = { tournaments: [...(exact as GunDuelAcc).tournaments, ...(gpp as GunDuelAcc).tournaments] };
/** MSVC model (`--stdlib msvc`): statistical tournaments. */
export const RECORDED_MSVC_DISTRIBUTION: GunDuelAcc = msvc as GunDuelAcc;

/** The options a distribution of tournaments was played with: what makes two distributions comparable. */
export interface DistributionParameters {
  repetition: number;
  rules: GunDuelVariant;
  stdlib: CppLibrary;
}

/** How the recorded distributions were made (fixtures/gun-duel/README.md: the default --repetition and --rules). */
export const RECORDED_PARAMETERS: Record<CppLibrary, DistributionParameters> = {
  'libstdc++': { repetition: 100, rules: 'original', stdlib: 'libstdc++' },
  msvc: { repetition: 100, rules: 'original', stdlib: 'msvc' },
};

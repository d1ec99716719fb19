/**
 * Statistical mode as shardable trials: one trial = one whole tournament. The runner gives
 * each shard a generator keyed by (master seed, shard index); with the shard size 1 used by
 * the CLI a shard is one tournament, so each tournament's three engine seeds come from a
 * seedrandom stream keyed by (master seed, tournament index).
 */
import type { TrialSpec } from '../core/game.ts';
import type { Rng } from '../core/rng/rng.ts';
import { SeededRandom } from '../core/rng/seeded-random.ts';
import { findPlayer, POOL } from '../../transpiled-bots/gun-duel/index.ts';
import { runTournament, type ScoreRow, type TournamentSeeds } from './tournament.ts';
import type { GunDuelVariant } from './variants.ts';
import type { CppLibrary } from './player.ts';

export interface GunDuelRunOptions {
  variant: GunDuelVariant;
  repetition: number;
  /** Player names (registration order); the 17 of the final tournament when absent. */
  players?: string[];
  /** The C++ library the original is taken to be built with; libstdc++ (g++) when absent. */
  lib?: CppLibrary;
}

export interface GunDuelAcc {
  tournaments: { seeds: TournamentSeeds; rows: ScoreRow[]; lib?: CppLibrary }[];
}

/** The three clock seeds of one statistical tournament, from a seedrandom stream. */
export function statisticalSeeds(key: string): TournamentSeeds {
  const r = new SeededRandom(key);
  return { shuffle: r.randbelow(2 ** 32), int: r.randbelow(2 ** 32), real: r.randbelow(2 ** 32) };
}

export const trials: TrialSpec<GunDuelRunOptions, GunDuelAcc> = {
  generator: 'seedrandom',
  run(opts: GunDuelRunOptions, rng: Rng, count: number, tick?: (n: number) => void): GunDuelAcc {
    const out: GunDuelAcc = { tournaments: [] };
    for (let i = 0; i < count; i++) {
      const seeds = statisticalSeeds(`gun-duel/${rng.randbelow(2 ** 48)}`);
      const players = opts.players ? opts.players.map((n) => findPlayer(n)!) : POOL;
      const lib = opts.lib ?? 'libstdc++';
      const res = runTournament({ players, seeds, repetition: opts.repetition, variant: opts.variant, lib });
      out.tournaments.push({ seeds, rows: res.rows, ...(lib === 'msvc' ? { lib } : {}) });
      tick?.(1);
    }
    return out;
  },
  merge: (a, b) => ({ tournaments: [...a.tournaments, ...b.tournaments] }),
  empty: () => ({ tournaments: [] }),
};

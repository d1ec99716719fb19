import type { RuleFlag, RuleVariant } from '../core/game.ts';

/**
 * ruins.py versions as rule flags, checked against the history of Beefster09/pcg-general.
 * Only two commits after the tournament code was written (addb242, 2019-04-11) change what a
 * tournament does:
 *
 * - f3f49d0 "Fix tournament bug" (2019-04-13) — the final series' stopping check. It is NOT
 *   about the pool carry-over: the pool rounds (shuffle, carry-over, 20 games per bot) are
 *   the same from addb242 to HEAD.
 * - e573f16 "table formats, extra stats for single games" (2019-04-17) — `run_game` in
 *   run_tournament shuffles the seats before every game (`rand.shuffle(bots)`), which also
 *   moves the tournament generator.
 *
 * Everything else after 2019-04-11 (replays, colours, the tabulate fallback, the score table's
 * extra columns, the exit message's weight) changes output only, not results. The game itself
 * (Ruins) is unchanged since 254d63f (2019-04-12, separate flavour generator).
 */
export interface RuinsFlags {
  /** The final series' stop check as fixed on 2019-04-13 (f3f49d0). */
  finalCheckFixed: boolean;
  /** Seats shuffled before each tournament game, since 2019-04-17 (e573f16). */
  shuffleSeats: boolean;
}

export const RUINS_RULE_FLAGS: (RuleFlag & { id: keyof RuinsFlags })[] = [
  {
    id: 'finalCheckFixed',
    description:
      'Final-series stop check ("Fix tournament bug", f3f49d0, 2019-04-13). Before it the driver returned without results when every score was 0, and otherwise unpacked ' +
      'heapq.nlargest(2, scores) + [0] into two names — three values whenever two or more bots are scored, a ValueError that ended the tournament after its first final game ' +
      '(with a single scored bot it went on until a 50-point lead over 0).',
    original: 'run_tournament before f3f49d0: `if sum(scores.values()) == 0: return` / `first, second = heapq.nlargest(2, scores.values()) + [0]`',
    fixed: 'run_tournament since f3f49d0 (HEAD 2019-04-22): `if len(scores) < 2: return` / `first, second = heapq.nlargest(2, scores.values())`',
  },
  {
    id: 'shuffleSeats',
    description:
      'Seat shuffle before every tournament game (e573f16, 2019-04-17): the seating decides name and generator order within a game, and the shuffle draws from the tournament generator.',
    original: 'run_tournament before e573f16: `game = Ruins(*bots, seed=rand.getrandbits(1337))` with the bots in pool / finalist order',
    fixed: 'run_tournament since e573f16 (HEAD 2019-04-22): `rand.shuffle(bots)` first (the finalists list is shuffled in place, game after game)',
  },
];

export const RUINS_VARIANTS: Record<'original' | 'fixed', RuleVariant & { flags: RuinsFlags }> = {
  original: {
    description: 'ruins.py as it was just before "Fix tournament bug" (254d63f, 2019-04-12)',
    flags: { finalCheckFixed: false, shuffleSeats: false },
  },
  fixed: {
    description: 'ruins.py at HEAD (f83740b, 2019-04-22), the driver of the published leaderboard (default)',
    flags: { finalCheckFixed: true, shuffleSeats: true },
  },
};

export const DEFAULT_RUINS_VARIANT = 'fixed';

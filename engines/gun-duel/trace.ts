/**
 * Duel traces in the format of fixtures/gun-duel/traces (fixtures/gun-duel/README.md): one line per
 * duel, `round a b actionsA actionsB status`, actions as the characters 0 1 2 - = (? for an
 * out-of-range action), status 0 draw, 1 A won, 2 B won.
 */
import { ACTION_CHARS, type PlayerClass } from './player.ts';
import { runTournament, type TournamentResult, type TournamentSeeds } from './tournament.ts';
import type { GunDuelVariant } from './variants.ts';

export const actionString = (acts: readonly number[]) => acts.map((a) => (a >= 0 && a < 5 ? ACTION_CHARS[a] : '?')).join('');

export function traceTournament(players: readonly PlayerClass[], seeds: TournamentSeeds, repetition: number, variant: GunDuelVariant = 'original'): { lines: string[]; result: TournamentResult } {
  const lines: string[] = [];
  const result = runTournament({
    players,
    seeds,
    repetition,
    variant,
    onDuel: (d) => lines.push(`${d.round} ${d.a} ${d.b} ${actionString(d.pa.getHistory())} ${actionString(d.pb.getHistory())} ${d.status}`),
  });
  return { lines, result };
}

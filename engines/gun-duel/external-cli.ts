/**
 * The command-line side of gun-duel's external players (external.ts): `--bot-cmd
 * "Name=<program>"` (repeatable), `--interface exit-code|stdio` (once for all, or once per
 * --bot-cmd in the same order), `--move-timeout`, `--stdio-newline`; the checks made before a
 * run, and what is said after it.
 */
import pc from 'picocolors';
import { UserError } from '../core/cli/errors.ts';
import type { ParamDecl } from '../core/cli/kit.ts';
import { renderTable } from '../core/report/table.ts';
import { reapChildrenAtExit } from '../core/process/channel.ts';
import { namedPrograms } from '../core/entrants/program.ts';
import { externalSpec, GUN_DUEL_PROGRAMS, type ExternalSpec, type ExternalStats, type Newline } from './external.ts';
import { summarize } from './stats.ts';
import type { ScoreRow } from './tournament.ts';

export interface ExternalCliOptions {
  botCmd?: string[];
  interface?: string[];
  moveTimeout: number;
  stdioNewline: Newline;
}

/**
 * The options of `koth replay gun-duel` for external players: the core's common parameters,
 * derived from GUN_DUEL_PROGRAMS (engines/core/cli/params.ts), with the options --bot-cmd goes with here.
 */
export const EXTERNAL_PARAMS: readonly ParamDecl[] = [
  { common: 'botCmd', rules: [{ needs: ['--exact', '--tournaments'], why: 'a program plays new tournaments only: one exact tournament, or a distribution' }, { excludes: ['--queue', '--compare-rules', '--compare-stdlib', '--from'], why: 'the program runs on this machine, in new tournaments' }] },
  { common: 'interface' },
  { common: 'moveTimeout' },
  { common: 'stdioNewline' },
];

/**
 * The external players the options name, checked before any play: each `Name=<program>` well
 * formed, names distinct, an interface for each, every program startable. [] without --bot-cmd.
 */
export function externalSpecs(opts: ExternalCliOptions): ExternalSpec[] {
  const specs = namedPrograms(GUN_DUEL_PROGRAMS, opts).map(externalSpec);
  // A run interrupted while worker threads hold stdio programs: they are killed as koth exits.
  if (specs.some((s) => s.interface === 'stdio')) reapChildrenAtExit();
  return specs;
}

/** Refuses a --players list that seats one program twice (its one process cannot be two players). */
export function checkSeats(players: readonly { botName: string }[], specs: readonly ExternalSpec[]): void {
  for (const s of specs) {
    if (players.filter((p) => p.botName === s.name).length > 1) throw new UserError(`--players seats ${s.name} (a --bot-cmd program) more than once: it can take one seat. Nothing was run.`);
  }
}

/** Per external player, over the tournaments: what happened with its program. */
export function mergeStats(per: readonly (readonly ExternalStats[] | undefined)[]): ExternalStats[] {
  const by = new Map<string, ExternalStats & { tournaments: number; deaths: number }>();
  for (const list of per) {
    for (const s of list ?? []) {
      const e = by.get(s.player) ?? { ...s, moves: 0, processes: 0, timeouts: 0, invalid: 0, noticeTimeouts: 0, deadAtMove: 0, tournaments: 0, deaths: 0 };
      e.moves += s.moves;
      e.processes += s.processes;
      e.timeouts += s.timeouts;
      e.invalid += s.invalid;
      e.noticeTimeouts += s.noticeTimeouts;
      e.tournaments++;
      if (s.deadAtMove) {
        e.deaths++;
        if (!e.deadAtMove) e.deadAtMove = s.deadAtMove;
      }
      by.set(s.player, e);
    }
  }
  return [...by.values()];
}

/** A line per external player for stderr: its problems, or that it answered every move. */
export function describeStats(stats: readonly ExternalStats[], moveTimeoutMs: number): string {
  return stats
    .map((s) => {
      const m = s as ExternalStats & { tournaments?: number; deaths?: number };
      const problems = [
        s.timeouts ? `${s.timeouts} move(s) ran past ${moveTimeoutMs} ms (killed; the move was invalid)` : '',
        s.invalid ? `${s.invalid} move(s) exited with a status that is no action's ASCII code (48 '0', 49 '1', 50 '2', 45 '-', 61 '=')` : '',
        s.deadAtMove ? `its output ended at move ${s.deadAtMove}${m.deaths && (m.tournaments ?? 1) > 1 ? ` (in ${m.deaths} of ${m.tournaments} tournaments)` : ''}: every later move of the tournament was invalid` : '',
        s.noticeTimeouts ? `${s.noticeTimeouts} result notice(s) ran past ${moveTimeoutMs} ms` : '',
      ].filter(Boolean);
      const head = `${s.player} (${s.interface}, ${s.moves} moves, ${s.processes} process${s.processes === 1 ? '' : 'es'})`;
      return problems.length ? pc.yellow(`${head}: ${problems.join('; ')}`) : `${head}: answered every move in time`;
    })
    .join('\n');
}

/** For a distribution: where the external players finished (their places are not in the published table). */
export function renderExternalPlaces(tournaments: readonly { rows: readonly ScoreRow[] }[], names: readonly string[]): string {
  const sums = summarize(tournaments).filter((s) => names.includes(s.player));
  const n = tournaments.length;
  return (
    `Your players in ${n} tournament${n === 1 ? '' : 's'}:\n` +
    renderTable(
      ['Player', 'Round-1 points (mean ± sd)', 'Points (mean)', 'Mean place', 'Places (place: tournaments)'],
      sums.map((s) => {
        const meanPlace = s.places.reduce((a, c, k) => a + c * (k + 1), 0) / Math.max(1, n);
        const places = s.places.flatMap((c, k) => (c ? [`${k + 1}: ${c}`] : [])).join(', ');
        return [s.player, `${s.round1.mean.toFixed(1)} ± ${s.round1.sd.toFixed(1)}`, s.points.mean.toFixed(1), meanPlace.toFixed(2), places];
      }),
    )
  );
}

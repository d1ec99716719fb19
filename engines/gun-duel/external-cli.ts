/**
 * The command-line side of gun-duel's external players (external.ts): `--bot-cmd
 * "Name=<program>"` (repeatable), `--interface exit-code|stdio` (once for all, or once per
 * --bot-cmd in the same order), `--move-timeout`, `--stdio-newline`; the checks made before a
 * run, and what is said after it.
 */
import { InvalidArgumentError } from 'commander';
import pc from 'picocolors';
import { UserError } from '../core/cli/errors.ts';
import { positiveInt, type Param } from '../core/cli/kit.ts';
import { renderTable } from '../core/report/table.ts';
import { reapChildrenAtExit } from '../core/process/channel.ts';
import { DEFAULT_MOVE_TIMEOUT_MS, namedPrograms } from '../core/entrants/program.ts';
import { externalSpec, GUN_DUEL_PROGRAMS, INTERFACES, NEWLINES, type ExternalSpec, type ExternalStats, type Newline } from './external.ts';
import { summarize } from './stats.ts';
import type { ScoreRow } from './tournament.ts';

export interface ExternalCliOptions {
  botCmd?: string[];
  interface?: string[];
  moveTimeout: number;
  stdioNewline: Newline;
}

const collect = (v: string, prev: string[] | undefined) => [...(prev ?? []), v];
const collectInterface = (v: string, prev: string[] | undefined) => {
  if (!(INTERFACES as readonly string[]).includes(v)) throw new InvalidArgumentError(`Allowed choices are ${INTERFACES.join(', ')}.`);
  return collect(v, prev);
};

/** The options of `koth replay gun-duel` for external players, and which options they go with (engines/core/cli/params.ts). */
export const EXTERNAL_PARAMS: readonly Param[] = [
  { flags: '--bot-cmd <Name=program>', help: 'add a player that is a program in any language, under the name Name (repeatable; with --exact or --tournaments; a port of that name is replaced, others join at the end)', parse: collect as (v: string) => unknown, rules: [{ needs: ['--exact', '--tournaments'], why: 'a program plays new tournaments only: one exact tournament, or a distribution' }, { excludes: ['--queue', '--compare-rules', '--compare-stdlib', '--from'], why: 'the program runs on this machine, in new tournaments' }] },
  { flags: '--interface <kind>', help: "the question's interface the --bot-cmd programs use: exit-code (run once per turn, the action's ASCII code as exit status) or stdio (run once per tournament: I/F/P lines); once for all, or once per --bot-cmd in order", parse: collectInterface as (v: string) => unknown, rules: [{ needs: '--bot-cmd', why: 'it says how the --bot-cmd programs are run' }] },
  { flags: '--move-timeout <ms>', help: 'with --bot-cmd: time limit of one move; a program past it is killed and its move is invalid (a stdio program stays dead for the tournament)', parse: positiveInt, default: DEFAULT_MOVE_TIMEOUT_MS, rules: [{ needs: '--bot-cmd', why: 'ports answer at once' }] },
  { flags: '--stdio-newline <style>', help: 'with --interface stdio: the line ending written to the program (the original controller wrote CRLF unless told -nls=LF|CR)', choices: Object.keys(NEWLINES), default: 'crlf', rules: [{ needs: '--interface', why: 'only stdio programs read lines' }] },
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

/**
 * `koth ab atomas`'s adapter of the user's own bots (engines/core/ab/types.ts AbEntrantsAdapter):
 * programs, the `--bot-cmd` of `koth replay atomas` (external.ts: spawned once per move as the
 * posted controller did, "atom/board" on stdin, its first stdout line the move; `--move-timeout`).
 * In koth ab a program needs a name to be called by (--candidate/--baseline): `--bot-cmd
 * "Name=<program>"`, repeatable (A and B both programs); the core has read and checked them
 * (engines/core/cli/ab-entrants.ts, from ATOMAS_PROGRAMS). They run on this machine: not with --queue.
 */
import type { AbEntrantsAdapter } from '../core/ab/types.ts';
import type { ProgramEntrant } from '../core/entrants/entrant.ts';
import type { AtomasAbExtra, AtomasAbProgram } from './ab.ts';

export const atomasAbEntrants: AbEntrantsAdapter = {
  help: 'atomas also takes --bot-cmd "Name=<program>" (a program spawned once per move, as koth replay atomas --bot-cmd runs it; not with --queue): A and B may name it',
  async open(entrants) {
    // The fields in this order: the run's options are part of a checkpoint's identity.
    const external: AtomasAbProgram[] = entrants.filter((e): e is ProgramEntrant => e.kind === 'program').map((p) => ({ name: p.name!, command: p.command, moveTimeoutMs: p.moveTimeoutMs }));
    const extra: AtomasAbExtra = { external };
    return { names: external.map((x) => x.name), extra, close: async () => {} };
  },
};

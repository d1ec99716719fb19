/**
 * `koth ab atomas`'s "bring your own bot" (engines/core/ab/types.ts AbEntrantsHook): the
 * `--bot-cmd` of `koth replay atomas` (external.ts: spawned once per move as the posted
 * controller did, "atom/board" on stdin, its first stdout line the move; `--move-timeout`).
 * In koth ab a program needs a name to be called by (--candidate/--baseline): `--bot-cmd
 * "Name=<program>"`, repeatable (A and B both programs). It runs on this machine: not with --queue.
 */
import { UserError } from '../core/cli/errors.ts';
import { namedPrograms } from '../core/entrants/program.ts';
import type { AbEntrantsHook } from '../core/ab/types.ts';
import type { AtomasAbExtra, AtomasAbProgram } from './ab.ts';
import { ATOMAS_PROGRAMS } from './external.ts';

export const atomasAbEntrants: AbEntrantsHook = {
  options: ['--bot-cmd', '--move-timeout', '--interface', '--stdio-newline'],
  help: 'atomas also takes --bot-cmd "Name=<program>" (a program spawned once per move, as koth replay atomas --bot-cmd runs it; not with --queue): A and B may name it',
  async open(o) {
    const given = o.botCmd ?? [];
    if (o.interface?.length) throw new UserError('--interface: an atomas program has one interface, the posted controller\'s ("atom/board" on stdin, its answer on stdout, once per move): leave --interface out. Nothing was run.');
    if (o.stdioNewline !== undefined) throw new UserError('--stdio-newline is gun-duel\'s (its stdio interface): leave it out for atomas. Nothing was run.');
    if (!given.length) {
      if (o.moveTimeout !== undefined) throw new UserError('--move-timeout goes with --bot-cmd "Name=<program>": ports answer at once. Nothing was run.');
      return { names: [], close: async () => {} };
    }
    if (o.queue) throw new UserError('--bot-cmd cannot go with --queue: the program runs on this machine, and queue workers run elsewhere; leave --queue out (--workers N runs pairs on this machine). Nothing was run.');
    const external: AtomasAbProgram[] = namedPrograms(ATOMAS_PROGRAMS, o).map((p) => ({ name: p.name!, command: p.command, moveTimeoutMs: p.moveTimeoutMs }));
    const extra: AtomasAbExtra = { external };
    return { names: external.map((x) => x.name), extra, close: async () => {} };
  },
};

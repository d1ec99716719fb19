/**
 * `koth ab atomas`'s "bring your own bot" (engines/core/ab/types.ts AbEntrantsHook): the
 * `--bot-cmd` of `koth replay atomas` (external.ts: spawned once per move as the posted
 * controller did, "atom/board" on stdin, its first stdout line the move; `--move-timeout`).
 * In koth ab a program needs a name to be called by (--candidate/--baseline): `--bot-cmd
 * "Name=<program>"`, repeatable (A and B both programs). It runs on this machine: not with --queue.
 */
import { UserError } from '../core/cli/errors.ts';
import { checkStartable, parseCommand, ProgramNotFound } from '../core/process/command.ts';
import type { AbEntrantsHook } from '../core/ab/types.ts';
import type { AtomasAbExtra, AtomasAbProgram } from './ab.ts';

/** `koth replay atomas --move-timeout`'s default (ms). */
export const ATOMAS_MOVE_TIMEOUT_MS = 5000;

const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

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
    const external: AtomasAbProgram[] = given.map((text) => {
      const eq = text.indexOf('=');
      const name = eq < 0 ? '' : text.slice(0, eq).trim();
      const command = eq < 0 ? '' : text.slice(eq + 1).trim();
      if (!NAME.test(name) || !command) {
        throw new UserError(`--bot-cmd "${text}": in koth ab a program needs a name to be called by: --bot-cmd "Name=<program>" (Name: letters, digits, _), e.g. --bot-cmd "Mine=python2 mybot.py" --candidate Mine. Nothing was run.`);
      }
      try {
        checkStartable(parseCommand(command, '--bot-cmd', 'python2 mybot.py'), '--bot-cmd');
      } catch (e) {
        if (e instanceof ProgramNotFound) throw new UserError(`${e.message} Nothing was run.`);
        throw e;
      }
      return { name, command, moveTimeoutMs: o.moveTimeout ?? ATOMAS_MOVE_TIMEOUT_MS };
    });
    const dup = external.find((x, i) => external.findIndex((y) => y.name === x.name) !== i);
    if (dup) throw new UserError(`--bot-cmd names ${dup.name} twice: each program is called by a name of its own. Nothing was run.`);
    const extra: AtomasAbExtra = { external };
    return { names: external.map((x) => x.name), extra, close: async () => {} };
  },
};

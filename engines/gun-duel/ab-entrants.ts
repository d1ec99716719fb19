/**
 * `koth ab gun-duel`'s "bring your own bot" (engines/core/ab/types.ts AbEntrantsHook): the two
 * paths of `koth replay gun-duel`, with their own checks and messages —
 *  - `--cpp-players FILES|cache`: C++ answers as posted, compiled to WebAssembly (cpp/cli.ts),
 *    every batch of pairs in C++ sandbox workers (also through --queue: the compiled answers
 *    travel inside the run's options, and each `koth worker` runs them in its own C++ sandbox
 *    workers); a class of a port's name takes that port's place, as in replay;
 *  - `--bot-cmd "Name=<program>" --interface exit-code|stdio [--move-timeout ms]
 *    [--stdio-newline]` (external-cli.ts): programs on this machine, so not with --queue; a
 *    program of a port's name takes that port's place, as in replay.
 * Pairs are seated as ab.ts says.
 */
import { UserError } from '../core/cli/errors.ts';
import type { AbEntrants, AbEntrantsHook } from '../core/ab/types.ts';
import { compileForRun, cppSources, cppStopError, CPP_CALL_TIMEOUT_MS } from './cpp/cli.ts';
import { externalSpecs } from './external-cli.ts';
import { DEFAULT_MOVE_TIMEOUT_MS } from '../core/entrants/program.ts';
import { INTERFACES, NEWLINES, type Newline } from './external.ts';
import type { GunDuelAbExtra } from './ab.ts';

export const gunDuelAbEntrants: AbEntrantsHook = {
  options: ['--cpp-players', '--bot-cmd', '--interface', '--move-timeout', '--stdio-newline'],
  help:
    'gun-duel also takes --cpp-players FILES|cache (C++ answers as posted, compiled to WebAssembly, in C++ sandbox workers; a class of a port\'s name takes its place, as in koth replay; also with --queue) ' +
    'or --bot-cmd "Name=<program>" --interface exit-code|stdio (programs in any language on this machine, as in koth replay; a stdio program runs once per duel; not with --queue): A, B and --field may name them',
  async open(o, kit): Promise<AbEntrants> {
    const programs = o.botCmd ?? [];
    if (o.cppPlayers !== undefined && programs.length) {
      throw new UserError('--cpp-players and --bot-cmd exclude each other (as in koth replay gun-duel): compiled answers run in C++ sandbox workers, programs on this machine; one or the other in a run for now. Nothing was run.');
    }
    if (!programs.length) {
      for (const [v, flag] of [
        [o.interface?.length ? o.interface : undefined, '--interface'],
        [o.moveTimeout, '--move-timeout'],
        [o.stdioNewline, '--stdio-newline'],
      ] as const) {
        if (v !== undefined) throw new UserError(`${flag} goes with --bot-cmd "Name=<program>": it says how the programs are run (ports and compiled answers answer at once). Nothing was run.`);
      }
    }
    if (programs.length) {
      if (o.queue) throw new UserError('--bot-cmd cannot go with --queue: the program runs on this machine, and queue workers run elsewhere; leave --queue out (--workers N runs pairs on this machine). Nothing was run.');
      const bad = (o.interface ?? []).find((i) => !(INTERFACES as readonly string[]).includes(i));
      if (bad !== undefined) throw new UserError(`--interface "${bad}": allowed choices are ${INTERFACES.join(', ')}. Nothing was run.`);
      if (o.stdioNewline !== undefined && !(o.stdioNewline in NEWLINES)) throw new UserError(`--stdio-newline "${o.stdioNewline}": allowed choices are ${Object.keys(NEWLINES).join(', ')}. Nothing was run.`);
      if (o.stdioNewline !== undefined && !(o.interface ?? []).includes('stdio')) throw new UserError('--stdio-newline goes with --interface stdio: only stdio programs read lines. Nothing was run.');
      const external = externalSpecs({ botCmd: programs, interface: o.interface, moveTimeout: o.moveTimeout ?? DEFAULT_MOVE_TIMEOUT_MS, stdioNewline: (o.stdioNewline ?? 'crlf') as Newline });
      const extra: GunDuelAbExtra = { external };
      return { names: external.map((x) => x.name), extra, close: async () => {} };
    }
    if (o.cppPlayers === undefined) return { names: [], close: async () => {} };
    const cpp = await compileForRun(cppSources(o.cppPlayers));
    // With --queue this pool only declares the runtime: each koth worker runs the batches in C++ sandbox workers of its own.
    const pool = kit.sandboxPool('gun-duel:ab', o.workers, { runtime: 'wasm', timeoutMs: CPP_CALL_TIMEOUT_MS });
    const extra: GunDuelAbExtra = { cpp };
    return { names: cpp.map((a) => a.name), extra, sharded: { sandbox: pool, sandboxError: cppStopError }, close: () => pool.destroy() };
  },
};

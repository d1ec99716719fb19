/**
 * `koth ab gun-duel`'s adapter of the user's own bots (engines/core/ab/types.ts
 * AbEntrantsAdapter), the two kinds `koth replay gun-duel` seats besides ports; the core has
 * read and checked them (engines/core/cli/ab-entrants.ts, from GUN_DUEL_PROGRAMS and GUN_DUEL_CPP):
 *  - cpp (`--cpp-players FILES|cache`): C++ answers as posted, compiled to WebAssembly
 *    (cpp/cli.ts), every batch of pairs in C++ sandbox workers (also through --queue: the
 *    compiled answers travel inside the run's options, and each `koth worker` runs them in its
 *    own C++ sandbox workers); a class of a port's name takes that port's place, as in replay;
 *  - program (`--bot-cmd "Name=<program>" --interface exit-code|stdio [--move-timeout ms]
 *    [--stdio-newline]`, external.ts): programs on this machine, so not with --queue; a program
 *    of a port's name takes that port's place, as in replay.
 * Pairs are seated as ab.ts says.
 */
import type { AbEntrants, AbEntrantsAdapter } from '../core/ab/types.ts';
import type { Entrant, ProgramEntrant } from '../core/entrants/entrant.ts';
import { reapChildrenAtExit } from '../core/process/channel.ts';
import { compileForRun, cppSourcesOf, cppStopError, CPP_CALL_TIMEOUT_MS } from './cpp/cli.ts';
import { externalSpec } from './external.ts';
import type { GunDuelAbExtra } from './ab.ts';

export const gunDuelAbEntrants: AbEntrantsAdapter = {
  help:
    'gun-duel also takes --cpp-players FILES|cache (C++ answers as posted, compiled to WebAssembly, in C++ sandbox workers; a class of a port\'s name takes its place, as in koth replay; also with --queue) ' +
    'or --bot-cmd "Name=<program>" --interface exit-code|stdio (programs in any language on this machine, as in koth replay; a stdio program runs once per duel; not with --queue): A, B and --field may name them',
  async open(entrants: readonly Entrant[], o, kit): Promise<AbEntrants> {
    const programs = entrants.filter((e): e is ProgramEntrant => e.kind === 'program');
    if (programs.length) {
      const external = programs.map(externalSpec);
      // A run interrupted while worker threads hold stdio programs: they are killed as koth exits.
      if (external.some((s) => s.interface === 'stdio')) reapChildrenAtExit();
      const extra: GunDuelAbExtra = { external };
      return { names: external.map((x) => x.name), extra, close: async () => {} };
    }
    const sources = entrants.flatMap((e) => (e.kind === 'cpp' ? [e.source] : []));
    if (!sources.length) return { names: [], close: async () => {} };
    const cpp = await compileForRun(cppSourcesOf(sources));
    // With --queue this pool only declares the runtime: each koth worker runs the batches in C++ sandbox workers of its own.
    const pool = kit.sandboxPool('gun-duel:ab', o.workers, { runtime: 'wasm', timeoutMs: CPP_CALL_TIMEOUT_MS });
    const extra: GunDuelAbExtra = { cpp };
    return { names: cpp.map((a) => a.name), extra, sharded: { sandbox: pool, sandboxError: cppStopError }, close: () => pool.destroy() };
  },
};

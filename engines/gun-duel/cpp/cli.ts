/**
 * `--cpp-players FILE[,FILE…]|cache` for `koth replay gun-duel` (and `koth verify gun-duel`,
 * `koth bench gun-duel`): the answers as posted, compiled to WebAssembly (answers.ts: in a
 * worker thread, cached), run in C++ sandbox workers (engines/core/sandbox/pool.ts with runtime
 * 'wasm'): capped memory, a watchdog per call, no files, no clock but the fixed one.
 *
 * When a compiled answer traps (a `throw`, abort, a bad pointer, stack overflow) or runs out of
 * memory, the run stops with exit 3: the original controller (Tournament.hpp/GunDuel.hpp of
 * fzql/GunDuel) catches nothing — an uncaught exception calls std::terminate and a crash ends the
 * process — so the tournament never finished. A call over the time limit stops it the same way
 * (the original had no limit: it would have hung).
 */
import { basename } from 'node:path';
import { EXIT, UserError } from '../../core/cli/errors.ts';
import type { ReplayKit } from '../../core/game.ts';
import type { SandboxPool } from '../../core/sandbox/pool.ts';
import { SandboxKilled, SandboxTaskError } from '../../core/sandbox/errors.ts';
import { CppCompileError, CppCompileLimit, CppCompileSetting, cppCacheDir } from '../../core/sandbox/runtimes/wasm/clang.ts';
import { Progress } from '../../core/runner/progress.ts';
import { AnswerCache, defaultCacheDir } from '../../../scraper/cache.ts';
import { scrapedField } from '../extract.ts';
import { findPlayer, gunDuelPorts } from '../ports.ts';
import { compileAnswers, playerClassesIn, type CppAnswer, type CppAnswerSource } from './answers.ts';
import { entrantsOf } from '../../core/entrants/options.ts';
import { readEntrantSources } from '../../core/entrants/source.ts';
import type { CppEntrants, EntrantSource } from '../../core/entrants/entrant.ts';

export const CPP_PLAYERS_HELP =
  'play answers AS POSTED, compiled to WebAssembly and sandboxed: FILE.hpp[,FILE2.hpp...] (each one answer\'s class deriving Player, as the repository\'s <Name>.hpp), ' +
  'or "cache" = the scraped answers (koth scrape gun-duel; KOTH_CACHE); each takes the place of the port of its class name, a class with no port joins at the end. First compile ~5 s per answer, then cached';

/** Gun Duel's C++ entrants (its descriptor's `engine.entrants.cpp`). */
export const GUN_DUEL_CPP: CppEntrants = { help: CPP_PLAYERS_HELP };

/** Default time limit of one call into a compiled answer (ms); KOTH_SANDBOX_TIMEOUT_MS overrides. */
export const CPP_CALL_TIMEOUT_MS = 10_000;

/** The class a file defines: the one named as the file, else its only class deriving Player. */
function classOf(file: string, code: string): string {
  const found = playerClassesIn(code);
  const stem = basename(file).replace(/\.[^.]*$/, '');
  if (found.includes(stem)) return stem;
  if (found.length === 1) return found[0]!;
  if (!found.length) throw new UserError(`--cpp-players: ${file} defines no class deriving Player (give a Gun Duel answer: class Name : public Player { ... })`);
  throw new UserError(`--cpp-players: ${file} defines several classes deriving Player (${found.join(', ')}): name the file after the one to play (<Name>.hpp)`);
}

/**
 * The scraped answers' C++ players: one `<Name>.hpp` per class deriving Player, as the game's
 * extractor lays them out (engines/gun-duel/extract.ts: a class through a base of the same answer
 * included), a later answer's class of the same name in place of the earlier.
 */
export function gunDuelSourcesFromCache(root: string): CppAnswerSource[] {
  const field = scrapedField(root);
  if (!field) throw new UserError(`no gun-duel scrape in ${new AnswerCache(root, 'gun-duel', null).dir}: run koth scrape gun-duel first (or set KOTH_CACHE)`, EXIT.cache);
  return field.cpp.map((f) => ({ name: f.name, file: `cache: answer ${f.answerId} (${f.file})`, code: f.text }));
}

/** The answers named by --cpp-players (files in order, or the scrape cache); one answer per class. */
export function cppSources(spec: string): CppAnswerSource[] {
  return cppSourcesOf(entrantsOf({ cpp: GUN_DUEL_CPP }, { cppPlayers: spec }).map((e) => (e as { source: EntrantSource }).source));
}

/** The answers of C++ entrants' sources (read by the core's reader: files, code in hand, or the scrape cache); one answer per class. */
export function cppSourcesOf(sources: readonly EntrantSource[]): CppAnswerSource[] {
  const out = readEntrantSources<CppAnswerSource>(sources, {
    option: '--cpp-players',
    hint: 'a C++ answer: a class deriving Player',
    fromCode: (file, code) => ({ name: classOf(file, code), file, code }),
    fromCache: () => gunDuelSourcesFromCache(defaultCacheDir()),
  });
  if (!out.length) throw new UserError('--cpp-players: no C++ player to compile (the cache holds no answer with a class deriving Player)', EXIT.cache);
  const seen = new Set<string>();
  for (const a of out) {
    if (seen.has(a.name.toLowerCase())) throw new UserError(`--cpp-players: two files define ${a.name}: give each class once`);
    seen.add(a.name.toLowerCase());
  }
  return out;
}

/**
 * Compiles with progress on stderr (a bar on a terminal; elsewhere a line per answer compiled),
 * then one line saying what was compiled and whether it was cached, and a line per damaged
 * cache entry compiled again. A compile error, or a compile past its time or memory bound, is
 * bad input (exit 2) naming the file.
 */
export async function compileForRun(sources: CppAnswerSource[], quiet = false): Promise<CppAnswer[]> {
  const progress = new Progress(sources.length, 'compiling C++ answers');
  const say = (line: string) => {
    if (!quiet) process.stderr.write(`koth: ${line}\n`);
  };
  const fileOf = (name: string) => sources.find((a) => a.name === name)?.file ?? name;
  try {
    const { compiled, answers } = await compileAnswers(
      sources,
      () => progress.tick(1),
      (a, i) => {
        if (!process.stderr.isTTY) say(`compiling C++ answer ${a.name} (${i + 1}/${sources.length}): ${a.file}`);
      },
    );
    progress.stop();
    for (const c of compiled) if (c.rebuilt) say(c.rebuilt);
    const cold = compiled.filter((c) => !c.cached);
    if (cold.length) {
      const n = `${cold.length} C++ answer${cold.length === 1 ? '' : 's'}`;
      const notCached = cold.find((c) => c.notCached)?.notCached;
      if (!notCached) say(`compiled ${n} (cached in ${cppCacheDir()})`);
      else if (notCached === 'KOTH_CPP_CACHE=off') say(`compiled ${n}, not cached (KOTH_CPP_CACHE=off)`);
      else say(`compiled ${n}, not cached: ${notCached}; they compile again next time (set KOTH_CPP_CACHE_DIR to a folder that can be written)`);
    }
    return answers;
  } catch (e) {
    progress.stop();
    if (e instanceof CppCompileError) throw new UserError(`--cpp-players: ${e.message}\n(${fileOf(e.answer)} is compiled as C++17 by clang against our stand-in Player.hpp; fix the file, or leave it out)`);
    if (e instanceof CppCompileLimit)
      throw new UserError(`--cpp-players: ${fileOf(e.answer)}: ${e.message}; the compiler was stopped. Raise the bound in that variable if the answer needs it, or leave the file out.`);
    if (e instanceof CppCompileSetting) throw new UserError(`--cpp-players: ${e.message}`);
    throw e;
  }
}

/**
 * The tournament's player names with --players (names or 0-based indices of the default order:
 * the 17 ports' registration order, then compiled answers without a port), or undefined (all).
 */
export function cppPlayerNames(list: string | undefined, answers: readonly CppAnswer[]): string[] | undefined {
  const order = [...gunDuelPorts.names(), ...answers.filter((a) => !findPlayer(a.name)).map((a) => a.name)];
  if (!list) return undefined;
  const out: string[] = [];
  for (const raw of list.split(',').map((x) => x.trim()).filter(Boolean)) {
    const n = /^\d+$/.test(raw) ? order[Number(raw)] : order.find((o) => o.toLowerCase() === raw.toLowerCase());
    if (!n) throw new UserError(`unknown player "${raw}". Known (also usable as 0-based indices): ${order.join(', ')}`);
    out.push(n);
  }
  if (out.length < 2) throw new UserError('--players needs at least two players');
  return out;
}

/** C++ sandbox workers holding the game's trials module (its jobs). */
export function cppPool(kit: ReplayKit, workers: number): SandboxPool {
  return kit.sandboxPool('gun-duel', workers, { runtime: 'wasm', timeoutMs: CPP_CALL_TIMEOUT_MS });
}

/** A stopped compiled answer or sandbox as the CLI's error (exit 3); anything else unchanged. */
export function cppStopError(e: unknown): unknown {
  const crashed = (what: string) =>
    new UserError(
      `${what}\nThe original controller (Tournament.hpp, GunDuel.hpp) catches nothing: an uncaught throw, abort or crash of a player ended the whole tournament process, so it would not have finished here.`,
      EXIT.originalCrashed,
    );
  if (e instanceof SandboxTaskError && e.data.name === 'CppAnswerStopped') return crashed(`the compiled ${String(e.data.fields.player)} stopped (${String(e.data.fields.reason)}): ${e.message}`);
  if (e instanceof SandboxTaskError && e.data.name === 'WasmRefused') return new UserError(`--cpp-players: ${e.message}`);
  if (e instanceof SandboxKilled) return crashed(`the C++ sandbox stopped ${e.message} (${e.reason})`);
  return e;
}

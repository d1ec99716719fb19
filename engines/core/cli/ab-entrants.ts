/**
 * `koth ab`'s user's bots, derived from what the games declare (engines/core/entrants): the
 * options (`--python-bots`, `--cpp-players`, `--bot-cmd`, `--interface`, `--move-timeout`,
 * `--stdio-newline`), each present when some game takes it and its help naming those games; the
 * refusals of an option a game does not take, and of options that do not go together; then the
 * entrants, handed to the game's adapter (`engine.ab.entrants.open`), which seats them in its
 * pairs. `--python-bots` is opened by the core (python.ts) for every game whose pairs take it.
 */
import { UserError } from './errors.ts';
import { nonEmpty, notAnOption, timeLimit } from './params.ts';
import type { GameDescriptor, GameEngine } from '../game.ts';
import { acceptedKinds, type Entrant, type ProgramEntrants } from '../entrants/entrant.ts';
import { DEFAULT_MOVE_TIMEOUT_MS } from '../entrants/program.ts';
import { entrantsOf, KIND_FLAG, type EntrantOptionValues } from '../entrants/options.ts';
import type { AbEntrants, AbKit } from '../ab/types.ts';

/** One option of koth ab for the user's bots: its flags, help and parser (commander's argParser). */
export interface AbEntrantOption {
  flags: string;
  help: string;
  parse: (v: string, prev: unknown) => unknown;
}

/** A repeatable option's values, in order. */
const collect = (what: string) => (v: string, prev: unknown) => [...((prev as string[] | undefined) ?? []), nonEmpty(what)(v)];

const programOf = (g: GameDescriptor): ProgramEntrants | undefined => g.engine?.entrants?.program;

/** The games whose pairs take `--python-bots` (their originals, and `engine.ab.python`). */
export const abPythonGames = (games: readonly GameDescriptor[]): string[] => games.filter((g) => g.engine?.ab?.python && g.engine.entrants?.python).map((g) => g.id);

/** The kinds a game's pairs take: python when its pairs are declared for it, cpp and program when its A/B adapter is. */
function abKinds(e: GameEngine | undefined): string[] {
  return acceptedKinds(e?.entrants).filter((k) => (k === 'python' ? !!e?.ab?.python : !!e?.ab?.entrants));
}

/** The games of koth ab that take some of the user's bots, those taking most kinds first (their help names them so). */
function byKinds(games: readonly GameDescriptor[]): GameDescriptor[] {
  return games
    .map((g, i) => ({ g, i, n: abKinds(g.engine).length }))
    .sort((a, b) => b.n - a.n || a.i - b.i)
    .map((x) => x.g);
}

const orList = (xs: readonly string[]) => (xs.length < 2 ? xs.join('') : `${xs.slice(0, -1).join(', ')} or ${xs.at(-1)}`);

/** The options of koth ab for the user's bots, in this order, each present when a game takes it. */
export function abEntrantOptions(games: readonly GameDescriptor[]): AbEntrantOption[] {
  const sorted = byKinds(games.filter((g) => g.engine?.ab));
  const taking = (k: string) => sorted.filter((g) => abKinds(g.engine).includes(k));
  const python = abPythonGames(games);
  const cpp = taking('cpp').map((g) => g.id);
  const programs = taking('program');
  const withInterfaces = programs.filter((g) => programOf(g)!.interfaces);
  const withLines = withInterfaces.filter((g) => programOf(g)!.interfaces!.lines);
  const out: AbEntrantOption[] = [];
  if (python.length) out.push({ flags: '--python-bots <files>', parse: notAnOption('.py files'), help: `${python.join(', ')}: original Python classes (.py files, comma-separated): A, B and the field are classes of the files, in the sandbox (also on --queue)` });
  if (cpp.length) out.push({ flags: '--cpp-players <files>', parse: nonEmpty('.hpp files or "cache"'), help: `${cpp.join(', ')}: C++ answers as posted (FILE.hpp,... or "cache"), compiled to WebAssembly and run in C++ sandbox workers (also on --queue); A, B and the field may name their classes (a class of a port's name takes that port's place, as in koth replay)` });
  if (programs.length) {
    out.push({ flags: '--bot-cmd <Name=program>', parse: collect('Name=<program>'), help: `${programs.map((g) => g.id).join(', ')}: a program in any language as the bot Name (repeatable: A and B both programs; a program of a port's name takes that port's place); it runs on this machine, so not with --queue` });
    out.push({ flags: '--interface <kind>', parse: collect(orList(withInterfaces.flatMap((g) => programOf(g)!.interfaces!.names))), help: `${withInterfaces.map((g) => `${g.id} --bot-cmd: ${programOf(g)!.interfaces!.help}`).join('; ')}; once for all, or once per --bot-cmd in order` });
    out.push({ flags: '--move-timeout <ms>', parse: timeLimit(), help: `with --bot-cmd: time limit of one move (default ${DEFAULT_MOVE_TIMEOUT_MS}); a program past it is killed, its move ${programs.map((g) => `${programOf(g)!.timedOutMove} (${g.id})`).join(' or ')}` });
    const lines = withLines.map((g) => programOf(g)!.interfaces!.lines!);
    if (lines.length) {
      const first = lines[0]!;
      out.push({ flags: '--stdio-newline <style>', parse: notAnOption(orList(Object.keys(first.newlines))), help: `${withLines.map((g) => `${g.id} --interface ${programOf(g)!.interfaces!.lines!.name}`).join(', ')}: the line ending written to the program: ${orList(Object.keys(first.newlines).map((k) => (k === first.default ? `${k} (the original's; default)` : k)))}` });
    }
  }
  return out;
}

/** The flags of the user's bots named in --candidate's help ("--python-bots, --cpp-players, --bot-cmd"). */
export const abKindFlags = (games: readonly GameDescriptor[]): string[] => (['python', 'cpp', 'program'] as const).filter((k) => games.some((g) => abKinds(g.engine).includes(k))).map((k) => KIND_FLAG[k]);

/** koth ab's values of the entrant options, and where the run goes. */
export interface AbEntrantValues extends EntrantOptionValues {
  workers: number;
  queue?: string | undefined;
}

const NOTHING_RUN = ' Nothing was run.';

/** The help of the game's own bots in koth ab (`engine.ab.entrants.help`), for messages. */
const helpOf = (g: GameDescriptor) => g.engine!.ab!.entrants?.help;

/** Refuses, before anything runs, an entrant option the game's pairs do not take, saying what it does take. */
export function refuseAbEntrantOptions(game: GameDescriptor, games: readonly GameDescriptor[], o: AbEntrantValues): void {
  const ab = game.engine!.ab!;
  const kinds = abKinds(game.engine);
  const ports = `A and B are ports by name (${ab.bots().slice(0, 6).join(', ')}, …; "koth registry ${game.id}" lists them)${helpOf(game) ? `; ${helpOf(game)}` : ''}`;
  const notHere = (flag: string, only = '') => new UserError(`${flag} is not in koth ab ${game.id} yet${only}: ${ports}.${NOTHING_RUN}`);
  if (o.pythonBots !== undefined && !kinds.includes('python')) throw notHere('--python-bots', ` (${abPythonGames(games).join(', ')} only)`);
  const program = kinds.includes('program');
  for (const [key, flag, taken] of [
    ['cppPlayers', '--cpp-players', kinds.includes('cpp')],
    ['botCmd', '--bot-cmd', program],
    ['interface', '--interface', program],
    ['moveTimeout', '--move-timeout', program],
    ['stdioNewline', '--stdio-newline', program],
  ] as const) {
    if (o[key] !== undefined && !taken) throw notHere(flag);
  }
}

/** The game's program and cpp options that do not go together, refused in its words (as the adapter is opened). */
function refuseProgramOptions(game: GameDescriptor, games: readonly GameDescriptor[], o: AbEntrantValues): void {
  const program = abKinds(game.engine).includes('program') ? game.engine!.entrants!.program : undefined;
  if (!program) return;
  const programs = o.botCmd ?? [];
  const lines = program.interfaces?.lines;
  if (!program.interfaces && o.interface?.length) throw new UserError(`--interface: an ${game.id} program has one interface, ${program.oneInterface}: leave --interface out.${NOTHING_RUN}`);
  if (!lines && o.stdioNewline !== undefined) {
    const theirs = games.filter((g) => programOf(g)?.interfaces?.lines);
    throw new UserError(`--stdio-newline is ${theirs.map((g) => `${g.id}'s`).join(', ')} (its ${programOf(theirs[0]!)!.interfaces!.lines!.name} interface): leave it out for ${game.id}.${NOTHING_RUN}`);
  }
  if (o.cppPlayers !== undefined && programs.length) {
    throw new UserError(`--cpp-players and --bot-cmd exclude each other (as in koth replay ${game.id}): compiled answers run in C++ sandbox workers, programs on this machine; one or the other in a run for now.${NOTHING_RUN}`);
  }
  if (!programs.length) {
    for (const [v, flag] of [
      [o.interface?.length ? o.interface : undefined, '--interface'],
      [o.moveTimeout, '--move-timeout'],
      [o.stdioNewline, '--stdio-newline'],
    ] as const) {
      if (v !== undefined) throw new UserError(`${flag} goes with --bot-cmd "Name=<program>": ${program.words.alone}.${NOTHING_RUN}`);
    }
    return;
  }
  if (o.queue) throw new UserError(`--bot-cmd cannot go with --queue: the program runs on this machine, and queue workers run elsewhere; leave --queue out (--workers N runs pairs on this machine).${NOTHING_RUN}`);
  if (program.interfaces) {
    const bad = (o.interface ?? []).find((i) => !program.interfaces!.names.includes(i));
    if (bad !== undefined) throw new UserError(`--interface "${bad}": allowed choices are ${program.interfaces.names.join(', ')}.${NOTHING_RUN}`);
  }
  if (lines) {
    if (o.stdioNewline !== undefined && !(o.stdioNewline in lines.newlines)) throw new UserError(`--stdio-newline "${o.stdioNewline}": allowed choices are ${Object.keys(lines.newlines).join(', ')}.${NOTHING_RUN}`);
    if (o.stdioNewline !== undefined && !(o.interface ?? []).includes(lines.name)) throw new UserError(`--stdio-newline goes with --interface ${lines.name}: only ${lines.name} programs read lines.${NOTHING_RUN}`);
  }
}

/**
 * The user's bots of a koth ab run other than --python-bots (cpp, program): options that do not go
 * together refused in the game's words, the entrants read and checked (engines/core/entrants), then
 * opened by the game's adapter before any pair; undefined when none is given.
 */
export async function openAbEntrants(game: GameDescriptor, games: readonly GameDescriptor[], o: AbEntrantValues, kit: AbKit): Promise<AbEntrants | undefined> {
  const adapter = game.engine?.ab?.entrants;
  if (!adapter) return undefined;
  refuseProgramOptions(game, games, o);
  const { pythonBots: _python, ...rest } = o;
  const entrants: Entrant[] = entrantsOf(game.engine!.entrants, rest);
  if (!entrants.length && o.cppPlayers === undefined) return undefined;
  return adapter.open(entrants, { workers: o.workers, queue: o.queue }, kit);
}

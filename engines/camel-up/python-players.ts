/**
 * Original camel-up answers (Python) playing in our TypeScript engine, inside the Pyodide
 * sandbox (engines/core/sandbox/runtimes/python/). Each Python player class becomes a CamelPlayer: the engine
 * asks it for a move exactly where it asks a port, handing it the game as camelup.py handed it
 * (our stand-in's GameState, python/stand-in.ts) and reading the answer as camelup.py read it.
 *
 * One stream: the players' module-global `random` is kept in step with the engine's PyRandom
 * (engines/core/sandbox/runtimes/python/stream-link.ts: the words each side drew), so a game with original players
 * draws exactly what camelup.py drew.
 *
 * Failures, as camelup.py had them: it caught no exception, so a Python exception out of a
 * player's move (or out of reading its answer: `result[0]` of None, a trap square that is a
 * str) ended the whole tournament — here a ControllerCrash (exit 3) naming the player. An
 * endless loop or a memory bomb ends the sandbox worker and the run stops with the player
 * named (CamelSandboxStop, a core SandboxStop): camelup.py had no time limit and would have
 * hung there. An answer value our engine cannot carry with its Python meaning (a list as a
 * round bet's camel) stops the run too, saying so, rather than play on with another meaning.
 *
 * All sandbox access goes through `call` / `loadModule` / `takeOutput` with plain JSON values.
 */
import { basename } from 'node:path';
import { ControllerCrash, SandboxStop } from '../core/py/errors.ts';
import { PyFloat } from '../core/py/float.ts';
import { StreamLink } from '../core/sandbox/runtimes/python/stream-link.ts';
import { defaultPythonHost } from '../core/sandbox/runtimes/python/local.ts';
import type { PythonHost } from '../core/sandbox/runtimes/python/host.ts';
import { PythonFileError, SandboxKilled, SandboxPythonError } from '../core/sandbox/errors.ts';
import type { PyRandom } from '../core/rng/python-random.ts';
import { HiddenBet, type CamelGameState, type CamelPlayer } from './rules.ts';
import { camelFlags } from './variants.ts';
import { CAMEL_STANDIN_PY } from './python/stand-in.ts';

/** What the camel-up adapter needs of a sandbox (the transport behind it may change). */
/** The Python host (the sandbox worker's own Python); its call may be given a move's time limit, which the pool enforces. */
export type CamelSandbox = PythonHost & { call(fn: string, args: unknown[], what?: string, timeoutMs?: number): unknown };

/** The sandbox ended a player (timeout, memory, crash): the run stops with the player named. */
export class CamelSandboxStop extends SandboxStop {}

/** An answer value the engine cannot carry with its Python meaning: the run stops, saying so (also from a sandbox worker: its name travels, camelOriginals.rebuild). */
export class CamelUnfollowable extends ControllerCrash {
  constructor(pyType: string, pyMessage: string, where = '') {
    super(pyType, pyMessage, where);
    this.name = 'CamelUnfollowable';
  }
}

export interface CamelPythonSource {
  /** Where it came from (a path, or "cache: answer N"). */
  path: string;
  code: string;
  /** Module name (default: the file name). */
  module?: string;
  /** An answer's code block, meant to be pasted into players.py: it gets players.py's names (random, math, PlayerInterface). */
  pasted?: boolean;
}

export interface PythonCamelClass {
  name: string;
  player: CamelPlayer;
  /** Why it cannot run here (then it must not be played). */
  refused: string | null;
  file: string;
}

export interface LoadedCamelPlayers {
  classes: PythonCamelClass[];
  /** Answers the controller printed and skipped ("oh jeez": an action number outside 0-4), in play order. */
  notes: string[];
  /** What the players printed (drained with takeOutput; the CLI shows it on stderr). */
  output(): string[];
}


const prepared = new WeakSet<CamelSandbox>();
const links = new WeakMap<CamelSandbox, StreamLink>();
let loads = 0;
/** Ids of hidden bets (the stand-in hashes each once per place the controller stored it). */
const betIds = new WeakMap<HiddenBet, number>();
let nextBet = 0;

function prepare(sb: CamelSandbox): StreamLink {
  if (!prepared.has(sb)) {
    sb.loadModule('koth_camel', CAMEL_STANDIN_PY, 'koth_camel.py');
    prepared.add(sb);
  }
  let link = links.get(sb);
  if (!link) links.set(sb, (link = new StreamLink(sb, 0)));
  return link;
}

/** A value the controller stored as a player gave it, as plain JSON (floats tagged as the sandbox tags them). */
function toPy(v: unknown): unknown {
  if (v instanceof PyFloat) return { __pyfloat__: String(v.value) };
  if (typeof v === 'number' && !Number.isFinite(v)) return { __pyfloat__: Number.isNaN(v) ? 'nan' : v > 0 ? 'inf' : '-inf' };
  if (typeof v === 'bigint') return pyIntTag(v);
  return v;
}

/** An int beyond 2**53 − 1 as the sandbox tags it ({"__pyint__": hex}; revived as a BigInt by the sandbox runtime's revivePyFloat). */
export const pyIntTag = (v: bigint): { __pyint__: string } => ({ __pyint__: `${v < 0n ? '-' : ''}0x${(v < 0n ? -v : v).toString(16)}` });

function betRef(b: HiddenBet | null): [number, string] | null {
  if (b === null) return null; // redacted by the 2026 player_view: None
  let id = betIds.get(b);
  if (id === undefined) betIds.set(b, (id = nextBet++));
  return [id, HiddenBet.reveal(b)];
}

/** The state as plain JSON for the stand-in's GameState (hidden bets as [id, camel]: it hashes them). */
export function stateToPy(g: CamelGameState): Record<string, unknown> {
  return {
    camel_track: g.camel_track,
    trap_track: g.trap_track.map((t) => (t.length ? [toPy(t[0]), t[1]] : [])),
    player_has_placed_trap: g.player_has_placed_trap,
    round_bets: g.round_bets.map(([c, p]) => [toPy(c), p]),
    game_winner_bets: g.game_winner_bets.map(([b, p]) => [betRef(b), p]),
    game_loser_bets: g.game_loser_bets.map(([b, p]) => [betRef(b), p]),
    player_game_bets: g.player_game_bets.map((row) => row.map(betRef)),
    player_money_values: g.player_money_values,
    camel_yet_to_move: g.camel_yet_to_move,
    active_game: g.active_game,
    game_winner: g.game_winner,
    camels: g.camels,
    ...(g.camel_bet_values ? { camel_bet_values: g.camel_bet_values } : {}),
  };
}

/**
 * Loads player files in the given order (one module each); the players come in file order,
 * then in the order each file defines them (the default pool, as camelup.py's player_pool
 * listed players.py's and then Sir_Humpfree_Bogart.py's). `rules` sets the flags of the
 * stand-in's rule functions (for players that simulate with camelup's MoveCamel ...).
 */
export function loadPythonCamelPlayers(files: readonly CamelPythonSource[], o: { sandbox?: CamelSandbox; rules?: string; moveTimeoutMs?: number } = {}): LoadedCamelPlayers {
  const sb = o.sandbox ?? (defaultPythonHost() as CamelSandbox);
  const link = prepare(sb);
  link.reset();
  sb.call('camel_configure', [camelFlags(o.rules ?? 'original')], 'configuring the camel-up stand-in');
  const notes: string[] = [];
  const classes: PythonCamelClass[] = [];
  for (const f of files) {
    const base = (f.module ?? basename(f.path).replace(/\.py$/, '')).replace(/\W/g, '_');
    const module = `camel_players_${loads++}_${base}`;
    let found: [string, string, string | null][];
    try {
      found = sb.call('camel_load', [module, `${base}.py`, f.code, !!f.pasted], `loading ${f.path}`) as typeof found;
    } catch (e) {
      if (e instanceof SandboxPythonError) throw new PythonFileError(f.path, `${e.pyType}: ${e.pyMessage}${e.where ? ` (${e.where})` : ''}`);
      if (e instanceof SandboxKilled) throw new CamelSandboxStop(basename(f.path), e.reason, `loading ${f.path}: ${e.message}`);
      throw e;
    }
    for (const [key, name, refused] of found) classes.push({ name, refused, file: f.path, player: pythonCamelPlayer(sb, link, key, name, notes, o.moveTimeoutMs ?? CAMEL_MOVE_TIMEOUT_MS) });
  }
  return { classes, notes, output: () => (sb.alive ? sb.takeOutput() : []) };
}

/**
 * On a Python player's refused 2026 answer: the Python exception tournament_core.run_game raised
 * reading it (`ACTION_MAP.get(result[0], …)`: `result[0]` of None, of an empty answer, an
 * unhashable first element), which only the sandbox can tell (format2026.ts reads it).
 */
export const RUN_GAME_READ = Symbol('what run_game raised reading the answer');

/**
 * The time limit of one move. Not the sandbox's 10 s: Sir_Humpfree_Bogart's first move of a
 * round (every order and distance of five camels, then 10,000 futures) takes seconds in
 * CPython and several times that in Pyodide on a busy machine.
 */
export const CAMEL_MOVE_TIMEOUT_MS = 120_000;

function pythonCamelPlayer(sb: CamelSandbox, link: StreamLink, key: string, name: string, notes: string[], timeoutMs: number): CamelPlayer {
  const label = sb.label(name);
  /** A Python exception of the player (camelup.py caught none) or the sandbox's stop. */
  const fail = (type: string, message: string, whereAt: string, seat: number): never => {
    const stop = sb.stopReason();
    if (stop) throw new CamelSandboxStop(name, stop, `${name}.move: stopped by the sandbox (${stop === 'timeout' ? 'its time limit' : 'its memory cap'}; Python raised ${type})`);
    const where = `${name}.move (seat ${seat})${whereAt ? `, ${whereAt}` : ''}`;
    if (type === 'KothUnfollowable') throw new CamelUnfollowable(type, message, where);
    throw new ControllerCrash(type, message, where);
  };
  return {
    name,
    move(seat, g, env) {
      const random = env.random;
      let r: [boolean, unknown[], number];
      sb.at(label);
      try {
        r = sb.call('camel_move', [key, seat, stateToPy(g), link.out(random)], `${name}.move`, timeoutMs) as typeof r;
      } catch (e) {
        if (e instanceof SandboxKilled) throw new CamelSandboxStop(name, e.reason, e.detail);
        // The sandbox's interrupt (or its memory cap) can surface outside the player's own code: still its stop.
        if (e instanceof SandboxPythonError && sb.stopReason()) return fail(e.pyType, e.pyMessage, '', seat);
        throw e;
      }
      link.in(random, r[2]);
      if (!r[0]) {
        const [type, message, whereAt] = r[1] as [string, string, string];
        return fail(type, message, whereAt, seat);
      }
      const action = r[1];
      if (action[0] === 9) {
        // A refused answer: [9, why] as before; what run_game (2026) raised reading it rides along unseen (format2026.ts).
        const read = action.pop() as [string, string] | null;
        if (read) Object.defineProperty(action, RUN_GAME_READ, { value: read });
      }
      if (action[0] === 5) {
        notes.push(`oh jeez result was out of bounds: player ${seat} (${name}) attempted ${String(action[1])}`);
        return [5];
      }
      return action;
    },
  };
}

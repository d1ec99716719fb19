/**
 * `koth ab gun-duel`: the two games of a pair (engines/core/ab/pairs.ts): a duel. From the pair's
 * generator (seedrandom): the opponent from the field, which side (player A or B of fight()) the
 * candidate's seat is, both identifiers, and the two clock seeds of the players' engines
 * (GetRandomInteger's and CBetaPlayer's) — the same in both games of the pair. a, b: the duel
 * won 1, drawn ½, lost 0.
 *
 * A, B and field members may be the user's own players (`extra`, ab-entrants.ts): compiled C++
 * answers (--cpp-players; only in a C++ sandbox worker, as in koth replay: trials.ts
 * resolvePlayers, a compiled class of a port's name in that port's place) or programs
 * (--bot-cmd; external.ts: a stdio program is started for each duel it plays and ended after
 * it, so a pair's two duels do not depend on what the program saw before). They draw nothing
 * from the pair's generator: the draws above are the same whoever sits.
 */
import { abNote, pairTrials, type AbAcc, type AbOptions } from '../core/ab/pairs.ts';
import type { SandboxContext, TrialSpec } from '../core/runner/trial-spec.ts';
import { findPlayer } from './ports.ts';
import { PlayerEnv, type PlayerClass } from './player.ts';
import { AWIN, BWIN, fight } from './rules.ts';
import type { GunDuelVariant } from './variants.ts';
import type { CppAnswer } from './cpp/answers.ts';
import { withExternalPlayers, type ExternalSpec } from './external.ts';
import { resolvePlayers } from './trials.ts';

/** The user's own players of an A/B run (AbOptions.extra; plain data). */
export interface GunDuelAbExtra {
  /** --cpp-players: the compiled answers (each in place of the port of its class name). */
  cpp?: CppAnswer[];
  /** --bot-cmd: the programs (each in place of the port of its name). */
  external?: ExternalSpec[];
}

/** Who sits in a duel of this shard: compiled answers and programs by name, ports otherwise. */
interface Seating {
  compiled: Map<string, PlayerClass>;
  external: readonly ExternalSpec[];
}
/** Set while a shard with the user's own players runs (a shard runs synchronously). */
let seating: Seating | undefined;

function port(name: string): PlayerClass {
  const p = seating?.compiled.get(name) ?? findPlayer(name);
  if (!p) throw new Error(`no gun-duel port ${name}`);
  return p;
}

/** Plays `body` with the classes of `me` and `them`; the programs among them run for this duel only. */
function seated(me: string, them: string, body: (Me: PlayerClass, Them: PlayerClass) => number): number {
  const specs = seating?.external.filter((x) => x.name === me || x.name === them) ?? [];
  if (!specs.length) return body(port(me), port(them));
  return withExternalPlayers(specs, (x) => {
    const of = (n: string) => x.classes.find((c) => c.botName === n) ?? port(n);
    const result = body(of(me), of(them));
    // What went wrong with a program in this duel, counted over the run (koth ab prints it, as koth replay does).
    for (const s of x.stats()) {
      const limit = specs.find((p) => p.name === s.player)!.moveTimeoutMs;
      abNote(`${s.player}: a move ran past ${limit} ms (killed; the move was invalid)`, s.timeouts);
      abNote(`${s.player}: a move exited with a status that is no action's ASCII code (an invalid move)`, s.invalid);
      abNote(`${s.player}: its output ended before the duel did (every later move invalid)`, s.deadAtMove ? 1 : 0);
      abNote(`${s.player}: a result notice ran past ${limit} ms`, s.noticeTimeouts);
    }
    return result;
  });
}

const pairs = pairTrials('seedrandom', (bot, o, rng) => {
  const others = o.field.filter((n) => n !== o.candidate && n !== o.baseline);
  const opponent = others[rng.randbelow(others.length)]!;
  const first = rng.randbelow(2) === 0;
  const n = others.length + 1;
  const myId = rng.randbelow(n);
  const theirId = (myId + 1 + rng.randbelow(n - 1)) % n;
  const env = new PlayerEnv(rng.randbelow(2 ** 32), rng.randbelow(2 ** 32));
  const variant = (o.rules ?? 'original') as GunDuelVariant;
  return seated(bot, opponent, (Me, Them) => {
    if (first) {
      const s = fight(new Me(theirId, env), new Them(myId, env), variant);
      return s === AWIN ? 1 : s === BWIN ? 0 : 0.5;
    }
    const s = fight(new Them(myId, env), new Me(theirId, env), variant);
    return s === BWIN ? 1 : s === AWIN ? 0 : 0.5;
  });
});

/** The shard's seating: compiled answers need the C++ sandbox worker's context (resolvePlayers refuses to run them elsewhere). */
function seatingOf(o: AbOptions, extra: GunDuelAbExtra, sandbox: SandboxContext | undefined): Seating {
  const external = extra.external ?? [];
  const compiled = new Map<string, PlayerClass>();
  if (extra.cpp?.length) {
    const programs = new Set(external.map((x) => x.name));
    const names = [...new Set([o.candidate, o.baseline, ...o.field])].filter((n) => !programs.has(n));
    const classes = resolvePlayers(names, extra.cpp, sandbox);
    names.forEach((n, i) => compiled.set(n, classes[i]!));
  }
  return { compiled, external };
}

export const trials: TrialSpec<AbOptions, AbAcc> = {
  ...pairs,
  run(o, rng, count, tick, sandbox) {
    const extra = o.extra as GunDuelAbExtra | undefined;
    if (!extra?.cpp?.length && !extra?.external?.length) return pairs.run(o, rng, count, tick);
    seating = seatingOf(o, extra, sandbox);
    try {
      return pairs.run(o, rng, count, tick);
    } finally {
      seating = undefined;
    }
  },
};

/**
 * The gun-duel player base: what the original `Player` class gives every entry (ammo,
 * turn counter, both histories, the opponent's ammo as seen through `perceive`, the
 * opponent's identifier, the shared random integer), in our own words.
 *
 * Static storage of the originals (one engine shared by every player, opponent models kept
 * across duels) lives in a per-tournament `PlayerEnv`, so parallel tournaments never share it.
 */
import { LibstdcppMinstd0 } from '../core/rng/libstdcpp.ts';
import { MsvcMt19937 } from '../core/rng/msvc.ts';

export const LOAD = 0;
export const BULLET = 1;
export const PLASMA = 2;
export const METAL = 3;
export const THERMAL = 4;
/** 0..4 are the five actions; anything else is invalid (the gun explodes). */
export type Action = number;
export const ACTION_CHARS = '012-=';

export type Result = 0 | 1 | 2; // DRAW, WIN, LOSS as the original enum
export const RESULT_DRAW = 0;
export const RESULT_WIN = 1;
export const RESULT_LOSS = 2;

export const INT_MAX = 2147483647;

/**
 * Which C++ standard library the original is taken to be built with: `libstdc++` (g++, our
 * oracle: default_random_engine = minstd_rand0) or `msvc` (Visual C++, which the published run
 * used: default_random_engine = mt19937, Microsoft's distributions, shuffle and sort).
 */
export type CppLibrary = 'libstdc++' | 'msvc';
export const CPP_LIBRARIES: readonly CppLibrary[] = ['libstdc++', 'msvc'];

/** A std::default_random_engine with the distributions the original uses on it. */
export interface CppEngine {
  /** uniform_int_distribution<int>(a, b)(engine). */
  uniformInt(a: number, b: number): number;
  /** uniform_int_distribution<int>(0, n − 1)(engine), 1 ≤ n. */
  below(n: number): number;
  /** uniform_real_distribution<double>(a, b)(engine). */
  uniformReal(a: number, b: number): number;
  /** std::shuffle(first, last, engine). */
  shuffleInPlace<T>(items: T[]): void;
}

/** std::default_random_engine(seed) of the given library. */
export function cppEngine(lib: CppLibrary, seed: number): CppEngine {
  return lib === 'msvc' ? new MsvcMt19937(seed) : new LibstdcppMinstd0(seed);
}

/**
 * Per-tournament state every player shares: the `Player::GetRandomInteger` engine, the
 * `CBetaPlayer::GetRandomDouble` engine, and a store for the players' static tables (keyed
 * by class name).
 */
export class PlayerEnv {
  readonly intEngine: CppEngine;
  readonly realEngine: CppEngine;
  readonly store = new Map<string, unknown>();

  constructor(
    intSeed: number,
    /** The clock reading CBetaPlayer's engine was seeded with (compiled answers read it from their clock). */
    readonly realSeed: number,
    readonly lib: CppLibrary = 'libstdc++',
    /** How engines are built (compiled answers build theirs through it too). */
    readonly make: (lib: CppLibrary, seed: number) => CppEngine = cppEngine,
  ) {
    this.intEngine = make(lib, intSeed);
    this.realEngine = make(lib, realSeed);
  }

  /** Player::GetRandomInteger(max): uniform_int_distribution<int>(0, max) on the shared engine. */
  randomInteger(max: number = INT_MAX): number {
    return this.intEngine.uniformInt(0, max | 0);
  }

  /** A static table of a player class, created on first use. */
  statics<T>(key: string, make: () => T): T {
    let v = this.store.get(key) as T | undefined;
    if (v === undefined) {
      v = make();
      this.store.set(key, v);
    }
    return v;
  }
}

export abstract class Player {
  /** Unique identifier of the opponent (the shuffled id), or -1 (size_t max) when none. */
  readonly opponentId: number;
  protected readonly env: PlayerEnv;
  ammo = 0;
  turn = 0;
  readonly history: Action[] = [];
  readonly historyOpponent: Action[] = [];
  ammoOpponent = 0;

  constructor(opponentId: number, env: PlayerEnv) {
    this.opponentId = opponentId;
    this.env = env;
  }

  /** [must override] This turn's action. */
  abstract fight(): Action;

  /** Default bookkeeping of the opponent's action (history and ammo). */
  perceive(action: Action): void {
    this.historyOpponent.push(action);
    if (action === LOAD) this.ammoOpponent += 1;
    else if (action === BULLET) this.ammoOpponent -= 1;
    else if (action === PLASMA) this.ammoOpponent -= 2;
  }

  declared(_result: Result): void {}

  getAmmo(): number {
    return this.ammo;
  }
  getTurn(): number {
    return this.turn;
  }
  getAmmoOpponent(): number {
    return this.ammoOpponent;
  }
  getHistory(): readonly Action[] {
    return this.history;
  }
  getHistoryOpponent(): readonly Action[] {
    return this.historyOpponent;
  }
  getOpponent(): number {
    return this.opponentId;
  }
  /** Player::GetRandomInteger. */
  getRandomInteger(max: number = INT_MAX): number {
    return this.env.randomInteger(max);
  }

  /** What the duel calls: fight(), then record it and count ammo (a plasma costs two). */
  performFight(): Action {
    const rv = this.fight();
    this.turn++;
    this.history.push(rv);
    if (rv === LOAD) this.ammo++;
    else if (rv === PLASMA) this.ammo -= 2;
    else if (rv === BULLET) this.ammo--;
    return rv;
  }
}

export type PlayerClass = (new (opponentId: number, env: PlayerEnv) => Player) & { readonly botName: string };

/**
 * `koth verify gun-duel <Player>`: the port against its compiled original (the answer's C++
 * compiled to WebAssembly, engines/gun-duel/cpp/), in lockstep, in a C++ sandbox worker.
 *
 * Situations: duels of our engine (rules.ts) with the player under test against every other
 * port, in both seats, with the engines of a seeded tournament (one per --games), then edge
 * cases against scripted opponents (one that only loads, one that shields in turn, one that
 * loads and fires plasma, one that returns an invalid action, one that fires without ammo).
 * At every decision both start from the same state of the shared GetRandomInteger engine: the
 * original decides first, the engine's state is then put back and the port decides; their
 * actions and the engine states after them must agree. The port drives the duel; the original
 * is told the same opponent actions and results, so every decision is compared, also after a
 * disagreement. (An answer's own engine — CBetaPlayer's — is its own on both sides, seeded with
 * the same clock reading: it stays in step while the decisions agree.)
 */
import type { GameVerifier, VerifyOutcome, VerifySource } from '../core/game.ts';
import type { CppRng } from '../core/rng/rng.ts';
import type { SandboxContext } from '../core/runner/trial-spec.ts';
import { Tally, VerifyInputError } from '../core/verify/verify.ts';
import { findPlayer, gunDuelPool, gunDuelPorts } from './ports.ts';
import { compileAnswers, type CppAnswer } from './cpp/answers.ts';
import { CppAnswerStopped, cppPlayerClass } from './cpp/players.ts';
import { ACTION_CHARS, BULLET, LOAD, METAL, PLASMA, Player, PlayerEnv, THERMAL, type Action, type PlayerClass, type Result } from './player.ts';
import { fight } from './rules.ts';
import { statisticalSeeds } from './trials.ts';

const act = (a: number) => (a >= 0 && a < 5 ? `${a} '${ACTION_CHARS[a]}'` : `${a} (invalid)`);

/** The player under test: fight() runs the original, puts the engine back, runs the port, compares. */
function lockstep(port: Player, orig: Player, env: PlayerEnv, tally: Tally, where: () => string, decisions: unknown[]): Player {
  const eng = env.intEngine as unknown as CppRng;
  return new (class extends Player {
    fight(): Action {
      const before = JSON.stringify(eng.getState());
      const a = orig.performFight();
      const afterOrig = JSON.stringify(eng.getState());
      eng.setState(JSON.parse(before));
      const p = port.performFight();
      const afterPort = JSON.stringify(eng.getState());
      decisions.push(a);
      const situation = () => `turn ${port.getTurn() - 1}, ammo ${port.getAmmo() + (p === LOAD ? -1 : p === BULLET ? 1 : p === PLASMA ? 2 : 0)} vs ${port.getAmmoOpponent()}, opponent so far ${port.getHistoryOpponent().map((x) => ACTION_CHARS[x] ?? '?').join('') || '—'}`;
      tally.check(a === p && afterOrig === afterPort, () => ({
        where: where(),
        situation: situation(),
        port: `${act(p)}${afterOrig !== afterPort && a === p ? ' (other draws of GetRandomInteger)' : ''}`,
        original: act(a),
      }));
      return p;
    }
    override perceive(action: Action): void {
      super.perceive(action);
      orig.perceive(action);
      port.perceive(action);
    }
    override declared(r: Result): void {
      orig.declared(r);
      port.declared(r);
    }
  })(port.getOpponent(), env);
}

/** Scripted opponents for the edge cases. */
function scripted(name: string, moves: (turn: number) => number): PlayerClass {
  return class extends Player {
    static readonly botName = name;
    fight(): Action {
      return moves(this.getTurn());
    }
  };
}
const EDGE: PlayerClass[] = [
  scripted('AlwaysLoad', () => LOAD),
  scripted('Shields', (t) => (t % 2 ? METAL : THERMAL)),
  scripted('PlasmaRush', (t) => (t % 3 === 2 ? PLASMA : LOAD)),
  scripted('Invalid', (t) => (t < 3 ? LOAD : 7)),
  scripted('EmptyGun', (t) => (t === 0 ? BULLET : LOAD)),
];

export function verifyGunDuel(bot: string, answer: CppAnswer, o: { seed: string; games: number; sandbox?: SandboxContext }): VerifyOutcome {
  const port = findPlayer(bot);
  if (!port) throw new VerifyInputError(`no gun-duel port named ${bot}`);
  if (answer.name !== port.botName) throw new VerifyInputError(`the source defines ${answer.name}, not ${port.botName}`);
  if (!o.sandbox || o.sandbox.runtime !== 'wasm') throw new Error('the compiled original runs only in a C++ sandbox worker');
  const orig = cppPlayerClass(answer, { cells: o.sandbox.cells, label: (t) => o.sandbox!.label(t) });
  const opponents = gunDuelPool().filter((p) => p !== port);
  const tally = new Tally();
  const decisions: unknown[] = [];
  const duel = (env: PlayerEnv, opp: PlayerClass, subjectFirst: boolean, subjectId: number, oppId: number, where: string) => {
    const subject = lockstep(new port(oppId, env), new orig(oppId, env), env, tally, () => where, decisions);
    const other = new opp(subjectId, env);
    if (subjectFirst) fight(subject, other);
    else fight(other, subject);
  };
  for (const lib of ['libstdc++', 'msvc'] as const) {
    for (let g = 0; g < o.games; g++) {
      const seeds = statisticalSeeds(`gun-duel/verify/${o.seed}/${g}`);
      // one tournament's env per game: the statics of both sides carry over between its duels
      const env = new PlayerEnv(seeds.int, seeds.real, lib);
      opponents.forEach((opp, k) => {
        duel(env, opp, true, (g + k) % 17, (g + k + 1) % 17, `${lib} game ${g + 1}: as A vs ${opp.botName}`);
        duel(env, opp, false, (g + k + 2) % 17, (g + k + 3) % 17, `${lib} game ${g + 1}: as B vs ${opp.botName}`);
      });
    }
  }
  const env = new PlayerEnv(1, 1);
  EDGE.forEach((opp, k) => {
    duel(env, opp, true, 0, 16, `edge case: as A vs ${opp.botName}`);
    duel(env, opp, false, 16, k, `edge case: as B vs ${opp.botName}`);
  });
  return {
    game: 'gun-duel',
    bot,
    seed: o.seed,
    games: o.games,
    opponents: [...opponents.map((p) => p.botName), ...EDGE.map((p) => p.botName)],
    compared: tally.compared,
    agreed: tally.agreed,
    disagreements: tally.first,
    disagreementCount: tally.count,
    decisions,
  };
}

export const gunDuelVerifier: GameVerifier = {
  ports: () => gunDuelPorts.names(),
  runtime: 'wasm',
  async prepare(bot: string, source: VerifySource): Promise<unknown> {
    try {
      return (await compileAnswers([{ name: bot, file: source.path, code: source.code }])).answers[0];
    } catch (e) {
      throw new VerifyInputError(`${source.path}: ${(e as Error).message}`);
    }
  },
  verify(bot, _source, o) {
    return verifyGunDuel(bot, o.prepared as CppAnswer, o);
  },
  edgeCases: 'scripted opponents: one that only loads, one that shields in turn, plasma after loading, an invalid action, a shot without ammo; both seats; libstdc++ and MSVC engine models',
  defaultGames: 2,
  timeoutMs: 10_000,
  // a compiled original that trapped (a throw, abort, a bad pointer) or ran out of memory: the original tournament would have crashed there
  stopOf: (e) => (e instanceof CppAnswerStopped ? { reason: e.reason, message: e.message } : undefined),
};

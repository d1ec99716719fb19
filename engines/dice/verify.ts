/**
 * `koth verify dice <bot>`: the port and the original Python class in one seat, in lockstep.
 *
 * Situations: seeded games of our controller (the bot under test in all of them, with seven
 * opponents drawn from the ports by the seed; every seat order is a fresh sample), then edge
 * cases on fresh instances (all scores zero, 39 points, the last round behind and ahead, a
 * turn already worth 40, the first and the last seat). At every decision both sides start
 * from the same generator state: the port draws from the game's generator, the original from
 * a copy of it taken just before; the decisions (throw again or not) and the generator states
 * after them must agree. The port drives the game; after a disagreement the rest of that turn
 * is not compared (the original's generator is no longer where the port's is).
 */
import { PyRandom } from '../core/rng/python-random.ts';
import { classStateStore, pyTruthy } from '../core/py/index.ts';
import { Tally, VerifyInputError, type VerifyResult } from '../core/verify/verify.ts';
import type { GameVerifier } from '../core/game.ts';
import { DiceBot, type DiceBotClass, type DiceEnv } from './bot.ts';
import { DiceController } from './rules.ts';
import { diceFlags } from './variants.ts';
import { DiceSandboxStop, loadPythonDiceBots } from './python-bots.ts';
import { diceClass, DICE_INDIRECT_SUBCLASSES, dicePorts } from './ports.ts';

/** Opponents: ports that need no controller hooks (no inspect tricks, no generator of their own). */
const HOOKED = new Set(['HarkonnenBot', 'TleilaxuBot', 'CopyBot', 'NeoBot', 'KwisatzHaderach']);
export const diceVerifyOpponents = (): string[] => dicePorts.names().filter((n) => !HOOKED.has(n) && !DICE_INDIRECT_SUBCLASSES.has(n));

const sameState = (a: PyRandom, b: PyRandom) => {
  const x = a.getstate();
  const y = b.getstate();
  return x.gaussNext === y.gaussNext && x.internal.every((v, i) => v === y.internal[i]);
};

export interface DiceVerifyOptions {
  seed: string;
  games: number;
  rules?: string;
}

export function verifyDiceBot(name: string, source: { path: string; code: string }, o: DiceVerifyOptions): Omit<VerifyResult, 'source' | 'nondeterministic'> {
  const loaded = loadPythonDiceBots([source]);
  const py = loaded.classes.find((c) => c.name === name);
  if (!py) throw new VerifyInputError(`${source.path} defines no Bot subclass named ${name} (it has: ${loaded.classes.map((c) => c.name).join(', ') || 'none'})`);
  if (py.refused) throw new VerifyInputError(`${name} cannot run in the sandbox: ${py.refused}`);
  if (py.lockstepRefused) {
    throw new VerifyInputError(
      `${name} cannot be verified in lockstep: ${py.lockstepRefused.replace('here the controller is our TypeScript engine', 'in koth verify the other seats are ports')}. ` +
        'Run it as posted among original bots instead: koth replay dice --exact --python-bots FILE --bots ...',
    );
  }
  return lockstepDice(name, py.cls, o);
}

/**
 * The port's own decisions on a recorded trace's situations (same seed, games, opponents):
 * what the port tests compare with the original's recorded decisions.
 */
export function diceTraceDecisions(trace: { bot: string; seed: string; games: number }): unknown[] {
  const port = diceClass(trace.bot);
  if (!port) throw new Error(`no dice port named ${trace.bot}`);
  return lockstepDice(trace.bot, port, trace).decisions;
}

/** Port and `original` (a Python class in the sandbox, or another class) in lockstep. */
export function lockstepDice(name: string, original: DiceBotClass, o: DiceVerifyOptions): Omit<VerifyResult, 'source' | 'nondeterministic'> {
  const port = diceClass(name);
  if (!port) throw new Error(`no dice port named ${name}`);
  const tally = new Tally();
  const shadow = new PyRandom(0);
  let where = '';

  const pick = new PyRandom(o.seed);
  const pool = diceVerifyOpponents().filter((n) => n !== name);
  const opponents = pick.sample(pool, 7) as string[];

  // Both sides of the seat under test, constructed from the same generator state.
  class Lockstep extends DiceBot {
    static readonly botName = name;
    declare p: DiceBot;
    declare q: DiceBot;
    constructor(index: number, endScore: number, env: DiceEnv) {
      super(index, endScore, env);
      const before = env.random.getstate();
      this.p = new port!(index, endScore, env);
      shadow.setstate(before);
      const shadowEnv: DiceEnv = { random: shadow, gameBots: env.gameBots, botClasses: env.botClasses, classState: classStateStore() };
      this.q = new original(index, endScore, shadowEnv);
      tally.check(sameState(env.random, shadow), () => ({ where: `${where}, seat ${index}`, situation: `${name}(${index}, ${endScore})`, port: 'constructor draws', original: 'other draws' }));
    }
    override updateState(t: number[]): void {
      this.currentThrows = t;
      this.p.updateState(t.slice());
      this.q.updateState(t.slice());
    }
    override *makeThrow(scores: number[], lastRound: boolean): Generator<unknown, unknown, undefined> {
      const random = this.env.random;
      const gp = this.p.makeThrow(scores, lastRound);
      const gq = this.q.makeThrow(scores.slice(), lastRound);
      let inStep = true;
      for (let step = 0; ; step++) {
        const before = random.getstate();
        const rp = gp.next();
        const dp = !rp.done && (rp.value === true || pyTruthy(rp.value));
        if (inStep) {
          shadow.setstate(before);
          let dq: boolean | string;
          try {
            const rq = gq.next();
            dq = !rq.done && (rq.value === true || pyTruthy(rq.value));
          } catch (e) {
            if (e instanceof DiceSandboxStop) throw e;
            dq = `raised ${(e as Error).name}: ${(e as Error).message}`;
          }
          tally.decisions.push(dq);
          const throws = this.currentThrows;
          inStep = tally.check(dp === dq && sameState(random, shadow), () => ({
            where: `${where}, seat ${this.index}, decision ${step + 1} of the turn`,
            situation: `throws so far ${JSON.stringify(throws)}, scores ${JSON.stringify(scores)}${lastRound ? ', last round' : ''}`,
            port: `${dp ? 'throw again' : 'stop'}`,
            original: `${typeof dq === 'string' ? dq : dq ? 'throw again' : 'stop'}${dp === dq ? ' (same decision, different draws from the generator)' : ''}`,
          }));
        }
        if (!dp) return undefined;
        yield true;
      }
    }
  }

  const flags = diceFlags(o.rules ?? 'fixed');
  const classes: DiceBotClass[] = [Lockstep, ...opponents.map((n) => diceClass(n)!)];
  const controller = new DiceController(classes, new PyRandom(o.seed), flags);
  for (let g = 1; g <= o.games; g++) {
    where = `game ${g}`;
    controller.simulate(1);
  }

  // Edge cases on fresh instances: the first decision from one generator state.
  const edges: { index: number; throws: number[]; scores: number[]; lastRound: boolean; what: string }[] = [
    { index: 0, throws: [3], scores: [0, 0, 0, 0, 0, 0, 0, 0], lastRound: false, what: 'first turn of a game, all scores zero' },
    { index: 7, throws: [2], scores: [12, 30, 8, 25, 0, 17, 33, 39], lastRound: false, what: 'last seat, 39 points' },
    { index: 3, throws: [5, 5, 5, 5, 5, 5, 5, 5], scores: [10, 20, 0, 0, 5, 15, 25, 35], lastRound: false, what: 'the turn already worth 40' },
    { index: 2, throws: [1], scores: [44, 10, 30, 12, 0, 0, 3, 7], lastRound: true, what: 'last round, 14 behind' },
    { index: 5, throws: [4], scores: [20, 10, 30, 12, 0, 42, 3, 7], lastRound: true, what: 'last round, leading' },
    { index: 1, throws: [6 - 1, 4, 3], scores: [0, 38, 0, 0, 0, 0, 0, 0], lastRound: false, what: 'close to 40 mid-turn' },
  ];
  edges.forEach((e, i) => {
    where = `edge case ${i + 1} (${e.what})`;
    const random = new PyRandom(`${o.seed}/edge/${i}`);
    const env: DiceEnv = { random, gameBots: [], botClasses: classes, classState: classStateStore() };
    const bot = new Lockstep(e.index, 40, env);
    bot.updateState(e.throws.slice());
    const r = bot.makeThrow(e.scores.slice(), e.lastRound).next();
    void r;
  });

  return {
    game: 'dice',
    bot: name,
    seed: o.seed,
    games: o.games,
    opponents,
    compared: tally.compared,
    agreed: tally.agreed,
    disagreements: tally.first,
    disagreementCount: tally.count,
    decisions: tally.decisions,
  };
}

export const diceVerifiablePorts = (): string[] => dicePorts.names();

/** `koth verify dice`: what the dice descriptor offers. */
export const diceVerifier: GameVerifier = {
  ports: diceVerifiablePorts,
  verify: verifyDiceBot,
  // Answers relied on the controller file's imports.
  wrap: (code) => `import random, sys, math\n${code}`,
  edgeCases: 'all scores zero, 39 points, a turn already worth 40, the last round behind and ahead, close to 40 mid-turn',
};

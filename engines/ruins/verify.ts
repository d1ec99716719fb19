/**
 * `koth verify ruins <bot>`: the port and the original Python class as one adventurer, in
 * lockstep. Situations: seeded games of our engine (the bot under test with opponents drawn
 * from the ports by the seed), then edge cases on fresh instances (the first room, an empty
 * room, a full backpack, one stamina left, a crowded room, deep in the ruins). At every call
 * (enter_ruins, get_action) both start from the same generator state (`self.random`: the
 * port's own, the original's a copy taken just before); the actions (as Python's repr) and the
 * generator states after them must agree. The port drives the game.
 */
import { PyRandom } from '../core/rng/python-random.ts';
import { Tally, VerifyInputError, type VerifyResult } from '../core/verify/verify.ts';
import type { GameVerifier } from '../core/game.ts';
import { Adventurer, RoomState, SeedLater, treasure, type AdventurerClass } from './adventurer.ts';
import { pyRepr } from './actions.ts';
import { loadPythonRuinsBots, SandboxStop } from './python-bots.ts';
import { Ruins } from './rules.ts';
import { ruinsClass, ruinsPorts } from './ports.ts';

const sameState = (a: PyRandom, b: PyRandom) => {
  const x = a.getstate();
  const y = b.getstate();
  return x.gaussNext === y.gaussNext && x.internal.every((v, i) => v === y.internal[i]);
};

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };
const run = (f: () => unknown): Outcome => {
  try {
    return { ok: true, value: f() };
  } catch (e) {
    if (e instanceof SandboxStop) throw e;
    return { ok: false, error: e };
  }
};
const show = (o: Outcome) => (o.ok ? pyRepr(o.value, true) : `raised ${(o.error as Error).name}`);

export function verifyRuinsBot(name: string, source: { path: string; code: string }, o: { seed: string; games: number }): Omit<VerifyResult, 'source' | 'nondeterministic'> {
  const module = source.path.replace(/^.*\//, '').replace(/\.py$/, '').replace(/\W/g, '_') || 'bot';
  const loaded = loadPythonRuinsBots([{ module: `verify_${module}`, code: source.code, origin: source.path }]);
  if (loaded.skipped.length) throw new VerifyInputError(`${source.path} does not load: ${loaded.skipped[0]!.error}`);
  const original = loaded.classes.find((c) => c.botName === name);
  if (!original) throw new VerifyInputError(`${source.path} defines no Adventurer subclass named ${name} (it has: ${loaded.classes.map((c) => c.botName).join(', ') || 'none'})`);
  return lockstepRuins(name, original, o);
}

/**
 * The port's own actions on a recorded trace's situations (same seed, games, opponents):
 * what a port test compares with the original's recorded actions.
 */
export function ruinsTraceDecisions(trace: { bot: string; seed: string; games: number }): unknown[] {
  const port = ruinsClass(trace.bot);
  if (!port) throw new Error(`no ruins port named ${trace.bot}`);
  return lockstepRuins(trace.bot, port, trace).decisions;
}

/** Port and `original` (a Python class in the sandbox, or another class) as one adventurer, in lockstep. */
export function lockstepRuins(name: string, original: AdventurerClass, o: { seed: string; games: number }): Omit<VerifyResult, 'source' | 'nondeterministic'> {
  const port = ruinsClass(name);
  if (!port) throw new Error(`no ruins port named ${name}`);
  const tally = new Tally();
  let where = '';

  const pick = new PyRandom(o.seed);
  const pool = ruinsPorts.names().filter((n) => n !== name);
  const opponents = pick.sample(pool, Math.min(5, pool.length)) as string[];

  class Lockstep extends Adventurer {
    static readonly botName = name;
    declare p: Adventurer;
    declare q: Adventurer;
    declare shadow: PyRandom;
    declare inStep: boolean;
    constructor(advName: string, seeded: PyRandom | SeedLater) {
      super(advName, seeded);
      const random = this.random;
      this.shadow = random.clone();
      this.p = new port!(advName, random);
      this.q = new original!(advName, this.shadow);
      this.inStep = tally.check(sameState(random, this.shadow), () => ({ where, situation: `${name}(${JSON.stringify(advName)})`, port: 'constructor draws', original: 'other draws' }));
    }
    private both(call: string, situation: () => string, fp: () => unknown, fq: () => unknown): unknown {
      const before = this.random.getstate();
      const a = run(fp);
      if (this.inStep) {
        this.shadow.setstate(before);
        const b = run(fq);
        tally.decisions.push(show(b));
        const same = show(a) === show(b) && sameState(this.random, this.shadow);
        this.inStep = tally.check(same, () => ({
          where: `${where}, ${this.name} (${call})`,
          situation: situation(),
          port: show(a),
          original: show(b) + (show(a) === show(b) ? ' (same action, different draws from self.random)' : ''),
        }));
      }
      if (!a.ok) throw a.error;
      return a.value;
    }
    override enterRuins(): void {
      this.inStep = true;
      this.shadow.setstate(this.random.getstate());
      this.both('enter_ruins', () => 'before the game', () => this.p.enterRuins(), () => this.q.enterRuins());
    }
    override getAction(state: RoomState): unknown {
      return this.both(
        `turn in room ${state.room}`,
        () => describe(state),
        () => this.p.getAction(state),
        () => this.q.getAction(state),
      );
    }
  }

  const classes: AdventurerClass[] = [Lockstep, ...opponents.map((n) => ruinsClass(n)!)];
  for (let g = 1; g <= o.games; g++) {
    where = `game ${g}`;
    const seats = new PyRandom(`${o.seed}/seats/${g}`).sample(classes, classes.length) as AdventurerClass[];
    new Ruins(seats, `${o.seed}/${g}`).runGame();
  }

  const t = (n: number, v: number, w: number) => treasure(`Treasure #${String(n).padStart(3, '0')}`, v, w);
  const edges: [string, RoomState][] = [
    ['the first room, empty-handed', new RoomState(1, [t(1, 12, 2), t(2, 30, 5)], [], [], 1000)],
    ['an empty room, others present', new RoomState(3, [], ['Alice the Bold', 'Bob'], [], 900)],
    ['a full backpack (50 kg)', new RoomState(6, [t(3, 80, 3)], [], [t(4, 100, 25), t(5, 90, 25)], 300)],
    ['one stamina left', new RoomState(4, [t(6, 10, 1)], [], [t(7, 20, 4)], 1)],
    ['a crowded room', new RoomState(2, [t(8, 40, 4), t(9, 55, 6), t(10, 7, 1)], ['A', 'B', 'C', 'D', 'E', 'F'], [t(11, 15, 2)], 600)],
    ['deep in the ruins, tired', new RoomState(25, [t(12, 300, 9)], [], [t(13, 200, 10)], 240)],
  ];
  edges.forEach(([what, state], i) => {
    where = `edge case ${i + 1} (${what})`;
    const bot = new Lockstep('Edgar the Verifier', new PyRandom(`${o.seed}/edge/${i}`));
    bot.enterRuins();
    try {
      bot.getAction(state);
    } catch {
      /* a port that raises here raised in both or is reported */
    }
  });

  return { game: 'ruins', bot: name, seed: o.seed, games: o.games, opponents, compared: tally.compared, agreed: tally.agreed, disagreements: tally.first, disagreementCount: tally.count, decisions: tally.decisions };
}

function describe(s: RoomState): string {
  const list = (ts: readonly { name: string; value: number; weight: number }[]) => ts.map((x) => `${x.name} ($${x.value}, ${x.weight}kg)`).join(', ') || 'none';
  return `room ${s.room}, stamina ${s.stamina}, treasures: ${list(s.treasures)}; carrying: ${list(s.inventory)}; others: ${s.players.join(', ') || 'none'}`;
}

export const ruinsVerifiablePorts = (): string[] => ruinsPorts.names();

/** `koth verify ruins`: what the ruins descriptor offers. */
export const ruinsVerifier: GameVerifier = {
  ports: ruinsVerifiablePorts,
  verify: verifyRuinsBot,
  // ruins.py ran the answers as modules beside it: Adventurer from the driver, random and math imported.
  wrap: (code) => `from __main__ import Adventurer\nimport random, math\n${code}`,
  edgeCases: 'the first room, an empty room, a full backpack, one stamina left, a crowded room, deep in the ruins',
};

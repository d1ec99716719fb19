import { describe, expect, it } from 'vitest';
import { PyRandom } from '../core/rng/python-random.ts';
import { DiceBot, fastPath, replaceMakeThrow, type DiceBotClass } from './bot.ts';
import { sum } from '../core/py/index.ts';
import { BotCrash, DiceController } from './rules.ts';
import { DICE_VARIANTS } from './variants.ts';
import { mergeStats, winningScorePercentiles } from './stats.ts';

/** Dice from a script instead of the generator (the controller only calls randint(1, 6)). */
class ScriptedDice extends PyRandom {
  constructor(private readonly script: number[]) {
    super(0);
  }
  override randint(a: number, b: number): number;
  override randint(a: bigint | number, b: bigint | number): bigint | number;
  override randint(): number {
    const d = this.script.shift();
    if (d === undefined) throw new Error('script ran out of dice');
    return d;
  }
}

/** Throws until its turn reaches `target` points. */
function upTo(name: string, target: number): DiceBotClass {
  return class extends DiceBot {
    static readonly botName = name;
    override *makeThrow() {
      while (sum(this.currentThrows) < target) yield true;
      yield false;
      return undefined;
    }
  };
}

const stopper = (name: string) => upTo(name, 0);

function seatedGame(classes: DiceBotClass[], dice: number[], variant: 'fixed' | 'original') {
  const rng = new ScriptedDice(dice);
  const c = new DiceController(classes, rng, DICE_VARIANTS[variant].flags);
  const bots = classes.map((cls, i) => new cls(i, 40, (c as unknown as { env: never }).env));
  c.play(bots, classes.map((_, i) => i));
  return { stats: c.stats, left: rng };
}

describe('dice controller rules', () => {
  const eight = (first: DiceBotClass[]) => [...first, ...Array.from({ length: 8 - first.length }, (_, i) => stopper(`S${i}`))];

  it('a 6 ends the turn with nothing, and resets a running total of 40 or more to 0', () => {
    class ThreeThrows extends DiceBot {
      static readonly botName = 'ThreeThrows';
      override *makeThrow() {
        yield true;
        yield true;
        yield false;
        return undefined;
      }
    }
    const classes = eight([ThreeThrows]);
    // Rounds 1–2: A banks 15 each (30); round 3: 5, 5, 6 with 30 + 10 >= 40 -> A's total is reset to 0.
    // Everyone else banks 1 a round; then only sixes until the 200-round limit.
    const round = (a: number[]) => [...a, 1, 1, 1, 1, 1, 1, 1];
    const dice = [...round([5, 5, 5]), ...round([5, 5, 5]), ...round([5, 5, 6]), ...Array(8 * 198).fill(6)];
    const r = seatedGame(classes, dice, 'fixed');
    expect(r.left['script']).toEqual([]);
    const a = r.stats.rows[0]!;
    expect(a.scoreSum).toBe(0);
    expect(a.successes).toBe(2);
    expect(a.turns).toBe(201);
    expect(r.stats.rows[1]!.scoreSum).toBe(3);
    expect(r.stats.rows[1]!.wins).toBe(1);
    expect(a.wins).toBe(0);
  });

  it('reaching 40 starts the last round; only bots seated before the initiator play again', () => {
    const classes = eight([stopper('A'), upTo('B', 40)]);
    // Round 1: A throws 2 and stops; B throws 10,10? no: dice are 1..6. B throws 5 x8 = 40 and stops.
    // The rest throw 1. Final round: only A (seat 0) plays once more (throws 3).
    const dice = [2, 5, 5, 5, 5, 5, 5, 5, 5, 1, 1, 1, 1, 1, 1, 3];
    const r = seatedGame(classes, dice, 'fixed');
    expect(r.left['script']).toEqual([]);
    const rows = r.stats.rows;
    expect(rows[0]!.turns).toBe(2);
    expect(rows[1]!.turns).toBe(1);
    expect(rows[2]!.turns).toBe(1);
    expect(rows[1]!.wins).toBe(1);
    expect(rows[1]!.max).toBe(40);
    expect(r.stats.totalRounds).toBe(1);
    expect(r.stats.winningScores).toEqual({ '40': 1 });
  });

  it('original rules: a second bot reaching 40 in the same pass moves the initiator (the index bug)', () => {
    const classes = eight([stopper('A'), upTo('B', 40), upTo('C', 40)]);
    // B reaches 40, then C reaches 40 in the same pass. Fixed: only A replays.
    // Original: A and B (the first initiator!) replay.
    const pass = [2, ...Array(8).fill(5), ...Array(8).fill(5), 1, 1, 1, 1, 1];
    const fixed = seatedGame(classes, [...pass, 3], 'fixed');
    expect(fixed.left['script']).toEqual([]);
    expect(fixed.stats.rows[1]!.turns).toBe(1);
    expect(fixed.stats.lastRoundRetriggers).toBe(1);
    expect(fixed.stats.tiedGames).toBe(1);
    // Original: A throws 3, B throws 5 x8 more (80) in its extra turn.
    const orig = seatedGame(classes, [...pass, 3, ...Array(8).fill(5)], 'original');
    expect(orig.left['script']).toEqual([]);
    expect(orig.stats.rows[1]!.turns).toBe(2);
    expect(orig.stats.rows[1]!.max).toBe(80);
    expect(orig.stats.rows[1]!.wins).toBe(1);
    expect(orig.stats.rows[2]!.wins).toBe(0);
  });

  it('after round 199 the last round is forced, everyone plays once more, and ties all win', () => {
    const classes = eight([]);
    const r = seatedGame(classes, Array(8 * 201).fill(6), 'fixed');
    expect(r.left['script']).toEqual([]);
    expect(r.stats.timedOutGames).toBe(1);
    expect(r.stats.totalRounds).toBe(200);
    expect(r.stats.highestRound).toBe(200);
    expect(r.stats.rows.every((row) => row.turns === 201 && row.wins === 1)).toBe(true);
    expect(r.stats.tiedGames).toBe(1);
  });

  it('bots get a copy of the scores under fixed rules and the live list under original rules', () => {
    const seen: number[][] = [];
    class Vandal extends DiceBot {
      static readonly botName = 'Vandal';
      override *makeThrow(scores: number[]) {
        seen.push(scores.slice());
        scores[1] = 1000; // tries to change another bot's score
        yield false;
        return undefined;
      }
    }
    const classes = eight([Vandal, upTo('B', 40)]);
    const dice = [1, ...Array(8).fill(5), 1, 1, 1, 1, 1, 1, 1];
    const fixed = seatedGame(classes, dice.slice(), 'fixed');
    expect(fixed.stats.rows[1]!.max).toBe(40);
    const orig = seatedGame(classes, [...dice, ...Array(50).fill(1)], 'original');
    // The live list was changed: B ended its turn at 1000 + 40, then the Vandal's final
    // turn (seat 0 plays again) wrote 1000 over it once more.
    expect(orig.stats.rows[1]!.max).toBe(1000);
    expect(seen[seen.length - 1]![1]).toBe(1040);
  });

  it('a bot that raises stops the run with a report naming it, as the original stopped', () => {
    class Boom extends DiceBot {
      static readonly botName = 'Boom';
      // eslint-disable-next-line require-yield
      override *makeThrow(): Generator<unknown, unknown, undefined> {
        throw new Error('kaboom');
      }
    }
    const c = new DiceController(eight([Boom]), new PyRandom(3), DICE_VARIANTS.fixed.flags);
    let err: unknown;
    try {
      c.simulate(50);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(BotCrash);
    expect((err as BotCrash).message).toMatch(/Boom raised Error: kaboom in game \d+.*original run stopped/);
  });

  it('statistics merge like the controller merges its threads, and percentiles follow calculate_percentiles', () => {
    const classes = eight([upTo('A', 20), upTo('B', 15)]);
    const one = new DiceController(classes, new PyRandom(1), DICE_VARIANTS.fixed.flags).simulate(300);
    const two = new DiceController(classes, new PyRandom(2), DICE_VARIANTS.fixed.flags).simulate(200);
    const m = mergeStats(one, two);
    expect(m.games).toBe(500);
    expect(m.rows[0]!.played).toBe(500);
    expect(m.rows[0]!.max).toBe(Math.max(one.rows[0]!.max, two.rows[0]!.max));
    expect(Object.values(m.winningScores).reduce((a, b) => a + b, 0)).toBe(500);
    const p = winningScorePercentiles(m);
    expect(p.map((x) => x.percentile)).toEqual([50, 75, 90, 95, 99, 99.9, 99.99]);
    expect(p.every((x, i) => i === 0 || x.score >= p[i - 1]!.score)).toBe(true);
  });
});

describe('replacing a bot method', () => {
  it('goes through replaceMakeThrow in every port (the controller trusts fast paths only until told)', async () => {
    const { readdirSync, readFileSync } = await import('node:fs');
    const dir = new URL('../../transpiled-bots/dice/', import.meta.url);
    const offenders = readdirSync(dir)
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
      .filter((f) => /\.makeThrow\s*=[^=]/.test(readFileSync(new URL(f, dir), 'utf8')));
    expect(offenders).toEqual([]);
  });

  it('a drugged bot stops taking its fast path for the rest of the game', () => {
    class Careful extends DiceBot {
      static readonly botName = 'Careful';
      override *makeThrow(): Generator<unknown, unknown, undefined> {
        yield false;
        return undefined;
      }
    }
    fastPath(Careful, () => false);
    class Drugger extends DiceBot {
      static readonly botName = 'Drugger';
      override *makeThrow(): Generator<unknown, unknown, undefined> {
        for (const b of this.env.gameBots) if (b && b !== this) replaceMakeThrow(b, function* () {
          for (;;) yield true;
        });
        yield false;
        return undefined;
      }
    }
    const classes: DiceBotClass[] = [Drugger, Careful];
    const turns: string[] = [];
    const c = new DiceController(classes, new ScriptedDice([1, 2, 3, 4, 6, 5]), DICE_VARIANTS.fixed!.flags, { botsPerGame: 2, endScore: 40, maxRounds: 1 });
    c.onTurn = (e) => turns.push(`${e.bot} ${e.throws.join('')}`);
    c.simulate(1);
    // Seats as random.sample(range(2), 2) drew them from PyRandom(0): Careful first. Its first
    // turn takes the fast path (one die); drugged, its final turn throws until the 6.
    expect(turns).toEqual(['Careful 1', 'Drugger 2', 'Careful 346', 'Drugger 5']);
  });
});

/**
 * `koth ab dice` with ports plays its games on one controller set up once per run
 * (engines/dice/ab.ts, DiceController.playList). That may not change a game: given pair i's
 * generator, its two games are those recorded before the reuse existed — with the generators of
 * that time, `random.seed('<seed>/pair/<i>')` (fixtures/dice/ab-pairs/pairs-string-seeded.json).
 * Pair i's generator is now rng/pair-state.ts's (a hashed state, November 2026): the pairs of
 * `koth ab`'s own trials, in one batch or in many, with the controller reused or not, equal the
 * ones recorded when that scheme came in (pairs-hashed-state.json). See the fixtures' README.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generatorKind } from '../core/rng/generators.ts';
import { pairSeed, type AbAcc, type AbOptions, type PairMemo } from '../core/ab/pairs.ts';
import { publishedTable } from './published.ts';
import * as ab from '../wiring/dice-ab.ts';
import { DiceController, DEFAULT_SETTINGS } from './rules.ts';
import { diceFlags } from './variants.ts';
import { PyRandom } from '../core/rng/python-random.ts';
import { diceClass } from '../../transpiled-bots/dice/index.ts';

const DIR = join(import.meta.dirname, '../../fixtures/dice/ab-pairs');
const STRING_SEEDED = join(DIR, 'pairs-string-seeded.json');
const FIXTURE = join(DIR, 'pairs-hashed-state.json');

interface Case {
  name: string;
  seed: string;
  pairs: number;
  opts: Omit<AbOptions, 'first' | 'batch'>;
}

const official = publishedTable('official-final').rows.map((r) => r.bot);
const CASES: Case[] = [
  { name: 'OptFor2X vs GoToTenBot, the official field, fixed rules', seed: 'ab-golden', pairs: 300, opts: { candidate: 'OptFor2X', baseline: 'GoToTenBot', field: official.filter((n) => n !== 'OptFor2X' && n !== 'GoToTenBot'), rules: 'fixed' } },
  {
    // Bots that look at the game's other bots and classes (CopyBot keeps class state), a name twice in the field, the first controller's rules.
    name: 'CopyBot vs TleilaxuBot, a field of look-at-others bots with a duplicate, original rules',
    seed: 'ab-golden/2',
    pairs: 200,
    opts: { candidate: 'CopyBot', baseline: 'TleilaxuBot', field: ['HarkonnenBot', 'OptFor2X', 'GoToTenBot', 'BrainBot', 'HarkonnenBot', 'SafetyNet', 'BePrepared', 'EnsureLead', 'PointsAreForNerdsBot'], rules: 'original' },
  },
  { name: 'A small field (3 opponents), fixed rules', seed: 'ab-golden/3', pairs: 200, opts: { candidate: 'BrainBot', baseline: 'OptFor2X', field: ['GoToTenBot', 'SafetyNet', 'CopyBot'], rules: 'fixed' } },
];

/** Pairs 0..n-1 of a case, in shards of `batch` pairs, merged in order (as the runner does). */
function play(c: Case, batch: number): AbAcc {
  let acc: AbAcc = { a: [], b: [] };
  for (let k = 0; k * batch < c.pairs; k++) {
    const shard = generatorKind(ab.trials.generator).fromSeed(`${c.seed}/shard/${k}`);
    acc = ab.trials.merge(acc, ab.trials.run({ ...c.opts, first: 0, batch }, shard, Math.min(batch, c.pairs - k * batch)));
  }
  return acc;
}

const recorded = (file = FIXTURE): Record<string, AbAcc> => JSON.parse(readFileSync(file, 'utf8')).cases;

/**
 * Pairs 0..n-1 of a case played by the game function on generators `random.seed('<seed>/pair/<i>')`
 * (the scheme before November 2026); with `memo`, the pair's second game takes the first's
 * opponents and seats (PairMemo, as pairTrials hands it), else draws them itself.
 */
function playStringSeeded(c: Case, memo = false): AbAcc {
  const acc: AbAcc = { a: [], b: [] };
  const o: AbOptions = { ...c.opts, first: 0, batch: c.pairs };
  const m: PairMemo | undefined = memo ? { value: undefined } : undefined;
  for (let i = 0; i < c.pairs; i++) {
    if (m) m.value = undefined;
    acc.a.push(ab.playPairGame(c.opts.candidate, o, new PyRandom(pairSeed(c.seed, i)), i, m));
    if (m) expect(m.value).toBeDefined();
    acc.b.push(ab.playPairGame(c.opts.baseline, o, new PyRandom(pairSeed(c.seed, i)), i, m));
  }
  return acc;
}

describe('koth ab dice: a reused controller gives the games of fresh ones', () => {
  if (process.env.RECORD_AB_PAIRS) {
    it('records fixtures/dice/ab-pairs/pairs-hashed-state.json (a new controller per game)', () => {
      const cases: Record<string, AbAcc> = {};
      try {
        ab.reuseController(false);
        for (const c of CASES) cases[c.name] = play(c, c.pairs);
      } finally {
        ab.reuseController(true);
      }
      writeFileSync(FIXTURE, JSON.stringify({ note: 'see README.md beside this file', cases }, null, 1) + '\n');
    });
    return;
  }
  for (const c of CASES) {
    it(`${c.name}: on string-seeded generators, the pairs recorded before the controller was reused (reused or not; the second game drawing its opponents and seats or taking the first's)`, () => {
      const want = recorded(STRING_SEEDED)[c.name]!;
      expect(want.a).toHaveLength(c.pairs);
      expect(playStringSeeded(c)).toEqual(want);
      expect(playStringSeeded(c, true)).toEqual(want);
      try {
        ab.reuseController(false);
        expect(playStringSeeded(c)).toEqual(want);
      } finally {
        ab.reuseController(true);
      }
    });
    it(`${c.name}: koth ab's pairs (hashed pair states), in one batch and in batches of 37, with the controller reused or not`, () => {
      const want = recorded()[c.name]!;
      expect(want.a).toHaveLength(c.pairs);
      expect(play(c, c.pairs)).toEqual(want);
      expect(play(c, 37)).toEqual(want);
      try {
        ab.reuseController(false);
        expect(play(c, c.pairs)).toEqual(want);
      } finally {
        ab.reuseController(true);
      }
    });
  }
});

describe('DiceController.playList', () => {
  // Lists of a larger class list, one game each on one controller: a name twice, bots with class
  // state (CopyBot) and bots that look at the game's bots and classes (TleilaxuBot, HarkonnenBot),
  // more classes than seats, both rule versions; each against a new controller with those classes.
  const names = ['CopyBot', 'TleilaxuBot', 'HarkonnenBot', 'OptFor2X', 'GoToTenBot', 'BrainBot', 'SafetyNet', 'BePrepared', 'EnsureLead', 'CopyBot', 'Rebel', 'StepBot', 'FooBot', 'PointsAreForNerdsBot'];
  const classes = names.map((n) => diceClass(n)!);
  const lists = [
    [3, 4, 1, 2, 5, 6, 7, 8],
    [4, 3, 1, 2, 5, 6, 7, 8, 10, 11],
    [0, 1, 2, 3, 4, 5, 6, 7],
    [0, 9, 1, 2, 3, 4, 5, 6, 7], // two CopyBots: the original raised KeyError
    [12, 13, 11, 10, 1, 2, 0, 5, 6],
    [1, 0, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13],
  ];
  const outcome = (f: () => number) => {
    try {
      return f();
    } catch (e) {
      return String(e);
    }
  };
  for (const rules of ['fixed', 'original']) {
    it(`${rules} rules: each game is the one a new controller with the listed classes plays (its seat's share of the win, the generator after it, or the crash)`, () => {
      const settings = { ...DEFAULT_SETTINGS, botsPerGame: 8 };
      const one = new DiceController(classes, new PyRandom(0), diceFlags(rules), settings);
      let crashed = 0;
      for (let round = 0; round < 3; round++) {
        for (const [k, list] of lists.entries()) {
          const seed = `playList/${rules}/${round}/${k}`;
          const fresh = new PyRandom(seed);
          const want = outcome(() => {
            const c = new DiceController(list.map((i) => classes[i]!), fresh, diceFlags(rules), settings);
            const st = c.simulate(1);
            const total = st.rows.reduce((t, r) => t + r.wins, 0);
            const row = st.rows[st.bots.indexOf(names[list[0]!]!)]!;
            return total ? row.wins / total : 0;
          });
          const mine = new PyRandom(seed);
          expect(outcome(() => one.playList(list, mine)), seed).toEqual(want);
          expect(mine.getstate(), seed).toEqual(fresh.getstate());
          if (typeof want === 'string') crashed++;
        }
      }
      expect(crashed).toBe(3); // the two-CopyBot list, every round: playList goes on after a crash too
    });
  }
});

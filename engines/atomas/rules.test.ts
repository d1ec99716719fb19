/** The posted controller's handling of answers, with scripted bots (what the README promises). */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PyRandom } from '../core/rng/python-random.ts';
import { AtomasController, type AtomasBot } from './rules.ts';
import { atomasFlags, type AtomasFlags } from './variants.ts';
import { runKoth } from '../../test/test-server.ts';
import { fixture } from '../../test/fixtures.ts';

const scripted = (answer: (input: string) => string): AtomasBot => ({ name: 'scripted', move: (input) => answer(input) });
const controller = (rules = 'original') => new AtomasController(new PyRandom(3, { python2: true }), atomasFlags(rules));

describe('atomas controller: answers as the posted controller read them', () => {
  it('reads the first line only, and splits it on single spaces', () => {
    expect(AtomasController.answer('3\nignored\n')).toEqual(['3']);
    expect(AtomasController.answer('2 y\n')).toEqual(['2', 'y']);
    expect(AtomasController.answer('')).toEqual(['']);
    expect(AtomasController.input('+', [1, '+', 3])).toBe('+/1 + 3');
  });

  it('an answer int() cannot read ends the run with ValueError, in the game it happened', () => {
    const g = controller().playGame(scripted(() => 'left\n'));
    expect(g.crash).toBe("ValueError: invalid literal for int() with base 10: 'left'");
    expect(g.moves).toBe(1);
  });

  it('a − answered without y/n raises IndexError (user_input[1]) and ends the run there', () => {
    const c = controller();
    let minusAt = 0;
    let moves = 0;
    const g = c.playGame(scripted((i) => ((moves++, !minusAt && i.startsWith('-/') && (minusAt = moves)), '0\n')));
    expect(minusAt).toBeGreaterThan(0);
    expect(g.crash).toBe('IndexError: list index out of range');
    expect(g.moves).toBe(minusAt);
  });

  it('an empty answer (a dead program): + goes to the end, a number becomes a NEW random atom at the end', () => {
    const c = controller();
    const seen: string[] = [];
    const g = c.playGame(scripted((i) => (seen.push(i), '')));
    expect(g.crash).toBeNull();
    expect(g.finalBoard.length).toBe(19);
    expect(seen.length).toBe(g.moves);
  });

  it('game over past 18 atoms; under `original` the atom range keeps rising from game to game', () => {
    const c = controller();
    c.playGame(scripted(() => ''));
    const after1 = c.moveNumber;
    c.playGame(scripted(() => ''));
    expect(c.moveNumber).toBeGreaterThan(after1);
    const f = controller('fixed');
    f.playGame(scripted(() => ''));
    const m = f.moveNumber;
    f.playGame(scripted(() => ''));
    expect(f.moveNumber).toBeLessThanOrEqual(m + 13); // reset, then one game's moves
  });
});

describe('atomas rule flags plusReaction and specialOdds', () => {
  type Internals = { plusProcess(k: number): void };
  it('a lying + whose neighbours become equal: posted code drops the left atom; the text fuses them', () => {
    const play = (rules: string, edit: Partial<AtomasFlags> = {}) => {
      const c = new AtomasController(new PyRandom(3, { python2: true }), { ...atomasFlags(rules), ...edit });
      c.board = [2, '+', 1, 1];
      (c as unknown as Internals).plusProcess(2); // the two 1s make a 2 beside the lying +
      return c;
    };
    const original = play('original');
    expect(original.board).toEqual(['+', 2, '+']);
    const fixed = play('fixed');
    expect(fixed.board).toEqual([3]);
    expect(fixed.score).toBeGreaterThan(original.score);
    expect(play('original', { plusReaction: false }).board).toEqual([3]);
  });

  it("specials: the posted bounds give − 12/240, black + 4/240, clone 3/240; fixed the text's 24, 3, 4", () => {
    const counts = (rules: string) => {
      const c = controller(rules);
      c.board = [1, 2, 3];
      c.score = 2000;
      const n: Record<string, number> = { '+': 0, '-': 0, B: 0, C: 0 };
      for (let i = 0; i < 24_000; i++) {
        const s = c.genSpecials();
        if (s in n) n[s]!++;
      }
      return n;
    };
    const o = counts('original');
    const f = counts('fixed');
    // Expected per 24,000: 100 × the /240 figure; bounds are > 6 sd wide.
    expect(o['-']).toBeGreaterThan(1000);
    expect(o['-']).toBeLessThan(1400);
    expect(f['-']).toBeGreaterThan(2100);
    expect(f['-']).toBeLessThan(2700);
    expect(o.B).toBeGreaterThan(f.B);
    expect(o.C).toBeLessThan(f.C);
    expect(Math.abs(o['+'] - 4800)).toBeLessThan(400);
    expect(Math.abs(f['+'] - 4800)).toBeLessThan(400);
  });
});

describe('koth replay atomas', () => {
  it('--exact --json prints the golden of the posted controller', async () => {
    const r = await runKoth(['replay', 'atomas', '--exact', '--seed', '7', '--bots', 'BadPlayer', '--json']);
    expect(r.status).toBe(0);
    expect(r.json()).toEqual(fixture('atomas/goldens/BadPlayer-seed7.json'));
  });

  it('--bot-cmd plays an external program per move, with a time limit', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'koth-atomas-'));
    const bot = join(dir, 'bot.sh');
    // Reads "atom/board" (no newline: read returns 1 but fills the variable), answers gap 0
    // ("0 y" for a −), like a minimal posted bot.
    writeFileSync(bot, 'read -r line; case "$line" in -/*) echo "0 y";; *) echo 0;; esac\n');
    const r = await runKoth(['replay', 'atomas', '--exact', '--seed', '1', '--games', '2', '--bot-cmd', `/bin/sh ${bot}`, '--json']);
    expect(r.status).toBe(0);
    const games = r.json().games as { moves: number; finalBoard: unknown[]; crash: string | null }[];
    expect(games).toHaveLength(2);
    expect(games[0]!.finalBoard.length).toBe(19);
    expect(games.every((g) => g.crash === null)).toBe(true);
    const slow = join(dir, 'slow.sh');
    writeFileSync(slow, 'sleep 30\n');
    const t = await runKoth(['replay', 'atomas', '--exact', '--seed', '1', '--games', '1', '--bot-cmd', `/bin/sh ${slow}`, '--move-timeout', '100', '--json']);
    expect(t.status).toBe(0);
    // Every answer is empty: a new atom per move, until a − (which needs a second word) crashes the run.
    const g = t.json().games[0];
    expect(g.moves).toBeGreaterThan(0);
    expect(g.crash === null || g.crash === 'IndexError: list index out of range').toBe(true);
    expect(t.stderr).toContain(`${g.moves} move(s) ran past 100 ms`);
    const missing = await runKoth(['replay', 'atomas', '--exact', '--bot-cmd', 'no-such-program-here x.py']);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toMatch(/cannot run "no-such-program-here"/);
  }, 120_000);

  it('the published scores: RandomBot agrees; draftBot and BadPlayer disagree, each with its known cause', async () => {
    const r = await runKoth(['replay', 'atomas', '--runs', '60', '--workers', '1', '--json']);
    expect(r.status).toBe(0);
    const rep = r.json();
    const row = (b: string) => rep.rows.find((x: { bot: string }) => x.bot === b);
    expect(row('RandomBot').verdict).toBe('agree');
    for (const b of ['draftBot', 'BadPlayer']) {
      expect(row(b).verdict).toBe('disagree');
      expect(row(b).explained).toMatch(/earlier controller/);
    }
    expect(rep.verdict).toBe('agree');
  });
});

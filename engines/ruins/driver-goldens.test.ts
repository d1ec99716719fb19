/**
 * The engine against what the ruins.py command line printed (fixtures/ruins/goldens/,
 * see the README there): score tables, tournament tables and how the series ended, whole
 * game logs line by line (trap messages and the flavour generator included), the driver's
 * own crashes, and the driver as it was before "Fix tournament bug".
 */
import { describe, expect, it } from 'vitest';
import { fixture, fixtureFiles } from '../../test/fixtures.ts';
import { Drunkard, ruinsClass } from '../../transpiled-bots/ruins/index.ts';
import { ControllerCrash } from '../core/py/errors.ts';
import type { AdventurerClass } from './adventurer.ts';
import { crashers, ORACLE_CLASSES } from '../../test/ruins-oracle-adventurers.ts';
import { StringIndexer, WEIRD_BOTS } from './test-adventurers.ts';
import { Ruins, scoreRows } from './rules.ts';
import { runTournament, type TournamentResult } from './tournament.ts';
import { RUINS_VARIANTS } from './variants.ts';

const files = fixtureFiles('ruins/goldens', /\.json(\.gz)?$/);
const load = (f: string) => fixture(`ruins/goldens/${f}`);
const testOnly = new Map<string, AdventurerClass>([...WEIRD_BOTS, StringIndexer].map((c) => [c.botName, c]));
const classOf = (n: string): AdventurerClass => {
  const c = ruinsClass(n) ?? ORACLE_CLASSES.get(n) ?? testOnly.get(n);
  if (!c) throw new Error(`no class ${n}`);
  return c;
};
const classes = (names: string[]) => names.map(classOf);

/** str(bot) in "Failure to initialize <module.Class object at 0x…>" is a memory address. */
const normalize = (lines: string[]) => lines.map((l) => (l.startsWith('Failure to initialize ') ? 'Failure to initialize <bot>' : l));

function logLines(game: Ruins): string[] {
  return normalize(game.logText(true).split('\n').slice(0, -1));
}

function runOrCrash<T>(f: () => T): { value?: T; crash?: ControllerCrash } {
  try {
    return { value: f() };
  } catch (e) {
    if (e instanceof ControllerCrash) return { crash: e };
    throw e;
  }
}

describe('ruins.py command lines, reproduced', () => {
  it('has the goldens it should', () => {
    expect(files.filter((f) => f.startsWith('tournament-test-bots-')).length).toBeGreaterThanOrEqual(4);
    expect(files.filter((f) => f.startsWith('debuglog-')).length).toBeGreaterThanOrEqual(10);
  });

  for (const f of files.filter((x) => x.startsWith('single-'))) {
    it(`${f}: the score table of ruins.py -1`, () => {
      const g = load(f);
      expect(scoreRows(new Ruins(classes(g.bots), g.seed).runGame())).toEqual(g.rows);
    });
  }

  // Frozen states too: no port or test bot changes the lists its state hands it (they are shared).
  for (const f of files.filter((x) => x.startsWith('tournament-'))) {
    for (const freezeStates of [false, true]) {
      it(`${f}: pool table, final table, and how the series ended${freezeStates ? ' (states frozen)' : ''}`, () => {
        const g = load(f);
        const { value, crash } = runOrCrash(() => runTournament(classes(g.bots), g.seed, { flags: RUINS_VARIANTS.fixed.flags, drunkard: Drunkard, freezeStates }));
        if (g.ended === 'crash') {
          // ruins.py itself died: the same exception, after the same number of final games.
          expect(crash?.pythonLine).toBe(g.crash);
          expect(crash?.partial?.['finalGames']).toBe(g.finalGames);
          return;
        }
        expect(crash).toBeUndefined();
        const r: TournamentResult = value!;
        expect(r.rows).toEqual(g.rows);
        expect(r.finalGames).toBe(g.finalGames);
        expect(r.ended).toBe(g.ended);
        expect(r.lead).toBe(g.lead);
        expect(r.winner).toBe(g.winner);
        expect(r.poolRows).toEqual(g.poolRows);
        if (g.poolRows) {
          // The driver prints a warning for every bot whose pool game count is not pool_games.
          const off = Object.fromEntries(Object.entries(r.poolGameCounts!).filter(([, n]) => n !== 20));
          expect(off).toEqual(g.poolCountWarnings);
          expect(Object.keys(r.poolGameCounts!).sort()).toEqual([...g.bots].sort());
        }
      });
    }
  }

  for (const f of files.filter((x) => x.startsWith('debuglog-'))) {
    it(`${f}: every line of ruins.py -1 --debug`, () => {
      const g = load(f);
      const game = new Ruins(classes(g.bots), g.seed, { log: true, freezeStates: true });
      const { crash } = runOrCrash(() => game.runGame());
      expect(crash?.pythonLine).toBe(g.crash);
      const ours = logLines(game);
      const theirs = normalize(g.lines);
      for (let i = 0; i < Math.max(ours.length, theirs.length); i++) expect(ours[i], `line ${i + 1}`).toBe(theirs[i]);
    });
  }

  for (const c of load('crashes-crash.json') as { mode: string; seed: string; bots: string[]; crash: string; lines: string[] }[]) {
    it(`the driver's own crash "${c.mode}": ${c.crash}`, () => {
      const bots = crashers(c.mode);
      expect(bots.map((b) => b.botName)).toEqual(c.bots);
      const game = new Ruins(bots, c.seed, { log: true });
      const { crash } = runOrCrash(() => game.runGame());
      expect(crash).toBeInstanceOf(ControllerCrash);
      expect(crash!.pythonLine).toBe(c.crash);
      expect(crash!.where).toMatch(/^turn \d+/);
      expect(logLines(game)).toEqual(normalize(c.lines));
    });
  }

  for (const f of files.filter((x) => x.startsWith('original-'))) {
    it(`${f}: the driver before "Fix tournament bug" (254d63f) — --rules original`, () => {
      const g = load(f);
      const { value: r, crash } = runOrCrash(() => runTournament(classes(g.bots), g.seed, { flags: RUINS_VARIANTS.original.flags, drunkard: Drunkard }));
      if (g.ended === 'crash') {
        expect(crash?.pythonLine).toBe(g.crash);
        expect(crash?.partial?.['finalGames']).toBe(g.finalGames);
        expect(crash?.partial?.['poolRows']).toEqual(g.poolRows);
        return;
      }
      expect(crash).toBeUndefined();
      expect(r!.ended).toBe(g.ended);
      expect(r!.finalGames).toBe(g.finalGames);
      expect(r!.rows).toEqual(g.rows);
      expect(r!.poolRows).toEqual(g.poolRows);
      if (g.winner) expect(r!.winner).toBe(g.winner);
    });
  }

  it('the HEAD driver differs from the pre-fix one on the same seed (the flags matter)', () => {
    const g = load('original-solo-7.json');
    const head = runTournament(classes(g.bots), g.seed, { flags: RUINS_VARIANTS.fixed.flags, drunkard: Drunkard });
    // HEAD stops after one game when fewer than two bots are scored; before the fix it ran on.
    expect(head.ended).toBe('not-enough-competitors');
    expect(head.finalGames).toBe(1);
    expect(g.finalGames).toBeGreaterThan(1);
  });

});

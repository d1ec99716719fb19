/**
 * Issue 39, item 9: every port `koth registry <game>` lists (the game's known bots that are
 * ported) is a valid --candidate, --baseline and --field entry of `koth ab <game>`, in every game
 * of engines/registry.ts, under the rules it plays (engines/core/cli/ab-lineup.ts: the names and
 * the rules of a run, as the command resolves them). camel-up's ports of the 2026 house bots were
 * refused ("no camel-up port named HandcodedHenry"); they play camelup.py 2026 by default.
 * The CLI run of such a pair: test/ab.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { findGame, games, knownBots } from '../engines/registry.ts';
import { abOpponents, abRules } from '../engines/core/cli/ab-lineup.ts';
import type { GameDescriptor } from '../engines/core/game.ts';
import { housePorts } from '../engines/camel-up/ports.ts';

/** The names `koth registry <game>` lists as ported. */
const registryPorts = (g: GameDescriptor) => knownBots(g.id).filter((k) => k.ported).map((k) => k.bot);

describe('koth ab: every port the registry lists is a valid A, B and field entry', () => {
  for (const g of games.filter((x) => x.engine?.ab)) {
    it(`${g.id}: as --candidate, as --baseline${g.engine!.ab!.minField ? ' and in --field' : ''}, under the rules the run picks`, () => {
      const ab = g.engine!.ab!;
      const ports = registryPorts(g);
      expect(ports.length).toBeGreaterThan(1);
      const variants = Object.keys(g.engine!.variants ?? {});
      for (const port of ports) {
        const other = ports.find((n) => n !== port)!;
        const lineups = [
          { candidate: port, baseline: other },
          { candidate: other, baseline: port },
          // In the field with two other ports (a pair needs minField opponents besides A and B).
          ...(ab.minField ? [{ candidate: other, baseline: other, field: [port, ...ports.filter((n) => n !== port && n !== other).slice(0, ab.minField)].join(',') }] : []),
        ];
        for (const names of lineups) {
          const rules = abRules(g, names, false);
          if (variants.length) expect(variants, `${g.id} ${JSON.stringify(names)}`).toContain(rules);
          const opponents = abOpponents(g, names, rules, { known: ab.bots() });
          expect(opponents.length).toBeGreaterThanOrEqual(ab.minField);
          if (names.field !== undefined) expect(opponents).toContain(port);
        }
      }
    });
  }

  it('camel-up: a 2026 house bot\'s port plays camelup.py 2026 unless --rules says otherwise; the 2018 ports, and --python-bots classes, the default', () => {
    const camel = findGame('camel-up')!;
    const house = housePorts();
    expect(house).toEqual(expect.arrayContaining(['HandcodedHenry', 'ClaudeCamel', 'GeminiGerry', 'OpusOmul', 'FabelFelix']));
    for (const bot of house) {
      expect(abRules(camel, { candidate: bot, baseline: 'Player0' }, false)).toBe('2026');
      expect(abRules(camel, { candidate: 'Player0', baseline: 'Player1', field: `Player2,${bot}` }, false)).toBe('2026');
      expect(abRules(camel, { candidate: bot, baseline: 'Player0', rules: 'original' }, false)).toBe('original');
      expect(abRules(camel, { candidate: bot, baseline: 'Player0' }, true)).toBe('original');
    }
    expect(abRules(camel, { candidate: 'Player2', baseline: 'Player0' }, false)).toBe('original');
  });
});

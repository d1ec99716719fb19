/**
 * Issue 39, item 15: an option a command cannot use is refused (exit 2, nothing run), in every
 * game and every mode, from what the game declares. `koth replay camel-up --as-of notadate` and
 * `--move-timeout 5` ran the statistical replay and ignored them (only the exact mode's own code
 * refused them). Now the core refuses them before any mode runs (engines/core/cli/params.ts
 * optionRules: a parameter's `needs`), and registration refuses a parameter whose help says it
 * goes "with --X" but declares no rule needing --X (paramProblems). Here, over every game of
 * engines/registry.ts: each such option given alone is exit 2, naming the option it goes with.
 * In-process (main()): refusals come before any work.
 */
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { games } from '../engines/registry.ts';
import { longOf, paramProblems, resolveParams } from '../engines/core/cli/params.ts';
import type { Param } from '../engines/core/game.ts';
import { runKoth } from './test-server.ts';
import { tempDirs } from './helpers.ts';

const tmp = tempDirs('koth-option-needs-');

/** A value the option's own parser takes (so that what is refused is the missing partner, not the value). */
function valueOf(p: Param, dir: string): string[] {
  const placeholder = /<([^>]+)>/.exec(p.flags)?.[1];
  if (placeholder === undefined) return [];
  if (p.choices?.length) return [p.choices[0]!];
  if (/file/.test(placeholder)) return [join(dir, placeholder.includes('files') ? 'x.py' : 'x.json')];
  if (/day|date/.test(placeholder)) return ['2019-01-07'];
  return ['5'];
}

/** Every declared parameter whose help says it goes "with --X": [command, game, the parameter, --X]. */
const withOptions = games.flatMap((g) =>
  (['replay', 'play'] as const).flatMap((command) =>
    resolveParams(g.engine?.params?.[command]?.params ?? [], g.engine).flatMap((p) => {
      const m = /^with (--[\w-]+)/.exec(p.help);
      return m ? [{ command, game: g.id, param: p, partner: m[1]! }] : [];
    }),
  ),
);

describe('an option that goes with another is refused without it, in every game and mode', () => {
  it('the games declare such options (camel-up replay --as-of and --move-timeout among them)', () => {
    const names = withOptions.map((o) => `${o.command} ${o.game} ${longOf(o.param)}`);
    expect(names).toEqual(expect.arrayContaining(['replay camel-up --as-of', 'replay camel-up --move-timeout', 'play camel-up --as-of', 'play camel-up --move-timeout', 'replay ruins --as-of']));
  });

  for (const o of withOptions) {
    it(`koth ${o.command} ${o.game} ${longOf(o.param)} without ${o.partner}: exit 2, saying it goes with ${o.partner}`, async () => {
      const args = [o.command, o.game, longOf(o.param), ...valueOf(o.param, tmp())];
      const r = await runKoth(args);
      expect(r.status, `${args.join(' ')}: ${r.stderr}`).toBe(2);
      expect(r.stderr).toContain(`${longOf(o.param)} goes with ${o.partner}`);
      expect(r.stdout).toBe('');
    });
  }

  it('--as-of that is not a date is refused as such, with its partner given too (issue 39 item 15: --as-of notadate)', async () => {
    const asOf = withOptions.filter((o) => longOf(o.param) === '--as-of');
    expect(asOf.length).toBeGreaterThan(0);
    for (const g of asOf) {
      const args = [g.command, g.game, '--as-of', 'notadate', g.partner, 'cache'];
      const r = await runKoth(args);
      expect(r.status, `${args.join(' ')}: ${r.stderr}`).toBe(2);
      expect(r.stderr).toContain('--as-of "notadate" is not a date');
      expect(r.stdout).toBe('');
    }
  });

  it('registration refuses a parameter whose help says "with --X" but that declares no rule needing --X', () => {
    const bare = { params: { replay: { params: [{ flags: '--exact', help: 'exact' }, { flags: '--deep', help: 'with --exact: deeper' }] } } };
    expect(paramProblems(bare)).toEqual(['replay --deep: its help says "with --exact", but it declares no rule needing --exact (add rules: [{ needs: \'--exact\' }], so that the core refuses it alone)']);
    const ruled = { params: { replay: { params: [{ flags: '--exact', help: 'exact' }, { flags: '--deep', help: 'with --exact: deeper', rules: [{ needs: '--exact' }] }] } } };
    expect(paramProblems(ruled)).toEqual([]);
  });
});

/**
 * Every registered game's declared parameters (engine.params, engines/core/cli/params.ts), and
 * what the kit derives from them: options, --help, defaults, option rules. A scratch coin-flip
 * game known to no file of the project gets the same checks by registering.
 */
import { Command } from 'commander';
import { afterAll, describe, expect, it } from 'vitest';
import { findGame, games, registerGame, replayKit, unregisterGame } from '../engines/registry.ts';
import { registerGameCli } from '../engines/core/cli/replay.ts';
import { addCommonParams, applyParams, attributeOf, longOf, MAX_TIMEOUT_MS, paramDefaults, paramProblems, resolveParams, timeLimit, type CommandParams } from '../engines/core/cli/params.ts';
import { asSentence, UserError } from '../engines/core/cli/errors.ts';
import type { GameEngine } from '../engines/core/game.ts';
import { coinGame } from './scratch-game/index.ts';
import { KIND_FLAG } from '../engines/core/entrants/options.ts';

registerGame(coinGame);
afterAll(() => unregisterGame(coinGame.id));

/** `koth replay <id>` and `koth play <id>` as the CLI builds them (registerGameCli with the registry's kit). */
function gameCommands(id: string): { replay: Command; play: Command } {
  const replay = new Command('replay');
  const play = new Command('play');
  registerGameCli(findGame(id)!, { replay, play }, replayKit());
  return { replay, play };
}

const withParams = games.filter((g) => g.engine?.params);

describe('declared parameters', () => {
  it('every game with an engine declares them, the scratch game too', () => {
    expect(withParams.map((g) => g.id).sort()).toEqual(games.filter((g) => g.engine).map((g) => g.id).sort());
    expect(withParams.map((g) => g.id)).toContain('coin');
  });

  describe.each(withParams.map((g) => [g.id, g.engine!] as const))('%s', (id, engine) => {
    it('are whole: help for each, no flag twice, defaults that pass their own parser, rules naming declared options', () => {
      expect(paramProblems(engine)).toEqual([]);
    });

    it('--help of each game command lists every declared parameter with its default', () => {
      const cmds = gameCommands(id);
      for (const [which, spec] of Object.entries(engine.params!) as [keyof typeof cmds, CommandParams][]) {
        const cmd = cmds[which].commands.find((c) => c.name() === id)!;
        expect(cmd, `koth ${which} ${id}`).toBeDefined();
        const help = cmd.helpInformation().replace(/\s+/g, ' ');
        for (const p of resolveParams(spec.params, engine)) {
          expect(help, `koth ${which} ${id}: ${p.flags}`).toContain(p.flags);
          if (p.default !== undefined) expect(help, `${p.flags} default`).toContain(`default: ${JSON.stringify(p.default)}`);
          if (p.fallback !== undefined) expect(help, `${p.flags} fallback`).toMatch(new RegExp(`default:? ${String(p.fallback)}\\b`));
        }
        // Nothing but the declared options (and --help; `koth replay <game> --report` is added by the CLI after registerCli),
        // and, hidden from --help, the options of the kinds of user's bots the game does not seat (refused with what it plays).
        expect(cmd.options.filter((o) => !o.hidden).map((o) => o.long).sort()).toEqual([...resolveParams(spec.params, engine).map(longOf)].sort());
        const unseated = (['python', 'cpp', 'program'] as const).filter((k) => !engine.entrants?.[k]).map((k) => KIND_FLAG[k]);
        expect(cmd.options.filter((o) => o.hidden).map((o) => o.long).sort()).toEqual(unseated.sort());
      }
    });

    it('the declared defaults are what the command gets when nothing is given', () => {
      const cmds = gameCommands(id);
      const cmd = cmds.replay.commands.find((c) => c.name() === id);
      if (!cmd) return;
      const given = paramDefaults(engine, 'replay');
      for (const p of resolveParams(engine.params!.replay!.params, engine)) {
        if (p.default !== undefined) expect(cmd.getOptionValue(attributeOf(p)), p.flags).toEqual(p.default);
        if (p.fallback !== undefined) expect(cmd.getOptionValue(attributeOf(p)), `${p.flags} is left unset`).toBeUndefined();
        if (p.default !== undefined || p.fallback !== undefined) expect(given[attributeOf(p)]).toEqual(p.default ?? p.fallback);
      }
    });
  });
});

describe('timeLimit (audit #2)', () => {
  it('takes up to the longest timer Node keeps, in the unit of the option, and refuses more', () => {
    expect(MAX_TIMEOUT_MS).toBe(2147483647);
    expect(timeLimit()('2147483647')).toBe(2147483647);
    expect(() => timeLimit()('2147483648')).toThrow(/Too long: the most is 2147483647 ms/);
    expect(timeLimit(1000)('2147483')).toBe(2147483);
    expect(() => timeLimit(1000)('2147484')).toThrow(/the most is 2147483 s/);
    expect(() => timeLimit()('0')).toThrow(/positive whole number/);
  });
});

describe('asSentence (audit #16)', () => {
  it('upper-cases our own first word, never text the user gave', () => {
    expect(asSentence('the file name is empty', ['x'])).toBe('The file name is empty');
    expect(asSentence('ckdir is a folder: give a file name', ['ckdir'])).toBe('ckdir is a folder: give a file name');
    expect(asSentence('page/index.html is a folder', ['./page', 'page/index.html'])).toBe('page/index.html is a folder');
  });
});

describe('paramProblems', () => {
  const engine = (params: CommandParams['params']): Pick<GameEngine, 'params'> => ({ params: { play: { params } } });
  it('names a missing help, a flag declared twice, a default its parser refuses and a rule naming an unknown option', () => {
    expect(paramProblems(engine([{ flags: '--a', help: ' ' }]))).toEqual(['play --a has no help']);
    expect(paramProblems(engine([{ common: 'json' }, { flags: '--json', help: 'again' }]))).toEqual(['play: --json is declared twice']);
    expect(paramProblems(engine([{ common: 'games', default: 0 }]))[0]).toMatch(/^play --games <N>: default 0 is refused by its own parser/);
    expect(paramProblems(engine([{ flags: '--x <v>', help: 'x', choices: ['a'], default: 'b' }]))).toEqual(['play --x <v>: default b is not one of its choices']);
    expect(paramProblems(engine([{ flags: '--a', help: 'a', rules: [{ needs: '--b' }] }]))).toEqual(['play --a: its rule names --b, which play does not declare']);
  });
  it("names an option bringing the user's bots of a kind the game does not seat (engine.entrants), and takes its help from the kind's declaration", () => {
    expect(paramProblems(engine([{ common: 'pythonBots' }, { common: 'cppPlayers' }]))).toEqual([
      'play: --python-bots is declared, but the game seats no python entrants (engine.entrants.python)',
      'play: --cpp-players is declared, but the game seats no cpp entrants (engine.entrants.cpp)',
    ]);
    const cpp = { ...engine([{ common: 'cppPlayers' }]), entrants: { cpp: { help: 'C++ answers of this game' } } };
    expect(paramProblems(cpp)).toEqual([]);
    expect(resolveParams([{ common: 'cppPlayers' }], cpp)[0]).toMatchObject({ flags: '--cpp-players <files>', help: 'C++ answers of this game' });
  });
  it('refuses a game with such parameters at registration', () => {
    const bad = { ...coinGame, id: 'coin-bad', questionId: 999_999_002, engine: { ...coinGame.engine!, params: { replay: { params: [{ common: 'seed' as const }, { common: 'seed' as const }] } } } };
    expect(() => registerGame(bad)).toThrow(/params: replay: --seed is declared twice/);
  });
});

describe('applyParams', () => {
  const variants = { original: { description: 'o', flags: {} }, fixed: { description: 'f', flags: {} } };
  const build = () => {
    const root = new Command('koth').exitOverride();
    const cmd = root.command('g').exitOverride();
    let seen: Record<string, unknown> | undefined;
    applyParams(
      cmd,
      {
        rulesHelp: true,
        params: [
          { flags: '--exact', help: 'one stream', rules: [{ excludes: ['--compare-rules'], why: 'one variant' }] },
          { common: 'games', fallback: 300 },
          { common: 'rules' },
          { common: 'compareRules' },
          { common: 'workers' },
          { common: 'queue' },
          { flags: '--b', help: 'b', rules: [{ needs: '--exact', why: 'it is exact only' }] },
        ],
      },
      { variants, defaultVariant: 'fixed' },
    );
    cmd.action((o: Record<string, unknown>) => void (seen = o));
    return { root, cmd, run: async (...args: string[]) => (await root.parseAsync(['g', ...args], { from: 'user' }), seen) };
  };

  it('derives --help: the fallback and the defaults named, the rule variants after the options', () => {
    const { cmd } = build();
    let out = '';
    cmd.configureOutput({ writeOut: (s) => void (out += s) });
    cmd.outputHelp();
    expect(out.replace(/\s+/g, ' ')).toContain('--games <N> games to play (default 300)');
    expect(out).toMatch(/--rules <variant>[\s\S]*default: "fixed"/);
    expect(out).toMatch(/Rule variants \(--rules\):\n {2}original {2}o\n {2}fixed {5}f/);
  });

  it('refuses what the rules forbid before the action, saying why', async () => {
    await expect(build().run('--b')).rejects.toThrow(new UserError('--b goes with --exact (it is exact only): add --exact, or leave --b out. Nothing was run.'));
    await expect(build().run('--exact', '--compare-rules', 'original,fixed')).rejects.toThrow(/--exact cannot be combined with --compare-rules \(one variant\)/);
    await expect(build().run('--exact', '--queue', 'redis://127.0.0.1:1')).rejects.toThrow(/--queue cannot be combined with --exact/);
    // A,A is the self-test of the paired rule A/B (engines/core/ab/rules.ts); an unknown variant is refused.
    await expect(build().run('--compare-rules', 'fixed,nope')).rejects.toThrow(/--compare-rules takes two variants of original, fixed/);
  });

  it('hands the action the defaults, and --compare-rules as a checked pair', async () => {
    expect(await build().run('--compare-rules', ' fixed , original')).toMatchObject({ compareRules: ['fixed', 'original'], rules: 'fixed' });
    const o = await build().run('--exact', '--b');
    expect(o).toMatchObject({ exact: true, b: true, rules: 'fixed' });
    expect(o!.games).toBeUndefined();
  });
});

describe('addCommonParams', () => {
  it('adds the core declaration of common parameters to any command (koth ab), with their rules and parsers', async () => {
    const cmd = new Command('ab').exitOverride().configureOutput({ writeErr: () => undefined });
    addCommonParams(cmd, ['seed', 'workers', 'queue', 'checkpoint', 'json']);
    expect(cmd.options.map((o) => o.long)).toEqual(['--seed', '--workers', '--queue', '--checkpoint', '--json']);
    await expect(cmd.parseAsync(['--seed', '--json'], { from: 'user' })).rejects.toThrow(/needs a seed, but got the option "--json"/);
  });
});

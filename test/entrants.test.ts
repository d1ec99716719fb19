/**
 * A game declares the kinds of user's bots it seats (engine.entrants), and the commands derive the
 * rest: a scratch game that seats programs only gets `--bot-cmd` and its companions in
 * `koth replay <game> --help` (flags, help and rules from its declaration) and refuses
 * `--python-bots` saying what it plays instead; `koth verify --source` reads the original as an
 * entrant of the game's language through the core's one reader, and a game's own stops of its
 * original reach the CLI through its verifier's declaration, by no name the CLI knows.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Command } from 'commander';
import { afterAll, describe, expect, it } from 'vitest';
import { findGame, registerGame, replayKit, unregisterGame } from '../engines/registry.ts';
import { registerGameCli } from '../engines/core/cli/replay.ts';
import { paramProblems, type CommandParams } from '../engines/core/cli/params.ts';
import { UserError } from '../engines/core/cli/errors.ts';
import type { GameDescriptor } from '../engines/core/game.ts';
import type { ProgramEntrants } from '../engines/core/entrants/entrant.ts';
import { entrantOfSourceFile, readVerifySource } from '../cli/commands/verify.ts';
import { runVerifyJob } from '../cli/commands/verify-jobs.ts';
import { tempDirs } from './helpers.ts';
import { coinGame } from './scratch-game/index.ts';

const tmp = tempDirs('koth-entrants-');

const programs: ProgramEntrants = {
  example: 'python3 flip.py',
  timedOutMove: 'a tail',
  oneInterface: 'a line on stdin, the call on stdout',
  words: { malformed: (t) => `malformed ${t}.`, badName: (t, n) => `bad ${n} in ${t}.`, twice: (n) => `${n} twice.`, alone: 'ports answer at once' },
};

/** The scratch coin game under another id and question (its one bot's record follows). */
const coinAs = (id: string, questionId: number): GameDescriptor => ({
  ...coinGame,
  id,
  questionId,
  knownBots: coinGame.knownBots.map((b) => ({ ...b, challenge: id, provenance: { ...b.provenance, challenge: id, questionId } })),
});

/** The scratch coin game, seating programs only (no python, no cpp), with the core's options for them. */
const programCoin: GameDescriptor = {
  ...coinAs('coin-programs', 999_999_011),
  engine: {
    ...coinGame.engine!,
    entrants: { program: programs },
    params: { replay: { params: [...coinGame.engine!.params!.replay!.params, { common: 'botCmd' }, { common: 'moveTimeout' }] } },
  },
};

/** A game whose verifier's original stops with an error of the game's own, declared as a stop. */
class CoinStopped extends Error {
  constructor(readonly reason: string) {
    super('the compiled coin trapped');
    this.name = 'CoinStopped';
  }
}
const stoppingCoin: GameDescriptor = {
  ...coinAs('coin-verify', 999_999_012),
  verify: {
    ports: () => ['Fair'],
    verify: () => {
      throw new CoinStopped('trap');
    },
    stopOf: (e) => (e instanceof CoinStopped ? { reason: e.reason, message: e.message } : undefined),
    edgeCases: 'none',
  },
};

registerGame(programCoin);
registerGame(stoppingCoin);
afterAll(() => {
  unregisterGame(programCoin.id);
  unregisterGame(stoppingCoin.id);
});

/** `koth replay <id>` as the CLI builds it, its --help, and a run of it (errors thrown, not printed). */
function replayOf(id: string) {
  const replay = new Command('replay').exitOverride().configureOutput({ writeErr: () => undefined });
  registerGameCli(findGame(id)!, { replay, play: new Command('play') }, replayKit());
  const cmd = replay.commands.find((c) => c.name() === id)!.exitOverride();
  return { help: cmd.helpInformation(), run: (...args: string[]) => replay.parseAsync([id, ...args], { from: 'user' }) };
}

describe('a game that seats programs only', () => {
  it('gets --bot-cmd and --move-timeout in koth replay --help, derived from its declaration (the core’s sentences where it says none)', () => {
    expect(paramProblems(programCoin.engine!)).toEqual([]);
    const help = replayOf(programCoin.id).help.replace(/\s+/g, ' ');
    expect(help).toContain('--bot-cmd <Name=program> add a player that is a program in any language, under the name Name (repeatable)');
    expect(help).toContain('--move-timeout <ms> with --bot-cmd: time limit of one move; a program past it is killed and its move is a tail (default: 5000)');
    expect(help).not.toMatch(/--python-bots|--cpp-players|--interface|--stdio-newline/);
  });

  it('refuses --python-bots and --cpp-players saying what it plays instead, and --move-timeout without --bot-cmd by its rule', async () => {
    const plays = 'koth replay coin-programs plays its ports and programs (--bot-cmd). Nothing was run.';
    await expect(replayOf(programCoin.id).run('--python-bots', 'mine.py')).rejects.toThrow(new UserError(`--python-bots: coin-programs seats no original Python answers: ${plays}`));
    await expect(replayOf(programCoin.id).run('--cpp-players', 'cache')).rejects.toThrow(new UserError(`--cpp-players: coin-programs seats no C++ answers: ${plays}`));
    await expect(replayOf(programCoin.id).run('--move-timeout', '10')).rejects.toThrow(new UserError('--move-timeout goes with --bot-cmd (ports answer at once): add --bot-cmd, or leave --move-timeout out. Nothing was run.'));
  });

  it('may not declare what its programs do not have (one interface: no --interface; no lines: no --stdio-newline), nor a program option without programs', () => {
    const withReplay = (spec: CommandParams) => ({ ...programCoin.engine!, params: { replay: spec } });
    expect(paramProblems(withReplay({ params: [{ common: 'botCmd' }, { common: 'interface' }, { common: 'stdioNewline' }] }))).toEqual([
      "replay: --interface is declared, but the game's programs have one interface (engine.entrants.program.interfaces)",
      "replay: --stdio-newline is declared, but no interface of the game's programs reads lines (engine.entrants.program.interfaces.lines)",
    ]);
    expect(paramProblems({ params: { replay: { params: [{ common: 'botCmd' }, { common: 'moveTimeout' }] } } })).toEqual([
      'replay: --bot-cmd is declared, but the game seats no program entrants (engine.entrants.program)',
      'replay: --move-timeout is declared, but the game seats no program entrants (engine.entrants.program)',
    ]);
  });
});

describe('koth verify', () => {
  it('--source FILE is an entrant of the game’s language, read by the one reader with --source’s messages', () => {
    const d = tmp();
    const f = join(d, 'orig.py');
    writeFileSync(f, 'class Fair: pass\n');
    expect(entrantOfSourceFile({ botLanguage: 'Python 3' }, f)).toEqual({ kind: 'python', source: { from: 'file', path: f } });
    expect(entrantOfSourceFile({ botLanguage: 'C++' }, f)).toMatchObject({ kind: 'cpp' });
    expect(readVerifySource(entrantOfSourceFile({ botLanguage: 'Python 3' }, f))).toEqual({ path: f, code: 'class Fair: pass\n' });
    expect(() => readVerifySource(entrantOfSourceFile({ botLanguage: 'Python 3' }, join(d, 'nope.py')))).toThrow(new UserError(`--source: no file ${join(d, 'nope.py')} (give the original's Python file)`));
    expect(readVerifySource({ kind: 'cpp', source: { from: 'text', origin: 'cache:gun-duel/answer 1 block 0', code: 'class P {};' } })).toEqual({ path: 'cache:gun-duel/answer 1 block 0', code: 'class P {};' });
  });

  it('a stop of the game’s own error, declared by its verifier, is a sandbox stop (exit 3), not a bug of koth', () => {
    const r = runVerifyJob({ game: stoppingCoin.id, bot: 'Fair', source: { path: 'f.py', code: '' }, seed: '1', games: 1 });
    expect(r).toEqual({ ok: false, kind: 'sandbox', bot: 'Fair', reason: 'trap', message: 'the compiled coin trapped' });
  });
});

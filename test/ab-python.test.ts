/**
 * `koth ab <game> --python-bots FILES` (dice, ruins, camel-up): original Python classes in the
 * sandbox as A, B and the field (every seat a class of the files). Per game: the self-test (A = B,
 * or two classes with the same code) gives exactly no difference and no discordant pair; in ruins
 * and camel-up, Python twins of ports give the very pairs the ports give (the same JSON but for
 * what ran it); bad input is exit 2 with what to do. The bots are ours (test/ab-python-bots.ts).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { koth, tempDirs } from './helpers.ts';
import { CAMEL_TWINS, diceBots, ruinsBots } from './ab-python-bots.ts';

const tmp = tempDirs('koth-ab-py-');
const T = 600_000;
const noRanOn = (j: Record<string, unknown>) => ({ ...j, ranOn: undefined });

describe('koth ab dice --python-bots', () => {
  it('twin classes: exactly no difference; Timid against TenA: a difference', () => {
    const f = diceBots(tmp());
    const twins = koth(['ab', 'dice', '--python-bots', f, '--candidate', 'TenA', '--baseline', 'TenB', '--max-pairs', '20', '--workers', '1', '--json'], {}, T);
    expect(twins.status, twins.stderr).toBe(0);
    expect(twins.json()).toMatchObject({ pairs: 20, discordant: 0, score: { mean: 0, low: 0, high: 0 } });
    const timid = koth(['ab', 'dice', '--python-bots', f, '--candidate', 'Timid', '--baseline', 'TenA', '--max-pairs', '20', '--workers', '1', '--json'], {}, T);
    expect(timid.status, timid.stderr).toBe(0);
    expect(timid.json().discordant).toBeGreaterThan(0);
    expect(timid.json().score.mean).toBeLessThan(0);
  }, T);

  it('a name that is not a class of the files is exit 2', () => {
    const f = diceBots(tmp());
    const r = koth(['ab', 'dice', '--python-bots', f, '--candidate', 'OptFor2X', '--baseline', 'TenA']);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/"OptFor2X" is not a class of the --python-bots files \(Filler0, Filler1, Filler2, TenA, TenB, Timid\)/);
  }, T);
});

describe('koth ab ruins --python-bots', () => {
  it('the self-test (A = B, a bot that draws): exactly no difference, no discordant pair', () => {
    const r = koth(['ab', 'ruins', '--python-bots', ruinsBots(tmp()), '--candidate', 'Drunkard', '--baseline', 'Drunkard', '--field', 'EagerThief,GreedyBastard', '--max-pairs', '20', '--workers', '1', '--json'], {}, T);
    expect(r.status, r.stderr).toBe(0);
    expect(r.json()).toMatchObject({ pairs: 20, discordant: 0, score: { mean: 0, low: 0, high: 0 }, elo: { diff: 0 } });
    expect(r.json().ranOn).toMatch(/sandbox worker\(s\) \(the original Python bots in Pyodide\)/);
  }, T);

  it('Python twins of ports give the ports\' pairs: the same JSON (discordant pairs and all) but what ran it, on 1 or 2 sandbox workers', () => {
    const args = ['--candidate', 'Drunkard', '--baseline', 'GreedyBastard', '--field', 'EagerThief', '--max-pairs', '40', '--workers', '1', '--json'];
    const py = koth(['ab', 'ruins', '--python-bots', ruinsBots(tmp()), ...args], {}, T);
    expect(py.status, py.stderr).toBe(0);
    const port = koth(['ab', 'ruins', ...args], {}, T);
    expect(port.status, port.stderr).toBe(0);
    expect(port.json().discordant).toBeGreaterThan(5);
    expect(noRanOn(py.json())).toEqual(noRanOn(port.json()));
    expect(py.json().ranOn).toMatch(/^1 sandbox worker\(s\)/);
    // Two sandbox workers (the 40 pairs in 2 batches of 20): the same pairs.
    const two = koth(['ab', 'ruins', '--python-bots', ruinsBots(tmp()), ...args.map((a) => (a === '1' ? '2' : a))], {}, T);
    expect(two.status, two.stderr).toBe(0);
    expect(two.json().ranOn).toMatch(/^2 sandbox worker\(s\)/);
    expect(noRanOn(two.json())).toEqual(noRanOn(py.json()));
  }, T);

  it('the default field is every class of the files but A and B (ruins.py\'s order: modules by name)', () => {
    const r = koth(['ab', 'ruins', '--python-bots', ruinsBots(tmp()), '--candidate', 'Coward', '--baseline', 'Coward', '--max-pairs', '2', '--workers', '1', '--json'], {}, T);
    expect(r.status, r.stderr).toBe(0);
    expect(r.json().field).toEqual(['EagerThief', 'GreedyBastard', 'Drunkard']);
  }, T);
});

describe('koth ab --python-bots: a bot that fails', () => {
  it('ruins: the sandbox stopping a bot (its time limit) stops the run, exit 3 naming it (not a game without a winner)', () => {
    const d = tmp();
    // Ours: loops for ever past the first room; Walker leaves at once.
    writeFileSync(join(d, 'looper.py'), "from __main__ import Adventurer\n\n\nclass Looper(Adventurer):\n    def get_action(self, state):\n        while state.room > 1:\n            pass\n        return 'next'\n\n\nclass Walker(Adventurer):\n    def get_action(self, state):\n        return 'previous'\n\n\nclass Chad(Adventurer):\n    def get_action(self, state):\n        return 'next'\n");
    const r = koth(['ab', 'ruins', '--python-bots', join(d, 'looper.py'), '--candidate', 'Looper', '--baseline', 'Walker', '--max-pairs', '4', '--workers', '1'], { KOTH_SANDBOX_TIMEOUT_MS: '1000' }, T);
    expect(r.status, r.stderr).toBe(3);
    expect(r.stderr).toMatch(/the Python sandbox stopped bot Looper \(timeout\)/);
    expect(r.stdout).toBe('');
  }, T);

  it('ruins: a bot that makes ruins.py crash loses those games (no winner), and koth ab says how often (stderr, --json "notes")', () => {
    const d = tmp();
    // Ours: bids with a str treasure index, which ruins.py's bid resolution cannot index with.
    writeFileSync(join(d, 'str_index.py'), "from __main__ import Adventurer\n\n\nclass StrIndex(Adventurer):\n    def get_action(self, state):\n        if state.treasures:\n            return ['take', '0', 20]\n        return 'next'\n");
    const r = koth(['ab', 'ruins', '--python-bots', `${ruinsBots(tmp())},${join(d, 'str_index.py')}`, '--candidate', 'StrIndex', '--baseline', 'Drunkard', '--max-pairs', '4', '--workers', '1', '--json'], {}, T);
    expect(r.status, r.stderr).toBe(0);
    const crash = 'a game in which ruins.py would have crashed (TypeError: list indices must be integers or slices, not str): no winner';
    expect(r.json()).toMatchObject({ pairs: 4, candidateScore: 0, notes: { [crash]: 4 } });
    expect(r.stderr).toContain(`noted: ${crash}: 4 time(s) in the pairs played`);
  }, T);

  it('camel-up: a player that raises (camelup.py caught nothing) makes its games ones without a winner, as the ports\' raising games are', () => {
    const d = tmp();
    // Ours: raises on every move.
    writeFileSync(join(d, 'raiser.py'), "from playerinterface import PlayerInterface\n\n\nclass Raiser(PlayerInterface):\n    def move(player, g):\n        raise ValueError('ours: on purpose')\n");
    const r = koth(['ab', 'camel-up', '--python-bots', `${CAMEL_TWINS},${join(d, 'raiser.py')}`, '--candidate', 'Raiser', '--baseline', 'Player0', '--field', 'Player2', '--max-pairs', '10', '--workers', '1', '--json'], {}, T);
    expect(r.status, r.stderr).toBe(0);
    expect(r.json()).toMatchObject({ pairs: 10, candidateScore: 0, notes: { "a game stopped on ValueError: ours: on purpose (camelup.py stops there too): no winner": 10 } });
    expect(r.json().baselineScore).toBeGreaterThan(0);
    expect(r.stderr).toContain('noted: a game stopped on ValueError: ours: on purpose (camelup.py stops there too): no winner: 10 time(s)');
  }, T);
});

describe('koth ab camel-up --python-bots', () => {
  it('the self-test (A = B, a player of ours that draws): exactly no difference, no discordant pair', () => {
    const r = koth(['ab', 'camel-up', '--python-bots', CAMEL_TWINS, '--candidate', 'LeaderBetter', '--baseline', 'LeaderBetter', '--field', 'Player0', '--max-pairs', '20', '--workers', '1', '--json'], {}, T);
    expect(r.status, r.stderr).toBe(0);
    expect(r.json()).toMatchObject({ pairs: 20, discordant: 0, score: { mean: 0, low: 0, high: 0 }, elo: { diff: 0 } });
  }, T);

  it('Python twins of the house ports give the ports\' pairs: the same JSON but what ran it', () => {
    const args = ['--candidate', 'Player1', '--baseline', 'Player2', '--field', 'Player0', '--max-pairs', '40', '--workers', '1', '--json'];
    const py = koth(['ab', 'camel-up', '--python-bots', CAMEL_TWINS, ...args], {}, T);
    expect(py.status, py.stderr).toBe(0);
    const port = koth(['ab', 'camel-up', ...args], {}, T);
    expect(port.status, port.stderr).toBe(0);
    expect(port.json().discordant).toBeGreaterThan(0);
    expect(noRanOn(py.json())).toEqual(noRanOn(port.json()));
  }, T);
});

describe('koth ab camel-up --python-bots: an answer koth cannot carry (issue 39 item 10)', () => {
  it('stops the run as koth replay does (exit 3, the same explanation), with no memory address in what it says, for any --workers', () => {
    const d = tmp();
    // Ours: a round bet on a camel that is an object (camelup.py stored it and played on; koth cannot carry it).
    writeFileSync(join(d, 'opaque.py'), 'from playerinterface import PlayerInterface\n\n\nclass Opaque(PlayerInterface):\n    def move(player, g):\n        return [2, object()]\n');
    const files = `${CAMEL_TWINS},${join(d, 'opaque.py')}`;
    const said = /Opaque\.move \(seat \d\), koth_camel\.py:\d+: the round bet camel <object object> is a object: camelup\.py stored it as it was; this replay carries only int, bool, float, str or None there\. The replay stops here rather than play on with another meaning\./;
    const replay = koth(['replay', 'camel-up', '--exact', '--games', '1', '--python-bots', files, '--bots', 'Opaque,Player0,Player1,Player2'], {}, T);
    expect(replay.status, replay.stderr).toBe(3);
    expect(replay.stderr).toMatch(said);
    expect(replay.stderr).not.toMatch(/0x[0-9a-f]{4,}/i);
    for (const workers of ['1', '2']) {
      const r = koth(['ab', 'camel-up', '--python-bots', files, '--candidate', 'Opaque', '--baseline', 'Player0', '--field', 'Player2', '--max-pairs', '5', '--workers', workers, '--json'], {}, T);
      expect(r.status, r.stderr).toBe(3);
      expect(r.stderr).toMatch(said);
      expect(r.stdout + r.stderr).not.toMatch(/0x[0-9a-f]{4,}/i);
    }
  }, T);
});

describe('koth ab --python-bots: bad input is exit 2, nothing run', () => {
  it('a port name, an empty or one-bot field, a missing file, a game without it', () => {
    const ruins = ruinsBots(tmp());
    const port = koth(['ab', 'ruins', '--python-bots', ruins, '--candidate', 'Chad', '--baseline', 'Drunkard']);
    expect(port.status).toBe(2);
    expect(port.stderr).toMatch(/"Chad" is not a class of the --python-bots files \(EagerThief, GreedyBastard, Drunkard, Coward\): with --python-bots, A, B and the field are classes of the files/);
    const field = koth(['ab', 'ruins', '--python-bots', ruins, '--candidate', 'Drunkard', '--baseline', 'Coward', '--field', 'Chad']);
    expect(field.status).toBe(2);
    expect(field.stderr).toMatch(/"Chad" is not a class of the --python-bots files/);
    const empty = koth(['ab', 'ruins', '--python-bots', ruins, '--candidate', 'Drunkard', '--baseline', 'Coward', '--field', 'EagerThief,,GreedyBastard']);
    expect(empty.status).toBe(2);
    expect(empty.stderr).toMatch(/--field "EagerThief,,GreedyBastard" has an empty entry/);
    const alone = koth(['ab', 'camel-up', '--python-bots', CAMEL_TWINS, '--candidate', 'Player1', '--baseline', 'Player2', '--field', 'Player1,Player2']);
    expect(alone.status).toBe(2);
    expect(alone.stderr).toMatch(/a camel-up pair needs at least 1 opponent\(s\) besides A and B; the field has 0: name more with --field \(classes of the files\)/);
    const missing = koth(['ab', 'camel-up', '--python-bots', 'no-such-file.py', '--candidate', 'Player1', '--baseline', 'Player2']);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toMatch(/no-such-file\.py/);
    const gun = koth(['ab', 'gun-duel', '--python-bots', CAMEL_TWINS, '--candidate', 'PlasmaPlayer', '--baseline', 'TurtlePlayer']);
    expect(gun.status).toBe(2);
    expect(gun.stderr).toMatch(/--python-bots is not in koth ab gun-duel yet \(dice, ruins, camel-up only\)/);
  }, T);
});

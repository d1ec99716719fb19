/**
 * `koth ab` with the user's own bots as A or B (engines/<id>/ab-entrants.ts, engines/<id>/ab.ts):
 * gun-duel's --cpp-players (C++ compiled to WebAssembly, in C++ sandbox workers) and --bot-cmd
 * (exit-code and stdio programs), atomas's --bot-cmd. All the bots here are OUR OWN: small C++ and
 * Python/sh twins of simple ports written for this test (no posted answer). Claims:
 *  - the self-test (A = B, each kind) gives no difference and no discordant pair;
 *  - a twin of a port gives the same pair outcomes as the port (twin vs port: no discordant pair;
 *    twin vs X = port vs X, field for field), so the twin is fed exactly the port's games;
 *  - a bot that plays otherwise does show (so the twins above are really what played);
 *  - a compiled class of a port's name takes the port's place (as in koth replay);
 *  - bad input: exit 2 and a message saying what to do.
 */
import { chmodSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { koth, kothAsync, tempDirs } from './helpers.ts';
import { runKoth } from './test-server.ts';
import { haveRedis, redisForSuite } from './redis.ts';

const tmp = tempDirs('koth-ab-byob-');
const dir = tmp();
// koth's own compile cache (node_modules/.cache/koth-replay/cpp, keyed by sha256 of compiler, flags
// and sources; the compile path and the cache itself: engines/gun-duel/cpp/cpp-players.test.ts): each
// C++ file here is compiled once, not once per run.
const env = {};

const file = (name: string, text: string, exec = false) => {
  const p = join(dir, name);
  writeFileSync(p, text);
  if (exec) chmodSync(p, 0o755);
  return p;
};

// Ours: plays as the port PlasmaPlayer is described (plasma with two, thermal when the opponent could plasma, else load).
const TWIN_HPP = file(
  'TwinPlasma.hpp',
  String.raw`#include "Player.hpp"
class TwinPlasma final : public Player {
public:
  TwinPlasma(size_t opponent = -1) : Player(opponent) {}
  Action fight() override {
    if (getAmmo() > 1) return plasma();
    if (getAmmoOpponent() > 1) return thermal();
    return load();
  }
};
`,
);
// Ours: a class of a port's name that only loads (it must take the port PlasmaPlayer's place).
const LOADER_HPP = file(
  'PlasmaPlayer.hpp',
  String.raw`#include "Player.hpp"
class PlasmaPlayer final : public Player {
public:
  PlasmaPlayer(size_t opponent = -1) : Player(opponent) {}
  Action fight() override { return load(); }
};
`,
);
// Ours: throws on its first move (the original controller caught nothing: the tournament process died).
const THROWER_HPP = file(
  'ThrowerPlayer.hpp',
  String.raw`#include "Player.hpp"
class ThrowerPlayer : public Player {
public:
  ThrowerPlayer(size_t opponent = -1) : Player(opponent) {}
  Action fight() override { if (getTurn() == 0) throw 42; return load(); }
};
`,
);
// The same twin as a stdio program (the question's ChildProcessPlayer interface): I<id>, F, P<c> lines.
const TWIN_STDIO = file(
  'twin_plasma.py',
  `import sys
ammo = opp = 0
for line in sys.stdin:
    line = line.strip()
    if not line:
        continue
    if line[0] == 'I':
        ammo = opp = 0
    elif line[0] == 'F':
        if ammo > 1:
            a = '2'; ammo -= 2
        elif opp > 1:
            a = '='
        else:
            a = '0'; ammo += 1
        sys.stdout.write(a + '\\n'); sys.stdout.flush()
    elif line[0] == 'P':
        c = line[1:2]
        opp += {'0': 1, '1': -1, '2': -2}.get(c, 0)
`,
);
// And as an exit-code program (ProxyPlayer): <opponent> <turn> <status> <ammo> <ammo-opponent> [...]; the action's ASCII code as exit status.
const TWIN_EXIT = file(
  'twin_plasma.sh',
  `#!/bin/sh
[ "$3" = 3 ] || exit 0
if [ "$4" -gt 1 ]; then exit 50; elif [ "$5" -gt 1 ]; then exit 61; else exit 48; fi
`,
  true,
);
// Ours: plays as the atomas port draftBot is described (the best gap by its palindrome value, the last among equals;
// 0 for B and C), except that for a − it always answers "0 n" (draftBot draws y/n from the controller's random).
const TWIN_DRAFT = file(
  'twin_draft.py',
  `import re, sys
NUM = re.compile(r'^\\s*[+-]?\\d+\\s*$')

def cell(x):
    return int(x) if NUM.match(x) else 0

def gap_value(a, board, j):
    v = [cell(x) for x in board]
    atom = int(a) if NUM.match(a) else a
    v.insert(min(j + 1, len(v)), atom)
    n = len(v)
    num = lambda x: x if isinstance(x, int) else 0
    best_even, best_odd = 0, -1
    for c in range(n):
        if v[c] != 0:
            s, plus, k = num(v[c]), v[c] == '+', 1
            while 2 * k + 1 <= n:
                l = v[(c - k) % n]
                if l != v[(c + k) % n] or l == 0:
                    break
                s += 2 * num(l)
                plus = plus or l == '+'
                if plus and s > best_odd:
                    best_odd = s
                k += 1
        k = 0
        while 2 * k + 2 <= n:
            l = v[(c - k) % n]
            if l != v[(c + 1 + k) % n] or l == 0:
                break
            best_even = max(best_even, 2 * k + 2)
            k += 1
    return 100 + best_odd if best_odd >= 0 else best_even

a, _, rest = sys.stdin.read().strip('\\n').partition('/')
b = rest.split(' ')
if a in ('B', 'C'):
    print(0)
elif a == '-':
    print('0 n')
else:
    best, best_j = None, 0
    for j in range(len(b)):
        q = gap_value(a, b, j)
        if best is None or q >= best:
            best, best_j = q, j
    print(best_j)
`,
);
// Ours: always the first gap.
const ZERO = file('zero.sh', '#!/bin/sh\necho 0\n', true);
// Ours: the first gap too, but exits non-zero (atomas notes such moves).
const ZERO_FAILING = file('zero-failing.sh', '#!/bin/sh\necho 0\nexit 1\n', true);
// Ours: an exit-code gun-duel player far slower than --move-timeout 100.
const SLOW_EXIT = file('slow.sh', '#!/bin/sh\nsleep 2\nexit 48\n', true);

const FIELD = ['--field', 'GunClubPlayer,OpportunistPlayer,TurtlePlayer'];

function ab(args: string[]) {
  const r = koth(['ab', ...args, '--json'], env);
  expect(r.status, r.stderr).toBe(0);
  return r.json();
}
/** What two runs must share when their candidates play the same games. */
const same = (r: any) => ({ pairs: r.pairs, llr: r.llr, discordant: r.discordant, candidateScore: r.candidateScore, baselineScore: r.baselineScore, score: r.score, verdict: r.verdict });

describe('koth ab gun-duel --cpp-players: compiled C++ answers as A or B', () => {
  it('the self-test (a compiled answer vs itself) gives no difference and no discordant pair, in C++ sandbox workers', () => {
    const r = ab(['gun-duel', '--cpp-players', TWIN_HPP, '--candidate', 'TwinPlasma', '--baseline', 'TwinPlasma', '--max-pairs', '30']);
    expect(r).toMatchObject({ pairs: 30, discordant: 0, score: { mean: 0, low: 0, high: 0 } });
    expect(r.ranOn).toMatch(/sandbox worker.*WebAssembly/);
  }, 240_000);

  it('a compiled twin of a port plays the port\'s games: no discordant pair against it, and the port\'s results against another bot', () => {
    expect(ab(['gun-duel', '--cpp-players', TWIN_HPP, '--candidate', 'TwinPlasma', '--baseline', 'PlasmaPlayer', ...FIELD, '--max-pairs', '30'])).toMatchObject({ pairs: 30, discordant: 0 });
    const twin = ab(['gun-duel', '--cpp-players', TWIN_HPP, '--candidate', 'TwinPlasma', '--baseline', 'TurtlePlayer', ...FIELD, '--max-pairs', '30']);
    const port = ab(['gun-duel', '--candidate', 'PlasmaPlayer', '--baseline', 'TurtlePlayer', ...FIELD, '--max-pairs', '30']);
    expect(port.discordant).toBeGreaterThan(0); // the comparison can tell bots apart
    expect(same(twin)).toEqual(same(port));
  }, 240_000);

  it('a compiled class of a port\'s name takes that port\'s place (as in koth replay), with --workers 2 too', () => {
    const port = ab(['gun-duel', '--candidate', 'PlasmaPlayer', '--baseline', 'TurtlePlayer', ...FIELD, '--max-pairs', '30']);
    const mine = ab(['gun-duel', '--cpp-players', LOADER_HPP, '--candidate', 'PlasmaPlayer', '--baseline', 'TurtlePlayer', ...FIELD, '--max-pairs', '30']);
    expect(mine.candidateScore).not.toBe(port.candidateScore);
    const two = ab(['gun-duel', '--cpp-players', LOADER_HPP, '--candidate', 'PlasmaPlayer', '--baseline', 'TurtlePlayer', ...FIELD, '--max-pairs', '30', '--workers', '2']);
    expect(same(two)).toEqual(same(mine));
  }, 240_000);

  it('a compiled answer that throws stops the run with exit 3, as in koth replay (the original controller caught nothing)', () => {
    const r = koth(['ab', 'gun-duel', '--cpp-players', THROWER_HPP, '--candidate', 'ThrowerPlayer', '--baseline', 'PlasmaPlayer', '--max-pairs', '4'], env);
    expect(r.stderr).toMatch(/the compiled ThrowerPlayer stopped.*catches nothing/s);
    expect(r.status).toBe(3);
  }, 240_000);
});

if (!haveRedis) console.warn('test/ab-byob.test.ts: the --cpp-players --queue test is SKIPPED — redis-server is not installed (apt-get install -y redis-server)');

describe.skipIf(!haveRedis)('koth ab gun-duel --cpp-players --queue: the compiled answers travel with the run', () => {
  const { start, url } = redisForSuite('koth-ab-byob-redis-');
  it('a koth worker runs the batches in C++ sandbox workers of its own; every figure equals the local run', async () => {
    const qenv = { ...env, KOTH_QUEUE_POLL_MS: '200', NO_COLOR: '1', KOTH_QUEUE_VERSION: 'test+ab-byob' };
    const w = start(process.execPath, ['dist/koth.js', 'worker', '--queue', url(), '--threads', '1'], qenv);
    const args = ['ab', 'gun-duel', '--cpp-players', TWIN_HPP, '--candidate', 'TwinPlasma', '--baseline', 'TurtlePlayer', ...FIELD, '--max-pairs', '30', '--json'];
    const q = await kothAsync([...args, '--queue', url()], qenv);
    const l = await kothAsync([...args, '--workers', '1'], qenv);
    expect(q.status, q.stderr).toBe(0);
    expect(l.status, l.stderr).toBe(0);
    expect(q.json().ranOn).toMatch(/koth worker processes through the queue/);
    expect(w.stderr).toMatch(/C\+\+ sandbox worker/);
    expect(l.json().discordant).toBeGreaterThan(0);
    expect({ ...q.json(), ranOn: undefined }).toEqual({ ...l.json(), ranOn: undefined });
    w.child.kill('SIGTERM');
    expect(await w.done).toBe(0);
  }, 240_000);
});

describe('koth ab gun-duel --bot-cmd: programs as A or B', () => {
  it('a stdio program twin of a port plays the port\'s games (no discordant pair; the port\'s results against another bot)', () => {
    const bot = ['--bot-cmd', `Twin=python3 ${TWIN_STDIO}`, '--interface', 'stdio'];
    expect(ab(['gun-duel', ...bot, '--candidate', 'Twin', '--baseline', 'PlasmaPlayer', ...FIELD, '--max-pairs', '12'])).toMatchObject({ pairs: 12, discordant: 0 });
    const twin = ab(['gun-duel', ...bot, '--candidate', 'Twin', '--baseline', 'TurtlePlayer', ...FIELD, '--max-pairs', '12']);
    const port = ab(['gun-duel', '--candidate', 'PlasmaPlayer', '--baseline', 'TurtlePlayer', ...FIELD, '--max-pairs', '12']);
    expect(port.discordant).toBeGreaterThan(0);
    expect(same(twin)).toEqual(same(port));
  }, 240_000);

  it('the self-test with programs: one program as A and B, and two programs (two --bot-cmd, one --interface each)', () => {
    const one = ab(['gun-duel', '--bot-cmd', `Twin=python3 ${TWIN_STDIO}`, '--interface', 'stdio', '--candidate', 'Twin', '--baseline', 'Twin', '--max-pairs', '8']);
    expect(one).toMatchObject({ pairs: 8, discordant: 0, score: { mean: 0 } });
    const two = ab(['gun-duel', '--bot-cmd', `Std=python3 ${TWIN_STDIO}`, '--interface', 'stdio', '--bot-cmd', `Exit=${TWIN_EXIT}`, '--interface', 'exit-code', '--candidate', 'Std', '--baseline', 'Exit', '--max-pairs', '8']);
    expect(two).toMatchObject({ pairs: 8, discordant: 0, score: { mean: 0 } });
  }, 240_000);

  it('an exit-code program twin of a port plays the port\'s games, with --workers 2', () => {
    expect(ab(['gun-duel', '--bot-cmd', `Twin=${TWIN_EXIT}`, '--interface', 'exit-code', '--candidate', 'Twin', '--baseline', 'PlasmaPlayer', ...FIELD, '--max-pairs', '8', '--workers', '2'])).toMatchObject({ pairs: 8, discordant: 0 });
  }, 240_000);
});

describe('koth ab atomas --bot-cmd: a program as A or B', () => {
  // Seed 169 (pair states of engines/core/rng/pair-state.ts): draftBot meets no − atom in pairs 0 and 1, so it draws nothing from random there and the twin plays its very games.
  const twin = ['--bot-cmd', `Twin=python3 -S ${TWIN_DRAFT}`];
  it('a program twin of a port gives the port\'s results: no discordant pair against it, the port\'s against RandomBot', () => {
    expect(ab(['atomas', ...twin, '--candidate', 'Twin', '--baseline', 'draftBot', '--seed', '169', '--max-pairs', '2'])).toMatchObject({ pairs: 2, discordant: 0 });
    const mine = ab(['atomas', ...twin, '--candidate', 'Twin', '--baseline', 'RandomBot', '--seed', '169', '--max-pairs', '2']);
    const port = ab(['atomas', '--candidate', 'draftBot', '--baseline', 'RandomBot', '--seed', '169', '--max-pairs', '2']);
    expect(port.discordant).toBeGreaterThan(0);
    expect(same(mine)).toEqual(same(port));
  }, 240_000);

  it('the self-test (the program vs itself) gives no difference; a program that plays otherwise shows', () => {
    expect(ab(['atomas', ...twin, '--candidate', 'Twin', '--baseline', 'Twin', '--seed', '169', '--max-pairs', '2'])).toMatchObject({ pairs: 2, discordant: 0, score: { mean: 0 } });
    const zero = ab(['atomas', '--bot-cmd', `Zero=${ZERO}`, '--candidate', 'Zero', '--baseline', 'draftBot', '--max-pairs', '3']);
    expect(zero.discordant).toBeGreaterThan(0);
  }, 240_000);
});

describe('koth ab: what went wrong with a program is said after the run (stderr, --json "notes", as koth replay says it)', () => {
  it('gun-duel: moves past --move-timeout are counted; a program that answers in time has no notes', () => {
    const r = koth(['ab', 'gun-duel', '--bot-cmd', `Slow=${SLOW_EXIT}`, '--interface', 'exit-code', '--move-timeout', '100', '--candidate', 'Slow', '--baseline', 'PlasmaPlayer', ...FIELD, '--max-pairs', '2', '--json'], env);
    expect(r.status, r.stderr).toBe(0);
    const notes = r.json().notes as Record<string, number>;
    expect(notes['Slow: a move ran past 100 ms (killed; the move was invalid)']).toBeGreaterThanOrEqual(2);
    expect(r.stderr).toMatch(/noted: Slow: a move ran past 100 ms \(killed; the move was invalid\): \d+ time\(s\) in the pairs played/);
    const fine = ab(['gun-duel', '--bot-cmd', `Twin=${TWIN_EXIT}`, '--interface', 'exit-code', '--candidate', 'Twin', '--baseline', 'PlasmaPlayer', ...FIELD, '--max-pairs', '2']);
    expect(fine.notes).toBeUndefined();
  }, 240_000);

  it('atomas: moves whose program exited non-zero are counted', () => {
    const r = koth(['ab', 'atomas', '--bot-cmd', `Failing=${ZERO_FAILING}`, '--candidate', 'Failing', '--baseline', 'draftBot', '--max-pairs', '1', '--json'], env);
    expect(r.status, r.stderr).toBe(0);
    expect((r.json().notes as Record<string, number>)['Failing: a move exited non-zero']).toBeGreaterThan(0);
    expect(r.stderr).toMatch(/noted: Failing: a move exited non-zero: \d+ time\(s\)/);
  }, 240_000);
});

describe('koth ab: bad bring-your-own-bot input is refused with exit 2 and what to do', () => {
  const cases: [string[], RegExp][] = [
    [['gun-duel', '--bot-cmd', `Twin=python3 ${TWIN_STDIO}`, '--candidate', 'Twin', '--baseline', 'PlasmaPlayer'], /--bot-cmd needs --interface exit-code or --interface stdio/],
    [['gun-duel', '--bot-cmd', `Twin=python3 ${TWIN_STDIO}`, '--interface', 'pipes', '--candidate', 'Twin', '--baseline', 'PlasmaPlayer'], /--interface "pipes": allowed choices are exit-code, stdio/],
    [['gun-duel', '--bot-cmd', `Twin=python3 ${TWIN_STDIO}`, '--interface', 'stdio', '--candidate', 'Twim', '--baseline', 'PlasmaPlayer'], /no gun-duel port or bot of your own named "Twim".*Twin.*--bot-cmd program by its Name/s],
    [['gun-duel', '--bot-cmd', 'Twin=/nowhere/bot', '--interface', 'stdio', '--candidate', 'Twin', '--baseline', 'PlasmaPlayer'], /cannot run "\/nowhere\/bot".*no such program/],
    [['gun-duel', '--bot-cmd', 'python3 bot.py', '--interface', 'stdio', '--candidate', 'Twin', '--baseline', 'PlasmaPlayer'], /Name=<program>/],
    [['gun-duel', '--bot-cmd', `Twin=python3 ${TWIN_STDIO}`, '--interface', 'stdio', '--candidate', 'Twin', '--baseline', 'PlasmaPlayer', '--queue', 'redis://127.0.0.1:9'], /--bot-cmd cannot go with --queue: the program runs on this machine/],
    [['gun-duel', '--interface', 'stdio', '--candidate', 'PlasmaPlayer', '--baseline', 'TurtlePlayer'], /--interface goes with --bot-cmd/],
    [['gun-duel', '--cpp-players', TWIN_HPP, '--bot-cmd', `Twin=python3 ${TWIN_STDIO}`, '--interface', 'stdio', '--candidate', 'Twin', '--baseline', 'PlasmaPlayer'], /--cpp-players and --bot-cmd exclude each other/],
    [['gun-duel', '--cpp-players', join(dir, 'missing.hpp'), '--candidate', 'TwinPlasma', '--baseline', 'PlasmaPlayer'], /--cpp-players.*missing\.hpp/],
    [['gun-duel', '--cpp-players', TWIN_HPP, '--candidate', 'TwinPlasmaa', '--baseline', 'PlasmaPlayer'], /no gun-duel port or bot of your own named "TwinPlasmaa".*TwinPlasma/s],
    [['atomas', '--bot-cmd', `python3 ${TWIN_DRAFT}`, '--candidate', 'Twin', '--baseline', 'draftBot'], /in koth ab a program needs a name.*--bot-cmd "Name=<program>"/],
    [['atomas', '--bot-cmd', `Twin=python3 ${TWIN_DRAFT}`, '--interface', 'stdio', '--candidate', 'Twin', '--baseline', 'draftBot'], /an atomas program has one interface/],
    [['atomas', '--bot-cmd', `Twin=python3 ${TWIN_DRAFT}`, '--bot-cmd', `Twin=${ZERO}`, '--candidate', 'Twin', '--baseline', 'draftBot'], /names Twin twice/],
    [['atomas', '--bot-cmd', `Twin=python3 ${TWIN_DRAFT}`, '--candidate', 'Twin', '--baseline', 'draftBot', '--queue', 'redis://127.0.0.1:9'], /--bot-cmd cannot go with --queue/],
    [['atomas', '--cpp-players', TWIN_HPP, '--candidate', 'draftBot', '--baseline', 'draftBot'], /--cpp-players is not in koth ab atomas yet.*--bot-cmd "Name=<program>"/],
    [['dice', '--bot-cmd', `Twin=python3 ${TWIN_DRAFT}`, '--candidate', 'OptFor2X', '--baseline', 'OptFor2X'], /--bot-cmd is not in koth ab dice yet/],
  ];
  it.each(cases)('koth ab %j', async (args, message) => {
    // Refused before anything runs: main() called in this process (the exit code it returns is the process's).
    const r = await runKoth(['ab', ...args], env);
    expect(r.stderr).toMatch(message);
    expect(r.stderr).toMatch(/Nothing was run|nothing was run|no file/i);
    expect(r.status).toBe(2);
  });
});

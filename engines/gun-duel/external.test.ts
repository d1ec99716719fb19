/**
 * Gun Duel players as programs in other languages, through the question's two interfaces
 * (external.ts): the messages and arguments a program gets, how its answers are read, what a
 * dead, silent or invalid program does to a duel, and whole tournaments — a strategy of our
 * own written as a TypeScript player and as Python and shell programs (exit-code and stdio)
 * gives the same tournament each way. All programs are ours, written by the tests into a
 * temporary folder.
 */
import { chmodSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { koth, tempDirs } from '../../test/helpers.ts';
import { POOL, findPlayer } from '../../transpiled-bots/gun-duel/index.ts';
import { ACTION_CHARS, Player, PlayerEnv, type Action, type PlayerClass } from './player.ts';
import { AWIN, BWIN, DRAW, fight } from './rules.ts';
import { exactSeeds, runTournament } from './tournament.ts';
import { externalSpec, GUN_DUEL_PROGRAMS, openExternalPlayers, withExternal, withExternalPlayers, type ExternalInterface, type ExternalSpec } from './external.ts';
import { namedPrograms } from '../core/entrants/program.ts';
import '../wiring/gun-duel.ts';
import { trials } from './trials.ts';
import { PyRandom } from '../core/rng/python-random.ts';

const tmp = tempDirs('koth-gun-ext-');

function program(dir: string, name: string, text: string): string {
  const p = join(dir, name);
  writeFileSync(p, text);
  chmodSync(p, 0o755);
  return p;
}

const spec = (name: string, command: string, iface: ExternalInterface, more: Partial<ExternalSpec> = {}): ExternalSpec => ({ name, command, interface: iface, moveTimeoutMs: 10_000, newline: 'crlf', ...more });

/** A player that always does the same thing (opponent for the protocol tests). */
const constant = (name: string, a: Action): PlayerClass =>
  class extends Player {
    static readonly botName = name;
    fight() {
      return a;
    }
  };
const env = () => new PlayerEnv(1, 1);

// ---- a strategy of our own, in three languages ------------------------------------------------
// Reads everything the interfaces give: the opponent's identifier, the turn, both ammo counts and
// the opponent's last action.
function decide(opp: number, turn: number, ammo: number, ammoOpp: number, last: string): string {
  if (ammoOpp >= 2 && (turn + opp) % 2 === 0) return '=';
  if (ammoOpp >= 1 && last === '0') return '-';
  if (ammo >= 2 && last !== '=') return '2';
  if (ammo >= 1 && ammoOpp <= 0) return '1';
  return '0';
}
class Mine extends Player {
  static readonly botName: string = 'Mine';
  fight(): Action {
    const h = this.historyOpponent;
    return ACTION_CHARS.indexOf(decide(this.opponentId, this.turn, this.ammo, this.ammoOpponent, h.length ? ACTION_CHARS[h[h.length - 1]!]! : ''));
  }
}
const PY_DECIDE = `
def decide(opp, turn, ammo, ammo_opp, last):
    if ammo_opp >= 2 and (turn + opp) % 2 == 0: return '='
    if ammo_opp >= 1 and last == '0': return '-'
    if ammo >= 2 and last != '=': return '2'
    if ammo >= 1 and ammo_opp <= 0: return '1'
    return '0'
COST = {'0': 1, '1': -1, '2': -2}
`;
const PY_STDIO = `import sys
${PY_DECIDE}
opp = turn = ammo = ammo_opp = 0
last = ''
for line in sys.stdin:
    c = line[:1]
    if c == 'I':
        opp = int(line[1:].strip()); turn = ammo = ammo_opp = 0; last = ''
    elif c == 'F':
        m = decide(opp, turn, ammo, ammo_opp, last)
        ammo += COST.get(m, 0); turn += 1
        sys.stdout.write(m + '\\n'); sys.stdout.flush()
    elif c == 'P':
        last = line[1:2]; ammo_opp += COST.get(last, 0)
`;
const PY_EXIT = `import sys
${PY_DECIDE}
a = sys.argv[1:]
if a[2] != '3': sys.exit(0)
last = a[6][-1] if len(a) > 6 else ''
sys.exit(ord(decide(int(a[0]), int(a[1]), int(a[3]), int(a[4]), last)))
`;
const SH_EXIT = `#!/bin/sh
# <opponent-id> <turn> <status> <ammo> <ammo-opponent> [<history> <history-opponent>]
[ "$3" = 3 ] || exit 0
opp=$1 turn=$2 ammo=$4 aopp=$5 hopp=$7
last=\${hopp#"\${hopp%?}"}
if [ "$aopp" -ge 2 ] && [ $(( (turn + opp) % 2 )) -eq 0 ]; then exit 61; fi
if [ "$aopp" -ge 1 ] && [ "$last" = 0 ]; then exit 45; fi
if [ "$ammo" -ge 2 ] && [ "$last" != "=" ]; then exit 50; fi
if [ "$ammo" -ge 1 ] && [ "$aopp" -le 0 ]; then exit 49; fi
exit 48
`;
// The stdio strategy in shell: tracks its own state from the lines (CR stripped).
const SH_STDIO = `#!/bin/sh
opp=0 turn=0 ammo=0 aopp=0 last=
while IFS= read -r line; do
  line=$(printf '%s' "$line" | tr -d '\\r')
  case "$line" in
    I*) opp=\${line#I}; turn=0 ammo=0 aopp=0 last= ;;
    P*) last=\${line#P}
        case "$last" in 0) aopp=$((aopp + 1));; 1) aopp=$((aopp - 1));; 2) aopp=$((aopp - 2));; esac ;;
    F*)
      if [ "$aopp" -ge 2 ] && [ $(( (turn + opp) % 2 )) -eq 0 ]; then m='='
      elif [ "$aopp" -ge 1 ] && [ "$last" = 0 ]; then m=-
      elif [ "$ammo" -ge 2 ] && [ "$last" != "=" ]; then m=2
      elif [ "$ammo" -ge 1 ] && [ "$aopp" -le 0 ]; then m=1
      else m=0; fi
      case "$m" in 0) ammo=$((ammo + 1));; 1) ammo=$((ammo - 1));; 2) ammo=$((ammo - 2));; esac
      turn=$((turn + 1))
      echo "$m" ;;
  esac
done
`;

const FIELD = ['GunClubPlayer', 'TurtlePlayer', 'PlasmaPlayer', 'CBetaPlayer', 'SadisticShooter'].map((n) => findPlayer(n)!);
// python3 starts in tens of milliseconds on a quiet machine, a second on a loaded one: a smaller field once per turn
const SMALL_FIELD = ['TurtlePlayer', 'CBetaPlayer', 'SadisticShooter'].map((n) => findPlayer(n)!);

describe('a strategy of our own as a program gives the same tournament as the same strategy in TypeScript', () => {
  const cases: [string, ExternalInterface, (d: string) => string, PlayerClass[], number][] = [
    ['Python, stdio', 'stdio', (d) => `python3 ${program(d, 'mine.py', PY_STDIO)}`, FIELD, 2],
    ['Python, exit-code', 'exit-code', (d) => `python3 ${program(d, 'mine_exit.py', PY_EXIT)}`, SMALL_FIELD, 1],
    ['shell, exit-code', 'exit-code', (d) => program(d, 'mine_exit.sh', SH_EXIT), FIELD, 2],
    ['shell, stdio', 'stdio', (d) => program(d, 'mine.sh', SH_STDIO), FIELD, 2],
  ];
  for (const [label, iface, make, field, repetition] of cases) {
    it(label, () => {
      const reference = runTournament({ players: [...field, Mine], seeds: exactSeeds(3), repetition });
      expect(reference.rows[0]!.player).toBe('Mine'); // the strategy wins this field: the check has teeth
      const d = tmp();
      const res = withExternalPlayers([spec('Mine', make(d), iface)], (x) => {
        const r = runTournament({ players: withExternal(field, x.classes), seeds: exactSeeds(3), repetition });
        const s = x.stats()[0]!;
        expect(s).toMatchObject({ player: 'Mine', interface: iface, timeouts: 0, invalid: 0, deadAtMove: 0 });
        expect(s.moves).toBeGreaterThanOrEqual(30);
        return r;
      });
      expect(res).toEqual(reference);
    }, 180_000);
  }
});

describe('stdio interface (ChildProcessPlayer)', () => {
  it('writes I<opponent>, F and P<action> lines with CRLF (LF with --stdio-newline lf) and reads the answer', () => {
    for (const [newline, eol] of [
      ['crlf', '\r\n'],
      ['lf', '\n'],
    ] as const) {
      const d = tmp();
      const log = join(d, 'log');
      // Logs every byte it reads; answers '1' after loading once, then loads.
      const p = program(d, 'logger.py', `import sys, json\nlog = open(${JSON.stringify(log)}, 'w')\nn = 0\nwhile True:\n    l = sys.stdin.buffer.readline()\n    if not l: break\n    log.write(json.dumps(l.decode()) + '\\n'); log.flush()\n    if l[:1] == b'F':\n        n += 1\n        sys.stdout.write('1\\n' if n == 2 else '0\\n'); sys.stdout.flush()\n`);
      const x = openExternalPlayers([spec('Log', `python3 ${p}`, 'stdio', { newline })]);
      try {
        const a = new x.classes[0]!(7, env());
        const b = new (constant('Shield', 3))(2, env());
        // A loads, B raises metal; then A fires a bullet into the metal shield; ... until the turn limit
        expect(fight(a, b, 'original', 3)).toBe(DRAW);
        expect(a.history).toEqual([0, 1, 0]);
        // the next duel's first move: the program has read every line before it
        expect(new x.classes[0]!(3, env()).performFight()).toBe(0);
      } finally {
        x.close();
      }
      const lines = readFileSync(log, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as string);
      expect(lines).toEqual(['I7', 'F', 'P-', 'F', 'P-', 'F', 'P-', 'I3', 'F'].map((l) => l + eol));
    }
  });

  it('skips characters that are no action, keeps what is left for the next move, and a dead program plays the invalid action 5', () => {
    const d = tmp();
    // First F: "x?01\n" (skips x and ?, plays 0, leaves "1\n"); second F: nothing new, so the
    // leftover 1 is played; third F: exits.
    const p = program(d, 'junk.sh', '#!/bin/sh\nn=0\nwhile read -r l; do case "$l" in F*) n=$((n+1)); [ $n = 1 ] && printf "x?01\\n"; [ $n = 3 ] && exit 0;; esac; done\n');
    const x = openExternalPlayers([spec('Junk', p, 'stdio')]);
    try {
      const a = new x.classes[0]!(0, env());
      expect(a.performFight()).toBe(0);
      expect(a.performFight()).toBe(1);
      expect(a.performFight()).toBe(5);
      const again = new x.classes[0]!(1, env()); // a later duel: still dead
      expect(again.performFight()).toBe(5);
      expect(x.stats()[0]).toMatchObject({ moves: 4, deadAtMove: 3, timeouts: 0 });
    } finally {
      x.close();
    }
  });

  it('a silent program is killed at the time limit: its move is invalid and it loses the duel (rules fixed), and every later duel', () => {
    const d = tmp();
    const p = program(d, 'silent.sh', '#!/bin/sh\nexec sleep 60\n');
    const x = openExternalPlayers([spec('Silent', p, 'stdio', { moveTimeoutMs: 300 })]);
    try {
      const Loader = constant('Loader', 0);
      // the program in seat A and in seat B: the loader wins both ways under the fixed rules
      expect(fight(new x.classes[0]!(1, env()), new Loader(0, env()), 'fixed')).toBe(BWIN);
      expect(fight(new Loader(0, env()), new x.classes[0]!(1, env()), 'fixed')).toBe(AWIN);
      expect(x.stats()[0]).toMatchObject({ moves: 2, timeouts: 1, deadAtMove: 1 });
    } finally {
      x.close();
    }
  });
  it('under the original rules an invalid action in the second seat is judged with the first seat\'s action (the validation bug): behind a metal shield the dead program draws', () => {
    const d = tmp();
    const x = openExternalPlayers([spec('Dead', program(d, 'dead.sh', '#!/bin/sh\nexit 0\n'), 'stdio')]);
    try {
      const Shield = constant('Shield', 3);
      const b = new x.classes[0]!(0, env());
      // metal (3) vs 5: OUTCOME read row-major at 3·5 + 5 = 20, i.e. [thermal][load]: a draw, every turn
      expect(fight(new Shield(1, env()), b, 'original')).toBe(DRAW);
      expect(b.history).toEqual(new Array(100).fill(5));
      expect(fight(new Shield(1, env()), new x.classes[0]!(0, env()), 'fixed')).toBe(AWIN);
    } finally {
      x.close();
    }
  });
});

describe('exit-code interface (ProxyPlayer)', () => {
  it('runs once per turn with <opponent-id> <turn> <status> <ammo> <ammo-opponent> [<history> <history-opponent>], and once more with the result', () => {
    const d = tmp();
    const log = join(d, 'log');
    // Logs its arguments; loads twice, then fires plasma.
    const p = program(d, 'args.sh', `#!/bin/sh\necho "$*" >> ${log}\n[ "$3" = 3 ] || exit 0\n[ "$4" -ge 2 ] && exit 50\nexit 48\n`);
    const x = openExternalPlayers([spec('Args', p, 'exit-code')]);
    const a = new x.classes[0]!(4, env());
    const b = new (constant('Loader', 0))(9, env());
    expect(fight(a, b)).toBe(AWIN); // plasma into a loading opponent
    expect(readFileSync(log, 'utf8').trim().split('\n')).toEqual(['4 0 3 0 0', '4 1 3 1 1 0 0', '4 2 3 2 2 00 00', '4 3 1 0 3 002 000']);
    expect(x.stats()[0]).toMatchObject({ moves: 3, processes: 4, invalid: 0, timeouts: 0 });
    x.close();
  });

  it('an exit status that is no action, a crash or a time-out is the invalid action -1: the duel is lost (rules fixed)', () => {
    const d = tmp();
    const cases: [string, string, Partial<ExternalSpec>, object][] = [
      ['seven', '#!/bin/sh\n[ "$3" = 3 ] && exit 7\nexit 0\n', {}, { invalid: 1 }],
      ['zero', '#!/bin/sh\nexit 0\n', {}, { invalid: 1 }],
      ['crash', '#!/bin/sh\n[ "$3" = 3 ] && kill -SEGV $$\nexit 0\n', {}, { invalid: 1 }],
      ['slow', '#!/bin/sh\n[ "$3" = 3 ] && exec sleep 60\nexit 0\n', { moveTimeoutMs: 300 }, { timeouts: 1 }],
    ];
    for (const [name, text, more, stats] of cases) {
      const x = openExternalPlayers([spec('P', program(d, `${name}.sh`, text), 'exit-code', more)]);
      const a = new x.classes[0]!(1, env());
      expect(fight(a, new (constant('Loader', 0))(0, env()), 'fixed'), name).toBe(BWIN);
      expect(a.history, name).toEqual([-1]);
      expect(x.stats()[0], name).toMatchObject({ moves: 1, ...stats });
      x.close();
    }
  });
});

describe('the pool', () => {
  it('a program named as a port takes its place (registration order kept); others join at the end', () => {
    const X = constant('PlasmaPlayer', 0);
    const Y = constant('Newcomer', 0);
    const pool = withExternal(POOL, [X, Y]);
    expect(pool).toHaveLength(18);
    expect(pool.map((p) => p.botName)).toEqual([...POOL.map((p) => p.botName), 'Newcomer']);
    expect(pool[5]).toBe(X);
    expect(pool[17]).toBe(Y);
  });

  it("Name=<program> is checked (the core's program entrants, in gun-duel's words)", () => {
    const parse = (text: string, iface: string, moveTimeout: number, stdioNewline: string) => namedPrograms(GUN_DUEL_PROGRAMS, { botCmd: [text], interface: [iface], moveTimeout, stdioNewline }).map(externalSpec)[0];
    expect(() => parse('python3 x.py', 'stdio', 1000, 'crlf')).toThrow(/Name=<program>/);
    expect(() => parse('My Bot=python3 x.py', 'stdio', 1000, 'crlf')).toThrow(/identifier/);
    expect(() => parse('3x=python3 x.py', 'stdio', 1000, 'crlf')).toThrow(/identifier/);
    expect(parse(' Mine = python3 x.py --fast ', 'exit-code', 1000, 'lf')).toEqual({ name: 'Mine', command: 'python3 x.py --fast', interface: 'exit-code', moveTimeoutMs: 1000, newline: 'lf' });
  });

  it('statistical trials start the programs per tournament and record what happened with them', () => {
    const d = tmp();
    const opts = { variant: 'original' as const, repetition: 1, players: ['GunClubPlayer', 'PlasmaPlayer', 'TurtlePlayer'], external: [spec('Mine', `python3 ${program(d, 'mine.py', PY_STDIO)}`, 'stdio')] };
    const acc = trials.run(opts, new PyRandom(5), 2);
    expect(acc.tournaments).toHaveLength(2);
    for (const t of acc.tournaments) {
      expect(t.rows.map((r) => r.player).sort()).toEqual(['GunClubPlayer', 'Mine', 'PlasmaPlayer', 'TurtlePlayer']);
      expect(t.external).toEqual([expect.objectContaining({ player: 'Mine', processes: 1, timeouts: 0, deadAtMove: 0 })]);
    }
    expect(trials.check!(acc, opts)).toEqual([]);
    expect(trials.check!(acc, { ...opts, external: [] })[0]).toMatch(/"Mine" is not one of the tournament's players/);
  });
});

describe('koth replay gun-duel --bot-cmd (CLI, the bundle)', () => {
  it('--exact: programs in both interfaces in a --players mix; --json carries what happened with them', () => {
    const d = tmp();
    const py = program(d, 'mine.py', PY_STDIO);
    const sh = program(d, 'mine_exit.sh', SH_EXIT);
    const r = koth(['replay', 'gun-duel', '--exact', '--seed', '3', '--repetition', '2', '--players', 'GunClubPlayer,Py,TurtlePlayer,Sh,PlasmaPlayer', '--bot-cmd', `Py=python3 ${py}`, '--bot-cmd', `Sh=${sh}`, '--interface', 'stdio', '--interface', 'exit-code', '--json']);
    expect(r.status, r.stderr).toBe(0);
    const j = r.json();
    expect(Object.keys(j.identifiers)).toEqual(['GunClubPlayer', 'Py', 'TurtlePlayer', 'Sh', 'PlasmaPlayer']);
    expect(j.external.map((s: { player: string; interface: string }) => [s.player, s.interface])).toEqual([
      ['Py', 'stdio'],
      ['Sh', 'exit-code'],
    ]);
    expect(r.stderr).toMatch(/Py \(stdio, \d+ moves, 1 process\): answered every move in time/);
    // Same strategy, same seats: Py and Sh play alike, so the tournament equals one with the TypeScript strategy in both seats.
    const A = class extends Mine {
      static override readonly botName = 'Py';
    };
    const B = class extends Mine {
      static override readonly botName = 'Sh';
    };
    const ref = runTournament({ players: [findPlayer('GunClubPlayer')!, A, findPlayer('TurtlePlayer')!, B, findPlayer('PlasmaPlayer')!], seeds: exactSeeds(3), repetition: 2 });
    expect(j.rows).toEqual(ref.rows);
  }, 120_000);

  it('--tournaments N on 2 workers: the programs join the 17; the text report shows their places', () => {
    const d = tmp();
    const py = program(d, 'mine.py', PY_STDIO);
    const r = koth(['replay', 'gun-duel', '--tournaments', '2', '--workers', '2', '--repetition', '1', '--seed', '9', '--bot-cmd', `Mine=python3 ${py}`, '--interface', 'stdio']);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/Your players in 2 tournaments:[\s\S]*Mine/);
    // its places add up to the two tournaments
    const places = /Mine .*│ ((?:\d+: \d+(?:, )?)+) *│/.exec(r.stdout)![1]!;
    expect(places.split(', ').reduce((a, p) => a + Number(p.split(': ')[1]), 0)).toBe(2);
    expect(r.stderr).toMatch(/Mine \(stdio, \d+ moves, 2 processes\): answered every move in time/);
  }, 240_000);

  it('refuses, before anything runs: no --interface, a program that is not there, a name twice, a program seated twice, modes it cannot go with', () => {
    const d = tmp();
    const sh = program(d, 'b.sh', '#!/bin/sh\nexit 48\n');
    const cases: [string[], RegExp][] = [
      [['--exact', '--bot-cmd', `B=${sh}`], /needs --interface exit-code or --interface stdio/],
      [['--exact', '--bot-cmd', 'B=no-such-program-koth x.py', '--interface', 'stdio'], /cannot run "no-such-program-koth".*no such program/],
      [['--exact', '--bot-cmd', `B=${join(d, 'missing.py')}`, '--interface', 'exit-code'], /no such program/],
      [['--exact', '--bot-cmd', `${sh}`, '--interface', 'exit-code'], /Name=<program>/],
      [['--exact', '--bot-cmd', `B=${sh}`, '--bot-cmd', `B=${sh}`, '--interface', 'exit-code'], /names B twice/],
      [['--exact', '--bot-cmd', `B=${sh}`, '--bot-cmd', `C=${sh}`, '--interface', 'exit-code', '--interface', 'stdio', '--interface', 'stdio'], /2 --bot-cmd but 3 --interface/],
      [['--exact', '--players', 'B,GunClubPlayer,B', '--bot-cmd', `B=${sh}`, '--interface', 'exit-code'], /seats B .* more than once/],
      [['--exact', '--bot-cmd', `B=${sh}`, '--interface', 'telepathy'], /Allowed choices are exit-code, stdio/],
      [['--bot-cmd', `B=${sh}`, '--interface', 'exit-code'], /--bot-cmd goes with --exact or --tournaments/],
      [['--tournaments', '2', '--queue', 'redis://127.0.0.1:1', '--bot-cmd', `B=${sh}`, '--interface', 'exit-code'], /--bot-cmd cannot be combined with --queue/],
      [['--compare-rules', '--bot-cmd', `B=${sh}`, '--interface', 'exit-code'], /--bot-cmd (goes with|cannot be combined)/],
      [['--exact', '--interface', 'stdio'], /--interface goes with --bot-cmd/],
      [['--exact', '--move-timeout', '100'], /--move-timeout goes with --bot-cmd/],
    ];
    for (const [args, msg] of cases) {
      const r = koth(['replay', 'gun-duel', '--repetition', '1', ...args]);
      expect(r.status, `${args.join(' ')}\n${r.stderr}`).toBe(2);
      expect(r.stderr, args.join(' ')).toMatch(msg);
    }
  }, 120_000);
});

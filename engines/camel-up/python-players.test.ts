/**
 * `--python-bots` for camel-up: Python players in the sandbox, in our engine. Only our own
 * Python: tools/oracle/camel-up/bots/port_twins.py (twins of the ports, and LeaderBetter whose
 * TypeScript twin is below), the cache answers made from it (fixtures/camel-up/python-answers/)
 * and hostile players written here. One Pyodide for the file (the CLI's shared sandbox).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeStackExchange, runKoth, type SimAnswer } from '../../test/test-server.ts';
import { fixture } from '../../test/fixtures.ts';
import { checkBet, findCamelInNthPlace, type CamelPlayer } from './rules.ts';
import { runExact } from './tournament.ts';
import { camelPlayer } from '../../transpiled-bots/camel-up/index.ts';

const TWINS = 'tools/oracle/camel-up/bots/port_twins.py';
const tmp = mkdtempSync(join(tmpdir(), 'koth-camel-python-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** The TypeScript twin of port_twins.py's LeaderBetter: same decisions, same draws. */
const LeaderBetter: CamelPlayer = {
  name: 'LeaderBetter',
  move(player, g, { random }) {
    const first = findCamelInNthPlace(g.camel_track, 1);
    const last = findCamelInNthPlace(g.camel_track, 5);
    const has = (c: number) => g.player_game_bets[player]!.some((b) => checkBet(b, String(c)));
    if (!has(first) && random.random() < 0.25) return [3, first];
    if (!has(last) && random.random() < 0.15) return [4, last];
    if (g.round_bets.filter((b) => b[0] === first).length < 2) return [2, first];
    if (g.camel_bet_values !== undefined && g.game_winner_bets.length + g.game_loser_bets.length > 3) return [3, findCamelInNthPlace(g.camel_track, 2)];
    return [0];
  },
};
const portsAndTwin = (n: string) => (n === 'LeaderBetter' ? LeaderBetter : camelPlayer(n));

function playerFile(name: string, body: string): string {
  const f = join(tmp, `${name}.py`);
  writeFileSync(f, `from playerinterface import PlayerInterface\n\nclass ${name}(PlayerInterface):\n    def move(player, g):\n${body.replace(/^/gm, '        ')}\n`);
  return f;
}

describe('koth replay|play camel-up --python-bots', () => {
  it('twins of Player0/1/2 in the pool camelup.py was run with: the exact replay equals the ports and the golden of camelup.py', async () => {
    const golden = fixture<{ games: unknown[] }>('camel-up/goldens/46f6797-dumb-seed1.json');
    const r = await runKoth(['replay', 'camel-up', '--exact', '--seed', '1', '--games', String(golden.games.length), '--python-bots', TWINS, '--bots', 'Player0,Player1,Player2,Player0', '--json']);
    expect(r.status, r.stderr).toBe(0);
    expect(r.json()).toEqual(golden);
    const ports = await runKoth(['replay', 'camel-up', '--exact', '--seed', '1', '--games', String(golden.games.length), '--pool', 'dumb', '--json']);
    expect(r.json()).toEqual(ports.json());
  }, 240_000);

  it('without --bots the pool is the classes in file order; LeaderBetter (camelup imports, game bets, camel_bet_values) equals its TypeScript twin', async () => {
    for (const seed of ['2', '17']) {
      const r = await runKoth(['replay', 'camel-up', '--exact', '--seed', seed, '--games', '60', '--python-bots', TWINS, '--json']);
      expect(r.status, r.stderr).toBe(0);
      const games = r.json().games as { order: string[] }[];
      expect(new Set(games.flatMap((g) => g.order))).toEqual(new Set(['Player0', 'Player1', 'Player2', 'LeaderBetter']));
      expect(r.json()).toEqual(runExact(['Player0', 'Player1', 'Player2', 'LeaderBetter'], portsAndTwin, seed, 'original', 60));
    }
    // Other rules reach the Python players' module too (their own stand-in flags): still equal.
    const pre = await runKoth(['replay', 'camel-up', '--exact', '--seed', '3', '--games', '40', '--rules', 'fixed', '--python-bots', TWINS, '--json']);
    expect(pre.json()).toEqual(runExact(['Player0', 'Player1', 'Player2', 'LeaderBetter'], portsAndTwin, '3', 'fixed', 40));
  }, 240_000);

  it('koth play camel-up: a JSON line per turn, then the games as replay --exact gives them, both equal to the ports\' and the twin\'s', async () => {
    const args = ['play', 'camel-up', '--seed', '5', '--games', '2', '--json'];
    const py = await runKoth([...args, '--python-bots', TWINS, '--bots', 'Player2,Player1,Player0,LeaderBetter']);
    expect(py.status, py.stderr).toBe(0);
    const lines = py.stdout.trim().split('\n').map((l) => JSON.parse(l));
    const last = lines.pop();
    const turns: unknown[] = [];
    expect(last).toEqual(runExact(['Player2', 'Player1', 'Player0', 'LeaderBetter'], portsAndTwin, '5', 'original', 2, (e) => turns.push(JSON.parse(JSON.stringify(e)))));
    // Turn for turn, the answers as the players gave them (game bets by camel number, not str()).
    expect(lines).toEqual(turns);
    expect(lines.length).toBeGreaterThan(20);
    expect(lines[0]).toMatchObject({ game: 1, turn: 1, seat: 0, money: [2, 2, 2, 2] });
    expect(new Set(lines.map((l) => l.action[0]))).toEqual(new Set([0, 1, 2, 3, 4]));
    const human = await runKoth(['play', 'camel-up', '--seed', '5', '--python-bots', TWINS]);
    expect(human.stdout).toMatch(/game 1 turn +1: seat 0 \w+ (moves a camel|bets on camel \d)/);
    expect(human.stdout).toMatch(/winners? /);
  }, 240_000);

  it('a player that raises ends the tournament as it ended camelup.py (exit 3, the exception and the player named)', async () => {
    const boom = playerFile('Boom', "if g.player_money_values[player] > 3:\n    raise RuntimeError('boom')\nreturn [0]");
    const r = await runKoth(['replay', 'camel-up', '--exact', '--seed', '1', '--games', '5', '--python-bots', `${TWINS},${boom}`, '--bots', 'Player0,Player1,Player2,Boom']);
    expect(r.status).toBe(3);
    expect(r.stderr).toMatch(/camelup\.py itself raises here \(uncaught\) in Boom\.move \(seat \d\).*RuntimeError: boom/s);
    // An answer camelup.py could not read: result[0] of None.
    const none = playerFile('Nothing', 'return None');
    const n = await runKoth(['play', 'camel-up', '--seed', '1', '--python-bots', `${TWINS},${none}`, '--bots', 'Nothing,Player0,Player1,Player2']);
    expect(n.status).toBe(3);
    expect(n.stderr).toMatch(/TypeError: 'NoneType' object is not subscriptable/);
    // A trap square given as a str: PlaceTrap's comparison raised TypeError.
    const str = playerFile('Stringy', "return [1, 1, '5']");
    const s = await runKoth(['play', 'camel-up', '--seed', '1', '--python-bots', `${TWINS},${str}`, '--bots', 'Stringy,Player0,Player1,Player2']);
    expect(s.status).toBe(3);
    expect(s.stderr).toMatch(/TypeError: '>' not supported between instances of 'str' and 'int'/);
    // Issue 39 item 3: a trap square beyond 2**53 - 1 (a BigInt here): PlaceTrap's IndexError, as CPython says it (not exit 70).
    const huge = playerFile('Huge', 'return [1, 1, 10**30]');
    const h = await runKoth(['play', 'camel-up', '--seed', '1', '--json', '--python-bots', `${TWINS},${huge}`, '--bots', 'Huge,Player0,Player1,Player2']);
    expect(h.status, h.stderr).toBe(3);
    expect(h.stderr).toMatch(/camelup\.py itself raises here \(uncaught\): IndexError: cannot fit 'int' into an index-sized integer/);
    // Its turn as JSON: the int exactly, as json.dumps writes it.
    expect(h.stdout).toMatch(/"player":"Huge","action":\[1,1,1000000000000000000000000000000\]/);
  }, 120_000);

  it('an action number outside 0-4 is printed and skipped as camelup.py did ("oh jeez"), a player\'s prints are shown; the game goes on as with a port that answers the same', async () => {
    const odd = playerFile('Odd', "print('odd move by seat', player)\nreturn [7, 1]");
    const r = await runKoth(['replay', 'camel-up', '--exact', '--seed', '4', '--games', '3', '--python-bots', `${TWINS},${odd}`, '--bots', 'Odd,Player0,Player1,Player2', '--json']);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/oh jeez result was out of bounds: player \d \(Odd\) attempted \[7, 1\]/);
    // What the player printed is shown too (camelup.py's players printed to its stdout; ours keeps stdout for JSON).
    expect(r.stderr).toMatch(/python: odd move by seat \d/);
    const passer: CamelPlayer = { name: 'Odd', move: () => [7, 1] };
    expect(r.json()).toEqual(runExact(['Odd', 'Player0', 'Player1', 'Player2'], (n) => (n === 'Odd' ? passer : camelPlayer(n)), '4', 'original', 3));
  }, 120_000);

  it('an endless loop: the sandbox ends the worker, the run stops with the player named (exit 3); the next run gets a new sandbox', async () => {
    const spin = playerFile('Spinner', 'while True:\n    pass');
    const r = await runKoth(['play', 'camel-up', '--seed', '1', '--move-timeout', '2', '--python-bots', `${TWINS},${spin}`, '--bots', 'Spinner,Player0,Player1,Player2']);
    expect(r.status).toBe(3);
    expect(r.stderr).toMatch(/the Python sandbox stopped player Spinner \(timeout\).*no time or memory limit/s);
    const next = await runKoth(['replay', 'camel-up', '--exact', '--seed', '1', '--games', '3', '--python-bots', TWINS, '--bots', 'Player0,Player1,Player2,Player0', '--json']);
    expect(next.status, next.stderr).toBe(0);
  }, 120_000);

  it('bad input: no file, --python-bots without --exact, too few players, numpy refused by name (exit 2)', async () => {
    expect((await runKoth(['replay', 'camel-up', '--exact', '--python-bots', join(tmp, 'nope.py')])).stderr).toMatch(/no file/);
    const noExact = await runKoth(['replay', 'camel-up', '--python-bots', TWINS]);
    expect(noExact.status).toBe(2);
    expect(noExact.stderr).toMatch(/--python-bots goes with --exact \(one process, one stream: the sandbox is not shared by worker shards\): add --exact, or leave --python-bots out/);
    const few = await runKoth(['play', 'camel-up', '--python-bots', TWINS, '--bots', 'Player0,Player1']);
    expect(few.status).toBe(2);
    expect(few.stderr).toMatch(/seats 4 players/);
    const np = join(tmp, 'np.py');
    writeFileSync(np, 'import numpy as np\nfrom playerinterface import PlayerInterface\n\nclass Numeric(PlayerInterface):\n    def move(player, g):\n        return [2, int(np.argmax(g.player_money_values))]\n');
    const r = await runKoth(['play', 'camel-up', '--python-bots', `${TWINS},${np}`]);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/Numeric \(.*np\.py\): it (imports|uses) numpy/);
    expect((await runKoth(['play', 'camel-up', '--move-timeout', '3'])).status).toBe(2);
  }, 120_000);
});

describe('koth replay camel-up --python-bots cache', () => {
  let cache: string;
  beforeAll(async () => {
    cache = join(tmp, 'cache');
    const server = await new FakeStackExchange({ answers: fixture<{ items: SimAnswer[] }>('camel-up/python-answers/answers.json').items }).start();
    try {
      const r = await runKoth(['scrape', 'camel-up', '--api-base', server.base, '--cache', cache]);
      expect(r.status, r.stderr).toBe(0);
    } finally {
      await server.stop();
    }
  });

  it('the scraped answers in answer order (blocks pasted into players.py; camelup imports) equal the ports and the twin', async () => {
    const r = await runKoth(['replay', 'camel-up', '--exact', '--seed', '8', '--games', '40', '--python-bots', 'cache', '--json'], { KOTH_CACHE: cache });
    expect(r.status, r.stderr).toBe(0);
    expect(r.json()).toEqual(runExact(['Player0', 'Player1', 'Player2', 'LeaderBetter'], portsAndTwin, '8', 'original', 40));
    const none = await runKoth(['replay', 'camel-up', '--exact', '--python-bots', 'cache', '--as-of', '2018-01-01'], { KOTH_CACHE: cache });
    expect(none.status).toBe(6);
    expect(none.stderr).toMatch(/koth scrape camel-up --as-of 2018-01-01/);
  }, 240_000);
});
